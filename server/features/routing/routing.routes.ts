import type { FastifyInstance } from 'fastify';
import { matchAnswerSchema, matchRequestSchema, routeAnswerSchema, routeRequestSchema } from '#core/contract/routing';
import { PAGE_RULES, type PageRule } from '#core/domain/access';
import { type ServerContext, zodRoutes } from '#server/context';
import { guard, requireAuth } from '#server/plugins/auth';
import { createRoutingProvider } from '#server/providers/routing';
import { avoidanceZoneBoxes, matchTrace, routeThrough } from './routing.service.ts';

/**
 * Who may route: the load form's map (viewing loads) and the administration's standard routes
 * and avoidance zones (administration).
 */
export const ROUTE_RULE: PageRule = { anyPermission: ['ViewOwningOrders', 'AccessAdministration'] };

/** Route geometry through the routing provider (spec 1 §7) and map matching for the map helper (spec 3 §2). */
export function registerRoutingRoutes(app: FastifyInstance, { config, db }: ServerContext) {
  const api = zodRoutes(app);
  const routing = createRoutingProvider(config, app.log);

  api.post(
    '/routing/routes',
    {
      schema: {
        tags: ['routing'],
        summary: 'The route through ordered positions (via points pass through), avoiding the given boxes where the engine can',
        body: routeRequestSchema,
        response: { 200: routeAnswerSchema },
      },
      onRequest: guard(ROUTE_RULE),
    },
    async (request) => {
      const auth = requireAuth(request);
      const zones = await avoidanceZoneBoxes(db, auth.organizationId, request.body.truck);
      return routeThrough(routing, { points: request.body.points, avoid: [...request.body.avoid, ...zones] });
    },
  );

  api.post(
    '/routing/match',
    {
      schema: {
        tags: ['routing'],
        summary: 'The roads a trace of positions followed (map matching), with notices',
        body: matchRequestSchema,
        response: { 200: matchAnswerSchema },
      },
      onRequest: guard(PAGE_RULES.mapHelpers),
    },
    async (request) => {
      requireAuth(request);
      return matchTrace(routing, request.body.points);
    },
  );
}
