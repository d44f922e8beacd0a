import type { MutationCache, QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { type Order, orderSchema } from '#core/contract/orders';
import { ApiError, apiRequest, type RequestOptions } from '../api-client.ts';
import { errorReasonKey } from '../api-error.ts';
import { localDatabase } from '../local-database.ts';
import { unmergeAnswerSchema } from '#core/contract/planning-actions';
import type { LoadChangeVariables, LoadCommandVariables, PlanningVariables, SaveLoadVariables } from './load-overlay.ts';
import { recordRefusal } from './refusals.ts';

export const SAVE_LOAD_KEY = ['loads', 'save'] as const;

/** Real ids of loads created offline, by provisional id; kept in IndexedDB so a reload keeps them. */
const realIds = new Map<number, number>();
/** Per load: the base version our queued chain started from, and the version our last accepted write produced. */
const rebases = new Map<number, { from: number; to: number }>();

export function realIdOf(provisionalId: number) {
  return realIds.get(provisionalId);
}

/** Loads the outbox bookkeeping saved by an earlier page before queued writes resume. */
export async function restoreOutboxState() {
  const rows = await localDatabase.keyValue.where('key').startsWith('outbox.').toArray();
  for (const row of rows) {
    const [, kind, id] = row.key.split('.');
    if (kind === 'id') realIds.set(Number(id), Number(row.value));
    if (kind === 'rebase') rebases.set(Number(id), JSON.parse(row.value));
  }
}

/**
 * Several edits of one load queued offline all start from the same server version. Once the first
 * is accepted, the next must be based on the version that write produced, not the one the user
 * saw; a version produced by someone else still makes it stale, so real conflicts surface as 409.
 */
function baseVersionFor(loadId: number, baseVersion: number) {
  const rebase = rebases.get(loadId);
  return rebase && rebase.from === baseVersion ? rebase.to : baseVersion;
}

async function remember(loadId: number, baseVersion: number, saved: Order) {
  rebases.set(loadId, { from: baseVersion, to: saved.version });
  await localDatabase.keyValue.put({
    key: `outbox.rebase.${loadId}`,
    value: JSON.stringify({ from: baseVersion, to: saved.version }),
  });
}

/** The queue, so a change naming a load still being created can tell "not yet" from "never". */
let queue: MutationCache | null = null;

/** Whether a queued create or merge will give this provisional id its real id. */
function creationQueued(provisionalId: number) {
  return (queue?.getAll() ?? []).some((mutation) => {
    if (mutation.state.status !== 'pending') return false;
    const change = mutation.state.variables as LoadChangeVariables | undefined;
    if (change?.kind === 'create') return change.loadId === provisionalId;
    return change?.kind === 'planning' && change.action.kind === 'merge' && change.action.provisionalId === provisionalId;
  });
}

/** The server id of a queued change's load: a provisional id is sent as the real one once its create was accepted. */
function serverIdOf(loadId: number) {
  const id = loadId < 0 ? realIds.get(loadId) : loadId;
  // A merged draft is created in its first source's queue, so a change to it may run first: it waits and tries again.
  if (id === undefined && creationQueued(loadId)) throw new Error(`load ${loadId} is not created yet`);
  if (id === undefined) {
    throw new ApiError(422, {
      code: 'rule_violation',
      message: 'The new load this change belongs to was refused',
      rule: 'provisionalLoadRefused',
    });
  }
  return id;
}

const loadListSchema = z.array(orderSchema);

/** Route and body of each command (spec 1 §7); each route takes a list, we send this one load. */
function commandRequest(id: number, variables: LoadCommandVariables): [string, RequestOptions] {
  const { command } = variables;
  switch (command.kind) {
    case 'delete':
      return ['/orders', { method: 'DELETE', body: [id] }];
    case 'assignDriver':
      return ['/drivers/assign-orders', { method: 'POST', body: [{ ...command.assignment, id }] }];
    case 'assignCarrier':
      return ['/carriers/assign-loads', { method: 'POST', body: [{ ...command.assignment, id }] }];
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

async function sendChange(variables: LoadChangeVariables): Promise<unknown> {
  if (variables.kind === 'planning') return sendPlanning(variables);
  return variables.kind === 'command' ? sendCommand(variables) : sendSave(variables);
}

/** Merge, unmerge, saves of many drafts and bulk creation: the answer goes into the mirror at once; the feed confirms it later. */
async function sendPlanning(variables: PlanningVariables): Promise<void> {
  const headers = { 'Idempotency-Key': variables.idempotencyKey };
  const { action } = variables;
  if (action.kind === 'merge') {
    const sourceIds = action.sourceIds.map(serverIdOf);
    const merged = await apiRequest('/orders/merge', orderSchema, {
      method: 'POST',
      query: { orderIds: sourceIds.join(',') },
      body: action.merged,
      headers,
    });
    realIds.set(action.provisionalId, merged.id);
    await localDatabase.transaction('rw', localDatabase.orders, localDatabase.keyValue, async () => {
      await localDatabase.orders.put(merged);
      const sources = await localDatabase.orders.bulkGet(sourceIds);
      await localDatabase.orders.bulkPut(sources.flatMap((source) => (source ? [{ ...source, status: 'Merged' as const }] : [])));
      await localDatabase.keyValue.put({ key: `outbox.id.${action.provisionalId}`, value: String(merged.id) });
    });
  } else if (action.kind === 'saveDrafts') {
    const body = action.items.map((item) => {
      const id = serverIdOf(item.loadId);
      return { ...item.input, id, version: baseVersionFor(id, item.baseVersion) };
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
      body: action.sourceIds.map(serverIdOf),
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
  if (variables.kind === 'create') {
    const created = await apiRequest('/orders', orderSchema, { method: 'POST', body: variables.input, headers });
    realIds.set(variables.loadId, created.id);
    await localDatabase.transaction('rw', localDatabase.orders, localDatabase.keyValue, async () => {
      await localDatabase.orders.put(created);
      await localDatabase.keyValue.put({ key: `outbox.id.${variables.loadId}`, value: String(created.id) });
    });
    return created;
  }
  const id = serverIdOf(variables.loadId);
  const version = baseVersionFor(id, variables.baseVersion);
  const saved =
    variables.via === 'list'
      ? await saveThroughList(id, version, variables.input, headers)
      : await apiRequest(`/orders/${id}`, orderSchema, { method: 'PUT', body: { ...variables.input, version }, headers });
  await localDatabase.orders.put(saved);
  await remember(id, variables.baseVersion, saved);
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
  /** A master-data row's change, not a load's: its conflict keeps no copy to apply again. */
  record?: boolean;
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
  queryClient.setMutationDefaults(SAVE_LOAD_KEY, {
    mutationFn: (variables: LoadChangeVariables) => sendChange(variables),
    meta: { reportsOwnErrors: true },
    retry: retryUnlessRefused,
    // A network failure tries again after a second: the app is marked offline by then, so the retry
    // pauses and goes the moment the connection returns instead of sleeping out a long backoff.
    retryDelay: (failures, error) =>
      error instanceof ApiError && error.isNetworkError ? 1000 : Math.min(1000 * 2 ** failures, 30_000),
    // Awaited before the change leaves the queue, so the refusal is stored on this device first.
    onError: async (error, variables: LoadChangeVariables) => {
      if (!(error instanceof ApiError) || !error.isDefinitive) return;
      const parsed = error.status === 409 ? orderSchema.safeParse(error.body?.current) : null;
      const current = parsed?.success ? parsed.data : null;
      const conflict = current !== null && (variables.kind === 'create' || variables.kind === 'update');
      const refusal = { label: variables.label, reason: errorReasonKey(error), conflict };
      const tables = [localDatabase.orders, localDatabase.conflicts, localDatabase.keyValue];
      const isNew = await localDatabase.transaction('rw', tables, async () => {
        const stored = await recordRefusal({
          ...refusal,
          idempotencyKey: variables.idempotencyKey,
          at: new Date().toISOString(),
        });
        if (stored && conflict) {
          // Show the server's version and keep what the user tried, so it can be re-applied.
          await localDatabase.orders.put(current);
          await localDatabase.conflicts.add({
            loadId: current.id,
            label: variables.label,
            attempted: variables.input,
            serverVersion: current.version,
            at: new Date().toISOString(),
          });
        }
        return stored;
      });
      // A refusal replayed after a reload is already listed: no second notice.
      if (isNew) onRefused(refusal);
      refreshMirrorSoon(queryClient);
    },
    // Not awaited: a returned refetch would keep the mutation pending until it ends (OFFLINE-NOTES 8).
    onSuccess: () => refreshMirrorSoon(queryClient),
  });
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
