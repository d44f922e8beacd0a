import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  type CargoConfig,
  type CarrierLinkInput,
  type CompanyProfileInput,
  type CompanyProfileUpdate,
  cargoConfigSchema,
  companyCarrierLinkSchema,
  companyFeaturesSchema,
  companyProfileSchema,
} from '#core/contract/companies';
import type { FeatureName } from '#core/domain/access';
import { apiRequest } from '#src/data/api-client.ts';
import { organizationsQuery, selfQuery } from '#src/data/session-queries.ts';

/**
 * Company administration reads and writes (all-companies access). They go to the server: these
 * writes need a connection (their controls say so offline), and the company switcher's list and the
 * signed-in user's company are read again after them.
 */

export const companyProfileQuery = (orgId: number) =>
  queryOptions({
    queryKey: ['companies', orgId, 'profile'],
    queryFn: () => apiRequest(`/organizations/${orgId}/profile`, companyProfileSchema),
  });

export const companyFeaturesQuery = (orgId: number) =>
  queryOptions({
    queryKey: ['companies', orgId, 'features'],
    queryFn: () => apiRequest(`/organizations/${orgId}/features`, companyFeaturesSchema),
  });

export const cargoConfigQuery = (orgId: number) =>
  queryOptions({
    queryKey: ['companies', orgId, 'cargo-config'],
    queryFn: () => apiRequest(`/organizations/${orgId}/cargo-config`, cargoConfigSchema),
  });

export const companyCarriersQuery = (orgId: number) =>
  queryOptions({
    queryKey: ['companies', orgId, 'carriers'],
    queryFn: () => apiRequest(`/organizations/${orgId}/carriers`, z.array(companyCarrierLinkSchema)),
  });

export function useSaveCompanyProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { reportsOwnErrors: true },
    mutationFn: (save: { id: null; input: CompanyProfileInput } | { id: number; input: CompanyProfileUpdate }) =>
      save.id === null
        ? apiRequest('/organizations', companyProfileSchema, { method: 'POST', body: save.input })
        : apiRequest(`/organizations/${save.id}/profile`, companyProfileSchema, { method: 'PUT', body: save.input }),
    onSuccess: async (company) => {
      queryClient.setQueryData(companyProfileQuery(company.id).queryKey, company);
      await queryClient.invalidateQueries({ queryKey: organizationsQuery.queryKey });
      await queryClient.invalidateQueries({ queryKey: selfQuery.queryKey });
    },
  });
}

/**
 * Switches a feature on or off at once in the dialog and, for the active company, in the signed-in
 * user's company, so the menus change before the server answers; a refusal puts both back.
 */
export function useToggleFeature(orgId: number) {
  const queryClient = useQueryClient();
  const featuresKey = companyFeaturesQuery(orgId).queryKey;
  return useMutation({
    meta: { reportsOwnErrors: true },
    mutationFn: ({ featureId, enabled }: { featureId: number; name: FeatureName; enabled: boolean }) =>
      enabled
        ? apiRequest(`/organizations/${orgId}/features`, companyFeaturesSchema, { method: 'POST', body: { featureId } })
        : apiRequest(`/organizations/${orgId}/features/${featureId}`, companyFeaturesSchema, { method: 'DELETE' }),
    onMutate: async ({ featureId, name, enabled }) => {
      await queryClient.cancelQueries({ queryKey: featuresKey });
      const previousFeatures = queryClient.getQueryData(featuresKey);
      const previousSelf = queryClient.getQueryData(selfQuery.queryKey);
      queryClient.setQueryData(featuresKey, (features) =>
        features?.map((feature) => (feature.id === featureId ? { ...feature, enabled } : feature)),
      );
      queryClient.setQueryData(selfQuery.queryKey, (self) => {
        if (!self || self.activeOrganizationId !== orgId) return self;
        const others = self.organization.features.filter((held) => held !== name);
        return { ...self, organization: { ...self.organization, features: enabled ? [...others, name] : others } };
      });
      return { previousFeatures, previousSelf };
    },
    onError: (_error, _toggle, saved) => {
      if (!saved) return;
      queryClient.setQueryData(featuresKey, saved.previousFeatures);
      queryClient.setQueryData(selfQuery.queryKey, saved.previousSelf);
    },
    onSuccess: (features) => queryClient.setQueryData(featuresKey, features),
  });
}

export function useSaveCargoConfig(orgId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { reportsOwnErrors: true },
    mutationFn: (cargoTypeIds: number[]) =>
      apiRequest(`/organizations/${orgId}/cargo-config`, cargoConfigSchema, { method: 'PUT', body: cargoTypeIds }),
    onSuccess: async (config: CargoConfig) => {
      queryClient.setQueryData(cargoConfigQuery(orgId).queryKey, config);
      // The linked companies' dialogs check coverage against this company's types.
      await queryClient.invalidateQueries({ queryKey: ['companies'] });
    },
  });
}

export function useSaveCarriers(orgId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { reportsOwnErrors: true },
    mutationFn: (links: CarrierLinkInput[]) =>
      apiRequest(`/organizations/${orgId}/carriers`, z.array(companyCarrierLinkSchema), { method: 'PUT', body: links }),
    onSuccess: async (links) => {
      queryClient.setQueryData(companyCarriersQuery(orgId).queryKey, links);
      await queryClient.invalidateQueries({ queryKey: ['companies'] });
    },
  });
}
