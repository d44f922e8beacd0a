import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { organizationParamsSchema } from '#core/contract/common';
import { throughputRuleSchema, travelTimeEntrySchema, travelTimePairsBodySchema } from '#core/contract/planning';
import { type ServerContext, zodRoutes } from '#server/context';
import { guard, requireAuth } from '#server/plugins/auth';
import { notFound } from '#server/plugins/error-handler';
import { createRoutingProvider } from '#server/providers/routing';
import { listThroughputRules, listTravelTimes, travelTimesFor } from './travel-times.service.ts';

/** Travel times between locations and the throughput rules stop durations are planned with (spec 1 §7). */
export function registerTravelTimeRoutes(app: FastifyInstance, { db, config }: ServerContext) {
  const api = zodRoutes(app);
  const routing = createRoutingProvider(config, app.log);

  api.post(
    '/organizations/:orgId/locations/travel-times',
    {
      schema: {
        tags: ['planning'],
        params: organizationParamsSchema,
        body: travelTimePairsBodySchema,
        response: { 200: z.array(travelTimeEntrySchema) },
      },
      onRequest: guard({ permissions: ['ViewOwningOrders'] }),
    },
    async (request) => {
      const auth = requireAuth(request);
      // Another organization's path answers as if it did not exist.
      if (request.params.orgId !== auth.organizationId) throw notFound('Organization');
      return travelTimesFor(db, routing, auth, request.body);
    },
  );

  api.get(
    '/locations/travel-times',
    {
      schema: { tags: ['planning'], response: { 200: z.array(travelTimeEntrySchema) } },
      onRequest: guard({ permissions: ['ViewOwningOrders'] }),
    },
    async (request) => listTravelTimes(db, requireAuth(request)),
  );

  api.get(
    '/throughput',
    {
      schema: { tags: ['planning'], response: { 200: z.array(throughputRuleSchema) } },
      onRequest: guard({ permissions: ['ViewOwningOrders'] }),
    },
    async (request) => listThroughputRules(db, requireAuth(request)),
  );
}
