import { type QueryClient, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { type ResourceStore, type RowOfStore, resourceOfStore } from '#core/resources/resource-list';
import { localDatabase } from './local-database.ts';
import { selfQuery } from './session-queries.ts';
import { z } from 'zod';
import { type Order, type OrderInput, orderSchema } from '#core/contract/orders';
import type { ProjectionConfig } from '#core/contract/planning-actions';
import { apiRequest } from './api-client.ts';
import {
  type LoadChangeVariables,
  type PlanningAction,
  type LoadCommand,
  type LoadCommandVariables,
  overlayQueued,
  type SaveLoadVariables,
} from './sync/load-overlay.ts';
import { enqueueChange, type OutboxChange, OUTBOX_KEY, provisionalId, realIdOf, resolveRecordId } from './sync/outbox.ts';
import { blankRow, overlayRecords, type PendingChange, type RecordChangeVariables } from './sync/record-overlay.ts';
import { queuedChangesStore } from './sync/queued-changes.ts';
import { openedWeeksStore } from './sync/loads-window.ts';
import { mirrorWindow, windowCovers } from './sync/mirror-window.ts';
import { type LoadsFilter, mirrorLoadsQuery } from './sync/mirror-loads.ts';
import { openWeekInMirror, syncStatusStore } from './sync/sync-engine.ts';
import { useOnlineStatus } from './online-status.ts';

export { inputFromOrder, type LoadChangeVariables, type LoadCommand } from './sync/load-overlay.ts';

/** Every change still queued or in flight in the outbox (loads' and records'), oldest first. */
export function useOutboxChanges(): OutboxChange[] {
  const cache = useQueryClient().getMutationCache();
  const store = queuedChangesStore(cache, (key) => key?.[0] === OUTBOX_KEY[0] && key?.[1] === OUTBOX_KEY[1]);
  return useSyncExternalStore(store.subscribe, store.getSnapshot);
}

/** Saves, commands and planning changes of loads still queued or in flight, oldest first. */
export function useQueuedChanges(): LoadChangeVariables[] {
  const all = useOutboxChanges();
  return useMemo(() => all.filter((change): change is LoadChangeVariables => change.kind !== 'record'), [all]);
}

/** Creates, edits and deletes of records still queued or in flight, oldest first. */
export function useQueuedRecordChanges(): RecordChangeVariables[] {
  const all = useOutboxChanges();
  return useMemo(() => all.filter((change): change is RecordChangeVariables => change.kind === 'record'), [all]);
}

/**
 * Whether the mirror holds a range's loads. Drafts are all kept; loads only for the window's weeks
 * (sync/mirror-window.ts). A week outside it is read in from the server when opened online
 * ('opening'), and is 'notOnDevice' offline or when that read failed (`retry` tries again).
 */
export type RangeOnDevice = 'onDevice' | 'opening' | 'notOnDevice';

function useRangeOnDevice(filter: LoadsFilter, zone: string) {
  const opened = useSyncExternalStore(openedWeeksStore.subscribe, openedWeeksStore.getSnapshot);
  const online = useOnlineStatus();
  const { startDate, endDate, isDraft } = filter;
  const covered = useMemo(
    () => isDraft || windowCovers(mirrorWindow(opened, new Date(), zone), { start: startDate, end: endDate }),
    [opened, zone, startDate, endDate, isDraft],
  );
  const [failedRange, setFailedRange] = useState<string | null>(null);
  const rangeKey = `${startDate}_${endDate}`;
  const failed = failedRange === rangeKey;
  // Back online: a read that failed (offline, or the server) is tried again.
  useEffect(() => {
    if (online) setFailedRange(null);
  }, [online]);
  // An opened week already kept is only marked as used, so the weeks in use are the last to go.
  useEffect(() => {
    if (isDraft || !online || failed) return;
    let current = true;
    openWeekInMirror({ start: startDate, end: endDate }).catch(() => {
      if (current) setFailedRange(rangeKey);
    });
    return () => {
      current = false;
    };
  }, [isDraft, online, failed, startDate, endDate, rangeKey]);
  const state: RangeOnDevice = covered ? 'onDevice' : online && !failed ? 'opening' : 'notOnDevice';
  return { state, retry: useCallback(() => setFailedRange(null), []) };
}

/**
 * Loads of a date range from the mirror (at once, offline too), with the queued changes laid
 * over them. The sync engine refreshes the mirror from the network and invalidates ['mirror'].
 * During a first sync (sign-in, company switch) the data stays undefined: the mirror is still filling.
 */
export function useLoads(filter: LoadsFilter, organizationId: number, zone: string) {
  const queued = useQueuedChanges();
  const onDevice = useRangeOnDevice(filter, zone);
  const { mirrorComplete } = useSyncExternalStore(syncStatusStore.subscribe, syncStatusStore.get);
  const mirror = useQuery({ ...mirrorLoadsQuery(filter), enabled: onDevice.state === 'onDevice' });
  const { startDate, endDate, isDraft } = filter;
  // Once per change of the mirror or the queue, not per render: a week can hold 10,000 loads.
  const rows = useMemo(
    () =>
      mirror.data
        ? overlayQueued(mirror.data, queued, realIdOf, organizationId)
            .filter(
              // Merged sources live on only inside their merged draft (the server's lists leave them out too).
              (order) =>
                order.isDraft === isDraft && order.status !== 'Merged' && order.date >= startDate && order.date <= endDate,
            )
            // ISO instants of one format sort as plain strings.
            .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.id - b.id))
        : undefined,
    [mirror.data, queued, organizationId, isDraft, startDate, endDate],
  );
  return { ...mirror, data: onDevice.state === 'onDevice' && mirrorComplete ? rows : undefined, onDevice };
}

