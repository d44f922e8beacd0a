import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { followPulledChanges, mirrorHolds } from './sync-engine.ts';

describe('mirrorHolds', () => {
  const mirror = new Map([[7, { version: 4 }]]);
  const read = async (id: number) => mirror.get(id);

  it('skips the pull for a poke of a version the mirror already holds (this device’s own save)', async () => {
    expect(await mirrorHolds({ id: 7, version: 4 }, read)).toBe(true);
    expect(await mirrorHolds({ id: 7, version: 3 }, read)).toBe(true);
  });

  it('pulls for a newer version, or a load the mirror does not hold', async () => {
    expect(await mirrorHolds({ id: 7, version: 5 }, read)).toBe(false);
    expect(await mirrorHolds({ id: 8, version: 1 }, read)).toBe(false);
  });
});

describe('followPulledChanges', () => {
  it('reads again the server reads that count loads (order groups) when a pull brought changed loads, and only then', async () => {
    const client = new QueryClient();
    const counting = ['order-groups', '2026-11-22', '2026-11-28'];
    const other = ['company-settings'];
    client.setQueryData(counting, { data: [] });
    client
      .getQueryCache()
      .find({ queryKey: counting })
      ?.setOptions({ queryKey: counting, meta: { followsLoads: true } });
    client.setQueryData(other, {});
    const pulled = { reset: false, orderUpserts: [], orderDeletions: [], otherEntities: false, heldBack: false };
    await followPulledChanges(client, pulled);
    expect(client.getQueryState(counting)?.isInvalidated).toBe(false);
    await followPulledChanges(client, { ...pulled, orderDeletions: [41] });
    expect(client.getQueryState(counting)?.isInvalidated).toBe(true);
    expect(client.getQueryState(other)?.isInvalidated).toBe(false);
  });
});
