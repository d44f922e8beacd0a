import { asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { NotificationConfigRecord, notificationConfigInputSchema } from '#core/contract/notification-configs';
import { filterOrNull } from '#core/domain/master-data/notification-configs';
import type { Queryable } from '#server/db/database';
import { notificationConfigContacts, notificationConfigs } from '#server/db/schema';
import type { RecordStore } from '#server/resources/resource-routes';

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

export async function configurationsFilteringSite(tx: Queryable, locationId: number) {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(notificationConfigs)
    .where(
      sql`${locationId} = any(${notificationConfigs.originSiteIds}) or ${locationId} = any(${notificationConfigs.destinationSiteIds})`,
    );
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

/** Notification configurations, written through the record routes (server/resources); nothing names one. */
export const notificationConfigStore: RecordStore<NotificationConfigRecord, NotificationConfigFields> = {
  table: notificationConfigs,
  noun: 'notification configuration',
  rows: notificationConfigRecords,
  values: columnsOf,
  written: (tx, id, input) => replaceContacts(tx, id, input.contactIds),
};
