import type { FastifyInstance } from 'fastify';
import { dateRangeQuerySchema } from '#core/contract/common';
import { serviceAccountSecurity } from '#core/contract/service-accounts';
import { loadsSummarySchema, selfSchema } from '#core/contract/user';
import { type ServerContext, zodRoutes } from '#server/context';
import { guard, requireAuth, requireCaller } from '#server/plugins/auth';
import { loadSelf, loadsSummary } from './self.service.ts';

export function registerSelfRoutes(app: FastifyInstance, { db }: ServerContext) {
  const api = zodRoutes(app);

  api.get('/self', { schema: { tags: ['self'], response: { 200: selfSchema } }, onRequest: guard() }, async (request) => {
    const auth = requireAuth(request);
    return loadSelf(db, auth.userId, auth.organizationId);
  });

  api.get(
    '/self/loads-summary',
    {
      schema: {
        tags: ['self'],
        querystring: dateRangeQuerySchema,
        response: { 200: loadsSummarySchema },
        security: serviceAccountSecurity('loads:read', 'loads:write'),
      },
      onRequest: guard({ permissions: ['ViewOwningOrders'] }),
    },
    async (request) => {
      const caller = requireCaller(request);
      return loadsSummary(db, caller.organizationId, new Date(request.query.startDate), new Date(request.query.endDate));
    },
  );
}
