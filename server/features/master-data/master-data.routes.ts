import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { okSchema, organizationParamsSchema } from '#core/contract/common';
import {
  DOWNTIME_COLLECTIONS,
  DOWNTIME_RESOURCE_TYPES,
  downtimeCollectionParamsSchema,
  downtimeInputSchema,
  downtimeQuerySchema,
  downtimeRecordParamsSchema,
  downtimeSchema,
  downtimeUpdateSchema,
} from '#core/contract/master-data';
import type { PageRule } from '#core/domain/access';
import { type ServerContext, zodRoutes } from '#server/context';
import { guard, requireAuth } from '#server/plugins/auth';
import { customerStore } from './customers.service.ts';
import { writableResource } from '#core/resources/resource-list';
import { registerResourceRoutes } from '#server/resources/resource-routes';
import { createDowntime, deleteDowntime, listDowntimes, listDowntimesFrom, updateDowntime } from './downtime.service.ts';
import { registerUse } from '#server/resources/uses';
import { tractorStore, trailerStore, trailersNamingDevice } from './equipment.service.ts';
import { fromList, registerFeedLoader } from '#server/features/sync/feed-loaders';

const tags = ['master data'];
/** Downtime needs the downtime permission and sight of the resource's list. */
const DOWNTIME_RULES = {
  tractor: { permissions: ['ManageDowntime', 'ViewTractors'] },
  trailer: { permissions: ['ManageDowntime', 'ViewTrailers'] },
  driver: { permissions: ['ManageDowntime', 'ViewUsers'] },
} as const satisfies Record<(typeof DOWNTIME_RESOURCE_TYPES)[number], PageRule>;

/**
 * Master-data writes of spec 2 §7 under `/organizations/{orgId}/…`: tractors, trailers and customers
 * through the record routes (server/resources), the downtime of tractors, trailers and drivers, and
 * the organization's downtime list. Each write is recorded in the change feed in its transaction.
 */
export function registerMasterDataRoutes(app: FastifyInstance, context: ServerContext) {
  const { db, realtime } = context;
  registerFeedLoader('downtime', fromList(listDowntimes));
  const api = zodRoutes(app);
  const base = '/organizations/:orgId';

  registerResourceRoutes(app, context, writableResource('tractors'), tractorStore);
  registerResourceRoutes(app, context, writableResource('trailers'), trailerStore);
  registerUse('device', 'trailer', trailersNamingDevice);
  registerResourceRoutes(app, context, writableResource('customers'), customerStore);

  for (const type of DOWNTIME_RESOURCE_TYPES) {
    const collection = `${base}/${DOWNTIME_COLLECTIONS[type]}/:resourceId/downtime`;
    const onRequest = guard(DOWNTIME_RULES[type]);
    const target = (params: { orgId: number; resourceId: number }) => ({
      orgId: params.orgId,
      type,
      resourceId: params.resourceId,
    });
    api.post(
      collection,
      {
        schema: { tags, params: downtimeCollectionParamsSchema, body: downtimeInputSchema, response: { 201: downtimeSchema } },
        onRequest,
      },
      async (request, reply) =>
        reply.code(201).send(await createDowntime(db, realtime, requireAuth(request), target(request.params), request.body)),
    );
    api.put(
      `${collection}/:id`,
      {
        schema: { tags, params: downtimeRecordParamsSchema, body: downtimeUpdateSchema, response: { 200: downtimeSchema } },
        onRequest,
      },
      async (request) =>
        updateDowntime(db, realtime, requireAuth(request), target(request.params), request.params.id, request.body),
    );
    api.delete(
      `${collection}/:id`,
      { schema: { tags, params: downtimeRecordParamsSchema, response: { 200: okSchema } }, onRequest },
      async (request) => {
        await deleteDowntime(db, realtime, requireAuth(request), target(request.params), request.params.id);
        return { ok: true as const };
      },
    );
  }

  api.get(
    `${base}/downtime`,
    {
      schema: {
        tags,
        params: organizationParamsSchema,
        querystring: downtimeQuerySchema,
        response: { 200: z.array(downtimeSchema) },
      },
      // Dispatchers see who is down when assigning; administrators manage it.
      onRequest: guard({ anyPermission: ['ViewOwningOrders', 'ManageDowntime'] }),
    },
    async (request) => listDowntimesFrom(db, requireAuth(request), request.params.orgId, request.query.startDate),
  );
}
