import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { idParamsSchema } from '#core/contract/common';
import { savedOrderSchema } from '#core/contract/conflicts';
import { orderInputSchema, orderSchema, ordersQuerySchema, orderUpdateSchema } from '#core/contract/orders';
import { ERROR_CODES } from '#core/contract/errors';
import { serviceAccountSecurity } from '#core/contract/service-accounts';
import { type ServerContext, zodRoutes } from '#server/context';
import { guard, requireAuth, requireCaller } from '#server/plugins/auth';
import { HttpError } from '#server/plugins/error-handler';
import { withWarning } from './conflicts.service.ts';
import { createOrder, loadOrdersByIds, streamOrderList, updateOrder } from './orders.service.ts';
import { registerFeedLoader } from '#server/features/sync/feed-loaders';

/** The version an update is based on: the body's `version`, else an `If-Match: "<version>"` header. */
function baseVersion(bodyVersion: number | undefined, ifMatch: string | undefined) {
  const fromHeader = ifMatch ? Number(ifMatch.replace(/^W\//, '').replaceAll('"', '')) : Number.NaN;
  const version = bodyVersion ?? (Number.isInteger(fromHeader) ? fromHeader : undefined);
  if (version === undefined) {
    throw new HttpError(400, ERROR_CODES.badRequest, 'Invalid body.version', {
      issues: [{ path: 'body.version', message: 'the base version is required (body.version or If-Match)' }],
    });
  }
  return version;
}

/**
 * Sends JSON text as it streams from PostgreSQL: Fastify serializes only objects, so the route's
 * response schema stays the documented contract while the stored documents are not parsed and
 * written again.
 */
function sendJsonStream(reply: FastifyReply, json: Readable) {
  return reply.type('application/json; charset=utf-8').send(json as never);
}

export function registerOrderRoutes(app: FastifyInstance, { db, realtime, routing }: ServerContext) {
  registerFeedLoader('order', loadOrdersByIds);
  const api = zodRoutes(app);

  api.get(
    '/self/orders',
    {
      schema: {
        tags: ['orders'],
        querystring: ordersQuerySchema,
        response: { 200: z.array(orderSchema) },
        security: serviceAccountSecurity('loads:read', 'loads:write'),
      },
      onRequest: guard({ permissions: ['ViewOwningOrders'] }),
    },
    // PostgreSQL writes the JSON (orders-json.ts); it is streamed as it is, not serialized again.
    async (request, reply) =>
      sendJsonStream(reply, await streamOrderList(db, requireCaller(request), { isDraft: false, ...request.query })),
  );

  api.get(
    '/self/drafts',
    {
      schema: { tags: ['orders'], response: { 200: z.array(orderSchema) } },
      onRequest: guard({ features: ['Drafts'], permissions: ['EditOrder', 'ViewOwningOrders'], notForCarriers: true }),
    },
    async (request, reply) => sendJsonStream(reply, await streamOrderList(db, requireAuth(request), { isDraft: true })),
  );

  api.post(
    '/orders',
    {
      schema: {
        tags: ['orders'],
        description:
          "Creates a load (201). A service account's load is also idempotent by its own reference: when a stop " +
          'carries a customerOrderNumber that a load of the organization already carries, that load is answered ' +
          '(200, with its warnings) and nothing is created. Send an Idempotency-Key too, so a retry replays the first answer.',
        body: orderInputSchema,
        response: { 200: savedOrderSchema, 201: savedOrderSchema },
        security: serviceAccountSecurity('loads:write'),
      },
      onRequest: guard({ permissions: ['CreateOrder'], notForCarriers: true }),
    },
    async (request, reply) => {
      const caller = requireCaller(request);
      // People keep creating freely: two loads may carry one customer order number on purpose.
      const { order, created } = await createOrder(db, realtime, routing, caller, request.body, {
        reuseByCustomerOrderNumber: request.serviceAccount !== null,
      });
      return reply.code(created ? 201 : 200).send(await withWarning(db, caller, order));
    },
  );

  api.put(
    '/orders/:id',
    {
      schema: {
        tags: ['orders'],
        params: idParamsSchema,
        body: orderUpdateSchema,
        response: { 200: savedOrderSchema },
        security: serviceAccountSecurity('loads:write'),
      },
      onRequest: guard({ permissions: ['EditOrder'] }),
      // The load may keep another organization's driver or (for its carrier) the owner's stops.
      config: { references: 'service' },
    },
    async (request) => {
      const version = baseVersion(request.body.version, request.headers['if-match']);
      const caller = requireCaller(request);
      return withWarning(db, caller, await updateOrder(db, realtime, routing, caller, request.params.id, request.body, version));
    },
  );
}
