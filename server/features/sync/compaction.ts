import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Queryable } from '#server/db/database';
import { changeLogHorizon } from '#server/db/schema';

/** A place in the change log, in the feed's order. */
export interface LogPosition {
  txid: number;
  seq: number;
}

export const isBefore = (a: LogPosition, b: LogPosition) => a.txid < b.txid || (a.txid === b.txid && a.seq < b.seq);

/** The greatest position of a deletion compaction removed; a feed cursor below it re-syncs. */
export async function readHorizon(db: Queryable): Promise<LogPosition> {
  const [horizon] = await db.select({ txid: changeLogHorizon.txid, seq: changeLogHorizon.seq }).from(changeLogHorizon);
  return horizon ?? { txid: 0, seq: 0 };
}

/** The advisory lock key of compaction ("CLOG"), so one node of several compacts at a time. */
const COMPACTION_LOCK = 0x434c4f47;
const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
/** Entries of transactions still running may yet abort: compaction ranks only those below this. */
const FINISHED = sql`pg_snapshot_xmin(pg_current_snapshot())::text::bigint`;

export interface Compaction {
  /** Entries removed because a later entry of the same row follows. */
  collapsed: number;
  /** Deletions older than the retention removed, the horizon moved past them. */
  tombstones: number;
  horizon: LogPosition;
}

/**
 * Shrinks the change log; null when another node is compacting.
 *
 * Collapse: an entry followed by a later one of the same row (organization, kind, id) goes. Always
 * safe: the feed answers a row as it is now, so a cursor anywhere before the later entry still gets it.
 * Tombstones: a row's last entry, when it is a deletion older than `retentionDays`, goes too, and the
 * horizon moves up to it: a client whose cursor is below may still hold the row, so it re-syncs from a
 * snapshot (sync.service.ts).
 */
export async function compactChangeLog(
  db: Database,
  { now, retentionDays }: { now: Date; retentionDays: number },
): Promise<Compaction | null> {
  return db.transaction(async (tx) => {
    const lock = await tx.execute<{ locked: boolean }>(sql`select pg_try_advisory_xact_lock(${COMPACTION_LOCK}) as locked`);
    if (!lock.rows[0]?.locked) return null;
    const collapsed = await tx.execute(sql`
      delete from change_log c
       using (select seq, lead(seq) over (partition by organization_id, entity, entity_id order by txid, seq) as later
                from change_log where txid < ${FINISHED}) ranked
       where ranked.later is not null and c.seq = ranked.seq`);
    const tombstones = await tx.execute<{ txid: string; seq: string }>(sql`
      delete from change_log c
       where c.op = 'delete' and c.changed_at < ${new Date(now.getTime() - retentionDays * DAY_MS)}
         and c.txid < ${FINISHED}
         and not exists (
           select 1 from change_log later
            where (later.organization_id = c.organization_id or (later.organization_id is null and c.organization_id is null))
              and later.entity = c.entity and later.entity_id = c.entity_id and (later.txid, later.seq) > (c.txid, c.seq))
      returning c.txid::text as txid, c.seq::text as seq`);
    let removedUpTo: LogPosition = { txid: 0, seq: 0 };
    for (const row of tombstones.rows) {
      const position = { txid: Number(row.txid), seq: Number(row.seq) };
      if (isBefore(removedUpTo, position)) removedUpTo = position;
    }
    if (tombstones.rows.length)
      await tx.execute(sql`
        update ${changeLogHorizon} set txid = ${removedUpTo.txid}, seq = ${removedUpTo.seq}
         where (txid, seq) < (${removedUpTo.txid}, ${removedUpTo.seq})`);
    return { collapsed: collapsed.rowCount ?? 0, tombstones: tombstones.rows.length, horizon: await readHorizon(tx) };
  });
}

/** Compacts now and every hour (on whichever node gets the lock); the answer stops it, for shutdown. */
export function scheduleChangeLogCompaction(db: Database, options: { retentionDays: number; log: FastifyBaseLogger }) {
  const run = () =>
    void compactChangeLog(db, { now: new Date(), retentionDays: options.retentionDays })
      .then((result) => {
        if (result) options.log.info(result, 'change log compacted');
      })
      .catch((error: unknown) => options.log.error({ err: error }, 'change log compaction failed'));
  run();
  const timer = setInterval(run, HOUR_MS);
  timer.unref();
  return () => clearInterval(timer);
}
