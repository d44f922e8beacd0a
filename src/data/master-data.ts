import { queryOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  DOWNTIME_COLLECTIONS,
  type Downtime,
  type DowntimeInput,
  type DowntimeResourceType,
  downtimeSchema,
} from '#core/contract/master-data';
import { type InputOfStore, type RowOfStore, resourceOfStore, writesOf, type WritableStore } from '#core/resources/resource-list';
import { apiRequest } from './api-client.ts';
import { localDatabase } from './local-database.ts';
import { enqueueChange, provisionalId } from './sync/outbox.ts';
import type { RecordChangeVariables } from './sync/record-overlay.ts';

/**
 * Writes of the administration pages (spec 2 §7), sent to the server: the pages read the mirror,
 * and each accepted write lands in it at once (the change feed later brings the same row), so the
 * table updates without waiting for the next pull.
 */

/** The record types the administration pages write (declared with `writes` in core/resources). */
export type MasterDataCollection = WritableStore;
export type MasterDataRow<Collection extends MasterDataCollection> = RowOfStore<Collection>;
type InputOf<Collection extends MasterDataCollection> = InputOfStore<Collection>;

const schemaOf = <Collection extends MasterDataCollection>(collection: Collection) =>
  resourceOfStore(collection).row as z.ZodType<MasterDataRow<Collection>>;

/** What a form saves: a new row (no id) or an update based on the version it was opened with. */
export type MasterDataSave<Collection extends MasterDataCollection> =
  | { id: null; input: InputOf<Collection> }
  | { id: number; version: number; input: InputOf<Collection> };

async function followWrite(
  queryClient: QueryClient,
  collection: MasterDataCollection,
  row: { id: number } | null,
  deletedId?: number,
) {
  const table = localDatabase[collection];
  if (row) await table.put(row as never);
  if (deletedId !== undefined) await table.delete(deletedId);
  await queryClient.invalidateQueries({ queryKey: ['mirror', collection] });
}

export function useSaveMasterData<Collection extends MasterDataCollection>(organizationId: number, collection: Collection) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { reportsOwnErrors: true },
    mutationFn: async (save: MasterDataSave<Collection>): Promise<MasterDataRow<Collection>> => {
      const schema = schemaOf(collection);
      const base = `/organizations/${organizationId}/${writesOf(collection).path}`;
      return save.id === null
        ? apiRequest(base, schema, { method: 'POST', body: save.input })
        : apiRequest(`${base}/${save.id}`, schema, { method: 'PUT', body: { ...save.input, version: save.version } });
    },
    onSuccess: (row) => followWrite(queryClient, collection, row),
  });
}

export function useDeleteMasterData(organizationId: number, collection: MasterDataCollection) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { reportsOwnErrors: true },
    mutationFn: (id: number) =>
      apiRequest(`/organizations/${organizationId}/${writesOf(collection).path}/${id}`, z.unknown(), { method: 'DELETE' }).then(
        () => id,
      ),
    onSuccess: (id) => followWrite(queryClient, collection, null, id),
  });
}

// ── Offline: creates, edits and deletes wait in the outbox (sync/outbox.ts) ───────────────────────

export { queuesOffline } from './sync/outbox.ts';
export type { PendingChange } from './sync/record-overlay.ts';

/**
 * Queues a record's create (`recordId` null: it gets a provisional id, answered), edit or delete in
 * the outbox, as its declaration's `writes.offline` allows: shown at once over the mirror lists,
 * kept across reloads, sent once, in order with the record's other changes, when online.
 */
export function useQueueRecordChange() {
  const queryClient = useQueryClient();
  return (
    change: Omit<RecordChangeVariables, 'kind' | 'idempotencyKey' | 'queuedAt' | 'recordId'> & { recordId: number | null },
  ) => {
    const recordId = change.recordId ?? provisionalId();
    void enqueueChange(queryClient, {
      ...change,
      kind: 'record',
      recordId,
      idempotencyKey: crypto.randomUUID(),
      queuedAt: new Date().toISOString(),
    });
    return recordId;
  };
}

/** The stored row a 409 carries (`error.current`), when it parses as one of the collection. */
export function currentRowOf<Collection extends MasterDataCollection>(
  collection: Collection,
  current: unknown,
): MasterDataRow<Collection> | null {
  const parsed = schemaOf(collection).safeParse(current);
  return parsed.success ? parsed.data : null;
}

// ── Downtime: the mirror holds it (change feed entity `downtime`), so the lists show offline.

/** Every downtime of the company from the mirror; the sync engine reads it again after a pull changed it. */
export const mirrorDowntimeQuery = queryOptions({
  queryKey: ['mirror', 'downtime'],
  queryFn: async (): Promise<Downtime[]> => localDatabase.downtime.toArray(),
  staleTime: Number.POSITIVE_INFINITY,
  networkMode: 'always',
  meta: { persist: false },
});

export type DowntimeSave = { id: null; input: DowntimeInput } | { id: number; version: number; input: DowntimeInput };

function downtimePath(organizationId: number, resourceType: DowntimeResourceType, resourceId: number) {
  return `/organizations/${organizationId}/${DOWNTIME_COLLECTIONS[resourceType]}/${resourceId}/downtime`;
}

async function followDowntimeWrite(queryClient: QueryClient, row: Downtime | null, deletedId?: number) {
  if (row) await localDatabase.downtime.put(row);
  if (deletedId !== undefined) await localDatabase.downtime.delete(deletedId);
  await queryClient.invalidateQueries({ queryKey: mirrorDowntimeQuery.queryKey });
}

export function useSaveDowntime(organizationId: number, resourceType: DowntimeResourceType, resourceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { reportsOwnErrors: true },
    mutationFn: (save: DowntimeSave) => {
      const base = downtimePath(organizationId, resourceType, resourceId);
      return save.id === null
        ? apiRequest(base, downtimeSchema, { method: 'POST', body: save.input })
        : apiRequest(`${base}/${save.id}`, downtimeSchema, { method: 'PUT', body: { ...save.input, version: save.version } });
    },
    onSuccess: (row) => followDowntimeWrite(queryClient, row),
  });
}

/** Spec 2 §4: the row leaves the list at once and comes back if the server refuses. */
export function useDeleteDowntime(organizationId: number, resourceType: DowntimeResourceType, resourceId: number) {
  const queryClient = useQueryClient();
  const key = mirrorDowntimeQuery.queryKey;
  return useMutation({
    meta: { reportsOwnErrors: true },
    mutationFn: (id: number) =>
      apiRequest(`${downtimePath(organizationId, resourceType, resourceId)}/${id}`, z.unknown(), { method: 'DELETE' }).then(
        () => id,
      ),
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData(key);
      queryClient.setQueryData(key, (rows) => rows?.filter((row) => row.id !== id));
      return { previous };
    },
    onSuccess: (id) => followDowntimeWrite(queryClient, null, id),
    onError: (_error, _id, context) => queryClient.setQueryData(key, context?.previous),
  });
}
