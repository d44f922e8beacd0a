import { and, desc, eq, gte, isNull, lte, max, min, or, type SQL } from 'drizzle-orm';
import { LOAD_TRAIL_MAX_POINTS, type LoadTrailPoint } from '#core/contract/load-details';
import type { Queryable } from '#server/db/database';
import { devicePositions, devices, orders, stops } from '#server/db/schema';
import type { AuthContext } from '#server/plugins/auth';
import { notFound } from '#server/plugins/error-handler';
import { visibleTo } from './orders.service.ts';

const HOUR_MS = 60 * 60_000;
/** While a load is under way, fixes not linked to a load count from this long ago (its plan may be later than its start). */
const UNDER_WAY_LOOKBACK_MS = 12 * HOUR_MS;

/**
 * The load's device trail (spec 1 §7 `GET /order/{orderId}/devicelocations`), oldest first, at most
 * LOAD_TRAIL_MAX_POINTS (the latest ones). Two kinds of fixes count:
 * - those stored with the load's id: live tracking tells the ingest which load a device is on;
 * - fixes stored with no load (before live tracking linked the device, or from the demo simulator
 *   while nothing derives links) of the load's driver's phone or trailer's device, within the
 *   load's span: from an hour before its first planned stop (12 hours before now, if earlier, while
 *   it is under way) to its last completion, or now while it is not Delivered.
 * Another organization's load, or one it does not transport, is 404.
 */
export async function loadTrail(db: Queryable, auth: AuthContext, orderId: number, now = new Date()): Promise<LoadTrailPoint[]> {
  const [load] = await db
    .select({
      id: orders.id,
      status: orders.status,
      date: orders.date,
      driverId: orders.transportedByUserId,
      trailerId: orders.trailerId,
      transporter: orders.transportingOrganizationId,
    })
    .from(orders)
    .where(and(eq(orders.id, orderId), visibleTo(auth)));
  if (!load) throw notFound('Load');

  const [times] = await db
    .select({ firstArrival: min(stops.arrivalTime), lastCompletion: max(stops.completedAt) })
    .from(stops)
    .where(eq(stops.orderId, load.id));
  const planned = Math.min(load.date.getTime(), times?.firstArrival?.getTime() ?? Number.POSITIVE_INFINITY) - HOUR_MS;
  const delivered = load.status === 'Delivered';
  const from = new Date(delivered ? planned : Math.min(planned, now.getTime() - UNDER_WAY_LOOKBACK_MS));
  const to = delivered && times?.lastCompletion ? times.lastCompletion : now;

  const ownDevices: SQL[] = [];
  if (load.driverId !== null) ownDevices.push(eq(devicePositions.userId, load.driverId));
  if (load.trailerId !== null) ownDevices.push(eq(devicePositions.trailerId, load.trailerId));
  const unlinked = ownDevices.length
    ? and(
        isNull(devicePositions.orderId),
        eq(devicePositions.organizationId, load.transporter),
        gte(devicePositions.recordedAt, from),
        lte(devicePositions.recordedAt, to),
        or(...ownDevices),
      )
    : undefined;

  const rows = await db
    .select({
      deviceId: devicePositions.deviceId,
      kind: devices.kind,
      latitude: devicePositions.latitude,
      longitude: devicePositions.longitude,
      heading: devicePositions.heading,
      speed: devicePositions.speed,
      accuracy: devicePositions.accuracy,
      recordedAt: devicePositions.recordedAt,
    })
    .from(devicePositions)
    .innerJoin(devices, eq(devices.id, devicePositions.deviceId))
    .where(or(eq(devicePositions.orderId, load.id), unlinked))
    // The latest points when there are too many, answered oldest first.
    .orderBy(desc(devicePositions.recordedAt), desc(devicePositions.deviceId))
    .limit(LOAD_TRAIL_MAX_POINTS);
  return rows.reverse().map((row) => ({
    deviceId: row.deviceId,
    deviceType: row.kind === 'phone' ? 'mobile' : 'trailer',
    latitude: row.latitude,
    longitude: row.longitude,
    heading: row.heading,
    speed: row.speed,
    accuracy: row.accuracy,
    timestamp: row.recordedAt.toISOString(),
  }));
}
