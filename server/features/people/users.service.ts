import { and, asc, count, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { UserRecord, userInputSchema, userUpdateSchema } from '#core/contract/people';
import { ROLE_IDS } from '#core/domain/access';
import {
  CONFUSABLE_LETTERS,
  DRIVER_ROLE_ID,
  mayHaveDefaultEquipment,
  usernameSkeleton,
  userRuleIssues,
} from '#core/domain/master-data/index';
import type { Database, Queryable, Transaction } from '#server/db/database';
import { contacts, downtimes, loadingTeamMembers, orders, sessions, tripEvents, userRoles, users } from '#server/db/schema';
import { releaseDriverDevices } from '#server/features/devices/devices.routes';
import { recordDowntimeDeletions } from '#server/features/master-data/equipment.service';
import {
  assertActiveOrganization,
  assertUnused,
  mirrorWrite,
  type RecordMirrorChanges,
  staleVersion,
} from '#server/resources/mirror-write';
import { usesOf } from '#server/resources/uses';
import { issueActivation, type OnboardingMail, setUserPassword } from '#server/features/onboarding/onboarding.service';
import type { AuthContext } from '#server/plugins/auth';
import { badRequest, forbidden, HttpError, notFound } from '#server/plugins/error-handler';
import type { RealtimePublisher } from '#server/plugins/realtime';
import { ERROR_CODES } from '#core/contract/errors';
import { contactRecords, contactValues, lockedContact } from './contacts.service.ts';

type NewUserFields = z.output<typeof userInputSchema>;
type UserUpdateFields = z.output<typeof userUpdateSchema>;
/** What creating and updating share: all but the contact and the version. */
type UserFields = Omit<UserUpdateFields, 'contact' | 'version'>;

/**
 * Users (spec 2 §3–5): username, names, roles, sub-location tagging, driver info, enabled, and the
 * user's own contact, written together. A new user whose contact has an email gets an activation
 * link (the mail leaves after commit); without one, the administrator's password is stored.
 */

const userColumns = {
  id: users.id,
  organizationId: users.organizationId,
  username: users.username,
  name: users.name,
  firstName: users.firstName,
  lastName: users.lastName,
  enabled: users.enabled,
  sublocationTagging: users.sublocationTagging,
  driverInfo: users.driverInfo,
  hasPassword: sql<boolean>`${users.passwordHash} is not null`,
  contactId: users.contactId,
  roleIds: sql<
    number[]
  >`coalesce((select array_agg(ur.role_id order by ur.role_id) from ${userRoles} ur where ur.user_id = ${users.id}), '{}')`,
  version: users.version,
};

export async function userRecords(db: Queryable, where: SQL): Promise<UserRecord[]> {
  const rows = await db.select(userColumns).from(users).where(where).orderBy(asc(users.name));
  const contactById = new Map(
    (
      await contactRecords(
        db,
        inArray(
          contacts.id,
          rows.map((row) => row.contactId),
        ),
      )
    ).map((contact) => [contact.id, contact]),
  );
  return rows.flatMap(({ driverInfo, ...row }) => {
    const contact = contactById.get(row.contactId);
    if (!contact) return [];
    return [
      {
        ...row,
        driverInfo: row.roleIds.includes(DRIVER_ROLE_ID)
          ? {
              defaultTractorId: driverInfo?.defaultTractorId ?? null,
              defaultTrailerId: driverInfo?.defaultTrailerId ?? null,
              contract: driverInfo?.contract ?? false,
              loadCompletionOutOfSequence: driverInfo?.loadCompletionOutOfSequence ?? false,
            }
          : null,
        contact,
      },
    ];
  });
}

/** The feed's users: the active organization's, only to callers who may view users. */
export async function visibleUsers(db: Queryable, auth: AuthContext, ids: number[]) {
  if (!auth.permissions.includes('ViewUsers')) return [];
  return userRecords(db, and(eq(users.organizationId, auth.organizationId), inArray(users.id, ids)) as SQL);
}

/** `usernameSkeleton` of the stored name, in SQL: the same steps and the same table of look-alike letters. */
const storedUsernameSkeleton = sql`lower(translate(normalize(${users.username}, NFKC), ${CONFUSABLE_LETTERS.from}, ${CONFUSABLE_LETTERS.to}))`;

/** A user of any organization whose name looks like this one (same skeleton, ignoring case), other than `exceptId`. */
async function lookAlikeUser(db: Queryable, username: string, exceptId?: number) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`${storedUsernameSkeleton} = ${usernameSkeleton(username)}`, exceptId ? ne(users.id, exceptId) : undefined))
    .limit(1);
  return row;
}

/** Spec 2 §7: true when no user of any organization has the name or one looking like it, ignoring case. */
export async function isUsernameAvailable(db: Queryable, username: string) {
  return (await lookAlikeUser(db, username)) === undefined;
}

