// @vitest-environment happy-dom
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { Order } from '#core/contract/orders';
import { makeLoad } from '#test/fixtures/loads';
import { applyOrderChangesToWeeks, type LoadsFilter, mirrorLoadsQuery } from './sync/mirror-loads.ts';

// The mirror itself is not read here: cached weeks are what the pull updates in place.
vi.mock('./local-database.ts', () => ({ localDatabase: {} }));

const week: LoadsFilter = { startDate: '2026-11-15T06:00:00.000Z', endDate: '2026-11-22T05:59:59.999Z', isDraft: false };
const drafts: LoadsFilter = { ...week, isDraft: true };

/** A week read as the app makes it (with its options), holding these loads. */
function cacheWeek(queryClient: QueryClient, filter: LoadsFilter, loads: Order[]) {
  const options = mirrorLoadsQuery(filter);
  // An observer puts the query in the cache with the app's options; unsubscribed, it does not read.
  new QueryObserver(queryClient, options);
  queryClient.setQueryData(options.queryKey, loads);
  return options.queryKey;
}

describe('changes pulled into the mirror, laid over the cached weeks', () => {
  it('replaces changed loads, adds arrivals, drops departures and deletions, and keeps the other objects', () => {
    const queryClient = new QueryClient();
    const unchanged = makeLoad({ id: 1 });
    const edited = makeLoad({ id: 2 });
    const movedAway = makeLoad({ id: 3 });
    const deleted = makeLoad({ id: 4 });
    const draft = makeLoad({ id: 5, isDraft: true });
    cacheWeek(queryClient, week, [unchanged, edited, movedAway, deleted]);
    cacheWeek(queryClient, drafts, [draft]);

    const editedNow = { ...edited, status: 'Assigned' as const, version: 2 };
    const movedNow = { ...movedAway, date: '2026-11-25T15:00:00.000Z', version: 2 };
    const published = { ...draft, isDraft: false, version: 2 };
    const arrived = makeLoad({ id: 6 });
    void applyOrderChangesToWeeks(queryClient, [editedNow, movedNow, published, arrived], [4]);

    const loads = queryClient.getQueryData(mirrorLoadsQuery(week).queryKey) ?? [];
    expect(loads.map((load) => load.id).sort()).toEqual([1, 2, 5, 6]);
    expect(loads.find((load) => load.id === 1)).toBe(unchanged);
    expect(loads.find((load) => load.id === 2)).toEqual(editedNow);
    expect(queryClient.getQueryData(mirrorLoadsQuery(drafts).queryKey)).toEqual([]);
  });

  it('reads a week again when its read is still running, since that read may predate the write', async () => {
    const queryClient = new QueryClient();
    const reads: ((loads: Order[]) => void)[] = [];
    const observer = new QueryObserver(queryClient, {
      ...mirrorLoadsQuery(week),
      queryFn: () => new Promise<Order[]>((resolve) => reads.push(resolve)),
    });
    const stop = observer.subscribe(() => {});
    await vi.waitFor(() => expect(reads).toHaveLength(1));
    const applying = applyOrderChangesToWeeks(queryClient, [makeLoad({ id: 7 })], []);
    // The first read answers what the mirror held before the pull wrote; a second read follows.
    reads[0]?.([makeLoad({ id: 1 })]);
    await vi.waitFor(() => expect(reads).toHaveLength(2));
    reads[1]?.([makeLoad({ id: 7 })]);
    await applying;
    expect(observer.getCurrentResult().data?.map((load) => load.id)).toEqual([7]);
    stop();
  });

  it('compares only loads that are not the cached objects, and keeps the equal ones', () => {
    const queryClient = new QueryClient();
    const first = makeLoad({ id: 1 });
    const second = makeLoad({ id: 2 });
    const key = cacheWeek(queryClient, week, [first, second]);
    // A read of the mirror hands back copies: equal content keeps the cached object.
    queryClient.setQueryData(key, [structuredClone(first), { ...structuredClone(second), version: 2 }]);
    const [again, changed] = queryClient.getQueryData(key) ?? [];
    expect(again).toBe(first);
    expect(changed?.version).toBe(2);
    // Unchanged stops of a changed load keep their objects too.
    expect(changed?.stops[0]).toBe(second.stops[0]);
  });
});
