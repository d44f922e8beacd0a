// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { ProductionCard } from '#core/contract/production-cards';
import type { UnplacedReason } from '#core/domain/planning/distribution';
import type { AdminContext } from '#src/features/administration/use-admin-context.ts';
import { useBoardCards } from './board-cards.ts';

// The sync status as a store the test sets: a first sync still running, then finished.
const sync = vi.hoisted(() => {
  let status = { lastSyncedAt: null as string | null, syncing: true, mirrorComplete: false };
  const listeners = new Set<() => void>();
  return {
    store: {
      subscribe: (listener: () => void) => {
        listeners.add(listener);
        return () => void listeners.delete(listener);
      },
      get: () => status,
    },
    finish() {
      status = { lastSyncedAt: '2026-11-23T12:00:00Z', syncing: false, mirrorComplete: true };
      for (const listener of listeners) listener();
    },
  };
});
vi.mock('#src/data/sync/sync-engine.ts', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  syncStatusStore: sync.store,
}));

const card: ProductionCard = {
  id: 1,
  organizationId: 1,
  guid: '00000000-0000-4000-8000-000000000001',
  cargoTypeId: 1,
  quantity: null,
  targetDate: '2026-11-24',
  lotId: null,
  orderNumber: null,
  productionPlan: null,
  stops: [
    { type: 'Origin', organizationLocationId: 1, organizationSubLocationIds: [], lotId: null },
    { type: 'Destination', organizationLocationId: 2, organizationSubLocationIds: [], lotId: null },
  ],
  metadata: { cargo: { averageWeight: null, weight: 1_000_000, numberOfLoads: 1, salmonellaResult: null } },
  orderGroupGuid: null,
  version: 1,
};

const context = {
  self: { contact: { units: 'Metric' } },
  weightUnit: 'Kilograms',
  timezone: 'America/Chicago',
} as unknown as AdminContext;

describe('useBoardCards', () => {
  it('reads as loading, not as an empty board, until the mirror holds a finished first sync', () => {
    const client = new QueryClient();
    // What the mirror's tables hold midway through a first sync: nothing of the company's cards yet.
    client.setQueryData(['mirror', 'productionCards'], []);
    client.setQueryData(['mirror', 'locations'], []);
    client.setQueryData(['mirror', 'cargoTypes'], []);
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const filter = { cargoTypeId: null, range: { from: '2026-11-22', to: '2026-11-28' } };
    const unplaced = new Map();
    const { result } = renderHook(() => useBoardCards(context, filter, unplaced), { wrapper });
    expect(result.current).toEqual({ cards: undefined, loading: true });

    // The first sync ends with the company's cards written: now the board shows them.
    act(() => {
      client.setQueryData(['mirror', 'productionCards'], [card]);
      sync.finish();
    });
    expect(result.current.loading).toBe(false);
    expect(result.current.cards?.map((shown) => shown.id)).toEqual([1]);
  });

  it('keeps every card it worded when a preview marks none or a few of them unplaced', () => {
    sync.finish();
    const client = new QueryClient();
    client.setQueryData(['mirror', 'productionCards'], [card, { ...card, id: 2, guid: '00000000-0000-4000-8000-000000000002' }]);
    client.setQueryData(['mirror', 'locations'], []);
    client.setQueryData(['mirror', 'cargoTypes'], []);
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const filter = { cargoTypeId: null, range: { from: '2026-11-22', to: '2026-11-28' } };
    const { result, rerender } = renderHook(
      ({ unplaced }: { unplaced: ReadonlyMap<number, UnplacedReason> }) => useBoardCards(context, filter, unplaced),
      { wrapper, initialProps: { unplaced: new Map() } },
    );
    const worded = result.current.cards;
    // Each preview reports its unplaced cards as a new map, usually empty: 2,000 cards are not worded again.
    rerender({ unplaced: new Map() });
    expect(result.current.cards).toBe(worded);
    rerender({ unplaced: new Map([[2, 'capacity']]) });
    expect(result.current.cards?.[0]).toBe(worded?.[0]);
    expect(result.current.cards?.[1]?.unplaced).toBe('capacity');
  });
});
