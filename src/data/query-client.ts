import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error.ts';

/** Cache times of spec 1 §9: stale 0 and 5 minutes in cache by default. */
const FIVE_MINUTES = 5 * 60 * 1000;

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
