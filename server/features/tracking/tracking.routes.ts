import type { FastifyInstance } from 'fastify';
import { deviceTripEventsAnswerSchema, deviceTripEventsBodySchema } from '#core/contract/device-positions';
import { serviceAccountSecurity } from '#core/contract/service-accounts';
import { type ServerContext, zodRoutes } from '#server/context';
import { guard } from '#server/plugins/auth';
import { createRoutingProvider } from '#server/providers/routing';
import { devicePosterOf } from '#server/features/device-positions/device-positions.service';
import { createDeviceTripEvents } from './device-trip-events.ts';
import { createLiveTracking } from './live-tracking.ts';

/**
 * Live tracking: derives from every stored fix (geofence visits, trip events, stop progress, load
 * status, the next stop's expected arrival) and tells the ingest which load each device is on. Its
 * one route takes the trip events devices report themselves; every write reaches clients through
 * the change feed and the socket.
 */
export function registerTrackingRoutes(app: FastifyInstance, { db, realtime, positions, config }: ServerContext) {
  const tracking = createLiveTracking(db, realtime, createRoutingProvider(config, app.log), app.log);
  positions.linkLoadsWith(tracking.linkLoads);
  positions.onStored(tracking.onStored, tracking.saveHeldStates);
  const recordDeviceTripEvents = createDeviceTripEvents(db, realtime, tracking);

  zodRoutes(app).post(
    '/devices/tripevents',
    {
      schema: {
        tags: ['devices'],
        description:
          'Stores the trip events registered devices report themselves: TaskCompleted (the driver marked the stop’s task ' +
          'done), ArrivalOverridden (the driver says they are at the stop where the geofence did not see it) and AugerOn ' +
          '(a smart trailer’s auger switched on; the sub-location its position is in is recorded). Each goes on the stop ' +
          'named (of a load the device is on; otherwise 404) or on the device’s current load, and moves the stop as a ' +
          'geofence visit would, by the company’s out-of-sequence settings: Arrived, or Complete with the next stop Enroute; ' +
          'the load goes In Transit, then Delivered. An event resent (the same device, type and time) is answered 200 and ' +
          'kept once. A signed-in person may report only their own phone; a service account any enabled device of its organization.',
        body: deviceTripEventsBodySchema,
        response: { 200: deviceTripEventsAnswerSchema },
        security: serviceAccountSecurity('trip-events:write'),
      },
      onRequest: guard(),
    },
    async (request) => recordDeviceTripEvents(devicePosterOf(request), request.body),
  );
}
