import { and, eq, gte } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { type DevicePositionInput, POSITION_FUTURE_SKEW_MS } from '#core/contract/device-positions';
import type { DeviceLocationEvent } from '#core/contract/realtime';
import type { Database } from '#server/db/database';
import { deviceLatestPositions, type devicePositions, devices } from '#server/db/schema';
import { requireCaller } from '#server/plugins/auth';
import { badRequest, HttpError } from '#server/plugins/error-handler';
import { type DeviceLookup, type EnabledDevice, readEnabledDevices } from './device-directory.ts';
import { ERROR_CODES } from '#core/contract/errors';

/**
 * Who posts: a service account for any device of its organization, a person for their own phone only,
 * or (organizationId null) the device itself, named by its identifier alone as the OsmAnd protocol
 * does: identifiers are unique across organizations (`devices_client_id_idx`), so it is its own.
 */
export interface PositionPoster {
  organizationId: number | null;
  /** Set for a signed-in person: only devices naming them as their driver are theirs to report. */
  userId?: number;
}

/**
 * Who posts to a device route: the caller's organization, with the person when a driver's session
 * (not a service account's bearer) sent it. Positions and trip events alike.
 */
export function devicePosterOf(request: FastifyRequest): { organizationId: number; userId?: number } {
  const caller = requireCaller(request);
  return request.auth
    ? { organizationId: caller.organizationId, userId: request.auth.userId }
    : { organizationId: caller.organizationId };
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
  /** A row of device_positions; false for a rate-limited fix that only moved the latest position. */
  inHistory: boolean;
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

/** 400 naming every fix of the batch dated beyond the allowed clock skew: nothing of it is stored. */
export function assertNotInFuture(fixes: readonly DevicePositionInput[], now = new Date()) {
  const latestAllowed = now.getTime() + POSITION_FUTURE_SKEW_MS;
  const inFuture = fixes.flatMap((fix, index) =>
    Date.parse(fix.timestamp) > latestAllowed ? [{ path: `body.${index}.timestamp`, message: 'in the future' }] : [],
  );
  if (inFuture.length) throw badRequest(inFuture);
}

/** How many of `wanted` fixes a device may have stored individually now (the rest only move its latest position). */
export type FixAdmission = (deviceId: number, wanted: number) => number;

/** One request's fixes, as queued for a group commit. */
export interface PositionRequest {
  poster: PositionPoster;
  fixes: readonly DevicePositionInput[];
}

export type PositionRequestOutcome =
  | { ok: true; stored: number; latestMoved: number; organizationIds: number[] }
  | { ok: false; error: HttpError };

export interface StoredRequests {
  outcomes: PositionRequestOutcome[];
  /** Latest positions that moved forward, per organization, for the socket. */
  moved: Map<number, DeviceLocationEvent[]>;
  /** The fixes kept, per organization, oldest first per device, for what derives meaning from them. */
  fixes: Map<number, StoredFix[]>;
}

const fixKey = (deviceId: number, recordedAt: Date) => `${deviceId}@${recordedAt.getTime()}`;

const FIX_COLUMNS =
  'device_id, organization_id, user_id, order_id, tractor_id, trailer_id, latitude, longitude, heading, speed, accuracy, recorded_at';
const FIX_COLUMN_TYPES = [
  'int',
  'int',
  'int',
  'int',
  'int',
  'int',
  'float8',
  'float8',
  'float8',
  'float8',
  'float8',
  'timestamptz',
];
const unnestOf = (first: number) => `unnest(${FIX_COLUMN_TYPES.map((type, index) => `$${first + index}::${type}[]`).join(', ')})`;

/**
 * One statement, so one round trip and its own transaction: the fixes stored individually (a resent
 * one is skipped by the unique device-and-time index) and each device's newest moved forward only.
 * Under load a round trip waits for PostgreSQL to be scheduled; a group commit pays for one. A moved
 * latest position answers only its device: its values are the newest row sent. A device deleted since
 * the ingest's directory read it has its fixes dropped here (device_positions has no foreign key).
 * Named, so each pooled connection parses and plans it once; its rows go as 12 column arrays per
 * table (`unnest`), one parameter per column whatever the number of rows.
 */
const WRITE_FIXES = {
  name: 'device-positions-write-fixes',
  text: `
    with stored as (
      insert into device_positions (${FIX_COLUMNS})
      select * from ${unnestOf(1)} as incoming(${FIX_COLUMNS})
      where exists (select from devices where devices.id = incoming.device_id)
      order by device_id, recorded_at
      on conflict do nothing
      returning device_id, recorded_at
    ), moved as (
      insert into device_latest_positions (${FIX_COLUMNS})
      select * from ${unnestOf(1 + FIX_COLUMN_TYPES.length)} as newest(${FIX_COLUMNS})
      where exists (select from devices where devices.id = newest.device_id)
      order by device_id
      on conflict (device_id) do update set
        user_id = excluded.user_id, order_id = excluded.order_id, tractor_id = excluded.tractor_id,
        trailer_id = excluded.trailer_id, latitude = excluded.latitude, longitude = excluded.longitude,
        heading = excluded.heading, speed = excluded.speed, accuracy = excluded.accuracy,
        recorded_at = excluded.recorded_at, received_at = excluded.received_at
      -- Only forward: a late fix from the backlog leaves the latest position where it is.
      where excluded.recorded_at > device_latest_positions.recorded_at
      returning device_id
    )
    select 'stored' as written, device_id, (extract(epoch from recorded_at) * 1000)::float8 as recorded_ms from stored
    union all
    select 'moved', device_id, null from moved`,
};

/**
 * A column as a PostgreSQL array literal. Numbers, nulls and ISO times need no quoting; one `join`
 * builds the text flat, where the driver's escaping (or concatenation) allocated per element.
 */
function arrayLiteral(values: (number | string | null | undefined)[]): string {
  for (let index = 0; index < values.length; index += 1)
    if (values[index] === null || values[index] === undefined) values[index] = 'NULL';
  return `{${values.join(',')}}`;
}

function columnsOf(rows: readonly StoredFix[]): string[] {
  const column = (pick: (row: StoredFix) => number | string | null | undefined) => arrayLiteral(rows.map(pick));
  return [
    column((row) => row.deviceId),
    column((row) => row.organizationId),
    column((row) => row.userId),
    column((row) => row.orderId),
    column((row) => row.tractorId),
    column((row) => row.trailerId),
    column((row) => row.latitude),
    column((row) => row.longitude),
    column((row) => row.heading),
    column((row) => row.speed),
    column((row) => row.accuracy),
    column((row) => row.recordedAt.toISOString()),
  ];
}

/** Whether two lists hold the same rows in the same order (a phone fleet's group commit: each fix is its device's newest). */
function sameRows(a: readonly StoredFix[], b: readonly StoredFix[]) {
  if (a.length !== b.length) return false;
  for (let index = 0; index < a.length; index += 1) if (a[index] !== b[index]) return false;
  return true;
}

type WrittenRow = { written: 'stored' | 'moved'; device_id: number; recorded_ms: number | null };

async function writeFixes(db: Database, toInsert: readonly StoredFix[], latestRows: readonly StoredFix[]) {
  const storedKeys = new Set<string>();
  const movedDeviceIds = new Set<number>();
  if (!latestRows.length) return { allStored: true, storedKeys, movedDeviceIds };
  const insertColumns = columnsOf(toInsert);
  const result = await db.$client.query<WrittenRow>({
    ...WRITE_FIXES,
    values: [...insertColumns, ...(sameRows(toInsert, latestRows) ? insertColumns : columnsOf(latestRows))],
  });
  let storedCount = 0;
  for (const row of result.rows) {
    if (row.written === 'stored') storedCount += 1;
    else movedDeviceIds.add(row.device_id);
  }
  // Nearly always every fix is new: which ones were stored is read only when some were not (resent ones).
  if (storedCount === toInsert.length) return { allStored: true, storedKeys, movedDeviceIds };
  for (const row of result.rows) {
    if (row.written === 'stored') storedKeys.add(fixKey(row.device_id, new Date(Number(row.recorded_ms))));
  }
  return { allStored: false, storedKeys, movedDeviceIds };
}

/** A request's rows grouped by device, each group oldest first. */
function rowsPerDevice(rows: readonly StoredFix[]): StoredFix[][] {
  const perDevice = new Map<number, StoredFix[]>();
  for (const row of rows) {
    const ofDevice = perDevice.get(row.deviceId);
    if (ofDevice) ofDevice.push(row);
    else perDevice.set(row.deviceId, [row]);
  }
  return [...perDevice.values()].map((ofDevice) => ofDevice.sort((a, b) => a.recordedAt.getTime() - b.recordedAt.getTime()));
}

/**
 * Stores the fixes of several requests at once (the ingest's group commit): one device lookup, one
 * load link per organization, one statement writing every fix (`writeFixes`). Each request's devices must be
 * enabled and belong to its poster (for a person, their own phone): otherwise that request alone is
 * refused with 404 naming the identifiers and stores nothing. A fix already stored (the same device
 * and time, as the phone apps resend until answered 2xx) is kept once; a late fix is stored in its
 * place and never moves the latest position backwards. `admit` rate-limits a device: fixes beyond
 * what it grants are not stored individually, but the newest of each request still moves the
 * latest position, so a flood never hides where the device is.
 */
export async function storePositionRequests(
  db: Database,
  requests: readonly PositionRequest[],
  options: { linkLoads?: LoadLinker; admit?: FixAdmission; lookupDevices?: DeviceLookup } = {},
): Promise<StoredRequests> {
  const clientIds = [...new Set(requests.flatMap((request) => request.fixes.map((fix) => fix.clientId)))];
  const known = options.lookupDevices ? await options.lookupDevices(clientIds) : await readEnabledDevices(db, clientIds);
  const byClientId = new Map(known.map((device) => [device.clientId, device]));
  type Known = EnabledDevice;

  const outcomes: PositionRequestOutcome[] = [];
  const accepted: { index: number; devices: Known[] }[] = [];
  requests.forEach(({ poster, fixes }, index) => {
    const own = (device: Known | undefined): device is Known =>
      !!device &&
      (poster.organizationId === null || device.organizationId === poster.organizationId) &&
      (poster.userId === undefined || device.driverUserId === poster.userId);
    const named =
      fixes.length === 1 ? [(fixes[0] as DevicePositionInput).clientId] : [...new Set(fixes.map((fix) => fix.clientId))];
    const unknown = named.filter((clientId) => !own(byClientId.get(clientId)));
    if (unknown.length) {
      const message =
        poster.organizationId === null
          ? `No enabled device is registered as ${unknown.join(', ')}`
          : `No enabled device of your organization is registered as ${unknown.join(', ')}`;
      outcomes[index] = { ok: false, error: new HttpError(404, ERROR_CODES.notFound, message) };
      return;
    }
    accepted.push({ index, devices: named.map((clientId) => byClientId.get(clientId) as Known) });
  });

  const devicesByOrganization = new Map<number, Map<number, Known>>();
  for (const { devices: named } of accepted) {
    for (const device of named) {
      const ofOrganization = devicesByOrganization.get(device.organizationId) ?? new Map<number, Known>();
      ofOrganization.set(device.id, device);
      devicesByOrganization.set(device.organizationId, ofOrganization);
    }
  }
  const links = new Map<number, { orderId: number; tractorId: number | null }>();
  if (options.linkLoads) {
    const linker = options.linkLoads;
    const answers = await Promise.all(
      [...devicesByOrganization].map(([organizationId, ofOrganization]) => linker(organizationId, [...ofOrganization.values()])),
    );
    for (const answer of answers) for (const [deviceId, link] of answer) links.set(deviceId, link);
  }

  const toRow = (fix: DevicePositionInput): StoredFix => {
    const device = byClientId.get(fix.clientId) as Known;
    const link = links.get(device.id);
    return {
      deviceId: device.id,
      deviceKind: device.kind,
      organizationId: device.organizationId,
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
      inHistory: true,
    };
  };

  // Per request and device, oldest first: what is admitted is stored, the newest always moves the latest position.
  const inserts: { row: StoredFix; request: number }[] = [];
  const kept = new Map<number, StoredFix[]>();
  const newestPerDevice = new Map<number, { row: StoredFix; request: number }>();
  for (const { index } of accepted) {
    const fixes = requests[index]?.fixes ?? [];
    // One fix, as a phone sends it: nothing to group or sort.
    const perDevice = fixes.length === 1 ? [[toRow(fixes[0] as DevicePositionInput)]] : rowsPerDevice(fixes.map(toRow));
    for (const rows of perDevice) {
      const newest = rows[rows.length - 1] as StoredFix;
      const { deviceId, organizationId } = newest;
      const admitted = Math.min(rows.length, options.admit ? options.admit(deviceId, rows.length) : rows.length);
      for (let position = 0; position < admitted; position += 1)
        inserts.push({ row: rows[position] as StoredFix, request: index });
      const organizationRows = kept.get(organizationId);
      const keptRows = admitted === rows.length ? rows : [...rows.slice(0, admitted), { ...newest, inHistory: false }];
      if (organizationRows) organizationRows.push(...keptRows);
      else kept.set(organizationId, [...keptRows]);
      const current = newestPerDevice.get(deviceId);
      if (!current || newest.recordedAt > current.row.recordedAt) newestPerDevice.set(deviceId, { row: newest, request: index });
    }
  }

  // The same order in every group commit, so concurrent ones lock shared rows in turn, never crosswise.
  const byDeviceAndTime = (a: StoredFix, b: StoredFix) =>
    a.deviceId - b.deviceId || a.recordedAt.getTime() - b.recordedAt.getTime();
  inserts.sort((a, b) => byDeviceAndTime(a.row, b.row));
  const toInsert = inserts.map(({ row }) => row);
  const latestRows = [...newestPerDevice.values()].map(({ row }) => row).sort(byDeviceAndTime);
  const { allStored, storedKeys, movedDeviceIds } = await writeFixes(db, toInsert, latestRows);

  const storedCount = new Map<number, number>();
  for (const { row, request } of inserts) {
    // A fix sent twice in one group commit is stored once: the first request to carry it counts it.
    if (!allStored && !storedKeys.delete(fixKey(row.deviceId, row.recordedAt))) continue;
    storedCount.set(request, (storedCount.get(request) ?? 0) + 1);
  }
  const movedCount = new Map<number, number>();
  const moved = new Map<number, DeviceLocationEvent[]>();
  const receivedAt = new Date();
  for (const deviceId of movedDeviceIds) {
    const origin = newestPerDevice.get(deviceId);
    if (!origin) continue;
    movedCount.set(origin.request, (movedCount.get(origin.request) ?? 0) + 1);
    const { row } = origin;
    const event = toLocationEvent(
      {
        deviceId,
        organizationId: row.organizationId,
        userId: row.userId ?? null,
        orderId: row.orderId ?? null,
        tractorId: row.tractorId ?? null,
        trailerId: row.trailerId ?? null,
        latitude: row.latitude,
        longitude: row.longitude,
        heading: row.heading ?? null,
        speed: row.speed ?? null,
        accuracy: row.accuracy ?? null,
        recordedAt: row.recordedAt,
        receivedAt,
      },
      row.deviceKind,
    );
    const ofOrganization = moved.get(row.organizationId);
    if (ofOrganization) ofOrganization.push(event);
    else moved.set(row.organizationId, [event]);
  }
  for (const { index, devices: named } of accepted) {
    outcomes[index] = {
      ok: true,
      stored: storedCount.get(index) ?? 0,
      latestMoved: movedCount.get(index) ?? 0,
      organizationIds: [...new Set(named.map((device) => device.organizationId))],
    };
  }
  const fixes = new Map<number, StoredFix[]>();
  for (const [organizationId, rows] of kept) {
    // Oldest first per device: what derives visits from fixes reads them in the order they were taken.
    fixes.set(
      organizationId,
      rows.toSorted((a, b) => a.deviceId - b.deviceId || a.recordedAt.getTime() - b.recordedAt.getTime()),
    );
  }
  return { outcomes, moved, fixes };
}

/** 404 unless an enabled device, of any organization, is registered as `clientId` (the OsmAnd credential). */
export async function assertDeviceRegistered(db: Database, clientId: string) {
  const [device] = await db
    .select({ id: devices.id })
    .from(devices)
    .where(and(eq(devices.clientId, clientId), eq(devices.enabled, true)));
  if (!device) throw new HttpError(404, ERROR_CODES.notFound, `No enabled device is registered as ${clientId}`);
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
