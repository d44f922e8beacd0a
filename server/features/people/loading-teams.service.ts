import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { LoadingTeamRecord, loadingTeamInputSchema } from '#core/contract/people';
import type { Database, Queryable, Transaction } from '#server/db/database';
import { contacts, loadingTeamMembers, loadingTeams, stops, users } from '#server/db/schema';
import { assertActiveOrganization, assertUnused, mirrorWrite, staleVersion } from '#server/features/master-data/records';
import type { AuthContext } from '#server/plugins/auth';
import { notFound } from '#server/plugins/error-handler';
import type { RealtimePublisher } from '#server/plugins/realtime';

type LoadingTeamFields = z.output<typeof loadingTeamInputSchema>;

/** Loading teams (spec 2 §3): a name, an email and member users of the organization. */

export async function loadingTeamRecords(db: Queryable, where: SQL): Promise<LoadingTeamRecord[]> {
  const teams = await db
    .select({
      id: loadingTeams.id,
      organizationId: loadingTeams.organizationId,
      name: loadingTeams.name,
      email: loadingTeams.email,
      version: loadingTeams.version,
    })
    .from(loadingTeams)
    .where(where)
    .orderBy(asc(loadingTeams.name));
  const members = teams.length
    ? await db
        .select({
          teamId: loadingTeamMembers.loadingTeamId,
          id: users.id,
          firstName: users.firstName,
          lastName: users.lastName,
          email: contacts.email,
        })
        .from(loadingTeamMembers)
        .innerJoin(users, eq(users.id, loadingTeamMembers.userId))
        .innerJoin(contacts, eq(contacts.id, users.contactId))
        .where(
          inArray(
            loadingTeamMembers.loadingTeamId,
            teams.map((team) => team.id),
          ),
        )
        .orderBy(asc(users.name))
    : [];
  return teams.map((team) => ({
    ...team,
    users: members.filter((member) => member.teamId === team.id).map(({ teamId, ...member }) => member),
  }));
}

/** The feed's loading teams: the active organization's, only to callers who may view them. */
export async function visibleLoadingTeams(db: Queryable, auth: AuthContext, ids: number[]) {
  if (!auth.permissions.includes('ViewLoadingTeams')) return [];
  return loadingTeamRecords(db, and(eq(loadingTeams.organizationId, auth.organizationId), inArray(loadingTeams.id, ids)) as SQL);
}

async function loadingTeamRecord(tx: Queryable, id: number) {
  const [record] = await loadingTeamRecords(tx, eq(loadingTeams.id, id));
  if (!record) throw notFound('Loading team');
  return record;
}

async function lockedLoadingTeam(tx: Transaction, orgId: number, id: number) {
  const [row] = await tx
    .select({ id: loadingTeams.id, version: loadingTeams.version })
    .from(loadingTeams)
    .where(and(eq(loadingTeams.id, id), eq(loadingTeams.organizationId, orgId)))
    .for('update');
  if (!row) throw notFound('Loading team');
  return row;
}

/** The members' ids were checked as users of the organization by the contract's references. */
async function replaceMembers(tx: Queryable, id: number, userIds: number[]) {
  await tx.delete(loadingTeamMembers).where(eq(loadingTeamMembers.loadingTeamId, id));
  if (userIds.length) await tx.insert(loadingTeamMembers).values(userIds.map((userId) => ({ loadingTeamId: id, userId })));
}

export async function createLoadingTeam(
  db: Database,
  realtime: RealtimePublisher,
  auth: AuthContext,
  orgId: number,
  input: LoadingTeamFields,
) {
  assertActiveOrganization(auth, orgId);
  return mirrorWrite(db, realtime, async (tx, record) => {
    const [row] = await tx
      .insert(loadingTeams)
      .values({ organizationId: orgId, name: input.name, email: input.email || null })
      .returning({ id: loadingTeams.id });
    if (!row) throw notFound('Loading team');
    await replaceMembers(tx, row.id, input.userIds);
    await record([{ entity: 'loadingTeam', id: row.id, op: 'upsert', organizationIds: [orgId] }]);
    return loadingTeamRecord(tx, row.id);
  });
}

export async function updateLoadingTeam(
  db: Database,
  realtime: RealtimePublisher,
  auth: AuthContext,
  orgId: number,
  id: number,
  input: LoadingTeamFields & { version: number },
) {
  assertActiveOrganization(auth, orgId);
  return mirrorWrite(db, realtime, async (tx, record) => {
    const current = await lockedLoadingTeam(tx, orgId, id);
    if (current.version !== input.version) throw staleVersion('loading team', await loadingTeamRecord(tx, id));
    await tx
      .update(loadingTeams)
      .set({ name: input.name, email: input.email || null, version: sql`${loadingTeams.version} + 1`, updatedAt: new Date() })
      .where(eq(loadingTeams.id, id));
    await replaceMembers(tx, id, input.userIds);
    await record([{ entity: 'loadingTeam', id, op: 'upsert', organizationIds: [orgId] }]);
    return loadingTeamRecord(tx, id);
  });
}

/** Refused (409 `inUse`) while a load's stop names the team (sites do not store theirs yet); its members stay users. */
export async function deleteLoadingTeam(db: Database, realtime: RealtimePublisher, auth: AuthContext, orgId: number, id: number) {
  assertActiveOrganization(auth, orgId);
  await mirrorWrite(db, realtime, async (tx, record) => {
    await lockedLoadingTeam(tx, orgId, id);
    const [loads] = await tx
      .select({ count: sql<number>`count(distinct ${stops.orderId})::int` })
      .from(stops)
      .where(eq(stops.loadingTeamId, id));
    assertUnused('loading team', { loads: loads?.count ?? 0 });
    await record([{ entity: 'loadingTeam', id, op: 'delete', organizationIds: [orgId] }]);
    await tx.delete(loadingTeams).where(eq(loadingTeams.id, id));
  });
}
