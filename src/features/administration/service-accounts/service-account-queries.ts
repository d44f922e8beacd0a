import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { okSchema } from '#core/contract/common';
import { createdServiceAccountSchema, type ServiceAccountInput, serviceAccountSchema } from '#core/contract/service-accounts';
import { apiRequest } from '#src/data/api-client.ts';

/**
 * The organization's service accounts, read from the server: creating one (its secret) and revoking
 * one need a connection, so the list is not kept in the offline mirror.
 */
export const serviceAccountsQuery = (organizationId: number) =>
  queryOptions({
    queryKey: ['service-accounts', organizationId],
    queryFn: () => apiRequest(`/organizations/${organizationId}/service-users`, z.array(serviceAccountSchema)),
  });

export function useCreateServiceAccount(organizationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { reportsOwnErrors: true },
    mutationFn: (input: ServiceAccountInput) =>
      apiRequest(`/organizations/${organizationId}/service-users`, createdServiceAccountSchema, { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: serviceAccountsQuery(organizationId).queryKey }),
  });
}

export function useRevokeServiceAccount(organizationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { reportsOwnErrors: true },
    mutationFn: (id: number) =>
      apiRequest(`/organizations/${organizationId}/service-users/${id}`, okSchema, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: serviceAccountsQuery(organizationId).queryKey }),
  });
}