/** The mirror's lists: one per declared record type but loads, which are read by range. */
export type MirrorList = Exclude<ResourceStore, 'orders'>;

/** The lists a load's table row names (its places, cargo, customers and resources). */
export const LOAD_REFERENCE_LISTS = [
  'locations',
  'cargoTypes',
  'customers',
  'drivers',
  'tractors',
  'trailers',
  'carriers',
] as const satisfies readonly MirrorList[];

/** A reference list from the mirror, readable offline; route loaders prefetch the ones their screen shows. */
export function mirrorListQuery<List extends MirrorList>(list: List) {
  return queryOptions({
    queryKey: ['mirror', list],
    queryFn: async (): Promise<RowOfStore<List>[]> => (await localDatabase[list].toArray()) as RowOfStore<List>[],
    staleTime: Number.POSITIVE_INFINITY,
    networkMode: 'always',
    meta: { persist: false },
  });
}

/** A mirror list's row, with the change of it still waiting in the outbox, if any. */
export type MirrorListRow<List extends MirrorList> = RowOfStore<List> & { pendingChange?: PendingChange };

/**
 * A mirror list with the outbox's queued record changes laid over it (records created offline under
 * their provisional id, edits shown, deletes marked), so every reader — the administration tables
 * and the loads' pickers alike — offers what the user made on this device before the server has it.
 */
export function useMirrorList<List extends MirrorList>(list: List) {
  const query = useQuery(mirrorListQuery(list));
  const queued = useQueuedRecordChanges();
  const resource = resourceOfStore(list);
  const writable = 'writes' in resource;
  const blank = useMemo(() => blankRow(resource.row), [resource]);
  const data = useMemo(
    () =>
      query.data && writable
        ? overlayRecords<RowOfStore<List>>(query.data, list, queued, (id) => resolveRecordId(list, id), blank)
        : query.data,
    [query.data, writable, list, queued, blank],
  );
  return { ...query, data: data as MirrorListRow<List>[] | undefined };
}

/**
 * Queues a save of a load (a new one when `order` is null). It shows at once, survives reloads
 * while offline, and is sent once, in order with the other saves of the same load. Planning saves
 * (publish, schedules, cascades, stop windows) pass `via: 'list'` so the server re-checks their rules.
 */
