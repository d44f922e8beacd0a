import type { QueryClient } from '@tanstack/react-query';
import { type Order, orderSchema } from '#core/contract/orders';
import { ApiError, apiRequest } from '../api-client.ts';
import { localDatabase } from '../local-database.ts';
import type { SaveLoadVariables } from './load-overlay.ts';

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
  const id = variables.loadId < 0 ? realIds.get(variables.loadId) : variables.loadId;
  if (id === undefined) {
    throw new ApiError(422, {
      code: 'rule_violation',
      message: 'The new load this change belongs to was refused',
      rule: 'provisionalLoadRefused',
    });
  }
  const version = baseVersionFor(id, variables.baseVersion);
  const saved = await apiRequest(`/orders/${id}`, orderSchema, {
    method: 'PUT',
    body: { ...variables.input, version },
    headers,
  });
  await localDatabase.orders.put(saved);
  await remember(id, variables.baseVersion, saved);
  return saved;
}

export interface RefusedChange {
  label: string;
  reason: string;
  conflict: boolean;
}

/**
 * Registers the save-load mutation before the persisted cache is restored (OFFLINE-NOTES 2), so
 * queued saves restored after a reload know how to send themselves.
 */
export function registerOutbox(queryClient: QueryClient, onRefused: (refusal: RefusedChange) => void) {
  queryClient.setMutationDefaults(SAVE_LOAD_KEY, {
    mutationFn: (variables: SaveLoadVariables) => sendSave(variables),
    meta: { reportsOwnErrors: true },
    // Network failures and 5xx wait and try again (paused while offline); a definitive refusal leaves the queue.
    retry: (failures, error) => !(error instanceof ApiError && error.isDefinitive) && failures < 50,
    retryDelay: (failures) => Math.min(1000 * 2 ** failures, 30_000),
    onError: async (error, variables: SaveLoadVariables) => {
      if (!(error instanceof ApiError) || !error.isDefinitive) return;
      const current = error.status === 409 ? orderSchema.safeParse(error.body?.current) : null;
      if (current?.success) {
        // Show the server's version and keep what the user tried, so it can be re-applied.
        await localDatabase.orders.put(current.data);
        await localDatabase.conflicts.add({
          loadId: current.data.id,
          label: variables.label,
          attempted: variables.input,
          serverVersion: current.data.version,
          at: new Date().toISOString(),
        });
      }
      onRefused({ label: variables.label, reason: error.message, conflict: Boolean(current?.success) });
      void queryClient.invalidateQueries({ queryKey: ['mirror'] });
    },
    // Not returned: a returned refetch would keep the mutation pending until it ends (OFFLINE-NOTES 8).
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['mirror'] });
    },
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
