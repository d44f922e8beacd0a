import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { type Company, type CompanyUpdate, companySchema } from '#core/contract/company';
import type { CompanyChangedEvent } from '#core/contract/realtime';
import { apiRequest } from './api-client.ts';
import { selfQuery } from './session-queries.ts';

/** The active organization's settings: read from the server (saving needs a connection anyway). */
export const companyQuery = (organizationId: number) =>
  queryOptions({
    queryKey: ['company', organizationId],
    queryFn: () => apiRequest(`/organizations/${organizationId}`, companySchema),
  });

/** Saves the settings; the signed-in user's organization (name, timezone) is read again after. */
export function useSaveCompany(organizationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { reportsOwnErrors: true },
    mutationFn: (update: CompanyUpdate) =>
      apiRequest(`/organizations/${organizationId}`, companySchema, { method: 'PUT', body: update }),
    onSuccess: async (company: Company) => {
      queryClient.setQueryData(companyQuery(organizationId).queryKey, company);
      await queryClient.invalidateQueries({ queryKey: selfQuery.queryKey });
    },
  });
}

/**
 * A save anywhere (the socket's poke): the settings and the signed-in user's organization are read
 * again, unless this client already holds that version (its own save).
 */
export async function followCompanyChange(queryClient: QueryClient, event: CompanyChangedEvent) {
  const held = queryClient.getQueryData(companyQuery(event.id).queryKey);
  if (held && held.version >= event.version) return;
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: companyQuery(event.id).queryKey }),
    queryClient.invalidateQueries({ queryKey: selfQuery.queryKey }),
  ]);
}
