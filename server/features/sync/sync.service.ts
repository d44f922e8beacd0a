import { eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { ChangeEntity, ChangeWindow } from '#core/contract/change-feed';
import type { Queryable } from '#server/db/database';
import { changeLog } from '#server/db/schema';
import type { AuthContext } from '#server/plugins/auth';
import { type LogPosition, isBefore, readHorizon } from './compaction.ts';
import { currentRows, FEED_ENTITIES } from './feed-rows.ts';
import { pullSnapshot, type SnapshotCursor } from './snapshot.ts';

/** A `since` as the contract checked it: a feed position, or where a snapshot goes on. */
export type Since = ({ kind: 'feed' } & LogPosition) | ({ kind: 'snapshot' } & SnapshotCursor);

export function parseSince(value: string | undefined): Since | null {
  if (!value) return null;
  if (value.startsWith('s')) {
    const [txid = 0, entityIndex = 0, lastId = 0] = value.slice(1).split('.').map(Number);
    return { kind: 'snapshot', txid, entityIndex, lastId };
  }
  const [txid = 0, seq = 0] = value.split('.').map(Number);
  return { kind: 'feed', txid, seq };
}

const formatCursor = (cursor: LogPosition) => `${cursor.txid}.${cursor.seq}`;

/**
 * `GET /api/sync/changes`: a snapshot of the current rows for a first sync, for a snapshot cursor, and
 * for a feed cursor below the compaction horizon (which may have missed a deletion compaction removed);
 * else the change feed. With a window, loads outside it are answered as deletions or left out.
 */
export async function pullChanges(
  db: Queryable,
  auth: AuthContext,
  query: { since?: string; limit: number; window?: ChangeWindow },
) {
  const since = parseSince(query.since);
  if (since?.kind === 'snapshot') {
    const expired = isBefore({ txid: since.txid, seq: 0 }, await readHorizon(db));
    return pullSnapshot(db, auth, expired ? null : since, query.limit, query.window);
  }
  if (!since) return pullSnapshot(db, auth, null, query.limit, query.window);
  const { entries, xmin } = await feedEntries(db, auth, since, query.limit);
  // Read after the entries: a compaction committed before they were read shows here, so a client never
  // moves its cursor past a deletion that compaction removed without being told to start again.
  if (isBefore(since, await readHorizon(db))) return pullSnapshot(db, auth, null, query.limit, query.window);
  const hasMore = entries.length > query.limit;
  const page = entries.slice(0, query.limit);
  const last = page.at(-1);
  const heldBack = !hasMore && (await holdsBack(db, auth, last ?? since, xmin));
  // Several writes to one row collapse into one change carrying the row as it is now.
  const latest = new Map<string, { entity: ChangeEntity; id: number }>();
  for (const entry of page)
    latest.set(`${entry.entity}:${entry.entityId}`, { entity: entry.entity as ChangeEntity, id: entry.entityId });
  const changes = await currentRows(db, auth, [...latest.values()], query.window);
  return { changes, cursor: formatCursor(last ?? since), hasMore, ...(heldBack ? { heldBack } : {}) };
}

/**
 * Whether the organization's feed has rows after `cursor` that were held back at `xmin` (written by a
 * transaction that committed while an older one still ran). Their writer's poke came before they
 * could be handed out: without a word the client would wait for the next poke or its slow timer,
 * which under a fleet's constant ingest commits was often. Rows written since count as well.
 */
async function holdsBack(db: Queryable, auth: AuthContext, cursor: LogPosition, xmin: number) {
  const after = (owner: SQL) => sql`exists (
    select 1 from ${changeLog}
     where ${owner} and ${inArray(changeLog.entity, FEED_ENTITIES)}
       and (${changeLog.txid}, ${changeLog.seq}) > (${cursor.txid}, ${cursor.seq})
       and ${changeLog.txid} >= ${xmin})`;
  const result = await db.execute<{ held: boolean }>(
    sql`select ${after(eq(changeLog.organizationId, auth.organizationId))} or ${after(isNull(changeLog.organizationId))} as held`,
  );
  return result.rows[0]?.held === true;
}

/**
 * Change-log entries after `since` for the active organization, one more than `limit` (to tell whether
 * more follow).
 *
 * Why the cursor is (transaction id, sequence) and not the sequence alone: `seq` is taken when a
 * row is inserted, but transactions commit in any order, so seq 11 may be visible while seq 10 is
 * still uncommitted; a reader that moved its cursor past 11 would never see 10. Instead the feed
 * only hands out rows written by transactions older than the oldest transaction still running
 * (`pg_snapshot_xmin` of the current snapshot). Every such transaction has finished, and any
 * transaction that has not yet written will get a larger id, so nothing can appear later below
 * the cursor. Rows are ordered by (txid, seq) and the cursor is the last row handed out.
 */
async function feedEntries(db: Queryable, auth: AuthContext, since: LogPosition, limit: number) {
  // One ordered, limited index scan per owner (the organization's own entries, and those of no
  // organization) merged, instead of `organization_id = $1 or organization_id is null`, which reads
  // every entry after the cursor and sorts them: a client far behind made each page read ~50,000.
  const entriesOf = (owner: SQL) => sql`(
    select ${changeLog.txid} as txid, ${changeLog.seq} as seq, ${changeLog.entity} as entity, ${changeLog.entityId} as "entityId"
      from ${changeLog}
     where ${owner} and ${inArray(changeLog.entity, FEED_ENTITIES)}
       and (${changeLog.txid}, ${changeLog.seq}) > (${since.txid}, ${since.seq})
       and ${changeLog.txid} < (select xmin from horizon)
     order by ${changeLog.txid}, ${changeLog.seq}
     limit ${limit + 1})`;
  // The horizon is answered with the rows (one statement, one snapshot): what was held back is told by it.
  const result = await db.execute<{ txid: string | null; seq: string; entity: string; entityId: number; xmin: string }>(sql`
    with horizon as (select pg_snapshot_xmin(pg_current_snapshot())::text::bigint as xmin),
    entries as (
      ${entriesOf(eq(changeLog.organizationId, auth.organizationId))}
      union all
      ${entriesOf(isNull(changeLog.organizationId))}
      order by txid, seq
      limit ${limit + 1}
    )
    select entries.*, horizon.xmin from horizon left join entries on true
    order by entries.txid, entries.seq`);
  const xmin = Number(result.rows[0]?.xmin);
  const entries = result.rows
    .filter((row) => row.txid !== null)
    .map((row) => ({ txid: Number(row.txid), seq: Number(row.seq), entity: row.entity, entityId: row.entityId }));
  return { entries, xmin };
}
