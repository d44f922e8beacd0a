import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { type Company, type CompanyUpdate, companySchema } from '#core/contract/company';
import { apiRequest } from '#src/data/api-client.ts';
import { selfQuery } from '#src/data/session-queries.ts';

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
    mutationFn: (update: CompanyUpdate) =>
      apiRequest(`/organizations/${organizationId}`, companySchema, { method: 'PUT', body: update }),
    onSuccess: async (company: Company) => {
      queryClient.setQueryData(companyQuery(organizationId).queryKey, company);
      await queryClient.invalidateQueries({ queryKey: selfQuery.queryKey });
    },
  });
}
