import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idParamsSchema } from '#core/contract/common';
import { savedOrdersSchema } from '#core/contract/conflicts';
import {
  carrierAssignmentsBodySchema,
  deleteOrdersBodySchema,
  driverAssignmentsBodySchema,
  loadCompletionsBodySchema,
} from '#core/contract/load-actions';
import {
  loadTrailParamsSchema,
  loadTrailSchema,
  resourceInfoQuerySchema,
  resourceInfoSchema,
  tripEventSchema,
  tripEventsQuerySchema,
} from '#core/contract/load-details';
import { orderSchema } from '#core/contract/orders';
import { type ServerContext, zodRoutes } from '#server/context';
import { guard, requireAuth } from '#server/plugins/auth';
import {
  assignCarriers,
  assignDrivers,
  completeOrders,
  deleteOrders,
  listTripEvents,
  resourceInfo,
} from './load-actions.service.ts';
import { withWarnings } from './conflicts.service.ts';
import { loadTrail } from './load-trail.service.ts';

const loads = z.array(orderSchema);

/**
 * Per-load actions (spec 1 §7). Carriers may assign their own drivers to loads they transport but
 * never delete, complete, or hand loads on to another carrier. Handing a load to a carrier is an
 * assignment of who supplies the resources, so it needs AssignDrivers, like the driver panel.
 */
export function registerLoadActionRoutes(app: FastifyInstance, { db, realtime }: ServerContext) {
  const api = zodRoutes(app);

  api.delete(
    '/orders',
    {
      schema: { tags: ['orders'], body: deleteOrdersBodySchema, response: { 200: loads } },
      onRequest: guard({ permissions: ['DeleteOrder'], notForCarriers: true }),
    },
    async (request) => deleteOrders(db, realtime, requireAuth(request), request.body),
  );

  api.post(
    '/drivers/assign-orders',
    {
      schema: { tags: ['orders'], body: driverAssignmentsBodySchema, response: { 200: savedOrdersSchema } },
      onRequest: guard({ permissions: ['AssignDrivers'] }),
      // A carried load may keep the other side's tractor or trailer.
      config: { references: 'service' },
    },
    async (request) => {
      const auth = requireAuth(request);
      return withWarnings(db, auth, await assignDrivers(db, realtime, auth, request.body));
    },
  );

  api.post(
    '/carriers/assign-loads',
    {
      schema: { tags: ['orders'], body: carrierAssignmentsBodySchema, response: { 200: savedOrdersSchema } },
      onRequest: guard({ permissions: ['AssignDrivers'], notForCarriers: true }),
      // A carried load may keep the carrier's resources where the relation lets it.
      config: { references: 'service' },
    },
    async (request) => {
      const auth = requireAuth(request);
      return withWarnings(db, auth, await assignCarriers(db, realtime, auth, request.body));
    },
  );

  api.put(
    '/orders/complete',
    {
      schema: { tags: ['orders'], body: loadCompletionsBodySchema, response: { 200: loads } },
      onRequest: guard({ permissions: ['CompleteOrder'], notForCarriers: true }),
    },
    async (request) => completeOrders(db, realtime, requireAuth(request), request.body),
  );

  api.get(
    '/scheduling/resource-info',
    {
      schema: { tags: ['orders'], querystring: resourceInfoQuerySchema, response: { 200: resourceInfoSchema } },
      onRequest: guard({ permissions: ['ViewOwningOrders'] }),
    },
    async (request) => resourceInfo(db, requireAuth(request), request.query.driverIds, request.query.trailerIds),
  );

  api.get(
    '/orders/:id/tripevents',
    {
      schema: {
        tags: ['orders'],
        params: idParamsSchema,
        querystring: tripEventsQuerySchema,
        response: { 200: z.array(tripEventSchema) },
      },
      onRequest: guard({ permissions: ['ViewOwningOrders'] }),
    },
    async (request) => listTripEvents(db, requireAuth(request), request.params.id, request.query),
  );

  api.get(
    '/order/:orderId/devicelocations',
    {
      schema: {
        tags: ['orders'],
        description:
          "The load's device trail, oldest first: its driver's phone and its trailer's device while on it. Live load " +
          'data: not for Freemium. Screens draw only points with accuracy under 100 m.',
        params: loadTrailParamsSchema,
        response: { 200: loadTrailSchema },
      },
      // Whoever opens the delivery log, on a company above Freemium (spec 1 §2: no live load data there).
      onRequest: guard({ permissions: ['ViewOwningOrders'], minTier: 'Standard' }),
    },
    async (request) => loadTrail(db, requireAuth(request), request.params.orderId),
  );
}
