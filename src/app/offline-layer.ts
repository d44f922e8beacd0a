import type { QueryClient } from '@tanstack/react-query';
import { restorePersistedCache } from '#src/data/query-persistence.ts';
import { selfQuery, signIn } from '#src/data/session-queries.ts';
import { registerRouteDefaults } from '#src/data/routing.ts';
import { registerOutbox, resumeOutbox } from '#src/data/sync/outbox.ts';
import { registerTravelTimeDefaults } from '#src/data/travel-times.ts';
import { showRefusedChange } from './refused-change-notice.ts';

/**
 * The offline-first layer: IndexedDB, the persisted query cache and the outbox. Its own chunk,
 * loaded by the signed-in layout's `beforeLoad` and by the sign-in form when it is sent, so the
 * sign-in screen's first paint downloads none of it.
 */
const started = new WeakMap<QueryClient, Promise<void>>();

/** Once per query client; every caller waits for the same restore. */
function startOfflineLayer(queryClient: QueryClient) {
  let start = started.get(queryClient);
  if (!start) {
    start = restoreDeviceState(queryClient);
    started.set(queryClient, start);
  }
  return start;
}

async function restoreDeviceState(queryClient: QueryClient) {
  // Mutation defaults first: restored queued writes need them to send (OFFLINE-NOTES 2).
  registerOutbox(queryClient, showRefusedChange);
  // Travel times are kept indefinitely (spec 1 §9), also when restored and unused for a while.
  registerTravelTimeDefaults(queryClient);
  // So are routes a map drew, for 20 days: a load seen once shows its path offline.
  registerRouteDefaults(queryClient);
  await restorePersistedCache(queryClient);
  await resumeOutbox(queryClient);
  // The saved user may be older than the server's session (a company switched in another tab):
  // show it at once, and let the first screen that reads it fetch it again.
  void queryClient.invalidateQueries({ queryKey: ['self'], refetchType: 'none' });
}

/**
 * The signed-in user for the signed-in layout: the saved cache is restored first, so this works
 * offline; null when nobody is signed in.
 */
export async function signedInUser(queryClient: QueryClient) {
  await startOfflineLayer(queryClient);
  return queryClient.ensureQueryData(selfQuery).catch(() => null);
}

/**
 * Signs in after the saved state of an earlier session is restored, so signing in replaces that
 * state (and the saved copy) instead of a later restore bringing it back.
 */
export async function signInOnThisDevice(queryClient: QueryClient, username: string, password: string) {
  await startOfflineLayer(queryClient);
  return signIn(queryClient, username, password);
}
