import { queryOptions, type QueryClient, useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { z } from 'zod';
import {
  DOWNTIME_COLLECTIONS,
  type Downtime,
  type DowntimeInput,
  type DowntimeResourceType,
  downtimeSchema,
} from '#core/contract/master-data';
import {
  type InputOfStore,
  RESOURCES,
  type RowOfStore,
  resourceOfStore,
  writesOf,
  type WritableStore,
} from '#core/resources/resource-list';
import { ApiError, apiRequest } from './api-client.ts';
import { errorReasonKey } from './api-error.ts';
import { localDatabase } from './local-database.ts';
import { type RefusedChange, retryUnlessRefused } from './sync/outbox.ts';

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

// ── Offline: edits and deletes of existing rows wait in a persisted queue ────────────────────────

/**
 * The collections whose edits and deletes queue offline, like the loads' changes (persisted
 * mutations sent once, in order, with an idempotency key; a refusal is rolled back and said), as
 * their declarations say (core/resources). Creating a row needs a connection: its id, and the rows
 * that would name it, come from the server.
 */
export const QUEUED_OFFLINE: ReadonlySet<MasterDataCollection> = new Set(
  RESOURCES.flatMap((resource) =>
    'writes' in resource && writesOf(resource.store).offline.includes('edit') ? [resource.store] : [],
  ),
);

export const MASTER_DATA_CHANGE_KEY = ['master-data', 'change'] as const;

export interface QueuedMasterDataChange {
  organizationId: number;
  collection: MasterDataCollection;
  id: number;
  change: { kind: 'update'; version: number; input: unknown } | { kind: 'delete' };
  /** How notices name the row. */
  label: string;
  /** Made when the user acted: a resend after a lost answer applies nothing twice. */
  idempotencyKey: string;
}

async function sendQueuedChange(variables: QueuedMasterDataChange) {
  const { collection, change } = variables;
  const path = `/organizations/${variables.organizationId}/${writesOf(collection).path}/${variables.id}`;
  const headers = { 'Idempotency-Key': variables.idempotencyKey };
  if (change.kind === 'delete') {
    await apiRequest(path, z.unknown(), { method: 'DELETE', headers });
    await localDatabase[collection].delete(variables.id);
    return null;
  }
  const input = change.input as Record<string, unknown>;
  const row = await apiRequest(path, schemaOf(collection), {
    method: 'PUT',
    body: { ...input, version: change.version },
    headers,
  });
  await localDatabase[collection].put(row as never);
  return row;
}

/** Registered before the persisted cache is restored, so restored queued changes know how to send themselves. */
export function registerMasterDataOutbox(queryClient: QueryClient, onRefused: (refusal: RefusedChange) => void) {
  queryClient.setMutationDefaults(MASTER_DATA_CHANGE_KEY, {
    mutationFn: (variables: QueuedMasterDataChange) => sendQueuedChange(variables),
    meta: { reportsOwnErrors: true },
    // Network failures and 5xx wait and try again (paused while offline); a definitive refusal leaves the queue.
    retry: retryUnlessRefused,
    retryDelay: (failures) => Math.min(1000 * 2 ** failures, 30_000),
    onError: async (error, variables: QueuedMasterDataChange) => {
      if (!(error instanceof ApiError) || !error.isDefinitive) return;
      // Someone changed the row first: the mirror shows theirs, and the notice says this change was not saved.
      const current = error.status === 409 ? currentRowOf(variables.collection, error.body?.current) : null;
      if (current) await localDatabase[variables.collection].put(current as never);
      onRefused({ label: variables.label, reason: errorReasonKey(error), conflict: current !== null, record: true });
      void queryClient.invalidateQueries({ queryKey: ['mirror', variables.collection] });
    },
    onSuccess: (_row, variables: QueuedMasterDataChange) =>
      void queryClient.invalidateQueries({ queryKey: ['mirror', variables.collection] }),
  });
}

/** Queues an edit or delete; it is sent at once when online, else when the connection returns (also after a reload). */
export function useQueueMasterDataChange() {
  const mutation = useMutation<unknown, Error, QueuedMasterDataChange>({ mutationKey: MASTER_DATA_CHANGE_KEY });
  return (change: Omit<QueuedMasterDataChange, 'idempotencyKey'>) =>
    mutation.mutate({ ...change, idempotencyKey: crypto.randomUUID() });
}

export type PendingChange = 'update' | 'delete';

/**
 * The collection's rows with the changes still waiting to be sent laid over them, each marked, so the
 * table shows what the user did until the server answers (a refusal takes the mark and the values away).
 */
export function useRowsWithPendingChanges<Row extends { id: number }>(
  collection: MasterDataCollection,
  rows: readonly Row[] | undefined,
): (Row & { pendingChange?: PendingChange })[] | undefined {
  const pending = useMutationState({
    filters: { mutationKey: MASTER_DATA_CHANGE_KEY, status: 'pending' },
    select: (mutation) => mutation.state.variables as QueuedMasterDataChange,
  });
  return useMemo(() => {
    if (!rows) return undefined;
    const changes = new Map<number, QueuedMasterDataChange['change']>();
    for (const change of pending) if (change.collection === collection) changes.set(change.id, change.change);
    if (changes.size === 0) return rows as Row[];
    return rows.map((row) => {
      const change = changes.get(row.id);
      if (!change) return row;
      return change.kind === 'delete'
        ? { ...row, pendingChange: 'delete' as const }
        : { ...row, ...(change.input as Partial<Row>), pendingChange: 'update' as const };
    });
  }, [rows, pending, collection]);
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
