import { and, desc, eq, gte, lte, type SQL } from 'drizzle-orm';
import { HISTORY_MAX_ROWS, type TrackedResourceType } from '#core/contract/device-positions';
import type { TripEvent } from '#core/contract/load-details';
import type { DeviceLocationEvent } from '#core/contract/realtime';
import type { Database } from '#server/db/database';
import { devicePositions, devices, orders, tractors, trailers, tripEvents, users } from '#server/db/schema';
import { notFound } from '#server/plugins/error-handler';
import { toLocationEvent } from './device-positions.service.ts';

const RESOURCE_NAMES: Record<TrackedResourceType, string> = {
  driver: 'Driver',
  tractor: 'Tractor',
  trailer: 'Trailer',
  device: 'Device',
};

/** 404 unless the resource is the organization's own (another organization's id is not found, spec tenancy rule). */
async function assertOwnResource(db: Database, organizationId: number, type: TrackedResourceType, id: number) {
  const table = { driver: users, tractor: tractors, trailer: trailers, device: devices }[type];
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.id, id), eq(table.organizationId, organizationId)));
  if (!row) throw notFound(RESOURCE_NAMES[type]);
}

/**
 * `GET /api/{type}/{id}/devicelocations`: the fixes stored for a driver (their phone's), a tractor or
 * trailer (while on a load, or the trailer's own device) or a device, within the range: the newest
 * HISTORY_MAX_ROWS of it, oldest first.
 */
export async function resourceDeviceLocations(
  db: Database,
  organizationId: number,
  type: TrackedResourceType,
  id: number,
  range: { start: Date; end: Date },
): Promise<DeviceLocationEvent[]> {
  await assertOwnResource(db, organizationId, type, id);
  const of: Record<TrackedResourceType, SQL> = {
    driver: eq(devicePositions.userId, id),
    tractor: eq(devicePositions.tractorId, id),
    trailer: eq(devicePositions.trailerId, id),
    device: eq(devicePositions.deviceId, id),
  };
  const rows = await db
    .select({ position: devicePositions, kind: devices.kind })
    .from(devicePositions)
    .innerJoin(devices, eq(devices.id, devicePositions.deviceId))
    .where(
      and(
        eq(devicePositions.organizationId, organizationId),
        of[type],
        gte(devicePositions.recordedAt, range.start),
        lte(devicePositions.recordedAt, range.end),
      ),
    )
    .orderBy(desc(devicePositions.recordedAt))
    .limit(HISTORY_MAX_ROWS);
  return rows.reverse().map(({ position, kind }) => toLocationEvent(position, kind));
}

/**
 * `GET /api/{type}/{id}/tripevents`: the trip events of the organization's loads that a driver
 * recorded, that a tractor or trailer carried, or that a device's driver or trailer did, within the
 * range: the newest HISTORY_MAX_ROWS of it, oldest first.
 */
export async function resourceTripEvents(
  db: Database,
  organizationId: number,
  type: TrackedResourceType,
  id: number,
  range: { start: Date; end: Date },
): Promise<TripEvent[]> {
  await assertOwnResource(db, organizationId, type, id);
  let of: SQL;
  if (type === 'driver') of = eq(tripEvents.userId, id);
  else if (type === 'tractor') of = eq(orders.tractorId, id);
  else if (type === 'trailer') of = eq(orders.trailerId, id);
  else {
    const [device] = await db
      .select({ driverUserId: devices.driverUserId, kind: devices.kind, trailerId: trailers.id })
      .from(devices)
      .leftJoin(trailers, eq(trailers.deviceId, devices.id))
      .where(eq(devices.id, id));
    const phoneDriver = device?.kind === 'phone' ? device.driverUserId : null;
    const trailerId = device?.kind === 'trailer' ? device.trailerId : null;
    if (phoneDriver !== null && phoneDriver !== undefined) of = eq(tripEvents.userId, phoneDriver);
    else if (trailerId !== null && trailerId !== undefined) of = eq(orders.trailerId, trailerId);
    else return [];
  }
  const rows = await db
    .select({ event: tripEvents })
    .from(tripEvents)
    .innerJoin(orders, eq(orders.id, tripEvents.orderId))
    .where(
      and(
        eq(tripEvents.organizationId, organizationId),
        of,
        gte(tripEvents.timestamp, range.start),
        lte(tripEvents.timestamp, range.end),
      ),
    )
    .orderBy(desc(tripEvents.timestamp), desc(tripEvents.id))
    .limit(HISTORY_MAX_ROWS);
  return rows.reverse().map(({ event }) => ({
    id: event.id,
    orderId: event.orderId,
    stopId: event.stopId,
    type: event.type as TripEvent['type'],
    timestamp: event.timestamp.toISOString(),
    latitude: event.latitude,
    longitude: event.longitude,
    accuracy: event.accuracy,
    userId: event.userId,
    organizationLocationId: event.locationId,
    initiatingId: event.initiatingId,
    metadata: event.metadata,
  }));
}
