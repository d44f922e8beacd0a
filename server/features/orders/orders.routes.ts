import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { idParamsSchema } from '#core/contract/common';
import { savedOrderSchema } from '#core/contract/conflicts';
import { orderInputSchema, orderSchema, ordersQuerySchema, orderUpdateSchema } from '#core/contract/orders';
import { ERROR_CODES } from '#core/contract/errors';
import { SESSION_OR_SERVICE_ACCOUNT } from '#core/contract/service-accounts';
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

export function registerOrderRoutes(app: FastifyInstance, { db, realtime }: ServerContext) {
  registerFeedLoader('order', loadOrdersByIds);
  const api = zodRoutes(app);

  api.get(
    '/self/orders',
    {
      schema: {
        tags: ['orders'],
        querystring: ordersQuerySchema,
        response: { 200: z.array(orderSchema) },
        security: SESSION_OR_SERVICE_ACCOUNT,
      },
      onRequest: guard({ permissions: ['ViewOwningOrders'] }),
    },
    // PostgreSQL writes the JSON (orders-json.ts); it is streamed as it is, not serialized again.
    // Service accounts read it too (SERVICE_ACCOUNT_PERMISSIONS).
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
      schema: { tags: ['orders'], body: orderInputSchema, response: { 201: savedOrderSchema } },
      onRequest: guard({ permissions: ['CreateOrder'], notForCarriers: true }),
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      return reply.code(201).send(await withWarning(db, auth, await createOrder(db, realtime, auth, request.body)));
    },
  );

  api.put(
    '/orders/:id',
    {
      schema: { tags: ['orders'], params: idParamsSchema, body: orderUpdateSchema, response: { 200: savedOrderSchema } },
      onRequest: guard({ permissions: ['EditOrder'] }),
      // The load may keep another organization's driver or (for its carrier) the owner's stops.
      config: { references: 'service' },
    },
    async (request) => {
      const version = baseVersion(request.body.version, request.headers['if-match']);
      const auth = requireAuth(request);
      return withWarning(db, auth, await updateOrder(db, realtime, auth, request.params.id, request.body, version));
    },
  );
}
