import type { FastifyInstance } from 'fastify';
import {
  cargoConfigBodySchema,
  cargoConfigSchema,
  carrierLinksBodySchema,
  companyCarrierLinkSchema,
  companyFeatureParamsSchema,
  companyFeaturesSchema,
  companyParamsSchema,
  companyProfileInputSchema,
  companyProfileSchema,
  companyProfileUpdateSchema,
  featureToggleBodySchema,
} from '#core/contract/companies';
import { z } from 'zod';
import { PAGE_RULES } from '#core/domain/access';
import { type ServerContext, zodRoutes } from '#server/context';
import { guard, requireAuth } from '#server/plugins/auth';
import { badRequest, notFound } from '#server/plugins/error-handler';
import {
  createCompany,
  listCompanyCarriers,
  listCompanyFeatures,
  loadCargoConfig,
  loadCompanyProfile,
  saveCargoConfig,
  saveCompanyCarriers,
  setCompanyFeature,
  updateCompanyProfile,
} from './companies.service.ts';

const tags = ['companies'];
const companiesPage = guard(PAGE_RULES['admin.companies']);

/**
 * Company administration (spec 2 §7) for all-companies access: create and edit any company, its
 * features, cargo types and carrier links. The company settings of the active organization stay
 * `GET`/`PUT /api/organizations/{orgId}` (features/company).
 */
export function registerCompaniesRoutes(app: FastifyInstance, { db, realtime }: ServerContext) {
  const api = zodRoutes(app);
  const base = '/organizations/:orgId';

  api.post(
    '/organizations',
    {
      schema: { tags, body: companyProfileInputSchema, response: { 201: companyProfileSchema } },
      onRequest: guard({ permissions: [...PAGE_RULES['admin.companies'].permissions, 'CreateCompany'] }),
    },
    async (request, reply) => reply.code(201).send(await createCompany(db, requireAuth(request), request.body)),
  );
  api.get(
    `${base}/profile`,
    { schema: { tags, params: companyParamsSchema, response: { 200: companyProfileSchema } }, onRequest: companiesPage },
    async (request) => loadCompanyProfile(db, request.params.orgId),
  );
  api.put(
    `${base}/profile`,
    {
      schema: { tags, params: companyParamsSchema, body: companyProfileUpdateSchema, response: { 200: companyProfileSchema } },
      onRequest: companiesPage,
    },
    async (request) => updateCompanyProfile(db, realtime, requireAuth(request), request.params.orgId, request.body),
  );

  api.get(
    `${base}/features`,
    { schema: { tags, params: companyParamsSchema, response: { 200: companyFeaturesSchema } }, onRequest: companiesPage },
    async (request) => listCompanyFeatures(db, request.params.orgId),
  );
  api.post(
    `${base}/features`,
    {
      schema: { tags, params: companyParamsSchema, body: featureToggleBodySchema, response: { 200: companyFeaturesSchema } },
      onRequest: companiesPage,
    },
    async (request) =>
      setCompanyFeature(db, realtime, { orgId: request.params.orgId, featureId: request.body.featureId, enabled: true }, () =>
        badRequest([{ path: 'body.featureId', message: 'unknown feature' }]),
      ),
  );
  api.delete(
    `${base}/features/:featureId`,
    {
      schema: { tags, params: companyFeatureParamsSchema, response: { 200: companyFeaturesSchema } },
      onRequest: companiesPage,
    },
    async (request) =>
      setCompanyFeature(db, realtime, { orgId: request.params.orgId, featureId: request.params.featureId, enabled: false }, () =>
        notFound('Feature'),
      ),
  );

  api.get(
    `${base}/cargo-config`,
    { schema: { tags, params: companyParamsSchema, response: { 200: cargoConfigSchema } }, onRequest: companiesPage },
    async (request) => loadCargoConfig(db, request.params.orgId),
  );
  api.put(
    `${base}/cargo-config`,
    {
      schema: { tags, params: companyParamsSchema, body: cargoConfigBodySchema, response: { 200: cargoConfigSchema } },
      onRequest: companiesPage,
    },
    async (request) => saveCargoConfig(db, realtime, request.params.orgId, request.body),
  );

  api.get(
    `${base}/carriers`,
    {
      schema: { tags, params: companyParamsSchema, response: { 200: z.array(companyCarrierLinkSchema) } },
      onRequest: companiesPage,
    },
    async (request) => listCompanyCarriers(db, request.params.orgId),
  );
  api.put(
    `${base}/carriers`,
    {
      schema: {
        tags,
        params: companyParamsSchema,
        body: carrierLinksBodySchema,
        response: { 200: z.array(companyCarrierLinkSchema) },
      },
      onRequest: companiesPage,
    },
    async (request) => saveCompanyCarriers(db, realtime, request.params.orgId, request.body),
  );
}
