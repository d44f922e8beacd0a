import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '#server/db/database';
import { devices, trailers } from '#server/db/schema';
import type { KnownDevice } from './device-positions.service.ts';

/** An enabled device as the ingest checks and stores its fixes: its identifier, organization, and what it is. */
export interface EnabledDevice extends KnownDevice {
  clientId: string;
  organizationId: number;
}

/** The enabled devices registered under these identifiers (unknown or disabled ones are absent). */
export type DeviceLookup = (clientIds: readonly string[]) => Promise<EnabledDevice[]>;

/** How often the cached devices are checked against the change log (ms): a disabled device is refused this soon. */
export const DEVICE_CHECK_MS = 1_000;

/** Edits that change what the ingest knows of a device: the device itself, or the trailer it sits on. */
const DEVICE_ENTITIES = ['device', 'trailer'];

export async function readEnabledDevices(db: Database, clientIds: readonly string[]) {
  if (!clientIds.length) return [];
  return (
    db
      .select({
        id: devices.id,
        clientId: devices.clientId,
        organizationId: devices.organizationId,
        kind: devices.kind,
        driverUserId: devices.driverUserId,
        trailerId: trailers.id,
        // Every change below it is in what this read sees (see createDeviceDirectory).
        horizon: sql<string>`pg_snapshot_xmin(pg_current_snapshot())::text`,
      })
      .from(devices)
      .leftJoin(trailers, eq(trailers.deviceId, devices.id))
      // One array parameter: a cold start asks for thousands of identifiers at once.
      .where(and(sql`${devices.clientId} = any(${sql.param([...clientIds])}::text[])`, eq(devices.enabled, true)))
  );
}

/**
 * Enabled devices by identifier, held in memory so a group commit costs no device query: a phone
 * reports every few seconds and its device row almost never changes. At most every `checkEveryMs`
 * one indexed query asks the change log whether a device or trailer of a cached organization changed
 * since what the cache read; if so the cache is dropped. "Since" is a `pg_snapshot_xmin` horizon, as
 * the change feed reads it: every change below it had committed when the rows were read, so a change
 * committing late under an older transaction id is not skipped. Unknown identifiers are not cached:
 * a device registered later is found on its next report.
 */
export function createDeviceDirectory(db: Database, checkEveryMs = DEVICE_CHECK_MS, now = Date.now) {
  const byClientId = new Map<string, EnabledDevice>();
  /** The lowest horizon of what is cached: changes from it on may be missing from the cache. */
  let horizon = Number.POSITIVE_INFINITY;
  /** The lowest horizon cached while a check runs, which that check's own horizon must not hide. */
  let cachedDuringCheck = Number.POSITIVE_INFINITY;
  /** Bumped on each drop, so a lookup that read the table before the drop does not put its rows back. */
  let generation = 0;
  let checkedAt = Number.NEGATIVE_INFINITY;
  let checking: Promise<void> | null = null;

  async function check() {
    const organizationIds = [...new Set([...byClientId.values()].map((device) => device.organizationId))];
    if (!organizationIds.length) return;
    cachedDuringCheck = Number.POSITIVE_INFINITY;
    const result = await db.execute<{ xmin: string; changed: boolean }>(sql`
      select pg_snapshot_xmin(pg_current_snapshot())::text as xmin, exists (
        select 1 from change_log
        where organization_id = any(${sql.param(organizationIds)}::int[]) and txid >= ${horizon}
          and entity = any(${sql.param(DEVICE_ENTITIES)}::text[])
      ) as changed`);
    const [row] = result.rows;
    if (!row) return;
    if (row.changed) {
      byClientId.clear();
      generation += 1;
      horizon = Number.POSITIVE_INFINITY;
    } else {
      horizon = Math.min(Number(row.xmin), cachedDuringCheck);
    }
  }

  function checked(): Promise<void> {
    if (now() - checkedAt < checkEveryMs) return Promise.resolve();
    checking ??= check().finally(() => {
      checkedAt = now();
      checking = null;
    });
    return checking;
  }

  const lookup: DeviceLookup = async (clientIds) => {
    await checked();
    const found: EnabledDevice[] = [];
    const missing: string[] = [];
    for (const clientId of clientIds) {
      const device = byClientId.get(clientId);
      if (device) found.push(device);
      else missing.push(clientId);
    }
    if (!missing.length) return found;
    const readIn = generation;
    const read = (await readEnabledDevices(db, missing)).map(({ horizon: readHorizon, ...device }) => {
      if (readIn === generation) {
        byClientId.set(device.clientId, device);
        horizon = Math.min(horizon, Number(readHorizon));
        cachedDuringCheck = Math.min(cachedDuringCheck, Number(readHorizon));
      }
      return device;
    });
    return [...found, ...read];
  };
  return lookup;
}
