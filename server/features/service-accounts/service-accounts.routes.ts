import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { okSchema, organizationParamsSchema } from '#core/contract/common';
import { organizationRecordParamsSchema } from '#core/contract/master-data';
import { createdServiceAccountSchema, serviceAccountInputSchema, serviceAccountSchema } from '#core/contract/service-accounts';
import type { PageRule, PermissionName } from '#core/domain/access';
import { type ServerContext, zodRoutes } from '#server/context';
import { guard, requireAuth } from '#server/plugins/auth';
import { createServiceAccount, listServiceAccounts, revokeServiceAccount } from './service-accounts.service.ts';

const tags = ['service accounts'];
/** Service accounts exist with the ServerAPI feature (spec 2 §2); each action has its permission (§6). */
const serviceAccountRule = (permission: PermissionName): PageRule => ({ features: ['ServerAPI'], permissions: [permission] });

/** `/organizations/{orgId}/service-users` (spec 2 §7): list, create (the secret answered once), revoke. */
export function registerServiceAccountRoutes(app: FastifyInstance, { db }: ServerContext) {
  const api = zodRoutes(app);
  const collection = '/organizations/:orgId/service-users';

  api.get(
    collection,
    {
      schema: { tags, params: organizationParamsSchema, response: { 200: z.array(serviceAccountSchema) } },
      onRequest: guard(serviceAccountRule('ViewServiceUser')),
    },
    async (request) => listServiceAccounts(db, requireAuth(request), request.params.orgId),
  );
  api.post(
    collection,
    {
      schema: {
        tags,
        params: organizationParamsSchema,
        body: serviceAccountInputSchema,
        response: { 201: createdServiceAccountSchema },
      },
      onRequest: guard(serviceAccountRule('CreateServiceUser')),
    },
    async (request, reply) =>
      reply.code(201).send(await createServiceAccount(db, requireAuth(request), request.params.orgId, request.body)),
  );
  api.delete(
    `${collection}/:id`,
    {
      schema: { tags, params: organizationRecordParamsSchema, response: { 200: okSchema } },
      onRequest: guard(serviceAccountRule('DeleteServiceUser')),
    },
    async (request) => {
      await revokeServiceAccount(db, requireAuth(request), request.params.orgId, request.params.id);
      return { ok: true as const };
    },
  );
}
