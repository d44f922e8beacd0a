import type pg from 'pg';

/** Per table "rows/sum of versions" ("rows/-" without a version column), and the change log's head "max txid.max seq". */
export interface WriteSnapshot {
  tables: Record<string, string>;
  changeLogHead: string;
}

const quoteIdentifier = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Reads the tables of the database once (information_schema: every table, and which have a
 * `version` column) and answers a function taking a snapshot with one query: an insert, a delete,
 * a versioned update or a change-log entry anywhere all show in it.
 */
export async function writeSnapshotter(pool: pg.Pool): Promise<() => Promise<WriteSnapshot>> {
  const { rows: tables } = await pool.query<{ name: string; versioned: boolean }>(`
    select t.table_name as name, exists (
      select 1 from information_schema.columns c
      where c.table_schema = t.table_schema and c.table_name = t.table_name and c.column_name = 'version'
    ) as versioned
    from information_schema.tables t
    where t.table_schema = current_schema() and t.table_type = 'BASE TABLE'
    order by t.table_name`);
  const names = tables.map(({ name }) => `'${name.replaceAll("'", "''")}'`);
  const counts = tables.map(({ name, versioned }) => {
    const versions = versioned ? 'coalesce(sum(version), 0)' : `'-'`;
    return `(select count(*) || '/' || ${versions} from ${quoteIdentifier(name)})`;
  });
  // json_object over two arrays: a function call's 100 arguments would limit the number of tables.
  const sql = `select json_object(array[${names.join(', ')}], array[${counts.join(', ')}]) as tables,
    (select coalesce(max(txid), 0) || '.' || coalesce(max(seq), 0) from change_log) as "changeLogHead"`;
  return async () => {
    const { rows } = await pool.query<WriteSnapshot>(sql);
    const [snapshot] = rows;
    if (!snapshot) throw new Error('the snapshot query answered no row');
    return snapshot;
  };
}

/** What changed between two snapshots ("table: before → after"), leaving out tables written on purpose. */
export function writtenBetween(before: WriteSnapshot, after: WriteSnapshot, ignoredTables: readonly string[] = []): string[] {
  const changes: string[] = [];
  for (const table of new Set([...Object.keys(before.tables), ...Object.keys(after.tables)])) {
    if (ignoredTables.includes(table) || before.tables[table] === after.tables[table]) continue;
    changes.push(`${table}: ${before.tables[table]} → ${after.tables[table]}`);
  }
  if (!ignoredTables.includes('change_log') && before.changeLogHead !== after.changeLogHead) {
    changes.push(`change_log head: ${before.changeLogHead} → ${after.changeLogHead}`);
  }
  return changes;
}
