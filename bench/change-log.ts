import { rm } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { connectDatabase, migrateDatabase } from '#server/db/database';
import { startEmbeddedPostgres } from '#server/db/embedded-postgres';
import { compactChangeLog } from '#server/features/sync/compaction';
import { createDataDir } from './server-process.ts';
import { roundMs } from './stats.ts';

/** The windowed company's loads (two years), each written three times, a tenth also logged for its carrier. */
const LOADS = 100_000;
const WRITES_PER_LOAD = 3;
const CARRIED_EVERY = 10;
const OLD_DELETIONS = 5_000;
const RECENT_DELETIONS = 1_000;
const RETENTION_DAYS = 30;

type Log = (message: string) => void;

export interface ChangeLogCompactionFigures {
  entries: number;
  /** The first compaction of a log never compacted: most entries are superseded. */
  first: { ms: number; collapsed: number; tombstones: number; entriesLeft: number };
  /** The hourly run on the compacted log, with nothing new to remove. */
  next: { ms: number };
}

/** Change-log compaction (sync/compaction.ts) on an embedded PostgreSQL of its own, timed as the server runs it. */
export async function measureChangeLogCompaction(log: Log): Promise<ChangeLogCompactionFigures> {
  const dataDir = await createDataDir();
  const postgres = await startEmbeddedPostgres({ dataDir });
  const database = connectDatabase(postgres.connectionString());
  try {
    await migrateDatabase(database.db);
    log(`change log: ${LOADS} loads written ${WRITES_PER_LOAD} times, ${OLD_DELETIONS + RECENT_DELETIONS} deletions`);
    await database.db.execute(sql`
      insert into change_log (organization_id, entity, entity_id, op)
      select organization_id, 'order', id, 'upsert'
        from (select 1 as organization_id, id from generate_series(1, ${LOADS}) id
              union all select 2, id from generate_series(1, ${LOADS}) id where id % ${CARRIED_EVERY} = 0) loads,
             generate_series(1, ${WRITES_PER_LOAD})`);
    await database.db.execute(sql`
      insert into change_log (organization_id, entity, entity_id, op, changed_at)
      select 1, 'customer', id, 'delete', now() - make_interval(days => case when id <= ${OLD_DELETIONS} then ${RETENTION_DAYS + 10} else 1 end)
        from generate_series(1, ${OLD_DELETIONS + RECENT_DELETIONS}) id`);
    await database.db.execute(sql`analyze change_log`);
    const entries = await countEntries(database.db);
    const compact = async () => {
      const started = performance.now();
      const result = await compactChangeLog(database.db, { now: new Date(), retentionDays: RETENTION_DAYS });
      if (!result) throw new Error('another compaction held the lock');
      return { ms: roundMs(performance.now() - started), ...result };
    };
    log('change log: first compaction');
    const first = await compact();
    const entriesLeft = await countEntries(database.db);
    log('change log: next compaction');
    const next = await compact();
    return {
      entries,
      first: { ms: first.ms, collapsed: first.collapsed, tombstones: first.tombstones, entriesLeft },
      next: { ms: next.ms },
    };
  } finally {
    await database.close();
    await postgres.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function countEntries(db: ReturnType<typeof connectDatabase>['db']) {
  const result = await db.execute<{ count: string }>(sql`select count(*)::text as count from change_log`);
  return Number(result.rows[0]?.count);
}
