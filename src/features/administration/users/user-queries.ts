import { useDebouncedValue } from '@mantine/hooks';
import { useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { usernameAvailableSchema } from '#core/contract/people';
import { usernameProblem, usernameSkeleton } from '#core/domain/master-data/index';
import { apiRequest } from '#src/data/api-client.ts';
import { useOnlineStatus } from '#src/data/online-status.ts';
import type { UsernameCheck } from './user-values.ts';

/** Spec 2 §5 and §9: the username is asked of the server 2000 ms after the last keystroke. */
export const USERNAME_CHECK_DEBOUNCE_MS = 2000;

/**
 * Whether the typed username is free (`GET /api/users/username`): 'checking' from the keystroke
 * until the answer, so Save waits for it; 'idle' for the user's own current name or a name the form
 * already refuses; 'offline' while no connection can answer (the server still refuses a taken name).
 */
export function useUsernameCheck(username: string, ownUsername: string | null): UsernameCheck {
  const [settled] = useDebouncedValue(username, USERNAME_CHECK_DEBOUNCE_MS);
  const online = useOnlineStatus();
  const needsCheck = usernameProblem(username) === null && usernameSkeleton(username) !== usernameSkeleton(ownUsername ?? '');
  const query = useQuery({
    queryKey: ['usernameAvailable', usernameSkeleton(settled)],
    queryFn: ({ signal }) =>
      apiRequest('/users/username', usernameAvailableSchema, { query: { username: settled.trim() }, signal }),
    enabled: needsCheck && settled === username,
    staleTime: 0,
    gcTime: 0,
    meta: { persist: false },
  });
  if (!needsCheck) return 'idle';
  if (!online || query.fetchStatus === 'paused') return 'offline';
  if (settled !== username || query.isFetching || query.data === undefined) return 'checking';
  return query.data ? 'available' : 'taken';
}

/** EditUser's "send password email": a single-use link to set a new password (spec 3). */
export function useSendPasswordEmail(organizationId: number, userId: number) {
  return useMutation({
    meta: { reportsOwnErrors: true },
    mutationFn: () =>
      apiRequest(`/organizations/${organizationId}/users/${userId}/password-email`, z.unknown(), { method: 'POST' }),
  });
}