/** 400 naming each broken form rule, 409 for a taken username, 403 for roles only platform administrators grant. */
async function assertUserRules(tx: Queryable, auth: AuthContext, input: UserFields, stored?: { id: number; roleIds: number[] }) {
  const issues = userRuleIssues(
    {
      id: stored?.id,
      roleIds: input.roleIds,
      sublocationTagging: input.sublocationTagging,
      enabled: input.enabled,
      defaultTractorId: input.driverInfo?.defaultTractorId ?? null,
      defaultTrailerId: input.driverInfo?.defaultTrailerId ?? null,
    },
    auth.userId,
  );
  if (issues.length) throw badRequest(issues.map((issue) => ({ path: `body.${issue.path}`, message: issue.message })));
  // The platform role opens every company: only those who hold its powers give or take it.
  const platformRoleChanged =
    input.roleIds.includes(ROLE_IDS.PlatformAdministrator) !==
    (stored?.roleIds.includes(ROLE_IDS.PlatformAdministrator) ?? false);
  if (platformRoleChanged && !auth.permissions.includes('ViewAllCompanies'))
    throw forbidden('Only a platform administrator gives or takes the platform administrator role');
  // A look-alike is taken too; which user or company holds it is not said.
  if (await lookAlikeUser(tx, input.username, stored?.id))
    throw new HttpError(409, ERROR_CODES.conflict, 'The username is taken', {
      rule: 'usernameTaken',
      issues: [{ path: 'body.username', message: 'usernameTaken' }],
    });
}

function userValues(input: UserFields) {
  const name = [input.firstName, input.lastName].filter(Boolean).join(' ') || input.username;
  return {
    username: input.username,
    name,
    firstName: input.firstName || null,
    lastName: input.lastName || null,
    enabled: input.enabled,
    sublocationTagging: input.sublocationTagging,
    // Driver info belongs to drivers only: another role's form does not show it, so nothing is kept.
    driverInfo: mayHaveDefaultEquipment(input.roleIds) ? input.driverInfo : null,
  };
}

async function userRecord(tx: Queryable, id: number) {
  const [record] = await userRecords(tx, eq(users.id, id));
  if (!record) throw notFound('User');
  return record;
}

/** A user's write reaches the users and contacts mirrors, and the drivers list when the user drives or drove. */
async function recordUser(
  record: RecordMirrorChanges,
  orgId: number,
  user: { id: number; contactId: number },
  wasOrIsDriver: boolean,
) {
  await record([
    { entity: 'user', id: user.id, op: 'upsert', organizationIds: [orgId] },
    { entity: 'contact', id: user.contactId, op: 'upsert', organizationIds: [orgId] },
    ...(wasOrIsDriver ? [{ entity: 'driver' as const, id: user.id, op: 'upsert' as const, organizationIds: [orgId] }] : []),
  ]);
}

/**
 * The password is kept only when the user's contact has no email (spec 2 §4: the activation link
 * sets it then; a Text number cannot carry the link, so such a contact keeps the typed password).
 */
async function storePasswordUnlessMailed(tx: Queryable, user: { id: number; contactId: number }, password?: string) {
  if (!password) return;
  const [contact] = await tx.select({ email: contacts.email }).from(contacts).where(eq(contacts.id, user.contactId));
  if (!contact?.email) await setUserPassword(tx, user.id, password);
}

/** An existing contact of the organization becomes the new user's, unless a user holds it already (409). */
async function takeContact(tx: Transaction, orgId: number, contactId: number) {
  await lockedContact(tx, orgId, contactId);
  const [holder] = await tx.select({ id: users.id }).from(users).where(eq(users.contactId, contactId));
  if (holder)
    throw new HttpError(409, ERROR_CODES.conflict, 'The contact belongs to another user', {
      rule: 'contactHasUser',
      issues: [{ path: 'body.contactId', message: 'contactHasUser' }],
    });
  await tx
    .update(contacts)
    .set({ interactiveUser: true, version: sql`${contacts.version} + 1`, updatedAt: new Date() })
    .where(eq(contacts.id, contactId));
  return contactId;
}

async function newContact(tx: Queryable, orgId: number, input: NonNullable<NewUserFields['contact']>) {
  const [contact] = await tx
    .insert(contacts)
    .values({ ...(await contactValues(tx, orgId, input)), organizationId: orgId, interactiveUser: true })
    .returning({ id: contacts.id });
  if (!contact) throw notFound('Contact');
  return contact.id;
}

export async function createUser(
  db: Database,
  realtime: RealtimePublisher,
  auth: AuthContext,
  orgId: number,
  input: NewUserFields,
): Promise<{ user: UserRecord; activationMail: OnboardingMail | null }> {
  assertActiveOrganization(auth, orgId);
  return mirrorWrite(db, realtime, async (tx, record) => {
    await assertUserRules(tx, auth, input);
    // The contract requires exactly one of the two.
    const contactId = input.contact
      ? await newContact(tx, orgId, input.contact)
      : await takeContact(tx, orgId, input.contactId as number);
    const [row] = await tx
      .insert(users)
      .values({ ...userValues(input), organizationId: orgId, contactId })
      .returning({ id: users.id, contactId: users.contactId });
    if (!row) throw notFound('User');
    await tx.insert(userRoles).values(input.roleIds.map((roleId) => ({ userId: row.id, roleId })));
    await storePasswordUnlessMailed(tx, row, input.password);
    await recordUser(record, orgId, row, input.roleIds.includes(DRIVER_ROLE_ID));
    const activationMail = await issueActivation(tx, row.id);
    return { user: await userRecord(tx, row.id), activationMail };
  });
}

