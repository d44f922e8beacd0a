import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { ChangeEntity } from '#core/contract/orders';
import type { Queryable } from '#server/db/database';
import { changeLog } from '#server/db/schema';
import type { AuthContext } from '#server/plugins/auth';
import { listDowntimes } from '#server/features/master-data/downtime.service';
import { visibleContacts } from '#server/features/people/contacts.service';
import { visibleLoadingTeams } from '#server/features/people/loading-teams.service';
import { visibleNotificationConfigs } from '#server/features/notification-configs/notification-configs.service';
import { visibleUsers } from '#server/features/people/users.service';
import { loadOrdersByIds } from '#server/features/orders/orders.service';
import * as lists from '#server/features/reference/reference.service';
import { carriedCargoTypes, carriedCustomers, carriedLocations } from './carried-references.ts';

const FEED_ENTITIES: ChangeEntity[] = [
  'order',
  'customer',
  'location',
  'tractor',
  'trailer',
  'driver',
  'cargoType',
  'carrier',
  'downtime',
  'user',
  'contact',
  'loadingTeam',
  'notificationConfig',
];

export interface Cursor {
  txid: number;
  seq: number;
}

export function parseCursor(value: string | undefined): Cursor {
  if (!value) return { txid: 0, seq: 0 };
  const [txid, seq] = value.split('.').map(Number);
  return { txid: txid ?? 0, seq: seq ?? 0 };
}

export const formatCursor = (cursor: Cursor) => `${cursor.txid}.${cursor.seq}`;

/**
 * Changes since `cursor` for the active organization.
 *
 * Why the cursor is (transaction id, sequence) and not the sequence alone: `seq` is taken when a
 * row is inserted, but transactions commit in any order, so seq 11 may be visible while seq 10 is
 * still uncommitted; a reader that moved its cursor past 11 would never see 10. Instead the feed
 * only hands out rows written by transactions older than the oldest transaction still running
 * (`pg_snapshot_xmin` of the current snapshot). Every such transaction has finished, and any
 * transaction that has not yet written will get a larger id, so nothing can appear later below
 * the cursor. Rows are ordered by (txid, seq) and the cursor is the last row handed out.
 */
export async function pullChanges(db: Queryable, auth: AuthContext, since: Cursor, limit: number) {
  const visible = or(eq(changeLog.organizationId, auth.organizationId), isNull(changeLog.organizationId));
  const entries = await db
    .select({
      txid: changeLog.txid,
      seq: changeLog.seq,
      entity: changeLog.entity,
      entityId: changeLog.entityId,
      op: changeLog.op,
    })
    .from(changeLog)
    .where(
      and(
        visible,
        inArray(changeLog.entity, FEED_ENTITIES),
        sql`(${changeLog.txid}, ${changeLog.seq}) > (${since.txid}, ${since.seq})`,
        sql`${changeLog.txid} < pg_snapshot_xmin(pg_current_snapshot())::text::bigint`,
      ),
    )
    .orderBy(changeLog.txid, changeLog.seq)
    .limit(limit + 1);
  const hasMore = entries.length > limit;
  const page = entries.slice(0, limit);
  const last = page.at(-1);
  const cursor = last ? { txid: last.txid, seq: last.seq } : since;

  // Several writes to one row collapse into one change carrying the row as it is now.
  const latest = new Map<string, { entity: ChangeEntity; id: number }>();
  for (const entry of page)
    latest.set(`${entry.entity}:${entry.entityId}`, { entity: entry.entity as ChangeEntity, id: entry.entityId });
  const changes = await currentRows(db, auth, [...latest.values()]);
  return { changes, cursor: formatCursor(cursor), hasMore };
}

type RowLoader = (db: Queryable, auth: AuthContext, ids: number[]) => Promise<{ id: number }[]>;

const byIds =
  (list: (db: Queryable, auth: AuthContext) => Promise<{ id: number }[]>): RowLoader =>
  async (db, auth, ids) =>
    (await list(db, auth)).filter((row) => ids.includes(row.id));

/** The organization's own rows, then those of other organizations its carried loads name. */
const ownOrCarried =
  (own: RowLoader, carried: RowLoader): RowLoader =>
  async (db, auth, ids) => [...(await own(db, auth, ids)), ...(await carried(db, auth, ids))];

const LOADERS: Record<ChangeEntity, RowLoader> = {
  order: loadOrdersByIds,
  customer: ownOrCarried(byIds(lists.listCustomers), carriedCustomers),
  location: ownOrCarried(byIds(lists.listLocations), carriedLocations),
  tractor: byIds(lists.listTractors),
  trailer: byIds(lists.listTrailers),
  driver: byIds(lists.listDrivers),
  cargoType: ownOrCarried(byIds(lists.listCargoTypes), carriedCargoTypes),
  carrier: byIds(lists.listCarriers),
  downtime: byIds(listDowntimes),
  // The administration tables' rows, only to callers with the matching View permission.
  user: visibleUsers,
  contact: visibleContacts,
  loadingTeam: visibleLoadingTeams,
  notificationConfig: visibleNotificationConfigs,
};

/** The rows as they are now; a row that no longer exists or is no longer visible is a deletion. */
async function currentRows(db: Queryable, auth: AuthContext, wanted: { entity: ChangeEntity; id: number }[]) {
  const changes: { entity: ChangeEntity; id: number; op: 'upsert' | 'delete'; row?: unknown }[] = [];
  for (const entity of FEED_ENTITIES) {
    const ids = wanted.filter((change) => change.entity === entity).map((change) => change.id);
    if (!ids.length) continue;
    const rows = new Map((await LOADERS[entity](db, auth, ids)).map((row) => [row.id, row]));
    for (const id of ids) {
      const row = rows.get(id);
      changes.push(row ? { entity, id, op: 'upsert', row } : { entity, id, op: 'delete' });
    }
  }
  return changes;
}