export function useSaveLoad() {
  const queryClient = useQueryClient();
  return useCallback(
    (
      order: Order | null,
      input: OrderInput,
      label: string,
      options: {
        via?: 'list';
        /** Called once the server accepted the save, with the load it stored (a refusal never calls it). */
        onAccepted?: (saved: Order) => void;
      } = {},
    ) => {
      const loadId = order?.id ?? provisionalId();
      const variables: SaveLoadVariables = {
        kind: order ? 'update' : 'create',
        loadId,
        baseVersion: order?.version || 1,
        input,
        ...(order && options.via ? { via: options.via } : {}),
        idempotencyKey: crypto.randomUUID(),
        label,
        queuedAt: new Date().toISOString(),
      };
      void enqueue(queryClient, variables).then((accepted) => {
        if (accepted && options.onAccepted) options.onAccepted(accepted.answer as Order);
      });
      return loadId;
    },
    [queryClient],
  );
}

/** One queue for every change of a load: the per-load scope sends them strictly in the order they were made. */
const enqueue = (queryClient: QueryClient, variables: LoadChangeVariables) => enqueueChange(queryClient, variables);

/**
 * Queues an action on a load (delete, driver or carrier assignment, manual completion). Like a save
 * it shows at once, survives reloads while offline, is sent once, and a refusal rolls it back with a notice.
 */
export function useLoadCommands() {
  const queryClient = useQueryClient();
  const { data: self } = useQuery(selfQuery);
  const actingUserId = self?.id ?? 0;
  return useCallback(
    /** Resolves true once the server accepted the command, false when it refused it. */
    (load: Order, command: LoadCommand, label: string): Promise<boolean> => {
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
      return enqueue(queryClient, variables).then((accepted) => accepted !== null);
    },
    [queryClient, actingUserId],
  );
}

/**
 * Merge, unmerge, saves of many drafts and bulk creation (spec 1 §4), queued like every other change: shown at
 * once (a merged draft under a provisional id), kept across reloads, sent once, rolled back with a
 * notice when the server refuses.
 */
export function usePlanningCommands() {
  const queryClient = useQueryClient();
  return useMemo(() => {
    const queue = (loadId: number, action: PlanningAction, label: string) =>
      enqueue(queryClient, {
        kind: 'planning',
        loadId,
        action,
        idempotencyKey: crypto.randomUUID(),
        label,
        queuedAt: new Date().toISOString(),
      });
    return {
      merge: (sources: Order[], merged: OrderInput, label: string) => {
        const id = provisionalId();
        const sourceIds = sources.map((source) => source.id);
        // Queued behind the first source's changes: its stops are what the merge reads.
        queue(sourceIds[0] ?? id, { kind: 'merge', sourceIds, merged: { ...merged, isDraft: true }, provisionalId: id }, label);
        return id;
      },
      unmerge: (merged: Order, label: string) =>
        queue(merged.id, { kind: 'unmerge', mergedId: merged.id, sourceIds: merged.mergedFromOrderIds ?? [] }, label),
      createProjections: (configs: ProjectionConfig[], label: string) =>
        queue(provisionalId(), { kind: 'createProjections', configs }, label),
      /** All drafts in one `PUT /api/orders` (spec 1 §7), all or nothing; queued behind the first draft's changes. */
      saveDrafts: (changes: { order: Order; input: OrderInput }[], label: string) => {
        const items = changes.map(({ order, input }) => ({ loadId: order.id, baseVersion: order.version || 1, input }));
        if (items[0]) queue(items[0].loadId, { kind: 'saveDrafts', items }, label);
      },
    };
  }, [queryClient]);
}

/** The source loads of merged drafts (still Merged on the server); stale after 5 minutes (spec 1 §7). */
export function useMergedSources(mergedFromOrderIds: number[] | null) {
  const ids = [...(mergedFromOrderIds ?? [])].sort((a, b) => a - b);
  return useQuery({
    queryKey: ['merged-sources', ids],
    queryFn: () => apiRequest('/orders/merged-sources', z.array(orderSchema), { query: { mergedFromOrderIds: ids.join(',') } }),
    enabled: ids.length > 0,
    staleTime: 5 * 60_000,
  });
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
