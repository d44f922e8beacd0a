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
  organizationRecordParamsSchema,
  tractorInputSchema,
  tractorSchema,
  tractorUpdateSchema,
  trailerInputSchema,
  trailerSchema,
  trailerUpdateSchema,
} from '#core/contract/master-data';
import type { PageRule } from '#core/domain/access';
import { type ServerContext, zodRoutes } from '#server/context';
import { guard, requireAuth } from '#server/plugins/auth';
import { customerStore } from './customers.service.ts';
import { writableResource } from '#core/resources/resource-list';
import { registerResourceRoutes } from '#server/resources/resource-routes';
import { createDowntime, deleteDowntime, listDowntimes, listDowntimesFrom, updateDowntime } from './downtime.service.ts';
import { createTractor, createTrailer, deleteTractor, deleteTrailer, updateTractor, updateTrailer } from './equipment.service.ts';
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
 * (create, update with its base version, delete), the downtime of tractors, trailers and drivers, and
 * the organization's downtime list. Each write is recorded in the change feed in its transaction.
 */
export function registerMasterDataRoutes(app: FastifyInstance, context: ServerContext) {
  const { db, realtime } = context;
  registerFeedLoader('downtime', fromList(listDowntimes));
  const api = zodRoutes(app);
  const base = '/organizations/:orgId';

  api.post(
    `${base}/tractors`,
    {
      schema: { tags, params: organizationParamsSchema, body: tractorInputSchema, response: { 201: tractorSchema } },
      onRequest: guard({ permissions: ['CreateTractors'] }),
    },
    async (request, reply) =>
      reply.code(201).send(await createTractor(db, realtime, requireAuth(request), request.params.orgId, request.body)),
  );
  api.put(
    `${base}/tractors/:id`,
    {
      schema: { tags, params: organizationRecordParamsSchema, body: tractorUpdateSchema, response: { 200: tractorSchema } },
      onRequest: guard({ permissions: ['EditTractors'] }),
    },
    async (request) => updateTractor(db, realtime, requireAuth(request), request.params.orgId, request.params.id, request.body),
  );
  api.delete(
    `${base}/tractors/:id`,
    {
      schema: { tags, params: organizationRecordParamsSchema, response: { 200: okSchema } },
      onRequest: guard({ permissions: ['DeleteTractors'] }),
    },
    async (request) => {
      await deleteTractor(db, realtime, requireAuth(request), request.params.orgId, request.params.id);
      return { ok: true as const };
    },
  );

  api.post(
    `${base}/trailers`,
    {
      schema: { tags, params: organizationParamsSchema, body: trailerInputSchema, response: { 201: trailerSchema } },
      onRequest: guard({ permissions: ['CreateTrailers'] }),
    },
    async (request, reply) =>
      reply.code(201).send(await createTrailer(db, realtime, requireAuth(request), request.params.orgId, request.body)),
  );
  api.put(
    `${base}/trailers/:id`,
    {
      schema: { tags, params: organizationRecordParamsSchema, body: trailerUpdateSchema, response: { 200: trailerSchema } },
      onRequest: guard({ permissions: ['EditTrailers'] }),
    },
    async (request) => updateTrailer(db, realtime, requireAuth(request), request.params.orgId, request.params.id, request.body),
  );
  api.delete(
    `${base}/trailers/:id`,
    {
      schema: { tags, params: organizationRecordParamsSchema, response: { 200: okSchema } },
      onRequest: guard({ permissions: ['DeleteTrailers'] }),
    },
    async (request) => {
      await deleteTrailer(db, realtime, requireAuth(request), request.params.orgId, request.params.id);
      return { ok: true as const };
    },
  );

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
