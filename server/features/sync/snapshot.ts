import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { ChangeEntity, ChangeWindow } from '#core/contract/change-feed';
import type { Queryable } from '#server/db/database';
import { changeLog, orders } from '#server/db/schema';
import { visibleTo } from '#server/features/orders/orders.service';
import type { AuthContext } from '#server/plugins/auth';
import { feedLoaderOf } from './feed-loaders.ts';
import { FEED_ENTITIES, type FeedChange, visibleInWindow } from './feed-rows.ts';

/** Where a snapshot goes on: the feed position it fixed, the kind it is at (FEED_ENTITIES) and the last id handed out. */
export interface SnapshotCursor {
  txid: number;
  entityIndex: number;
  lastId: number;
}

export const formatSnapshotCursor = (cursor: SnapshotCursor) => `s${cursor.txid}.${cursor.entityIndex}.${cursor.lastId}`;

/** The oldest transaction still running: every transaction below it has finished (committed or not). */
export async function oldestRunningTransaction(db: Queryable): Promise<number> {
  const result = await db.execute<{ xmin: string }>(sql`select pg_snapshot_xmin(pg_current_snapshot())::text as xmin`);
  return Number(result.rows[0]?.xmin);
}

/**
 * Up to `limit` ids of the kind after `afterId`, in id order. Loads come from their table (those the
 * organization sees, within the window); the other kinds are few per company and come from the change
 * log, which holds an entry for every row an organization sees (the feed's first pull always relied on it).
 */
async function idsAfter(
  db: Queryable,
  auth: AuthContext,
  entity: ChangeEntity,
  afterId: number,
  limit: number,
  window: ChangeWindow | undefined,
): Promise<number[]> {
  if (entity === 'order') {
    if (!window) {
      const rows = await db
        .select({ id: orders.id })
        .from(orders)
        .where(and(visibleTo(auth), gt(orders.id, afterId)))
        .orderBy(orders.id)
        .limit(limit);
      return rows.map((row) => row.id);
    }
    // Materialized: the window's few thousand ids through the (organization, date) and draft indexes, then
    // sorted, rather than walking the primary key through every load of the years before the window.
    const result = await db.execute<{ id: number }>(sql`
      with windowed as materialized (
        select ${orders.id} as id from ${orders} where ${visibleInWindow(auth.organizationId, window)}
      )
      select id from windowed where id > ${afterId} order by id limit ${limit}`);
    return result.rows.map((row) => row.id);
  }
  const rows = await db
    .selectDistinct({ id: changeLog.entityId })
    .from(changeLog)
    .where(
      and(
        or(eq(changeLog.organizationId, auth.organizationId), isNull(changeLog.organizationId)),
        eq(changeLog.entity, entity),
        gt(changeLog.entityId, afterId),
      ),
    )
    .orderBy(changeLog.entityId)
    .limit(limit);
  return rows.map((row) => row.id);
}

/**
 * A page of the current rows the caller sees, kind after kind (FEED_ENTITIES), each by id, instead of
 * the change log's whole history: a first sync, or one whose cursor compaction has passed.
 *
 * `from` absent starts a snapshot (the answer says `reset`: the client applies it to an emptied mirror)
 * and fixes its feed position: the oldest transaction running now. Every transaction below it has
 * finished, so every row read from now on shows all of their changes; changes of that transaction and
 * later ones come again through the feed from `<txid>.0`, the last page's cursor, which is harmless.
 */
export async function pullSnapshot(
  db: Queryable,
  auth: AuthContext,
  from: SnapshotCursor | null,
  limit: number,
  window: ChangeWindow | undefined,
) {
  const txid = from?.txid ?? (await oldestRunningTransaction(db));
  const reset = from ? {} : { reset: true };
  const changes: FeedChange[] = [];
  let examined = 0;
  let entityIndex = from?.entityIndex ?? 0;
  let lastId = from?.lastId ?? 0;
  while (entityIndex < FEED_ENTITIES.length) {
    const entity = FEED_ENTITIES[entityIndex] as ChangeEntity;
    const room = limit - examined;
    const ids = await idsAfter(db, auth, entity, lastId, room + 1, window);
    const taken = ids.slice(0, room);
    examined += taken.length;
    const rows = taken.length ? await feedLoaderOf(entity)(db, auth, taken) : [];
    const byId = new Map(rows.map((row) => [row.id, row]));
    // The client's mirror holds nothing of the snapshot yet: a row no longer visible is simply left out.
    for (const id of taken) if (byId.has(id)) changes.push({ entity, id, op: 'upsert', row: byId.get(id) });
    if (ids.length > room) {
      const cursor = formatSnapshotCursor({ txid, entityIndex, lastId: taken.at(-1) ?? lastId });
      return { changes, cursor, hasMore: true, ...reset };
    }
    entityIndex += 1;
    lastId = 0;
  }
  return { changes, cursor: `${txid}.0`, hasMore: false, ...reset };
}
