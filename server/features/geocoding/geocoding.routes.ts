import type { FastifyInstance } from 'fastify';
import { geocodeAnswerSchema, geocodeQuerySchema } from '#core/contract/routing';
import type { PageRule } from '#core/domain/access';
import { type ServerContext, zodRoutes } from '#server/context';
import { guard, requireAuth } from '#server/plugins/auth';
import { createGeocodingProvider } from '#server/providers/geocoding';
import { geocodeForOrganization } from './geocoding.service.ts';

/** The location form and the avoidance-zone form place things by address. */
export const GEOCODE_RULE: PageRule = { anyPermission: ['ViewLocations', 'ViewAvoidanceZones'] };

/** `GET /locations/geocode?q` (spec 1 §7): a position, or null (200) when nothing was found. */
export function registerGeocodingRoutes(app: FastifyInstance, { db, config }: ServerContext) {
  const api = zodRoutes(app);
  // One per server: the configured geocoder's one-request-a-second queue and cache are the whole server's.
  const geocoder = createGeocodingProvider(config, app.log);

  api.get(
    '/locations/geocode',
    {
      schema: {
        tags: ['locations'],
        summary: "An address's position: the organization's own locations first, then the geocoder; null when nothing matched",
        querystring: geocodeQuerySchema,
        response: { 200: geocodeAnswerSchema },
      },
      onRequest: guard(GEOCODE_RULE),
    },
    async (request) => {
      const auth = requireAuth(request);
      return geocodeForOrganization(db, geocoder, auth.organizationId, request.query.q);
    },
  );
}
