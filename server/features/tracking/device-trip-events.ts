import { asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type DeviceTripEventsAnswer,
  type deviceTripEventInputSchema,
  POSITION_FUTURE_SKEW_MS,
} from '#core/contract/device-positions';
import { ERROR_CODES } from '#core/contract/errors';
import { geofenceContains } from '#core/domain/geo/geofence';
import { type ProgressStop, progressStopsByReport, reportedStop, stopAtSite } from '#core/domain/tracking/stop-progress';
import type { Database } from '#server/db/database';
import { orders, stops, tripEvents } from '#server/db/schema';
import { type EnabledDevice, readEnabledDevices } from '#server/features/device-positions/device-directory';
import type { LiveTracking } from '#server/features/tracking/live-tracking';
import { badRequest, HttpError } from '#server/plugins/error-handler';
import type { RealtimePublisher } from '#server/plugins/realtime';
import type { GeofenceIndex } from './geofence-index.ts';
import {
  announceLoadWrites,
  type LoadWrite,
  progressOf,
  stopStartedEvents,
  type TripEventRow,
  writeStopProgress,
} from './trip-events.ts';

type DeviceTripEvent = z.output<typeof deviceTripEventInputSchema>;

/** Who posts: a service account (any enabled device of its organization) or a person (their own phone only). */
export interface TripEventPoster {
  organizationId: number;
  userId?: number;
}

/** One event with its device and the load it goes on. */
interface Placed {
  event: DeviceTripEvent;
  device: EnabledDevice;
}

/**
 * Trip events a device reports (`POST /api/devices/tripevents`): each stored once (a resend of the
 * same device, type and time is answered as already stored), on the stop it names or on the
 * device's current load as its positions are, and applied to the load's stop progress by the same
 * rules and out-of-sequence settings as a geofence visit (core/domain/tracking/stop-progress.ts),
 * the load's status following, through the change log and the socket.
 */
export function createDeviceTripEvents(db: Database, realtime: RealtimePublisher, tracking: LiveTracking) {
  /** The devices named, each the poster's to report (as for positions): otherwise 404 naming them. */
  async function devicesOf(poster: TripEventPoster, events: readonly DeviceTripEvent[]) {
    const named = [...new Set(events.map((event) => event.clientId))];
    const known = new Map(
      (await readEnabledDevices(db, named)).map(({ horizon: _horizon, ...device }) => [device.clientId, device]),
    );
    const own = (device: EnabledDevice | undefined): device is EnabledDevice =>
      !!device &&
      device.organizationId === poster.organizationId &&
      (poster.userId === undefined || device.driverUserId === poster.userId);
    const unknown = named.filter((clientId) => !own(known.get(clientId)));
    if (unknown.length) {
      throw new HttpError(
        404,
        ERROR_CODES.notFound,
        `No enabled device of your organization is registered as ${unknown.join(', ')}`,
      );
    }
    return known;
  }

  /**
   * The load of each event: the one of the stop it names, which must be a load of the organization
   * the device is on (its driver's, or its trailer's; otherwise 404), else the device's current load.
   */
  async function loadsOf(organizationId: number, placed: readonly Placed[]) {
    const named = [...new Set(placed.flatMap(({ event }) => (event.stopId === null ? [] : [event.stopId])))];
    const stopLoads = named.length
      ? await db
          .select({
            stopId: stops.id,
            orderId: orders.id,
            organizationId: orders.transportingOrganizationId,
            isDraft: orders.isDraft,
            driverId: orders.transportedByUserId,
            trailerId: orders.trailerId,
          })
          .from(stops)
          .innerJoin(orders, eq(orders.id, stops.orderId))
          .where(inArray(stops.id, named))
      : [];
    const byStop = new Map(stopLoads.map((row) => [row.stopId, row]));
    const unplaced = new Map(placed.filter(({ event }) => event.stopId === null).map(({ device }) => [device.id, device]));
    const current = unplaced.size ? await tracking.linkLoads(organizationId, [...unplaced.values()]) : new Map();
    const notTheirs: string[] = [];
    const orderIds = placed.map(({ event, device }, index) => {
      if (event.stopId === null) return current.get(device.id)?.orderId ?? null;
      const row = byStop.get(event.stopId);
      const onIt =
        row &&
        row.organizationId === organizationId &&
        !row.isDraft &&
        (device.kind === 'phone' ? row.driverId === device.driverUserId : row.trailerId === device.trailerId);
      if (!onIt) notTheirs.push(`body.${index}.stopId`);
      return row?.orderId ?? null;
    });
    if (notTheirs.length) {
      throw new HttpError(404, ERROR_CODES.notFound, `No stop of a load the device is on: ${notTheirs.join(', ')}`);
    }
    return orderIds;
  }

  /** The events of one load, in time order, in one transaction: stored once each, then applied to its stops. */
  async function applyToLoad(
    orderId: number,
    placed: readonly Placed[],
    organization: { fences: GeofenceIndex; settings: Parameters<typeof progressStopsByReport>[2] },
  ) {
    return db.transaction(async (tx) => {
      const [load] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
      if (!load) return { stored: 0, alreadyStored: 0, withoutLoad: placed.length, write: null };
      const stopRows = await tx.select().from(stops).where(eq(stops.orderId, orderId)).orderBy(asc(stops.sequence));
      const before: ProgressStop[] = progressOf(stopRows);
      // A delivered or merged load keeps its stops; what its devices report late is still kept.
      const progresses = load.status !== 'Delivered' && load.status !== 'Merged';
      let progress = before;
      let stored = 0;
      let alreadyStored = 0;
      let changedByUserId: number | null = null;
      for (const { event, device } of placed.toSorted((a, b) => Date.parse(a.event.timestamp) - Date.parse(b.event.timestamp))) {
        const time = new Date(event.timestamp);
        const base = {
          organizationId: load.transportingOrganizationId,
          orderId,
          timestamp: time,
          latitude: event.latitude,
          longitude: event.longitude,
          accuracy: event.accuracy,
          userId: device.kind === 'phone' ? device.driverUserId : null,
        };
        const row = eventRow(event, base, device, progress, stopRows, organization.fences);
        const [inserted] = await tx.insert(tripEvents).values(row).onConflictDoNothing().returning({ id: tripEvents.id });
        if (!inserted) {
          alreadyStored += 1;
          continue;
        }
        stored += 1;
        if (!progresses || event.type === 'AugerOn' || row.stopId === null || row.stopId === undefined) continue;
        const after = progressStopsByReport(
          progress,
          { type: event.type, stopId: row.stopId, time: time.toISOString() },
          organization.settings,
        );
        const started = stopStartedEvents(progress, after, base);
        if (started.length) await tx.insert(tripEvents).values(started);
        if (after.some((stop, index) => stop.status !== progress[index]?.status)) changedByUserId = base.userId;
        progress = after;
      }
      const write = progresses ? await writeStopProgress(tx, load, before, progress) : null;
      return { stored, alreadyStored, withoutLoad: 0, write: write && { ...write, changedByUserId } };
    });
  }

  return async function recordDeviceTripEvents(
    poster: TripEventPoster,
    events: readonly DeviceTripEvent[],
    now = Date.now(),
  ): Promise<DeviceTripEventsAnswer> {
    const inFuture = events.flatMap((event, index) =>
      Date.parse(event.timestamp) > now + POSITION_FUTURE_SKEW_MS
        ? [{ path: `body.${index}.timestamp`, message: 'in the future' }]
        : [],
    );
    if (inFuture.length) throw badRequest(inFuture);
    const devices = await devicesOf(poster, events);
    const placed = events.map((event) => ({ event, device: devices.get(event.clientId) as EnabledDevice }));
    const orderIds = await loadsOf(poster.organizationId, placed);
    const organization = await tracking.organization(poster.organizationId);
    const answer: DeviceTripEventsAnswer = { stored: 0, alreadyStored: 0, withoutLoad: 0 };
    const byLoad = new Map<number, Placed[]>();
    placed.forEach((item, index) => {
      const orderId = orderIds[index];
      // A Freemium organization gets no live load data (spec 1 §6): its devices' events go on no load, as their fixes.
      if (orderId === null || orderId === undefined || !organization.derives) answer.withoutLoad += 1;
      else byLoad.set(orderId, [...(byLoad.get(orderId) ?? []), item]);
    });
    // One transaction per load, so a request never holds two loads' locks at once.
    const writes: LoadWrite[] = [];
    for (const [orderId, ofLoad] of [...byLoad].sort(([a], [b]) => a - b)) {
      const outcome = await applyToLoad(orderId, ofLoad, organization);
      answer.stored += outcome.stored;
      answer.alreadyStored += outcome.alreadyStored;
      answer.withoutLoad += outcome.withoutLoad;
      if (outcome.write) writes.push(outcome.write);
    }
    announceLoadWrites(realtime, writes);
    return answer;
  };
}

