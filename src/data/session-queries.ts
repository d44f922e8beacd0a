import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { cargoTypeSchema, organizationListItemSchema } from '#core/contract/reference-lists';
import {
  type ContactSettingsUpdate,
  loadsSummarySchema,
  type Preferences,
  preferencesSchema,
  type Self,
  selfSchema,
  sessionAnswerSchema,
} from '#core/contract/user';
import { weekContaining } from '#core/domain/weeks';
import { apiRequest } from './api-client.ts';
import { clearLocalData } from './local-database.ts';

const FIVE_MINUTES = 5 * 60 * 1000;

/** The signed-in user; user and organization data never go stale (spec 1 §9). */
export const selfQuery = queryOptions({
  queryKey: ['self'],
  queryFn: async () => (await apiRequest('/session', sessionAnswerSchema)).user,
  staleTime: Number.POSITIVE_INFINITY,
  gcTime: Number.POSITIVE_INFINITY,
});

/** The active company's loads this week: keyed by company, and (outside 'self') dropped by a company switch. */
export function loadsSummaryQuery(organizationId: number, timezone: string, at = new Date()) {
  const week = weekContaining(at, timezone);
  const range = { startDate: week.start.toISOString(), endDate: week.end.toISOString() };
  return queryOptions({
    queryKey: ['loads-summary', organizationId, range],
    queryFn: () => apiRequest('/self/loads-summary', loadsSummarySchema, { query: range }),
    staleTime: FIVE_MINUTES,
  });
}

export const organizationsQuery = queryOptions({
  queryKey: ['organizations'],
  queryFn: () => apiRequest('/organizations', z.array(organizationListItemSchema)),
  staleTime: Number.POSITIVE_INFINITY,
});

export const cargoTypesQuery = queryOptions({
  queryKey: ['cargo-types'],
  queryFn: () => apiRequest('/cargo-types', z.array(cargoTypeSchema)),
  staleTime: FIVE_MINUTES,
});

export async function signIn(queryClient: QueryClient, username: string, password: string): Promise<Self> {
  const answer = await apiRequest('/session', sessionAnswerSchema, { method: 'POST', body: { username, password } });
  if (!answer.user) throw new Error('Sign-in answered no user');
  queryClient.clear();
  queryClient.setQueryData(selfQuery.queryKey, answer.user);
  return answer.user;
}

/** Ends the session server-side, then forgets everything cached for this user (spec 1 §7). */
export async function signOut(queryClient: QueryClient) {
  await apiRequest('/session', z.undefined(), { method: 'DELETE' }).catch(() => undefined);
  queryClient.clear();
  await clearLocalData();
}

export async function savePreferences(queryClient: QueryClient, userId: number, preferences: Preferences) {
  const saved = await apiRequest(`/users/${userId}/preferences`, preferencesSchema, { method: 'PUT', body: preferences });
  queryClient.setQueryData(selfQuery.queryKey, (self) => (self ? { ...self, preferences: saved } : self));
  return saved;
}

export async function saveContactSettings(queryClient: QueryClient, settings: ContactSettingsUpdate) {
  const self = await apiRequest('/self/contact', selfSchema, { method: 'PUT', body: settings });
  queryClient.setQueryData(selfQuery.queryKey, self);
  return self;
}

/** Switching company changes every scoped answer, so all other cached data is dropped. */
export async function switchOrganization(queryClient: QueryClient, organizationId: number) {
  const self = await apiRequest('/session/organization', selfSchema, { method: 'PUT', body: { organizationId } });
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'self' && query.queryKey[0] !== 'organizations' });
  queryClient.setQueryData(selfQuery.queryKey, self);
  return self;
}

export async function requestPasswordReset(email: string) {
  await apiRequest('/users/reset-password', z.undefined(), { method: 'POST', body: { email } });
}
