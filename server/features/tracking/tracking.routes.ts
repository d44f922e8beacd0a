import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '#server/context';
import { createRoutingProvider } from '#server/providers/routing';
import { createLiveTracking } from './live-tracking.ts';

/**
 * Live tracking: derives from every stored fix (geofence visits, trip events, stop progress, load
 * status, the next stop's expected arrival) and tells the ingest which load each device is on. No
 * routes of its own: its writes reach clients through the change feed and the socket.
 */
export function registerTrackingRoutes(app: FastifyInstance, { db, realtime, positions, config }: ServerContext) {
  const tracking = createLiveTracking(db, realtime, createRoutingProvider(config, app.log), app.log);
  positions.linkLoadsWith(tracking.linkLoads);
  positions.onStored(tracking.onStored);
}
