import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Downtime, DowntimeResourceType, downtimeInputSchema } from '#core/contract/master-data';
import { ROLE_IDS } from '#core/domain/access';
import { defaultDowntimeTimezone, ONE_TIME_MASK } from '#core/domain/master-data/index';
import type { Database, Queryable, Transaction } from '#server/db/database';
import { contacts, downtimes, organizations, tractors, trailers, userRoles, users } from '#server/db/schema';
import type { AuthContext } from '#server/plugins/auth';
import type { RealtimePublisher } from '#server/plugins/realtime';
import { notFound } from '#server/plugins/error-handler';
import { assertMayEditEquipment } from './equipment.service.ts';
import { assertActiveOrganization, mirrorWrite, staleVersion } from '#server/resources/mirror-write';

type DowntimeFields = z.output<typeof downtimeInputSchema>;

/**
 * Downtime of tractors, trailers and drivers (spec 2 §3, §4). The resource is known only from the
 * path and must be the active organization's (404 otherwise); a carrier whose clients keep their own
 * tractors or trailers cannot change those kinds' downtime either.
 */

const RESOURCE_COLUMN = { tractor: downtimes.tractorId, trailer: downtimes.trailerId, driver: downtimes.driverId } as const;
const RESOURCE_NAME = { tractor: 'Tractor', trailer: 'Trailer', driver: 'Driver' } as const;

export function toDowntime(row: typeof downtimes.$inferSelect): Downtime {
  const resourceType: DowntimeResourceType = row.tractorId ? 'tractor' : row.trailerId ? 'trailer' : 'driver';
  return {
    id: row.id,
    organizationId: row.organizationId,
    resourceType,
    resourceId: row.tractorId ?? row.trailerId ?? row.driverId ?? 0,
    description: row.description,
    startDate: row.startDate,
    startTime: row.startTime,
    durationMinutes: row.durationMinutes,
    timezone: row.timezone,
    recurrenceDaysOfWeek: row.recurrenceDaysOfWeek,
    version: row.version,
  };
}

/** Every downtime of the active organization (the change feed's loader). */
export async function listDowntimes(db: Queryable, auth: AuthContext) {
  const rows = await db.select().from(downtimes).where(eq(downtimes.organizationId, auth.organizationId)).orderBy(downtimes.id);
  return rows.map(toDowntime);
}

/**
 * `GET …/downtime?startDate`: every weekly downtime, and the one-time ones not over before the date
 * (a day's margin covers the zones' offsets; the client asks `isDownAt` for the exact answer).
 */
export async function listDowntimesFrom(db: Queryable, auth: AuthContext, orgId: number, startDate: string | undefined) {
  assertActiveOrganization(auth, orgId);
  const notOver = startDate
    ? or(
        sql`${downtimes.recurrenceDaysOfWeek} <> ${ONE_TIME_MASK}`,
        sql`${downtimes.startDate} + (${downtimes.durationMinutes} / 1440 + 1) * interval '1 day' >= ${startDate}::date`,
      )
    : undefined;
  const rows = await db
    .select()
    .from(downtimes)
    .where(and(eq(downtimes.organizationId, orgId), notOver))
    .orderBy(downtimes.startDate, downtimes.startTime, downtimes.id);
  return rows.map(toDowntime);
}

/** 404 unless the tractor, trailer or driver is the organization's; 403 for equipment a carrier may not edit. */
async function assertResource(db: Queryable, auth: AuthContext, type: DowntimeResourceType, id: number) {
  const where: Record<DowntimeResourceType, () => Promise<unknown[]>> = {
    tractor: () =>
      db
        .select({ id: tractors.id })
        .from(tractors)
        .where(and(eq(tractors.id, id), eq(tractors.organizationId, auth.organizationId))),
    trailer: () =>
      db
        .select({ id: trailers.id })
        .from(trailers)
        .where(and(eq(trailers.id, id), eq(trailers.organizationId, auth.organizationId))),
    driver: () =>
      db
        .select({ id: users.id })
        .from(users)
        .innerJoin(userRoles, and(eq(userRoles.userId, users.id), eq(userRoles.roleId, ROLE_IDS.Driver)))
        .where(and(eq(users.id, id), eq(users.organizationId, auth.organizationId))),
  };
  if (!(await where[type]()).length) throw notFound(RESOURCE_NAME[type]);
  if (type !== 'driver') await assertMayEditEquipment(db, auth, type);
}

