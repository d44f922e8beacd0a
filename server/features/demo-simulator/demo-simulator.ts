import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DevicePositionInput } from '#core/contract/device-positions';
import { decodeFlexiblePolyline } from '#core/domain/geo/flexible-polyline';
import type { LatLng } from '#core/domain/units';
import type { Database } from '#server/db/database';
import { devices, locations, orders, stops, trailers } from '#server/db/schema';
import type { PositionIngest } from '#server/features/device-positions/position-ingest';
import type { RoutingProvider } from '#server/providers/routing';
import { type DemoJourney, demoFixAt, demoJourney } from './demo-journey.ts';

/** A fix per device this often: a phone app set to report every few seconds. */
export const DEMO_SIMULATOR_INTERVAL_MS = 5_000;

export interface DemoSimulator {
  /** Posts one fix for each device of each In Transit load; answers how many fixes it posted. */
  tick(): Promise<number>;
  start(): void;
  /** Stops the timer and waits for a tick under way. */
  stop(): Promise<void>;
}

export interface DemoSimulatorOptions {
  db: Database;
  positions: PositionIngest;
  routing: RoutingProvider;
  /** The demo organizations whose loads move (their transporters' devices report). */
  organizationIds: readonly number[];
  log: Pick<FastifyBaseLogger, 'error' | 'info'>;
  intervalMs?: number;
  now?: () => Date;
}

interface ActiveJourney {
  /** The remaining stops' locations: a change (a stop completed) plans the journey again from there. */
  key: string;
  journey: DemoJourney;
  startedAt: number;
}

interface LoadDevice {
  id: number;
  clientId: string;
  organizationId: number;
}

/**
 * The demo simulator (`DEMO_SIMULATOR`, on by default with the demo data): every few seconds it
 * drives the devices of the demo's In Transit loads (the driver's phone, the trailer's smart device)
 * along the routed path through the load's remaining stops, from the last completed one, and posts
 * their fixes through the one ingest a real phone uses, so the live map moves and live tracking
 * derives stop progress from them as from any device. A journey is planned when a load is first seen
 * or its remaining stops change, from when its last completed stop was completed, and starts again
 * after its last stop while the load is In Transit.
 */
export function createDemoSimulator(options: DemoSimulatorOptions): DemoSimulator {
  const { db, positions, routing, log, organizationIds } = options;
  const now = options.now ?? (() => new Date());
  const journeys = new Map<number, ActiveJourney>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;

  async function inTransitLoads() {
    if (organizationIds.length === 0) return [];
    const loads = await db
      .select({ id: orders.id, driverId: orders.transportedByUserId, trailerId: orders.trailerId })
      .from(orders)
      .where(
        and(inArray(orders.organizationId, [...organizationIds]), eq(orders.status, 'In Transit'), eq(orders.isDraft, false)),
      )
      .orderBy(asc(orders.id));
    if (loads.length === 0) return [];
    const loadIds = loads.map((load) => load.id);
    const stopRows = await db
      .select({
        orderId: stops.orderId,
        status: stops.status,
        completedAt: stops.completedAt,
        locationId: stops.locationId,
        geofence: locations.geofence,
      })
      .from(stops)
      .leftJoin(locations, eq(locations.id, stops.locationId))
      .where(inArray(stops.orderId, loadIds))
      .orderBy(asc(stops.orderId), asc(stops.sequence));
    const driverIds = loads.flatMap((load) => (load.driverId === null ? [] : [load.driverId]));
    const trailerIds = loads.flatMap((load) => (load.trailerId === null ? [] : [load.trailerId]));
    const phones = driverIds.length
      ? await db
          .select({
            id: devices.id,
            clientId: devices.clientId,
            organizationId: devices.organizationId,
            driverUserId: devices.driverUserId,
          })
          .from(devices)
          .where(and(inArray(devices.driverUserId, driverIds), eq(devices.kind, 'phone'), eq(devices.enabled, true)))
      : [];
    const trailerDevices = trailerIds.length
      ? await db
          .select({
            id: devices.id,
            clientId: devices.clientId,
            organizationId: devices.organizationId,
            trailerId: trailers.id,
          })
          .from(trailers)
          .innerJoin(devices, eq(devices.id, trailers.deviceId))
          .where(and(inArray(trailers.id, trailerIds), eq(devices.enabled, true)))
      : [];
    return loads.map((load) => ({
      id: load.id,
      stops: stopRows.filter((row) => row.orderId === load.id),
      devices: [
        ...phones.filter((phone) => phone.driverUserId === load.driverId),
        ...trailerDevices.filter((device) => device.trailerId === load.trailerId),
      ] satisfies LoadDevice[],
    }));
  }

  async function planJourney(stopPoints: readonly LatLng[]): Promise<DemoJourney> {
    const route = await routing.routeGeometry({ points: [...stopPoints], avoid: [] });
    const path = decodeFlexiblePolyline(route.polyline);
    return demoJourney(path.length ? path : stopPoints, stopPoints.slice(1));
  }

  async function tick(): Promise<number> {
    const at = now();
    const loads = await inTransitLoads();
    const seen = new Set<number>();
    const fixesByOrganization = new Map<number, DevicePositionInput[]>();
    for (const load of loads) {
      if (load.devices.length === 0) continue;
      // From the last completed stop (where the truck is) through the stops still ahead.
      const lastComplete = load.stops.findLastIndex((stop) => stop.status === 'Complete');
      const remaining = load.stops.slice(Math.max(lastComplete, 0)).filter((stop) => stop.geofence !== null);
      if (remaining.length < 2) continue;
      seen.add(load.id);
      const key = remaining.map((stop) => stop.locationId).join(',');
      let active = journeys.get(load.id);
      if (!active || active.key !== key) {
        const points = remaining.map((stop) => ({
          latitude: stop.geofence!.latitude,
          longitude: stop.geofence!.longitude,
        }));
        // The journey left the last stop when that stop was completed, so a restarted server finds each
        // truck where it was heading (the journey repeats); a completion still ahead (a load planned
        // later in the week) starts it now.
        const leftAt = load.stops[lastComplete]?.completedAt?.getTime();
        const startedAt = leftAt !== undefined && leftAt <= at.getTime() ? leftAt : at.getTime();
        active = { key, journey: await planJourney(points), startedAt };
        journeys.set(load.id, active);
      }
      const elapsedSeconds = (at.getTime() - active.startedAt) / 1000;
      for (const device of load.devices) {
        const fix = demoFixAt(active.journey, elapsedSeconds, device.id);
        const list = fixesByOrganization.get(device.organizationId) ?? [];
        list.push({ clientId: device.clientId, ...fix, timestamp: at.toISOString() });
        fixesByOrganization.set(device.organizationId, list);
      }
    }
    for (const id of journeys.keys()) if (!seen.has(id)) journeys.delete(id);
    let posted = 0;
    // Posted as each organization's own gateway would: any enabled device of the organization.
    for (const [organizationId, fixes] of fixesByOrganization) {
      await positions.ingest({ organizationId }, fixes);
      posted += fixes.length;
    }
    return posted;
  }

  return {
    tick,
    start() {
      if (timer) return;
      log.info({ organizations: organizationIds.length }, 'demo simulator: driving the In Transit loads');
      timer = setInterval(() => {
        // A slow tick (a cold routing engine) is not stacked under the next one.
        if (running) return;
        running = tick()
          .catch((error: unknown) => {
            log.error({ err: error }, 'demo simulator: a tick failed');
            return 0;
          })
          .finally(() => {
            running = undefined;
          });
      }, options.intervalMs ?? DEMO_SIMULATOR_INTERVAL_MS);
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
