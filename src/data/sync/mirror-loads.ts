import { type QueryClient, queryOptions, replaceEqualDeep } from '@tanstack/react-query';
import type { Order } from '#core/contract/orders';
import { localDatabase } from '../local-database.ts';

/*
 * Reads of the mirror's loads by week, and how a pull lays what it wrote over the cached reads. The
 * sync engine and the screens' hooks (src/data/loads.ts) both use them; this module imports neither.
 */

export interface LoadsFilter {
  startDate: string;
  endDate: string;
  isDraft: boolean;
}

/** Whether a mirrored load belongs to a week read (ISO instants of one format compare as strings, as in IndexedDB). */
function inFilter(order: Order, filter: LoadsFilter) {
  return order.isDraft === filter.isDraft && order.date >= filter.startDate && order.date <= filter.endDate;
}

/**
 * Keeps the cached object of every load whose content did not change, so its table row is not built
 * again. A load handed back as the same object (a pull laid over the week) is not compared at all:
 * comparing a whole week of 10,000 loads deeply would block the page for 100 ms on every change.
 */
function shareUnchangedLoads(previous: unknown, next: unknown): unknown {
  if (!Array.isArray(previous) || !Array.isArray(next)) return next;
  const before = new Map((previous as Order[]).map((order) => [order.id, order]));
  return (next as Order[]).map((order) => {
    const cached = before.get(order.id);
    return cached === undefined || cached === order ? order : replaceEqualDeep(cached, order);
  });
}

/** A week's loads as the mirror holds them; route loaders prefetch it so the read overlaps loading the screen's code. */
export function mirrorLoadsQuery(filter: LoadsFilter) {
  return queryOptions({
    queryKey: ['mirror', 'orders', filter],
    // A plain range read lets Dexie use one getAll(); a Dexie .filter() would walk a cursor, one
    // IndexedDB request per load, which takes seconds for a week of 10,000 loads.
    queryFn: async () =>
      (await localDatabase.orders.where('date').between(filter.startDate, filter.endDate, true, true).toArray()).filter((order) =>
        inFilter(order, filter),
      ),
    // The mirror changes only through the sync engine and the outbox, which update or invalidate
    // these reads: re-reading it on every mount would read a week of loads twice.
    structuralSharing: shareUnchangedLoads,
    staleTime: Number.POSITIVE_INFINITY,
    networkMode: 'always',
    meta: { persist: false },
  });
}

/**
 * Lays loads a pull just wrote to the mirror over every cached week read of it, instead of reading
 * the weeks again: reading a week of 10,000 loads and comparing it with the cached one blocks the
 * page for 200 ms, while a pull usually touches a few loads. Unchanged loads keep their objects, so
 * their table rows are not rebuilt. A read still running may predate the write: it is read again.
 */
export async function applyOrderChangesToWeeks(queryClient: QueryClient, upserts: Order[], deletedIds: number[]) {
  const replaced = new Set(deletedIds);
  for (const order of upserts) replaced.add(order.id);
  for (const query of queryClient.getQueryCache().findAll({ queryKey: ['mirror', 'orders'] })) {
    const weeks = query.state.data as Order[] | undefined;
    if (!weeks || query.state.fetchStatus === 'fetching') {
      // A read in progress is joined (TanStack does not restart one without data) and then repeated.
      if (query.state.fetchStatus === 'fetching') await query.fetch().catch(() => undefined);
      await queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true });
      continue;
    }
    const filter = query.queryKey[2] as LoadsFilter;
    const kept = weeks.filter((order) => !replaced.has(order.id));
    queryClient.setQueryData<Order[]>(query.queryKey, [...kept, ...upserts.filter((order) => inFilter(order, filter))]);
  }
}