/**
 * The row of one reported event: its stop (named, else the one the report concerns on the load), the
 * stop's site, and metadata — TaskCompleted `method: 'device'` (the delivery log tells it from a
 * dispatcher's manual completion), AugerOn the sub-location its position is in, and whether that is
 * one the stop names (the "auger on invalid sublocation" notification's fact), and the comment if any.
 */
function eventRow(
  event: DeviceTripEvent,
  base: Omit<TripEventRow, 'type'>,
  device: EnabledDevice,
  progress: readonly ProgressStop[],
  stopRows: readonly (typeof stops.$inferSelect)[],
  fences: GeofenceIndex,
): TripEventRow {
  const metadata: Record<string, unknown> = event.comment ? { comment: event.comment } : {};
  let stopId = event.stopId;
  let locationId: number | null = null;
  if (event.type === 'AugerOn') {
    const point =
      event.latitude === null || event.longitude === null ? null : { latitude: event.latitude, longitude: event.longitude };
    const inside = point ? fences.near(point, point).filter((fence) => geofenceContains(fence.shape, point)) : [];
    const subLocation = inside.find((fence) => fence.owner.kind === 'subLocation')?.owner;
    const site = subLocation ?? inside.find((fence) => fence.owner.kind === 'location')?.owner;
    if (site?.kind === 'location' || site?.kind === 'subLocation') {
      locationId = site.locationId;
      stopId ??= stopAtSite(progress, site.locationId)?.id ?? null;
    }
    if (subLocation?.kind === 'subLocation') {
      metadata.subLocationId = subLocation.subLocationId;
      const named = stopRows.find((row) => row.id === stopId)?.subLocationIds ?? [];
      if (named.length) metadata.subLocationExpected = named.includes(subLocation.subLocationId);
    }
  } else {
    stopId ??= reportedStop(progress, event.type)?.id ?? null;
    if (event.type === 'TaskCompleted') metadata.method = 'device';
  }
  const stop = stopRows.find((row) => row.id === stopId);
  return {
    ...base,
    type: event.type,
    stopId,
    locationId: locationId ?? stop?.locationId ?? null,
    reportedByDeviceId: device.id,
    metadata,
  };
}
