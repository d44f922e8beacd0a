import type { FastifyInstance } from 'fastify';
import { okSchema, organizationParamsSchema } from '#core/contract/common';
import { organizationRecordParamsSchema } from '#core/contract/master-data';
import {
  notificationConfigInputSchema,
  notificationConfigRecordSchema,
  notificationConfigUpdateSchema,
} from '#core/contract/notification-configs';
import { PAGE_RULES } from '#core/domain/access';
import { type ServerContext, zodRoutes } from '#server/context';
import { guard, requireAuth } from '#server/plugins/auth';
import {
  createNotificationConfig,
  deleteNotificationConfig,
  updateNotificationConfig,
  visibleNotificationConfigs,
} from './notification-configs.service.ts';
import { registerFeedLoader } from '#server/features/sync/feed-loaders';

const tags = ['notification-configs'];

/**
 * Notification configuration writes of spec 2 §7 under `/organizations/{orgId}/notification-configs`,
 * guarded like their page (ViewNotificationConfigs and EditCompany, not for carriers); each is
 * recorded in the change feed in its transaction.
 */
export function registerNotificationConfigRoutes(app: FastifyInstance, { db, realtime }: ServerContext) {
  registerFeedLoader('notificationConfig', visibleNotificationConfigs);
  const api = zodRoutes(app);
  const base = '/organizations/:orgId/notification-configs';
  const onRequest = guard(PAGE_RULES['admin.notificationConfigs']);

  api.post(
    base,
    {
      schema: {
        tags,
        params: organizationParamsSchema,
        body: notificationConfigInputSchema,
        response: { 201: notificationConfigRecordSchema },
      },
      onRequest,
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await createNotificationConfig(db, realtime, requireAuth(request), request.params.orgId, request.body)),
  );
  api.put(
    `${base}/:id`,
    {
      schema: {
        tags,
        params: organizationRecordParamsSchema,
        body: notificationConfigUpdateSchema,
        response: { 200: notificationConfigRecordSchema },
      },
      onRequest,
    },
    async (request) =>
      updateNotificationConfig(db, realtime, requireAuth(request), request.params.orgId, request.params.id, request.body),
  );
  api.delete(
    `${base}/:id`,
    { schema: { tags, params: organizationRecordParamsSchema, response: { 200: okSchema } }, onRequest },
    async (request) => {
      await deleteNotificationConfig(db, realtime, requireAuth(request), request.params.orgId, request.params.id);
      return { ok: true as const };
    },
  );
}
