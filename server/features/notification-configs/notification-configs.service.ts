import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { NotificationConfigRecord, notificationConfigInputSchema } from '#core/contract/notification-configs';
import { filterOrNull } from '#core/domain/master-data/index';
import type { Database, Queryable, Transaction } from '#server/db/database';
import { notificationConfigContacts, notificationConfigs } from '#server/db/schema';
import { assertActiveOrganization, mirrorWrite, staleVersion } from '#server/features/master-data/records';
import type { AuthContext } from '#server/plugins/auth';
import { notFound } from '#server/plugins/error-handler';
import type { RealtimePublisher } from '#server/plugins/realtime';

type NotificationConfigFields = z.output<typeof notificationConfigInputSchema>;

/** Notification configurations (spec 2 §3): an event type, its contacts and optional filters. */

export async function notificationConfigRecords(db: Queryable, where: SQL): Promise<NotificationConfigRecord[]> {
  const configs = await db
    .select({
      id: notificationConfigs.id,
      organizationId: notificationConfigs.organizationId,
      notificationEventTypeId: notificationConfigs.notificationEventTypeId,
      stopCargoTypeIds: notificationConfigs.stopCargoTypeIds,
      trailerCargoTypeIds: notificationConfigs.trailerCargoTypeIds,
      destinationSiteIds: notificationConfigs.destinationSiteIds,
      originSiteIds: notificationConfigs.originSiteIds,
      customerIds: notificationConfigs.customerIds,
      version: notificationConfigs.version,
    })
    .from(notificationConfigs)
    .where(where)
    .orderBy(asc(notificationConfigs.id));
  const contacts = configs.length
    ? await db
        .select({ configId: notificationConfigContacts.notificationConfigId, contactId: notificationConfigContacts.contactId })
        .from(notificationConfigContacts)
        .where(
          inArray(
            notificationConfigContacts.notificationConfigId,
            configs.map((config) => config.id),
          ),
        )
        .orderBy(asc(notificationConfigContacts.contactId))
    : [];
  return configs.map((config) => ({
    ...config,
    contactIds: contacts.filter((contact) => contact.configId === config.id).map((contact) => contact.contactId),
  }));
}

/** The feed's configurations: the active organization's, only to callers who may view them. */
export async function visibleNotificationConfigs(db: Queryable, auth: AuthContext, ids: number[]) {
  if (!auth.permissions.includes('ViewNotificationConfigs')) return [];
  return notificationConfigRecords(
    db,
    and(eq(notificationConfigs.organizationId, auth.organizationId), inArray(notificationConfigs.id, ids)) as SQL,
  );
}

async function notificationConfigRecord(tx: Queryable, id: number) {
  const [record] = await notificationConfigRecords(tx, eq(notificationConfigs.id, id));
  if (!record) throw notFound('Notification configuration');
  return record;
}

async function lockedNotificationConfig(tx: Transaction, orgId: number, id: number) {
  const [row] = await tx
    .select({ id: notificationConfigs.id, version: notificationConfigs.version })
    .from(notificationConfigs)
    .where(and(eq(notificationConfigs.id, id), eq(notificationConfigs.organizationId, orgId)))
    .for('update');
  if (!row) throw notFound('Notification configuration');
  return row;
}

/**
 * How many configurations tell the contact: deleting it is refused while any does, since a
 * configuration left without its contacts would tell no one.
 */
export async function configurationsNamingContact(tx: Queryable, contactId: number) {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(notificationConfigContacts)
    .where(eq(notificationConfigContacts.contactId, contactId));
  return row?.count ?? 0;
}

/**
 * How many configurations filter on the customer: deleting it is refused while any does, since
 * dropping it from a filter would widen what the configuration reports (an emptied filter matches all).
 */
export async function configurationsFilteringCustomer(tx: Queryable, customerId: number) {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(notificationConfigs)
    .where(sql`${customerId} = any(${notificationConfigs.customerIds})`);
  return row?.count ?? 0;
}

/** The stored columns; an empty filter is stored as none. */
function columnsOf(input: NotificationConfigFields) {
  return {
    notificationEventTypeId: input.notificationEventTypeId,
    stopCargoTypeIds: filterOrNull(input.stopCargoTypeIds),
    trailerCargoTypeIds: filterOrNull(input.trailerCargoTypeIds),
    destinationSiteIds: filterOrNull(input.destinationSiteIds),
    originSiteIds: filterOrNull(input.originSiteIds),
    customerIds: filterOrNull(input.customerIds),
  };
}

/** The contacts' ids were checked as the organization's by the contract's references. */
async function replaceContacts(tx: Queryable, id: number, contactIds: number[]) {
  await tx.delete(notificationConfigContacts).where(eq(notificationConfigContacts.notificationConfigId, id));
  if (contactIds.length)
    await tx.insert(notificationConfigContacts).values(contactIds.map((contactId) => ({ notificationConfigId: id, contactId })));
}

export async function createNotificationConfig(
  db: Database,
  realtime: RealtimePublisher,
  auth: AuthContext,
  orgId: number,
  input: NotificationConfigFields,
) {
  assertActiveOrganization(auth, orgId);
  return mirrorWrite(db, realtime, async (tx, record) => {
    const [row] = await tx
      .insert(notificationConfigs)
      .values({ organizationId: orgId, ...columnsOf(input) })
      .returning({ id: notificationConfigs.id });
    if (!row) throw notFound('Notification configuration');
    await replaceContacts(tx, row.id, input.contactIds);
    await record([{ entity: 'notificationConfig', id: row.id, op: 'upsert', organizationIds: [orgId] }]);
    return notificationConfigRecord(tx, row.id);
  });
}

export async function updateNotificationConfig(
  db: Database,
  realtime: RealtimePublisher,
  auth: AuthContext,
  orgId: number,
  id: number,
  input: NotificationConfigFields & { version: number },
) {
  assertActiveOrganization(auth, orgId);
  return mirrorWrite(db, realtime, async (tx, record) => {
    const current = await lockedNotificationConfig(tx, orgId, id);
    if (current.version !== input.version)
      throw staleVersion('notification configuration', await notificationConfigRecord(tx, id));
    await tx
      .update(notificationConfigs)
      .set({ ...columnsOf(input), version: sql`${notificationConfigs.version} + 1`, updatedAt: new Date() })
      .where(eq(notificationConfigs.id, id));
    await replaceContacts(tx, id, input.contactIds);
    await record([{ entity: 'notificationConfig', id, op: 'upsert', organizationIds: [orgId] }]);
    return notificationConfigRecord(tx, id);
  });
}

/** Nothing names a configuration: it goes with its contact list. */
export async function deleteNotificationConfig(
  db: Database,
  realtime: RealtimePublisher,
  auth: AuthContext,
  orgId: number,
  id: number,
) {
  assertActiveOrganization(auth, orgId);
  await mirrorWrite(db, realtime, async (tx, record) => {
    await lockedNotificationConfig(tx, orgId, id);
    await record([{ entity: 'notificationConfig', id, op: 'delete', organizationIds: [orgId] }]);
    await tx.delete(notificationConfigs).where(eq(notificationConfigs.id, id));
  });
}
