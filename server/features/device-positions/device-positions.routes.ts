import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  devicePositionsAnswerSchema,
  devicePositionsBodySchema,
  HISTORY_MAX_ROWS,
  historyRange,
  historyRangeQuerySchema,
  latestPositionsQuerySchema,
  TRACKED_RESOURCE_TYPES,
  type TrackedResourceType,
} from '#core/contract/device-positions';
import { idParamsSchema } from '#core/contract/common';
import { tripEventSchema } from '#core/contract/load-details';
import { deviceLocationEventSchema } from '#core/contract/realtime';
import { serviceAccountSecurity } from '#core/contract/service-accounts';
import { PAGE_RULES, type PageRule } from '#core/domain/access';
import { type ServerContext, zodRoutes } from '#server/context';
import type { Database } from '#server/db/database';
import { guard, requireAuth, requireCaller } from '#server/plugins/auth';
import { HttpError } from '#server/plugins/error-handler';
import { ERROR_CODES } from '#core/contract/errors';
import { assertDeviceRegistered, devicePosterOf, latestPositions } from './device-positions.service.ts';
import { readOsmandRequest } from './osmand.ts';
import { resourceDeviceLocations, resourceTripEvents } from './tracking-history.service.ts';

/**
 * Who reads a driver's, tractor's, trailer's or device's trail and trip events: the viewers of the
 * live map and of the delivery log (loads), on a paid tier with delivery tracking. Spec 1 §6: Freemium
 * does not load live load data or live-map locations, so it is refused (403) like the latest positions.
 */
export const TRACKING_HISTORY_RULE: PageRule = {
  minTier: 'Standard',
  features: ['DeliveryTracking'],
  anyPermission: ['ViewLiveMap', 'ViewOwningOrders'],
};

const OSMAND_DESCRIPTION =
  "The OsmAnd protocol of the Traccar Client phone apps: set the app's server URL to https://<this server>/api/osmand " +
  'and its device identifier to the identifier the device is registered with. One position per request, in the URL query ' +
  '(id or deviceid, lat, lon, timestamp in Unix seconds, milliseconds or ISO 8601, speed in knots, bearing, altitude, ' +
  'accuracy, batt), a form body (Traccar Client 10) or a JSON body (9.x: device_id, location.timestamp, ' +
  'location.coords with speed in m/s). The identifier is the credential: an unknown or disabled device answers 404. ' +
  'A known device is always answered 200, also for a late, resent or invalid position (which is logged, not stored) ' +
  'and for a request without coordinates (a heartbeat or push-token registration).';

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
      // A fleet reports every few seconds: two log lines per request at info would outweigh the fix itself.
      logLevel: 'warn',
      onRequest: guard(),
    },
    async (request) => positions.ingest(devicePosterOf(request), request.body),
  );

  // GET and POST: Traccar reads any method alike, and its apps POST.
  app.register(async (scope) => {
    // Any body type but JSON is read as text (a form): a 415 would block the phone's queue on this position for good.
    scope.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    zodRoutes(scope).route({
      method: ['GET', 'POST'],
      url: '/osmand',
      // A phone app reads only the status of an empty answer: a browser's security headers and the
      // compression check cost a fleet reporting every second a fifth of this route's time, for nothing.
      helmet: false,
      compress: false,
      logLevel: 'warn',
      schema: {
        tags: ['devices'],
        description: OSMAND_DESCRIPTION,
        querystring: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
        security: [],
      },
      handler: async (request, reply) => {
        const report = readOsmandRequest({
          query: request.query,
          body: request.body,
          contentType: request.headers['content-type'],
        });
        // 404, not 200: a phone whose identifier nobody registered must show it is not being tracked; its
        // app keeps resending, which costs one lookup per retry (every 5 s to 5 min), and nothing is stored.
        if (!report.clientId) throw new HttpError(404, ERROR_CODES.notFound, 'No device identifier (id) in the request');
        if (!report.fix) {
          if (report.invalid)
            request.log.warn({ clientId: report.clientId, invalid: report.invalid }, 'osmand: invalid position not stored');
          // A 4xx would block the phone's queue on this record for good: a known device gets 200, nothing is stored.
          await assertDeviceRegistered(db, report.clientId);
          return reply.code(200).send();
        }
        await positions.ingest({ organizationId: null }, [report.fix]);
        return reply.code(200).send();
      },
    });
  });

  for (const type of TRACKED_RESOURCE_TYPES) {
    registerHistoryRead(app, db, type, {
      path: 'devicelocations',
      what: `The positions stored for the ${type} of the organization`,
      answer: z.array(deviceLocationEventSchema),
      read: resourceDeviceLocations,
    });
    registerHistoryRead(app, db, type, {
      path: 'tripevents',
      what: `The trip events of the organization's loads for the ${type}`,
      answer: z.array(tripEventSchema),
      read: resourceTripEvents,
    });
  }

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

/** One history read of a tracked resource: `GET /api/{type}/{id}/{path}` within a range, its tenancy checked by `read`. */
interface HistoryRead<Answer extends z.ZodType> {
  path: 'devicelocations' | 'tripevents';
  /** The description's start: what is answered, for whom. */
  what: string;
  answer: Answer;
  read: (
    db: Database,
    organizationId: number,
    type: TrackedResourceType,
    id: number,
    range: { start: Date; end: Date },
  ) => Promise<z.infer<Answer>>;
}

function registerHistoryRead<Answer extends z.ZodType>(
  app: FastifyInstance,
  db: Database,
  type: TrackedResourceType,
  { path, what, answer, read }: HistoryRead<Answer>,
) {
  // Widened here: the reply's type follows the schema, which the generic leaves unresolved; the pairing
  // of answer and read is checked by HistoryRead where the two reads are declared.
  const answerSchema: z.ZodType = answer;
  const readHistory: HistoryRead<z.ZodType>['read'] = read;
  const range = `within startDate..endDate (UTC ISO; endDate defaults to now, startDate to 24 h before it, at most 31 days), the newest ${HISTORY_MAX_ROWS} oldest first`;
  zodRoutes(app).get(
    `/${type}/:id/${path}`,
    {
      schema: {
        tags: ['devices'],
        description: `${what} ${range}. Another organization's ${type} answers 404.`,
        params: idParamsSchema,
        querystring: historyRangeQuerySchema,
        response: { 200: answerSchema },
      },
      onRequest: guard(TRACKING_HISTORY_RULE),
    },
    async (request) => readHistory(db, requireAuth(request).organizationId, type, request.params.id, historyRange(request.query)),
  );
}
