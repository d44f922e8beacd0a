import pg from 'pg';

/**
 * The SQL text of every statement any pg client sends while `run` runs, in order: for tests that a
 * request costs the round trips it should (one statement where a loop would send one per row).
 */
export async function statementsDuring<Result>(run: () => Promise<Result>): Promise<{ result: Result; statements: string[] }> {
  const statements: string[] = [];
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [config] = args as [string | { text?: string }];
    statements.push((typeof config === 'string' ? config : (config?.text ?? '')).replace(/\s+/g, ' ').trim());
    return (query as (...parameters: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  try {
    return { result: await run(), statements };
  } finally {
    pg.Client.prototype.query = query;
  }
}
