import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import { persistQueryClientRestore, persistQueryClientSubscribe } from '@tanstack/react-query-persist-client';
import { ApiError } from './api-client.ts';
import { watchConnectivity } from './connectivity.ts';
import { indexedDbStorage } from './local-database.ts';

/** Cache times of spec 1 §9: stale 0 and 5 minutes in cache by default. */
const FIVE_MINUTES = 5 * 60 * 1000;

/** Saved state older than this is dropped; large, because it holds queued writes (OFFLINE-NOTES 5). */
const PERSIST_MAX_AGE = 365 * 24 * 60 * 60 * 1000;
/** Never change while writes may be queued: a new buster deletes everything saved (OFFLINE-NOTES 5). */
const PERSIST_BUSTER = 'dispatch-v1';

function shouldRetry(failureCount: number, error: unknown) {
  if (error instanceof ApiError && error.isDefinitive) return false;
  return failureCount < 3;
}

export function createQueryClient(onError: (error: unknown) => void) {
  return new QueryClient({
    queryCache: new QueryCache({ onError }),
    // Queued saves tell the user themselves, naming the load (outbox.ts).
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (!mutation.meta?.reportsOwnErrors) onError(error);
      },
    }),
    defaultOptions: {
      queries: { staleTime: 0, gcTime: FIVE_MINUTES, retry: shouldRetry },
      mutations: { retry: shouldRetry },
    },
  });
}

export const queryPersister = createAsyncStoragePersister({
  storage: indexedDbStorage,
  key: 'dispatch-query-cache',
  // The default 1 s throttle drops the newest write on a quick reload (OFFLINE-NOTES 4).
  throttleTime: 100,
});

/**
 * Restores the saved cache before the first render, so an offline reload shows the signed-in
 * shell at once, then keeps saving. The browser's real online state is set first: TanStack
 * assumes "online" at boot (OFFLINE-NOTES 1).
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
  return persistQueryClientSubscribe(options);
}
