import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type ContactPreference,
  type ContactRecord,
  type contactInputSchema,
  isSystemEventType,
  type NotificationMethod,
  SYSTEM_EVENT_TYPE_IDS,
} from '#core/contract/people';
import type { Database, Queryable, Transaction } from '#server/db/database';
import { contactPreferences, contacts, organizations, users } from '#server/db/schema';
import { assertActiveOrganization, mirrorWrite } from '#server/resources/mirror-write';
import type { AuthContext } from '#server/plugins/auth';
import { HttpError, notFound } from '#server/plugins/error-handler';
import type { RealtimePublisher } from '#server/plugins/realtime';
import type { RecordStore } from '#server/resources/resource-routes';
import { ERROR_CODES } from '#core/contract/errors';

export type ContactFields = z.output<typeof contactInputSchema>;

/**
 * Contacts (spec 2 §3): who notifications reach. A contact's Email and Text methods are stored as its
 * email and phone (the columns sign-in mail, password resets and the driver list already read), so
 * there is one place for each address. A user's own contact is written with the user (users.service).
 */

const contactColumns = {
  id: contacts.id,
  organizationId: contacts.organizationId,
  name: contacts.name,
  language: contacts.language,
  timezone: contacts.timezone,
  units: contacts.units,
  unitsWeight: contacts.unitsWeight,
  enabled: contacts.enabled,
  interactiveUser: contacts.interactiveUser,
  email: contacts.email,
  phone: contacts.phone,
  preferenceCount: sql<number>`(select count(*)::int from ${contactPreferences} where ${contactPreferences.contactId} = ${contacts.id})`,
  version: contacts.version,
};

/** The contact row in the contract shape: its email and phone as notification methods. */
export function toContactRecord(row: Omit<ContactRecord, 'contactNotificationMethods'>): ContactRecord {
  const methods: NotificationMethod[] = [];
  if (row.email) methods.push({ notificationType: 'Email', destination: row.email });
  if (row.phone) methods.push({ notificationType: 'Text', destination: row.phone });
  return { ...row, contactNotificationMethods: methods };
}

export async function contactRecords(db: Queryable, where: SQL): Promise<ContactRecord[]> {
  const rows = await db.select(contactColumns).from(contacts).where(where).orderBy(asc(contacts.name));
  return rows.map(toContactRecord);
}

/**
 * The stored columns of a contact's input. Absent settings keep the contact's own (`contactId`, on
 * update), else take the organization's (spec 2 §3: new contacts default from the organization).
 */
export async function contactValues(tx: Queryable, orgId: number, input: ContactFields, contactId?: number) {
  const settings = {
    language: contacts.language,
    timezone: contacts.timezone,
    units: contacts.units,
    unitsWeight: contacts.unitsWeight,
  };
  const [fallback] = contactId
    ? await tx.select(settings).from(contacts).where(eq(contacts.id, contactId))
    : await tx
        .select({
          language: organizations.language,
          timezone: organizations.timezone,
          units: organizations.units,
          unitsWeight: organizations.unitsWeight,
        })
        .from(organizations)
        .where(eq(organizations.id, orgId));
  const destination = (type: NotificationMethod['notificationType']) =>
    input.contactNotificationMethods.find((method) => method.notificationType === type)?.destination ?? null;
  return {
    name: input.name,
    language: input.language ?? fallback?.language ?? 'en-US',
    timezone: input.timezone ?? fallback?.timezone ?? 'America/Chicago',
    units: input.units ?? fallback?.units ?? 'Imperial',
    unitsWeight: input.unitsWeight ?? fallback?.unitsWeight ?? 'Pound',
    enabled: input.enabled,
    email: destination('Email'),
    phone: destination('Text'),
  };
}

export async function lockedContact(tx: Transaction, orgId: number, id: number) {
  const [row] = await tx
    .select({ id: contacts.id, version: contacts.version })
    .from(contacts)
    .where(and(eq(contacts.id, id), eq(contacts.organizationId, orgId)))
    .for('update');
  if (!row) throw notFound('Contact');
  return row;
}

