import { asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { LoadingTeamRecord, loadingTeamInputSchema } from '#core/contract/people';
import type { Queryable } from '#server/db/database';
import { contacts, loadingTeamMembers, loadingTeams, stops, users } from '#server/db/schema';
import type { RecordStore } from '#server/resources/resource-routes';

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

/** The members' ids were checked as users of the organization by the contract's references. */
async function replaceMembers(tx: Queryable, id: number, userIds: number[]) {
  await tx.delete(loadingTeamMembers).where(eq(loadingTeamMembers.loadingTeamId, id));
  if (userIds.length) await tx.insert(loadingTeamMembers).values(userIds.map((userId) => ({ loadingTeamId: id, userId })));
}

/**
 * Loading teams, written through the record routes (server/resources). A delete is refused (409
 * `inUse`) while a load's stop names the team (sites do not store theirs yet); its members stay users.
 */
export const loadingTeamStore: RecordStore<LoadingTeamRecord, LoadingTeamFields> = {
  table: loadingTeams,
  noun: 'loading team',
  rows: loadingTeamRecords,
  values: (input) => ({ name: input.name, email: input.email || null }),
  written: (tx, id, input) => replaceMembers(tx, id, input.userIds),
  uses: async (tx, id) => {
    const [loads] = await tx
      .select({ count: sql<number>`count(distinct ${stops.orderId})::int` })
      .from(stops)
      .where(eq(stops.loadingTeamId, id));
    return { order: loads?.count ?? 0 };
  },
};
