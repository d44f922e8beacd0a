import type { FastifyInstance } from 'fastify';
import { changesAnswerSchema, changesQuerySchema } from '#core/contract/change-feed';
import { type ServerContext, zodRoutes } from '#server/context';
import { guard, requireAuth } from '#server/plugins/auth';
import { pullChanges } from './sync.service.ts';

export function registerSyncRoutes(app: FastifyInstance, { db }: ServerContext) {
  zodRoutes(app).get(
    '/sync/changes',
    {
      schema: { tags: ['sync'], querystring: changesQuerySchema, response: { 200: changesAnswerSchema } },
      onRequest: guard(),
    },
    async (request) => pullChanges(db, requireAuth(request), request.query),
  );
}
