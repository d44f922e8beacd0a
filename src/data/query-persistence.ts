import type { QueryClient } from '@tanstack/react-query';
import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import {
  persistQueryClientRestore,
  persistQueryClientSave,
  persistQueryClientSubscribe,
} from '@tanstack/react-query-persist-client';
import { watchConnectivity } from './connectivity.ts';
import { indexedDbStorage } from './local-database.ts';
import { selfQuery } from './session-queries.ts';

/** Saved state older than this is dropped; large, because it holds queued writes (OFFLINE-NOTES 5). */
const PERSIST_MAX_AGE = 365 * 24 * 60 * 60 * 1000;
/** Never change while writes may be queued: a new buster deletes everything saved (OFFLINE-NOTES 5). */
const PERSIST_BUSTER = 'dispatch-v1';

/** The key-value row holding the saved cache (queued changes included). */
export const PERSISTED_CACHE_KEY = 'dispatch-query-cache';

const queryPersister = createAsyncStoragePersister({
  storage: indexedDbStorage,
  key: PERSISTED_CACHE_KEY,
  // The default 1 s throttle drops the newest write on a quick reload (OFFLINE-NOTES 4).
  throttleTime: 100,
});
/**
 * The same store, unthrottled: a change is saved the moment it is queued rather than up to 100 ms
 * later, so a tab closed right after the click keeps it. The throttled saves that follow carry a
 * state at least as new (they take the latest state of their calls).
 */
const queuedChangePersister = createAsyncStoragePersister({
  storage: indexedDbStorage,
  key: PERSISTED_CACHE_KEY,
  throttleTime: 0,
});

/**
 * Restores the saved cache before a signed-in screen renders, so an offline reload shows the
 * signed-in shell at once, then keeps saving. The browser's real online state is set first:
 * TanStack assumes "online" at boot (OFFLINE-NOTES 1).
 */
export async function restorePersistedCache(queryClient: QueryClient) {
  watchConnectivity();
  const options = {
    queryClient,
    persister: queryPersister,
    maxAge: PERSIST_MAX_AGE,
    buster: PERSIST_BUSTER,
    dehydrateOptions: {
      shouldDehydrateQuery: (query: { state: { status: string }; meta?: Record<string, unknown> }) =>
        query.state.status === 'success' && query.meta?.persist !== false,
      // In-flight writes too, not only paused ones: a reload during an outage must not lose them (OFFLINE-NOTES 3).
      shouldDehydrateMutation: (mutation: { state: { status: string } }) => mutation.state.status === 'pending',
    },
  };
  try {
    await persistQueryClientRestore(options);
  } catch {
    // A corrupt or unreadable store must not keep the app from starting.
  }
  // A saved "nobody signed in" (a 401 ended the last session) is not kept: the server is asked, so a
  // reload right after signing in again (before that sign-in's save landed) does not show the sign-in
  // screen over a valid session. Offline the question fails, and the sign-in screen shows as before.
  if (queryClient.getQueryData(selfQuery.queryKey) === null)
    queryClient.removeQueries({ queryKey: selfQuery.queryKey, exact: true });
  const unsubscribe = persistQueryClientSubscribe(options);
  const unsubscribeQueued = queryClient.getMutationCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'pending') {
      void persistQueryClientSave({ ...options, persister: queuedChangePersister });
    }
  });
  return () => {
    unsubscribeQueued();
    unsubscribe();
  };
}
