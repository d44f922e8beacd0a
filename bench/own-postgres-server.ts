import { rm } from 'node:fs/promises';
import { type BenchServer, createDataDir, freePort, startServer, stopServer } from './server-process.ts';
import { type SyncPostgres, startSyncPostgres } from './sync-database.ts';

/** The server under measure and the database it reads, which the bench writes straight into. */
export interface OwnPostgresServer {
  baseUrl: string;
  databaseUrl: string;
}

/**
 * Runs `use` against a server on a PostgreSQL of its own (given as DATABASE_URL, as a managed one
 * would be), so a large company's figures neither disturb nor are disturbed by the others'; both
 * stop and their directories go afterwards, on failure too.
 */
export async function withServerOnOwnPostgres<T>(
  repoRoot: string,
  log: (message: string) => void,
  label: string,
  use: (server: OwnPostgresServer) => Promise<T>,
): Promise<T> {
  const postgresDir = await createDataDir();
  const dataDir = await createDataDir();
  let postgres: SyncPostgres | null = null;
  let server: BenchServer | null = null;
  try {
    log(`${label}: separate PostgreSQL and a server on it`);
    postgres = await startSyncPostgres(postgresDir);
    server = await startServer(repoRoot, dataDir, await freePort(), postgres.databaseUrl);
    return await use({ baseUrl: server.baseUrl, databaseUrl: postgres.databaseUrl });
  } finally {
    if (server) await stopServer(server);
    await postgres?.stop().catch((error: unknown) => log(`stopping PostgreSQL failed: ${error}`));
    await rm(postgresDir, { recursive: true, force: true });
    await rm(dataDir, { recursive: true, force: true });
  }
}
