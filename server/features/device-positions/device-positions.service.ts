import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import { type DevicePositionInput, POSITION_FUTURE_SKEW_MS } from '#core/contract/device-positions';
import type { DeviceLocationEvent } from '#core/contract/realtime';
import type { Database } from '#server/db/database';
import { deviceLatestPositions, devicePositions, devices, trailers } from '#server/db/schema';
import { badRequest, HttpError } from '#server/plugins/error-handler';
import { ERROR_CODES } from '#core/contract/errors';

/** Who posts: a service account for any device of its organization, a person for their own phone only. */
export interface PositionPoster {
  organizationId: number;
  /** Set for a signed-in person: only devices naming them as their driver are theirs to report. */
  userId?: number;
}

type StoredLatest = typeof deviceLatestPositions.$inferSelect;

/** A device as the ingest knows it: whose phone, or which trailer it sits on. */
export interface KnownDevice {
  id: number;
  kind: 'phone' | 'trailer';
  driverUserId: number | null;
  trailerId: number | null;
}

/** Which load (and tractor) each device is on now: live tracking answers it, so a fix is stored linked to its load. */
export type LoadLinker = (
  organizationId: number,
  devices: readonly KnownDevice[],
) => Promise<Map<number, { orderId: number; tractorId: number | null }>>;

/** A fix as stored, with what the device is (for what derives meaning from it). */
export type StoredFix = typeof devicePositions.$inferInsert & {
  deviceKind: 'phone' | 'trailer';
  recordedAt: Date;
};

export function toLocationEvent(row: StoredLatest, kind: 'phone' | 'trailer'): DeviceLocationEvent {
  return {
    deviceId: row.deviceId,
    deviceType: kind === 'phone' ? 'mobile' : 'trailer',
    userId: row.userId,
    orderId: row.orderId,
    tractorId: row.tractorId,
    trailerId: row.trailerId,
    latitude: row.latitude,
    longitude: row.longitude,
    heading: row.heading,
    speed: row.speed,
    accuracy: row.accuracy,
    timestamp: row.recordedAt.toISOString(),
  };
}

/**
 * Stores a batch of fixes. Every identifier must be an enabled device of the poster's organization
 * (and, for a person, their own phone): otherwise nothing is stored and 404 names the identifiers.
 * A fix already stored (the same device and time, as the phone apps resend until answered 2xx) is
 * kept once; a late fix is stored in its place and never moves the latest position backwards.
 * Answers the latest positions that moved forward, for the socket, and the fixes as stored.
 */
export async function storePositions(
  db: Database,
  poster: PositionPoster,
  fixes: readonly DevicePositionInput[],
  options: { now?: Date; linkLoads?: LoadLinker } = {},
) {
  const now = options.now ?? new Date();
  const latestAllowed = now.getTime() + POSITION_FUTURE_SKEW_MS;
  const inFuture = fixes.flatMap((fix, index) =>
    Date.parse(fix.timestamp) > latestAllowed ? [{ path: `body.${index}.timestamp`, message: 'in the future' }] : [],
  );
  if (inFuture.length) throw badRequest(inFuture);

  const clientIds = [...new Set(fixes.map((fix) => fix.clientId))];
  const known = await db
    .select({
      id: devices.id,
      clientId: devices.clientId,
      kind: devices.kind,
      driverUserId: devices.driverUserId,
      trailerId: trailers.id,
    })
    .from(devices)
    .leftJoin(trailers, eq(trailers.deviceId, devices.id))
    .where(
      and(
        eq(devices.organizationId, poster.organizationId),
        inArray(devices.clientId, clientIds),
        eq(devices.enabled, true),
        poster.userId === undefined ? undefined : eq(devices.driverUserId, poster.userId),
      ),
    );
  const byClientId = new Map(known.map((device) => [device.clientId, device]));
  const unknown = clientIds.filter((clientId) => !byClientId.has(clientId));
  if (unknown.length) {
    throw new HttpError(
      404,
      ERROR_CODES.notFound,
      `No enabled device of your organization is registered as ${unknown.join(', ')}`,
    );
  }

  const links = options.linkLoads ? await options.linkLoads(poster.organizationId, known) : new Map();
  const rows = fixes.map((fix): StoredFix => {
    const device = byClientId.get(fix.clientId) as (typeof known)[number];
    const link = links.get(device.id);
    return {
      deviceId: device.id,
      deviceKind: device.kind,
      organizationId: poster.organizationId,
      userId: device.kind === 'phone' ? device.driverUserId : null,
      orderId: link?.orderId ?? null,
      tractorId: link?.tractorId ?? null,
      trailerId: device.kind === 'trailer' ? device.trailerId : null,
      latitude: fix.latitude,
      longitude: fix.longitude,
      heading: fix.heading ?? null,
      speed: fix.speed ?? null,
      accuracy: fix.accuracy ?? null,
      recordedAt: new Date(fix.timestamp),
    };
  });
  const newestPerDevice = new Map<number, StoredFix>();
  for (const row of rows) {
    const newest = newestPerDevice.get(row.deviceId);
    if (!newest || row.recordedAt > newest.recordedAt) newestPerDevice.set(row.deviceId, row);
  }

  return db.transaction(async (tx) => {
    const stored = await tx
      .insert(devicePositions)
      .values(rows.map(({ deviceKind: _, ...row }) => row))
      .onConflictDoNothing()
      .returning({ id: devicePositions.id });
    const moved = await tx
      .insert(deviceLatestPositions)
      .values([...newestPerDevice.values()].map(({ deviceKind: _, ...row }) => row))
      .onConflictDoUpdate({
        target: deviceLatestPositions.deviceId,
        set: {
          userId: sql`excluded.user_id`,
          orderId: sql`excluded.order_id`,
          tractorId: sql`excluded.tractor_id`,
          trailerId: sql`excluded.trailer_id`,
          latitude: sql`excluded.latitude`,
          longitude: sql`excluded.longitude`,
          heading: sql`excluded.heading`,
          speed: sql`excluded.speed`,
          accuracy: sql`excluded.accuracy`,
          recordedAt: sql`excluded.recorded_at`,
          receivedAt: sql`excluded.received_at`,
        },
        // Only forward: a late fix from the backlog leaves the latest position where it is.
        setWhere: sql`excluded.recorded_at > ${deviceLatestPositions.recordedAt}`,
      })
      .returning();
    const kindOf = new Map(known.map((device) => [device.id, device.kind]));
    return {
      stored: stored.length,
      moved: moved.map((row) => toLocationEvent(row, kindOf.get(row.deviceId) ?? 'phone')),
      // Oldest first per device: what derives visits from fixes reads them in the order they were taken.
      fixes: rows.toSorted((a, b) => a.deviceId - b.deviceId || a.recordedAt.getTime() - b.recordedAt.getTime()),
    };
  });
}

/** The latest position of each device of the organization reported within `staleTimeMinutes`. */
export async function latestPositions(db: Database, organizationId: number, staleTimeMinutes: number, now = new Date()) {
  const since = new Date(now.getTime() - staleTimeMinutes * 60_000);
  const rows = await db
    .select({ latest: deviceLatestPositions, kind: devices.kind })
    .from(deviceLatestPositions)
    .innerJoin(devices, eq(devices.id, deviceLatestPositions.deviceId))
    .where(and(eq(deviceLatestPositions.organizationId, organizationId), gte(deviceLatestPositions.recordedAt, since)));
  return rows.map(({ latest, kind }) => toLocationEvent(latest, kind));
}
