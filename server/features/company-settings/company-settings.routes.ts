import type { FastifyInstance } from 'fastify';
import { organizationParamsSchema } from '#core/contract/common';
import { companySchema, companyUpdateSchema } from '#core/contract/company';
import { type ServerContext, zodRoutes } from '#server/context';
import { guard, requireAuth } from '#server/plugins/auth';
import { loadCompany, updateCompany } from './company-settings.service.ts';

const tags = ['company'];

/** Company settings (spec 2 §3, §7 `PUT /api/organizations/{id}`) of the active organization, with EditCompany. */
export function registerCompanyRoutes(app: FastifyInstance, { db, realtime }: ServerContext) {
  const api = zodRoutes(app);

  api.get(
    '/organizations/:orgId',
    {
      schema: { tags, params: organizationParamsSchema, response: { 200: companySchema } },
      onRequest: guard({ permissions: ['EditCompany'] }),
    },
    async (request) => loadCompany(db, requireAuth(request), request.params.orgId),
  );
  api.put(
    '/organizations/:orgId',
    {
      schema: { tags, params: organizationParamsSchema, body: companyUpdateSchema, response: { 200: companySchema } },
      onRequest: guard({ permissions: ['EditCompany'] }),
    },
    async (request) => updateCompany(db, realtime, requireAuth(request), request.params.orgId, request.body),
  );
}