/** The zone a downtime without one gets: the user's contact's, else the organization's. */
async function defaultTimezone(db: Queryable, auth: AuthContext) {
  const [row] = await db
    .select({ contact: contacts.timezone, organization: organizations.timezone })
    .from(users)
    .innerJoin(contacts, eq(contacts.id, users.contactId))
    .innerJoin(organizations, eq(organizations.id, auth.organizationId))
    .where(eq(users.id, auth.userId));
  return defaultDowntimeTimezone(row?.contact, row?.organization ?? 'America/Chicago');
}

export interface DowntimeTarget {
  orgId: number;
  type: DowntimeResourceType;
  resourceId: number;
}

async function writableResource(db: Database, auth: AuthContext, target: DowntimeTarget) {
  assertActiveOrganization(auth, target.orgId);
  await assertResource(db, auth, target.type, target.resourceId);
}

export async function createDowntime(
  db: Database,
  realtime: RealtimePublisher,
  auth: AuthContext,
  target: DowntimeTarget,
  input: DowntimeFields,
) {
  await writableResource(db, auth, target);
  const timezone = input.timezone ?? (await defaultTimezone(db, auth));
  return mirrorWrite(db, realtime, async (tx, record) => {
    const [row] = await tx
      .insert(downtimes)
      .values({
        ...input,
        timezone,
        organizationId: target.orgId,
        tractorId: target.type === 'tractor' ? target.resourceId : null,
        trailerId: target.type === 'trailer' ? target.resourceId : null,
        driverId: target.type === 'driver' ? target.resourceId : null,
      })
      .returning();
    if (!row) throw notFound('Downtime');
    await record([{ entity: 'downtime', id: row.id, op: 'upsert', organizationIds: [target.orgId] }]);
    return toDowntime(row);
  });
}

async function lockedDowntime(tx: Transaction, target: DowntimeTarget, id: number) {
  const ofResource: SQL = eq(RESOURCE_COLUMN[target.type], target.resourceId);
  const [row] = await tx
    .select()
    .from(downtimes)
    .where(and(eq(downtimes.id, id), eq(downtimes.organizationId, target.orgId), ofResource))
    .for('update');
  if (!row) throw notFound('Downtime');
  return row;
}

export async function updateDowntime(
  db: Database,
  realtime: RealtimePublisher,
  auth: AuthContext,
  target: DowntimeTarget,
  id: number,
  input: DowntimeFields & { version: number },
) {
  await writableResource(db, auth, target);
  return mirrorWrite(db, realtime, async (tx, record) => {
    const current = await lockedDowntime(tx, target, id);
    if (current.version !== input.version) throw staleVersion('downtime', toDowntime(current));
    const { version, ...fields } = input;
    const [row] = await tx
      .update(downtimes)
      .set({
        ...fields,
        timezone: input.timezone ?? current.timezone,
        version: sql`${downtimes.version} + 1`,
        updatedAt: new Date(),
      })
      .where(eq(downtimes.id, id))
      .returning();
    if (!row) throw notFound('Downtime');
    await record([{ entity: 'downtime', id, op: 'upsert', organizationIds: [target.orgId] }]);
    return toDowntime(row);
  });
}

export async function deleteDowntime(
  db: Database,
  realtime: RealtimePublisher,
  auth: AuthContext,
  target: DowntimeTarget,
  id: number,
) {
  await writableResource(db, auth, target);
  await mirrorWrite(db, realtime, async (tx, record) => {
    await lockedDowntime(tx, target, id);
    await record([{ entity: 'downtime', id, op: 'delete', organizationIds: [target.orgId] }]);
    await tx.delete(downtimes).where(eq(downtimes.id, id));
  });
}
