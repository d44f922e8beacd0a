import { type QueryClient, queryOptions, useMutationState, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { Order, OrderInput } from '#core/contract/orders';
import { localDatabase, type MirrorRow } from './local-database.ts';
import { selfQuery } from './session-queries.ts';
import {
  type LoadChangeVariables,
  type LoadCommand,
  type LoadCommandVariables,
  overlayQueued,
  type SaveLoadVariables,
} from './sync/load-overlay.ts';
import { realIdOf, SAVE_LOAD_KEY } from './sync/outbox.ts';

export { inputFromOrder, type LoadCommand } from './sync/load-overlay.ts';

export interface LoadsFilter {
  startDate: string;
  endDate: string;
  isDraft: boolean;
}

/** Saves and commands still queued or in flight, oldest first. */
export function useQueuedChanges(): LoadChangeVariables[] {
  return useMutationState({
    filters: { mutationKey: SAVE_LOAD_KEY, status: 'pending' },
    select: (mutation) => mutation.state.variables as LoadChangeVariables,
  });
}

/** A week's loads as the mirror holds them; route loaders prefetch it so the read overlaps loading the screen's code. */
export function mirrorLoadsQuery(filter: LoadsFilter) {
  return queryOptions({
    queryKey: ['mirror', 'orders', filter],
    // A plain range read lets Dexie use one getAll(); a Dexie .filter() would walk a cursor, one
    // IndexedDB request per load, which takes seconds for a week of 10,000 loads.
    queryFn: async () =>
      (await localDatabase.orders.where('date').between(filter.startDate, filter.endDate, true, true).toArray()).filter(
        (order) => order.isDraft === filter.isDraft,
      ),
    // The mirror changes only through the sync engine and the outbox, which invalidate ['mirror']:
    // re-reading it on every mount would read a week of loads twice.
    staleTime: Number.POSITIVE_INFINITY,
    networkMode: 'always',
    meta: { persist: false },
  });
}

/**
 * Loads of a date range from the mirror (at once, offline too), with the queued changes laid
 * over them. The sync engine refreshes the mirror from the network and invalidates ['mirror'].
 */
export function useLoads(filter: LoadsFilter, organizationId: number) {
  const queued = useQueuedChanges();
  const mirror = useQuery(mirrorLoadsQuery(filter));
  const { startDate, endDate, isDraft } = filter;
  // Once per change of the mirror or the queue, not per render: a week can hold 10,000 loads.
  const rows = useMemo(
    () =>
      mirror.data
        ? overlayQueued(mirror.data, queued, realIdOf, organizationId)
            .filter((order) => order.isDraft === isDraft && order.date >= startDate && order.date <= endDate)
            // ISO instants of one format sort as plain strings.
            .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.id - b.id))
        : undefined,
    [mirror.data, queued, organizationId, isDraft, startDate, endDate],
  );
  return { ...mirror, data: rows };
}

export type MirrorList = 'drivers' | 'locations' | 'customers' | 'tractors' | 'trailers' | 'cargoTypes' | 'carriers';

/** A reference list from the mirror, readable offline. */
export function useMirrorList<Row extends { id: number } = MirrorRow>(list: MirrorList) {
  return useQuery({
    queryKey: ['mirror', list],
    queryFn: async () => (await localDatabase[list].toArray()) as unknown as Row[],
    staleTime: Number.POSITIVE_INFINITY,
    networkMode: 'always',
    meta: { persist: false },
  });
}

let provisionalCounter = 0;
/** Negative ids never collide with the server's; time keeps them unique across reloads. */
function provisionalId() {
  provisionalCounter += 1;
  return -(Date.now() * 100 + (provisionalCounter % 100));
}

/**
 * Queues a save of a load (a new one when `order` is null). It shows at once, survives reloads
 * while offline, and is sent once, in order with the other saves of the same load.
 */
export function useSaveLoad() {
  const queryClient = useQueryClient();
  return useCallback(
    (order: Order | null, input: OrderInput, label: string) => {
      const loadId = order?.id ?? provisionalId();
      const variables: SaveLoadVariables = {
        kind: order ? 'update' : 'create',
        loadId,
        baseVersion: order?.version || 1,
        input,
        idempotencyKey: crypto.randomUUID(),
        label,
        queuedAt: new Date().toISOString(),
      };
      enqueue(queryClient, variables);
      return loadId;
    },
    [queryClient],
  );
}

/** One queue for every change of a load: the per-load scope sends them strictly in the order they were made. */
function enqueue(queryClient: QueryClient, variables: LoadChangeVariables) {
  const mutation = queryClient.getMutationCache().build(queryClient, {
    mutationKey: SAVE_LOAD_KEY,
    scope: { id: `load:${variables.loadId}` },
  });
  void mutation.execute(variables).catch(() => {});
}

/**
 * Queues an action on a load (delete, driver or carrier assignment, manual completion). Like a save
 * it shows at once, survives reloads while offline, is sent once, and a refusal rolls it back with a notice.
 */
export function useLoadCommands() {
  const queryClient = useQueryClient();
  const { data: self } = useQuery(selfQuery);
  const actingUserId = self?.id ?? 0;
  return useCallback(
    (load: Order, command: LoadCommand, label: string) => {
      const variables: LoadCommandVariables = {
        kind: 'command',
        loadId: load.id,
        baseVersion: load.version || 1,
        command,
        actingUserId,
        idempotencyKey: crypto.randomUUID(),
        label,
        queuedAt: new Date().toISOString(),
      };
      enqueue(queryClient, variables);
    },
    [queryClient, actingUserId],
  );
}

export function useConflicts() {
  return useQuery({
    queryKey: ['mirror', 'conflicts'],
    queryFn: () => localDatabase.conflicts.orderBy('id').reverse().toArray(),
    networkMode: 'always',
    meta: { persist: false },
  });
}

export async function dismissConflict(id: number, queryClient: ReturnType<typeof useQueryClient>) {
  await localDatabase.conflicts.delete(id);
  await queryClient.invalidateQueries({ queryKey: ['mirror', 'conflicts'] });
}

export function getMirroredLoad(id: number) {
  return localDatabase.orders.get(id);
}
