import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  devicePositionsAnswerSchema,
  devicePositionsBodySchema,
  latestPositionsQuerySchema,
} from '#core/contract/device-positions';
import { deviceLocationEventSchema } from '#core/contract/realtime';
import { serviceAccountSecurity } from '#core/contract/service-accounts';
import { PAGE_RULES } from '#core/domain/access';
import { type ServerContext, zodRoutes } from '#server/context';
import { guard, requireCaller } from '#server/plugins/auth';
import { latestPositions } from './device-positions.service.ts';

/** Device positions, the stream kind of data: stored, pushed on the socket, never in the change log. */
export function registerDevicePositionRoutes(app: FastifyInstance, { db, positions }: ServerContext) {
  const api = zodRoutes(app);

  api.post(
    '/devices/positions',
    {
      schema: {
        tags: ['devices'],
        description:
          'Stores fixes of registered devices, oldest first or in any order: a fix already stored (same device and ' +
          'time) is kept once and a late one never moves the latest position back, so a resent backlog is answered ' +
          '200. A signed-in person may report only their own phone; a service account any enabled device of its organization.',
        body: devicePositionsBodySchema,
        response: { 200: devicePositionsAnswerSchema },
        security: serviceAccountSecurity('positions:write'),
      },
      onRequest: guard(),
    },
    async (request) => {
      const caller = requireCaller(request);
      const poster = request.auth
        ? { organizationId: caller.organizationId, userId: request.auth.userId }
        : { organizationId: caller.organizationId };
      return positions.ingest(poster, request.body);
    },
  );

  api.get(
    '/devices/locations/latest',
    {
      schema: {
        tags: ['devices'],
        description: 'The latest position of each device of the organization reported within staleTimeMinutes (default 1440).',
        querystring: latestPositionsQuerySchema,
        response: { 200: z.array(deviceLocationEventSchema) },
      },
      onRequest: guard(PAGE_RULES.liveMap),
    },
    async (request) => {
      const caller = requireCaller(request);
      return latestPositions(db, caller.organizationId, request.query.staleTimeMinutes);
    },
  );
}