async function lockedUser(tx: Transaction, orgId: number, id: number) {
  const [row] = await tx
    .select({ id: users.id, version: users.version, contactId: users.contactId })
    .from(users)
    .where(and(eq(users.id, id), eq(users.organizationId, orgId)))
    .for('update');
  if (!row) throw notFound('User');
  const roles = await tx.select({ roleId: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, id));
  return { ...row, roleIds: roles.map((role) => role.roleId) };
}

export async function updateUser(
  db: Database,
  realtime: RealtimePublisher,
  auth: AuthContext,
  orgId: number,
  id: number,
  input: UserUpdateFields,
) {
  assertActiveOrganization(auth, orgId);
  return mirrorWrite(db, realtime, async (tx, record) => {
    const current = await lockedUser(tx, orgId, id);
    if (current.version !== input.version) throw staleVersion('user', await userRecord(tx, id));
    await assertUserRules(tx, auth, input, current);
    await tx
      .update(users)
      .set({ ...userValues(input), version: sql`${users.version} + 1`, updatedAt: new Date() })
      .where(eq(users.id, id));
    await tx
      .update(contacts)
      .set({
        ...(await contactValues(tx, orgId, input.contact, current.contactId)),
        version: sql`${contacts.version} + 1`,
        updatedAt: new Date(),
      })
      .where(eq(contacts.id, current.contactId));
    await tx.delete(userRoles).where(eq(userRoles.userId, id));
    await tx.insert(userRoles).values(input.roleIds.map((roleId) => ({ userId: id, roleId })));
    await storePasswordUnlessMailed(tx, current, input.password);
    // Disabling ends the user's sessions for good: enabling again must not revive an old cookie.
    if (!input.enabled) await tx.delete(sessions).where(eq(sessions.userId, id));
    const drives = [...current.roleIds, ...input.roleIds].includes(DRIVER_ROLE_ID);
    await recordUser(record, orgId, current, drives);
    return userRecord(tx, id);
  });
}

/**
 * A user whom loads or their delivery log name is refused (409 `inUse`): history keeps its driver,
 * so such a user is disabled instead (`enabled`). Otherwise the user goes with the own contact, the
 * downtime (its deletions logged first: the cascade writes nothing to the feed) and the team places.
 */
export async function deleteUser(db: Database, realtime: RealtimePublisher, auth: AuthContext, orgId: number, id: number) {
  assertActiveOrganization(auth, orgId);
  await mirrorWrite(db, realtime, async (tx, record) => {
    const current = await lockedUser(tx, orgId, id);
    if (id === auth.userId) throw badRequest([{ path: 'params.id', message: 'cannotDeleteYourself' }]);
    const [loads] = await tx
      .select({
        count: sql<number>`(select count(*)::int from (
          select ${orders.id} from ${orders} where ${orders.transportedByUserId} = ${id} or ${orders.acceptedByUserId} = ${id}
          union select ${tripEvents.orderId} from ${tripEvents} where ${tripEvents.userId} = ${id}) as named)`,
      })
      .from(users)
      .where(eq(users.id, id));
    // The user's own contact goes with them: what names it besides the user keeps both.
    const { user: _holder, ...contactUses } = await usesOf(tx, 'contact', current.contactId);
    assertUnused('user', { order: loads?.count ?? 0, ...contactUses });
    await recordDowntimeDeletions(tx, record, orgId, eq(downtimes.driverId, id));
    await releaseDriverDevices(tx, record, orgId, id);
    const teams = await tx
      .select({ id: loadingTeamMembers.loadingTeamId })
      .from(loadingTeamMembers)
      .where(eq(loadingTeamMembers.userId, id));
    await record([
      { entity: 'user', id, op: 'delete', organizationIds: [orgId] },
      { entity: 'contact', id: current.contactId, op: 'delete', organizationIds: [orgId] },
      ...(current.roleIds.includes(DRIVER_ROLE_ID)
        ? [{ entity: 'driver' as const, id, op: 'delete' as const, organizationIds: [orgId] }]
        : []),
      ...teams.map((team) => ({ entity: 'loadingTeam' as const, id: team.id, op: 'upsert' as const, organizationIds: [orgId] })),
    ]);
    await tx.delete(users).where(eq(users.id, id));
    await tx.delete(contacts).where(eq(contacts.id, current.contactId));
  });
}

/** Drivers of any organization whose default equipment is this tractor or trailer. */
export async function driversDefaulting(tx: Queryable, field: 'defaultTractorId' | 'defaultTrailerId', id: number) {
  const [row] = await tx.select({ count: count() }).from(users).where(sql`(${users.driverInfo}->>${field})::int = ${id}`);
  return row?.count ?? 0;
}

/** Users holding the contact as their own (at most one). */
export async function usersHoldingContact(tx: Queryable, contactId: number) {
  const [row] = await tx.select({ count: count() }).from(users).where(eq(users.contactId, contactId));
  return row?.count ?? 0;
}
