// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrderGroup, OrderGroupsAnswer } from '#core/contract/production-cards';
import { ORDER_GROUPS_KEY, useUnlinkGroup } from './order-group-queries.ts';

const group = (guid: string): OrderGroup => ({
  guid,
  dateRange: ['2026-11-23'],
  pickups: [1],
  dropoffs: [2],
  cargo: [],
  orderNumbers: [],
  lotIds: [],
  numberOfDraftLoads: 2,
  numberOfScheduledLoads: 0,
  numberOfHistoricLoads: 0,
  isUnlinkable: true,
  productionCardIds: [],
  orderIds: [],
  createdAt: '2026-11-23T00:00:00Z',
});

const KEY = [...ORDER_GROUPS_KEY, '2026-11-22', '2026-11-28'];
const GUIDS = ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002'];

function setUp(status: number, body: unknown) {
  let answer: () => void = () => {};
  const answered = new Promise<void>((resolve) => {
    answer = resolve;
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      await answered;
      return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  client.setQueryData<OrderGroupsAnswer>(KEY, {
    data: GUIDS.map(group),
    timeWindow: { from: '2026-11-22', to: '2026-11-28' },
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(() => useUnlinkGroup(), { wrapper });
  const shown = () => client.getQueryData<OrderGroupsAnswer>(KEY)?.data.map((row) => row.guid);
  return { result, shown, answer };
}

afterEach(() => vi.unstubAllGlobals());

describe('unlinking an order group', () => {
  it('takes the group out of the table at once and keeps it out when the server agrees', async () => {
    const { result, shown, answer } = setUp(200, { ok: true });
    act(() => result.current.mutate(GUIDS[0] ?? ''));
    await waitFor(() => expect(shown()).toEqual([GUIDS[1]]));
    answer();
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(shown()).toEqual([GUIDS[1]]);
  });

  it('puts the group back when the server refuses', async () => {
    const { result, shown, answer } = setUp(409, { error: { code: 'conflict', message: 'a load of the group left planning' } });
    act(() => result.current.mutate(GUIDS[0] ?? ''));
    await waitFor(() => expect(shown()).toEqual([GUIDS[1]]));
    answer();
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(shown()).toEqual(GUIDS);
  });
});
