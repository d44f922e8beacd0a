import type { FastifyInstance } from 'fastify';
import { savedOrderSchema, savedOrdersSchema } from '#core/contract/conflicts';
import {
  createProjectionsBodySchema,
  mergedSourcesQuerySchema,
  mergeOrdersBodySchema,
  orderIdsQuerySchema,
  ordersListBodySchema,
  planningOrdersAnswerSchema,
  unmergeAnswerSchema,
  unmergeOrdersBodySchema,
} from '#core/contract/planning-actions';
import { type ServerContext, zodRoutes } from '#server/context';
import { withWarning, withWarnings } from '#server/features/orders/conflicts.service';
import { guard, requireAuth } from '#server/plugins/auth';
import { createProjections, listMergedSources, mergeOrders, saveOrderList, unmergeOrders } from './planning.service.ts';

/**
 * Planning routes of spec 1 §7 (issue 5). Drafts are the owner's planning material, so none of
 * them is for carriers; each tool answers 403 when the organization lacks its feature.
 */
export function registerPlanningRoutes(app: FastifyInstance, { db, realtime, routing }: ServerContext) {
  const api = zodRoutes(app);

  api.put(
    '/orders',
    {
      schema: { tags: ['planning'], body: ordersListBodySchema, response: { 200: savedOrdersSchema } },
      onRequest: guard({ features: ['Drafts'], permissions: ['EditOrder'], notForCarriers: true }),
      // Each load is saved as PUT /orders/{id} saves it, references included (what it keeps may stay).
      config: { references: 'service' },
    },
    async (request) => {
      const auth = requireAuth(request);
      return withWarnings(db, auth, await saveOrderList(db, realtime, routing, auth, request.body));
    },
  );

  api.post(
    '/orders/merge',
    {
      schema: {
        tags: ['planning'],
        querystring: orderIdsQuerySchema,
        body: mergeOrdersBodySchema,
        response: { 201: savedOrderSchema },
      },
      onRequest: guard({ features: ['Drafts', 'MergeDrafts'], permissions: ['EditOrder', 'CreateOrder'], notForCarriers: true }),
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      return reply
        .code(201)
        .send(await withWarning(db, auth, await mergeOrders(db, realtime, routing, auth, request.query.orderIds, request.body)));
    },
  );

  api.post(
    '/orders/unmerge',
    {
      schema: {
        tags: ['planning'],
        querystring: orderIdsQuerySchema,
        body: unmergeOrdersBodySchema,
        response: { 200: unmergeAnswerSchema },
      },
      onRequest: guard({ features: ['Drafts', 'UnmergeDrafts'], permissions: ['EditOrder'], notForCarriers: true }),
    },
    async (request) => {
      const auth = requireAuth(request);
      const answer = await unmergeOrders(db, realtime, auth, request.query.orderIds, request.body);
      return { ...answer, sources: await withWarnings(db, auth, answer.sources) };
    },
  );

  api.get(
    '/orders/merged-sources',
    {
      schema: { tags: ['planning'], querystring: mergedSourcesQuerySchema, response: { 200: planningOrdersAnswerSchema } },
      onRequest: guard({ features: ['Drafts'], permissions: ['ViewOwningOrders'], notForCarriers: true }),
    },
    async (request) => listMergedSources(db, requireAuth(request), request.query.mergedFromOrderIds),
  );

  api.post(
    '/orders/create-projections',
    {
      schema: { tags: ['planning'], body: createProjectionsBodySchema, response: { 201: savedOrdersSchema } },
      onRequest: guard({ features: ['Drafts'], permissions: ['CreateOrder'], notForCarriers: true }),
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      return reply
        .code(201)
        .send(await withWarnings(db, auth, await createProjections(db, realtime, routing, auth, request.body)));
    },
  );
}
