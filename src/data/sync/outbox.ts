import type { MutationCache, QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { carrierAssignmentSchema, driverAssignmentSchema } from '#core/contract/load-actions';
import { type Order, orderInputSchema, orderSchema } from '#core/contract/orders';
import type { ReferenceKind } from '#core/contract/references';
import { RESOURCES, resourceOfStore, type WritableStore, writesOf } from '#core/resources/resource-list';
import type { OfflineWrite } from '#core/resources/resource';
import { ApiError, apiRequest, type RequestOptions } from '../api-client.ts';
import { errorReasonKey } from '../api-error.ts';
import { localDatabase } from '../local-database.ts';
import { unmergeAnswerSchema } from '#core/contract/planning-actions';
import type { LoadChangeVariables, LoadCommandVariables, PlanningVariables, SaveLoadVariables } from './load-overlay.ts';
import { ProvisionalIds } from './provisional-ids.ts';
import type { RecordChangeVariables } from './record-overlay.ts';
import { remapReferences } from './reference-remap.ts';
import { recordRefusal } from './refusals.ts';

/**
 * The one outbox: every change of a load (saves, commands, planning) and of a declared record type
 * (creates, edits, deletes) is a persisted mutation under this key, queued per load or per record
 * (`load:<id>`, `<store>:<id>`). The key is the one the first (loads-only) build used, so queues
 * saved by older builds still send.
 */
export const OUTBOX_KEY = ['loads', 'save'] as const;
/** Everything the outbox queues. */
export type OutboxChange = LoadChangeVariables | RecordChangeVariables;

/** The store whose provisional ids a queued change's own id is in. */
const LOADS = 'orders';

/** Real ids of records created offline, per store; kept in IndexedDB so a reload keeps them. */
const realIds = new ProvisionalIds();
/** Per `<store>:<id>`: the base version our queued chain started from, and the version our last accepted write produced. */
const rebases = new Map<string, { from: number; to: number }>();

export function realIdOf(provisionalId: number) {
  return realIds.get(LOADS, provisionalId);
}

/** A record's id as shown and sent: its real id once the server gave it one. */
export function resolveRecordId(store: string, id: number) {
  return realIds.resolve(store, id);
}

/**
 * The queue a record's change joins: the one its create is in, also when the change was made on the
 * row under its real id (the edits queued behind the create still use the provisional one).
 */
export function recordScope(store: string, id: number) {
  return `${store}:${id < 0 ? id : (realIds.provisionalOf(store, id) ?? id)}`;
}

/** Loads the outbox bookkeeping saved by an earlier page before queued writes resume. */
export async function restoreOutboxState() {
  const rows = await localDatabase.keyValue.where('key').startsWith('outbox.').toArray();
  realIds.restore(rows);
  for (const row of rows) {
    const parts = row.key.split('.');
    if (parts[1] !== 'rebase') continue;
    // Loads' keys from older builds name no store: `outbox.rebase.<id>`.
    const [store, id] = parts.length === 3 ? [LOADS, parts[2]] : [parts[2], parts[3]];
    rebases.set(`${store}:${id}`, JSON.parse(row.value));
  }
}

/** The writes of a record type that queue while offline (its declaration's `writes.offline`). */
export function queuesOffline(store: WritableStore, write: OfflineWrite) {
  return writesOf(store).offline.includes(write);
}

/**
 * Several edits of one load queued offline all start from the same server version. Once the first
 * is accepted, the next must be based on the version that write produced, not the one the user
 * saw; a version produced by someone else still makes it stale, so real conflicts surface as 409.
 */
function baseVersionFor(id: number, baseVersion: number, store: string = LOADS) {
  const rebase = rebases.get(`${store}:${id}`);
  return rebase && rebase.from === baseVersion ? rebase.to : baseVersion;
}

async function remember(id: number, baseVersion: number, saved: { version: number }, store: string = LOADS) {
  rebases.set(`${store}:${id}`, { from: baseVersion, to: saved.version });
  await localDatabase.keyValue.put({
    key: store === LOADS ? `outbox.rebase.${id}` : `outbox.rebase.${store}.${id}`,
    value: JSON.stringify({ from: baseVersion, to: saved.version }),
  });
}

/** The queue, so a change naming a record still being created can tell "not yet" from "never". */
let queue: MutationCache | null = null;

/** Whether a queued create (or, for loads, a merge) will give this store's provisional id its real id. */
function creationQueued(store: string, provisionalId: number) {
  return (queue?.getAll() ?? []).some((mutation) => {
    if (mutation.state.status !== 'pending') return false;
    const change = mutation.state.variables as OutboxChange | undefined;
    if (change?.kind === 'record') {
      return change.store === store && change.change.kind === 'create' && change.recordId === provisionalId;
    }
    if (store !== LOADS) return false;
    if (change?.kind === 'create') return change.loadId === provisionalId;
    return change?.kind === 'planning' && change.action.kind === 'merge' && change.action.provisionalId === provisionalId;
  });
}

/**
 * The server id of a record a queued change names: a provisional id is sent as the real one once its
 * create was accepted; while that create is still queued the change waits and tries again (a merged
 * draft is created in its first source's queue, a customer in its own); a refused create refuses it.
 */
function serverIdOf(id: number, store: string = LOADS) {
  const real = id < 0 ? realIds.get(store, id) : id;
  if (real === undefined && creationQueued(store, id)) throw new Error(`${store} ${id} is not created yet`);
  if (real === undefined) {
    throw new ApiError(422, {
      code: 'rule_violation',
      message: `The new record (${store}) this change names was refused`,
      rule: store === LOADS ? 'provisionalLoadRefused' : 'provisionalRecordRefused',
    });
  }
  return real;
}

const storeOfKind = new Map<string, string>(RESOURCES.map((resource) => [resource.kind, resource.store]));

/** A reference to a record created offline, as the server knows it (kinds without a store, as sub-locations, are never provisional). */
function realReference(kind: ReferenceKind, id: number) {
  const store = storeOfKind.get(kind);
  return store ? serverIdOf(id, store) : id;
}

/** A queued body with the references its schema marks sent under their records' real ids. */
function withRealReferences<Value>(schema: z.core.$ZodType, value: Value): Value {
  return remapReferences(schema, value, realReference);
}

const loadListSchema = z.array(orderSchema);

/** Route and body of each command (spec 1 §7); each route takes a list, we send this one load. */
function commandRequest(id: number, variables: LoadCommandVariables): [string, RequestOptions] {
  const { command } = variables;
  switch (command.kind) {
    case 'delete':
      return ['/orders', { method: 'DELETE', body: [id] }];
    case 'assignDriver':
      return [
        '/drivers/assign-orders',
        { method: 'POST', body: [{ ...withRealReferences(driverAssignmentSchema, command.assignment), id }] },
      ];
    case 'assignCarrier':
      return [
        '/carriers/assign-loads',
        { method: 'POST', body: [{ ...withRealReferences(carrierAssignmentSchema, command.assignment), id }] },
      ];
    case 'complete':
      return ['/orders/complete', { method: 'PUT', body: [{ ...command.completion, id }] }];
  }
}

async function sendCommand(variables: LoadCommandVariables): Promise<Order | null> {
  const id = serverIdOf(variables.loadId);
  const chainVersion = baseVersionFor(id, variables.baseVersion);
  const [path, options] = commandRequest(id, variables);
  const answer = await apiRequest(path, loadListSchema, {
    ...options,
    headers: { 'Idempotency-Key': variables.idempotencyKey },
  });
  if (variables.command.kind === 'delete') {
    await localDatabase.orders.delete(id);
    return null;
  }
  const saved = answer.find((load) => load.id === id);
  if (!saved) throw new Error(`the answer to ${path} did not include load ${id}`);
  await localDatabase.orders.put(saved);
  // A command applies to whatever version the load has: only when it followed our own last write
  // may later saves build on its version. Otherwise someone else wrote in between, and those saves
  // must still answer 409 instead of overwriting that write.
  if (saved.version === chainVersion + 1) await remember(id, variables.baseVersion, saved);
  return saved;
}

async function sendChange(variables: OutboxChange): Promise<unknown> {
  if (variables.kind === 'record') return sendRecordChange(variables);
  if (variables.kind === 'planning') return sendPlanning(variables);
  return variables.kind === 'command' ? sendCommand(variables) : sendSave(variables);
}

/** Merge, unmerge, saves of many drafts and bulk creation: the answer goes into the mirror at once; the feed confirms it later. */
async function sendPlanning(variables: PlanningVariables): Promise<void> {
  const headers = { 'Idempotency-Key': variables.idempotencyKey };
  const { action } = variables;
  if (action.kind === 'merge') {
    const sourceIds = action.sourceIds.map((id) => serverIdOf(id));
    const merged = await apiRequest('/orders/merge', orderSchema, {
      method: 'POST',
      query: { orderIds: sourceIds.join(',') },
      body: withRealReferences(orderInputSchema, action.merged),
      headers,
    });
    realIds.set(LOADS, action.provisionalId, merged.id);
    await localDatabase.transaction('rw', localDatabase.orders, localDatabase.keyValue, async () => {
      await localDatabase.orders.put(merged);
      const sources = await localDatabase.orders.bulkGet(sourceIds);
      await localDatabase.orders.bulkPut(sources.flatMap((source) => (source ? [{ ...source, status: 'Merged' as const }] : [])));
      await localDatabase.keyValue.put({ key: ProvisionalIds.storageKey(LOADS, action.provisionalId), value: String(merged.id) });
    });
  } else if (action.kind === 'saveDrafts') {
    const body = action.items.map((item) => {
      const id = serverIdOf(item.loadId);
      return { ...withRealReferences(orderInputSchema, item.input), id, version: baseVersionFor(id, item.baseVersion) };
    });
    const saved = await apiRequest('/orders', loadListSchema, { method: 'PUT', body, headers });
    await localDatabase.orders.bulkPut(saved);
    for (const [index, item] of action.items.entries()) {
      const load = saved.find((candidate) => candidate.id === body[index]?.id);
      if (load) await remember(load.id, item.baseVersion, load);
    }
  } else if (action.kind === 'unmerge') {
    const mergedId = serverIdOf(action.mergedId);
    const answer = await apiRequest('/orders/unmerge', unmergeAnswerSchema, {
      method: 'POST',
      query: { orderIds: String(mergedId) },
      body: action.sourceIds.map((id) => serverIdOf(id)),
      headers,
    });
    await localDatabase.transaction('rw', localDatabase.orders, async () => {
      await localDatabase.orders.bulkDelete(answer.removedOrderIds);
      // The mirror keeps loads; their conflicts are worked out on the device from the mirror.
      await localDatabase.orders.bulkPut(answer.sources.map(({ warnings: _warnings, ...load }) => load));
    });
  } else {
    const created = await apiRequest('/orders/create-projections', loadListSchema, {
      method: 'POST',
      body: action.configs,
      headers,
    });
    await localDatabase.orders.bulkPut(created);
  }
}

/** `PUT /api/orders` with this one load: the route that re-checks publishing and schedules. */
async function saveThroughList(id: number, version: number, input: SaveLoadVariables['input'], headers: Record<string, string>) {
  const answer = await apiRequest('/orders', loadListSchema, { method: 'PUT', body: [{ ...input, id, version }], headers });
  const saved = answer.find((load) => load.id === id);
  if (!saved) throw new Error(`the answer to PUT /orders did not include load ${id}`);
  return saved;
}

async function sendSave(variables: SaveLoadVariables): Promise<Order> {
  const headers = { 'Idempotency-Key': variables.idempotencyKey };
  // A customer (or tractor…) created offline is named by its real id once the server gave it one.
  const input = withRealReferences(orderInputSchema, variables.input);
  if (variables.kind === 'create') {
    const created = await apiRequest('/orders', orderSchema, { method: 'POST', body: input, headers });
    realIds.set(LOADS, variables.loadId, created.id);
    await localDatabase.transaction('rw', localDatabase.orders, localDatabase.keyValue, async () => {
      await localDatabase.orders.put(created);
      await localDatabase.keyValue.put({ key: ProvisionalIds.storageKey(LOADS, variables.loadId), value: String(created.id) });
    });
    return created;
  }
  const id = serverIdOf(variables.loadId);
  const version = baseVersionFor(id, variables.baseVersion);
  const saved =
    variables.via === 'list'
      ? await saveThroughList(id, version, input, headers)
      : await apiRequest(`/orders/${id}`, orderSchema, { method: 'PUT', body: { ...input, version }, headers });
  await localDatabase.orders.put(saved);
  await remember(id, variables.baseVersion, saved);
  return saved;
}

/** A record row's version (every writable record type has one). */
function versionOf(row: object): number {
  return 'version' in row && typeof row.version === 'number' ? row.version : 1;
}

/**
 * A record's create, edit or delete through the record routes (`/organizations/{id}/<path>`). A
 * create's answer gives the provisional id its real one (kept per store, across reloads); edits are
 * rebased on the version our own accepted write produced, as loads' are.
 */
async function sendRecordChange(variables: RecordChangeVariables): Promise<unknown> {
  const { store, change } = variables;
  const { path, input: inputSchema } = writesOf(store);
  const rowSchema = resourceOfStore(store).row;
  const table = localDatabase[store];
  const base = `/organizations/${variables.organizationId}/${path}`;
  const headers = { 'Idempotency-Key': variables.idempotencyKey };
  if (change.kind === 'create') {
    const created = await apiRequest(base, rowSchema, {
      method: 'POST',
      body: withRealReferences(inputSchema, change.input),
      headers,
    });
    realIds.set(store, variables.recordId, created.id);
    await localDatabase.transaction('rw', table, localDatabase.keyValue, async () => {
      await table.put(created as never);
      await localDatabase.keyValue.put({ key: ProvisionalIds.storageKey(store, variables.recordId), value: String(created.id) });
    });
    // Edits queued behind the create were based on the provisional row's version 1.
    await remember(created.id, 1, { version: versionOf(created) }, store);
    return created;
  }
  const id = serverIdOf(variables.recordId, store);
  if (change.kind === 'delete') {
    await apiRequest(`${base}/${id}`, z.unknown(), { method: 'DELETE', headers });
    await table.delete(id);
    return null;
  }
  const version = baseVersionFor(id, change.version, store);
  const saved = await apiRequest(`${base}/${id}`, rowSchema, {
    method: 'PUT',
    body: { ...(withRealReferences(inputSchema, change.input) as object), version },
    headers,
  });
  await table.put(saved as never);
  await remember(id, change.version, { version: versionOf(saved) }, store);
  return saved;
}

let mirrorRefresh: ReturnType<typeof setTimeout> | null = null;

/** One re-read of the mirror for a burst of answers: a replayed queue of 200 changes would otherwise re-read it 200 times. */
function refreshMirrorSoon(queryClient: QueryClient) {
  if (mirrorRefresh !== null) return;
  mirrorRefresh = setTimeout(() => {
    mirrorRefresh = null;
    void queryClient.invalidateQueries({ queryKey: ['mirror'] });
  }, 100);
}

export interface RefusedChange {
  label: string;
  /** A translation key chosen by the error's code (errorReasonKey), shown in the user's language. */
  reason: string;
  conflict: boolean;
  /** A record's change, not a load's (the notice words it so). */
  record?: boolean;
}

/**
 * Stores a load change's refusal; a stale save (409) shows the server's version and keeps what the
 * user tried, to apply again. Answers false when this refusal was already stored (a replay).
 */
async function keepLoadRefusal(error: ApiError, variables: LoadChangeVariables): Promise<false | 'refused' | 'conflict'> {
  const parsed = error.status === 409 ? orderSchema.safeParse(error.body?.current) : null;
  const current = parsed?.success ? parsed.data : null;
  const conflict = current !== null && (variables.kind === 'create' || variables.kind === 'update');
  const tables = [localDatabase.orders, localDatabase.conflicts, localDatabase.keyValue];
  return localDatabase.transaction('rw', tables, async () => {
    const at = new Date().toISOString();
    const reason = errorReasonKey(error);
    const stored = await recordRefusal({
      label: variables.label,
      reason,
      conflict,
      idempotencyKey: variables.idempotencyKey,
      at,
    });
    if (!stored) return false;
    if (!conflict) return 'refused';
    await localDatabase.orders.put(current);
    await localDatabase.conflicts.add({
      loadId: current.id,
      label: variables.label,
      attempted: variables.input,
      serverVersion: current.version,
      at,
    });
    return 'conflict';
  });
}

/** The same for a record: a stale edit keeps its input under "Changes to re-apply", with the stored row shown. */
async function keepRecordRefusal(error: ApiError, variables: RecordChangeVariables): Promise<false | 'refused' | 'conflict'> {
  const { store, change } = variables;
  const parsed = error.status === 409 ? resourceOfStore(store).row.safeParse(error.body?.current) : null;
  const current = parsed?.success ? parsed.data : null;
  const table = localDatabase[store];
  return localDatabase.transaction('rw', [table, localDatabase.conflicts, localDatabase.keyValue], async () => {
    const at = new Date().toISOString();
    const conflict = current !== null && change.kind === 'update';
    const reason = errorReasonKey(error);
    const stored = await recordRefusal({
      label: variables.label,
      reason,
      conflict,
      idempotencyKey: variables.idempotencyKey,
      at,
    });
    if (!stored) return false;
    if (current) await table.put(current as never);
    if (!conflict || change.kind !== 'update' || !current) return 'refused';
    await localDatabase.conflicts.add({
      record: { store, organizationId: variables.organizationId, id: current.id },
      label: variables.label,
      attempted: change.input,
      serverVersion: versionOf(current),
      at,
    });
    return 'conflict';
  });
}

/**
 * Network failures, 5xx and anything else that is not a final refusal wait and try again, however
 * often (paused while offline): a change that cannot be sent yet stays queued, it never vanishes.
 */
export function retryUnlessRefused(_failures: number, error: unknown) {
  return !(error instanceof ApiError && error.isDefinitive);
}

/**
 * Registers the load-change mutation (saves and commands) before the persisted cache is restored
 * (OFFLINE-NOTES 2), so queued changes restored after a reload know how to send themselves.
 */
export function registerOutbox(queryClient: QueryClient, onRefused: (refusal: RefusedChange) => void) {
  queue = queryClient.getMutationCache();
  queryClient.setMutationDefaults(OUTBOX_KEY, {
    mutationFn: (variables: OutboxChange) => sendChange(variables),
    meta: { reportsOwnErrors: true },
    retry: retryUnlessRefused,
    // A network failure tries again after a second: the app is marked offline by then, so the retry
    // pauses and goes the moment the connection returns instead of sleeping out a long backoff.
    retryDelay: (failures, error) =>
      error instanceof ApiError && error.isNetworkError ? 1000 : Math.min(1000 * 2 ** failures, 30_000),
    // Awaited before the change leaves the queue, so the refusal is stored on this device first.
    onError: async (error, variables: OutboxChange) => {
      if (!(error instanceof ApiError) || !error.isDefinitive) return;
      const isNew =
        variables.kind === 'record' ? await keepRecordRefusal(error, variables) : await keepLoadRefusal(error, variables);
      const refusal: RefusedChange = {
        label: variables.label,
        reason: errorReasonKey(error),
        conflict: isNew === 'conflict',
        ...(variables.kind === 'record' ? { record: true } : {}),
      };
      // A refusal replayed after a reload is already listed: no second notice.
      if (isNew) onRefused(refusal);
      refreshMirrorSoon(queryClient);
    },
    // Not awaited: a returned refetch would keep the mutation pending until it ends (OFFLINE-NOTES 8).
    onSuccess: () => refreshMirrorSoon(queryClient),
  });
}

/** The queue a change joins: strictly in order with the other changes of its load or record. */
function scopeOf(change: OutboxChange) {
  return change.kind === 'record' ? recordScope(change.store, change.recordId) : `load:${change.loadId}`;
}

/**
 * Queues a change. Resolves with the server's answer once accepted, or null when refused (the
 * outbox says why); it stays pending while the change waits for the connection.
 */
export function enqueueChange(queryClient: QueryClient, variables: OutboxChange): Promise<{ answer: unknown } | null> {
  const mutation = queryClient.getMutationCache().build(queryClient, {
    mutationKey: OUTBOX_KEY,
    scope: { id: scopeOf(variables) },
  });
  return mutation.execute(variables).then(
    (answer) => ({ answer }),
    () => null,
  );
}

let provisionalCounter = 0;
/** Negative ids never collide with the server's; time keeps them unique across reloads. */
export function provisionalId() {
  provisionalCounter += 1;
  return -(Date.now() * 100 + (provisionalCounter % 100));
}

/**
 * After the saved cache is restored: resume the paused saves, and continue the ones that were in
 * flight when the page went away (resumePausedMutations skips those: OFFLINE-NOTES 3).
 */
export async function resumeOutbox(queryClient: QueryClient) {
  await restoreOutboxState();
  for (const mutation of queryClient.getMutationCache().getAll()) {
    if (mutation.state.status === 'pending' && !mutation.state.isPaused) void mutation.continue().catch(() => {});
  }
  void queryClient.resumePausedMutations();
}