/** A contact's write reaches the contacts mirror, and the users mirror when a user holds it. */
async function usersHolding(tx: Queryable, orgId: number, id: number) {
  const holders = await tx.select({ id: users.id }).from(users).where(eq(users.contactId, id));
  return holders.map((user) => ({ entity: 'user' as const, id: user.id, op: 'upsert' as const, organizationIds: [orgId] }));
}

/**
 * Contacts, written through the record routes (server/resources). A user's own contact goes with the
 * user (delete or disable the user instead): its delete is refused with 409 naming the user, and while
 * a notification configuration tells it. Its preferences go with it (cascade).
 */
export const contactStore: RecordStore<ContactRecord, ContactFields> = {
  table: contacts,
  noun: 'contact',
  rows: contactRecords,
  values: (input, { tx, auth, stored }) => contactValues(tx, auth.organizationId, input, stored?.id as number | undefined),
  alsoChanged: usersHolding,
  beforeDelete: async (tx, id) => {
    const [holder] = await tx.select({ username: users.username }).from(users).where(eq(users.contactId, id));
    if (holder)
      throw new HttpError(
        409,
        ERROR_CODES.conflict,
        `The contact belongs to the user ${holder.username}: delete or disable the user`,
        {
          rule: 'userContact',
        },
      );
  },
};

// ── Notification preferences ─────────────────────────────────────────────────────────────────────

export async function contactPreferenceList(db: Queryable, auth: AuthContext, orgId: number, contactId: number) {
  assertActiveOrganization(auth, orgId);
  const [contact] = await db
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.id, contactId), eq(contacts.organizationId, orgId)));
  if (!contact) throw notFound('Contact');
  return preferencesOf(db, contactId);
}

function preferencesOf(db: Queryable, contactId: number): Promise<ContactPreference[]> {
  return db
    .select({
      notificationEventTypeId: contactPreferences.notificationEventTypeId,
      notificationType: sql<ContactPreference['notificationType']>`${contactPreferences.notificationType}`,
    })
    .from(contactPreferences)
    .where(eq(contactPreferences.contactId, contactId))
    .orderBy(asc(contactPreferences.notificationEventTypeId), asc(contactPreferences.notificationType));
}

/**
 * Replaces the contact's choice (spec 2 §4): system event types keep what is stored whatever the body
 * says (the screen does not show them and resubmits them untouched); the contract refused
 * not-yet-implemented ones. Answers the stored list.
 */
export async function replaceContactPreferences(
  db: Database,
  realtime: RealtimePublisher,
  auth: AuthContext,
  orgId: number,
  contactId: number,
  preferences: ContactPreference[],
) {
  assertActiveOrganization(auth, orgId);
  return mirrorWrite(db, realtime, async (tx, record) => {
    await lockedContact(tx, orgId, contactId);
    const chosen = new Map(
      preferences
        .filter((preference) => !isSystemEventType(preference.notificationEventTypeId))
        .map((preference) => [`${preference.notificationEventTypeId}:${preference.notificationType}`, preference]),
    );
    await tx.delete(contactPreferences).where(
      and(
        eq(contactPreferences.contactId, contactId),
        sql`${contactPreferences.notificationEventTypeId} not in (${sql.join(
          SYSTEM_EVENT_TYPE_IDS.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      ),
    );
    if (chosen.size)
      await tx.insert(contactPreferences).values([...chosen.values()].map((preference) => ({ contactId, ...preference })));
    // The count the contacts table marks red lives on the contact's row.
    await tx
      .update(contacts)
      .set({ version: sql`${contacts.version} + 1`, updatedAt: new Date() })
      .where(eq(contacts.id, contactId));
    await record([
      { entity: 'contact', id: contactId, op: 'upsert', organizationIds: [orgId] },
      ...(await usersHolding(tx, orgId, contactId)),
    ]);
    return preferencesOf(tx, contactId);
  });
}
