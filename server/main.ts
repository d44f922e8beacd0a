import { connectDatabase, type DatabaseHandle, migrateDatabase, poolSize } from './db/database.ts';
import { type RunningPostgres, startEmbeddedPostgres } from './db/embedded-postgres.ts';
import { DEMO_LOGINS, DEMO_PASSWORD, seedDemoIfEmpty } from './db/seed/demo-seed.ts';
import { describeError, StartupError } from './db/startup-error.ts';
import { buildApp } from './app.ts';
import { startDemoSimulator } from './features/demo-simulator/start-demo-simulator.ts';
import { scheduleChangeLogCompaction } from './features/sync/compaction.ts';
import { pruneIdempotencyKeys } from './plugins/idempotency.ts';
import { type Config, readConfig, startAddress } from './config.ts';
import type { ServerContext } from './context.ts';

const SHUTDOWN_TIMEOUT_MS = 10_000;

/** Module-wide so that a start that fails later still stops it. */
let embedded: RunningPostgres | null = null;
/** Set once the server runs. */
let shutdown: ((reason: string) => Promise<void>) | null = null;

/** `npm start`: database (embedded unless DATABASE_URL), migrations, demo seed, HTTP server, clean shutdown. */
async function main() {
  const config = readConfigExplained();
  let connectionString = config.DATABASE_URL;
  if (!connectionString) {
    embedded = await startEmbeddedPostgres({
      dataDir: config.DATA_DIR,
      notice: (line) => console.log(line),
      onUnexpectedExit: (error, asked) => {
        // A Ctrl-C in the terminal reaches PostgreSQL too (same process group), and it may be done
        // before our own SIGINT handler runs: a shutdown it was asked for stops the server cleanly.
        if (asked && shutdown) return void shutdown('PostgreSQL was stopped');
        report('Dispatch is stopping', error);
        process.exit(1);
      },
    });
    connectionString = embedded.connectionString();
  }
  const database = connectDatabase(connectionString, { max: poolSize(config, embedded !== null) });
  if (config.DATABASE_URL) await checkConnection(database.pool, config.DATABASE_URL);
  await migrateDatabase(database.db);
  const seeded = config.DEMO ? await seedDemoIfEmpty(database.db) : false;
  await pruneIdempotencyKeys(database.db);
  const pruneTimer = setInterval(() => void pruneIdempotencyKeys(database.db).catch(() => {}), 60 * 60 * 1000);
  pruneTimer.unref();

  let context: ServerContext | undefined;
  const app = await buildApp({
    db: database.db,
    config,
    serveWebApp: true,
    logger: true,
    realtime: { pool: database.pool },
    onContext: (built) => {
      context = built;
    },
  });
  // After the app, so a failing start leaves no timer; stopped when the app closes.
  if (config.DEMO && config.DEMO_SIMULATOR && context) await startDemoSimulator(app, context);
  const stopCompaction = scheduleChangeLogCompaction(database.db, {
    retentionDays: config.CHANGE_LOG_RETENTION_DAYS,
    log: app.log,
  });
  await listen(app, config);
  const url = startAddress(config);
  const where = embedded ? `embedded PostgreSQL in ${embedded.location}` : 'PostgreSQL at DATABASE_URL';
  console.log(`\nDispatch is running at ${url} (${where}${seeded ? ', demo data seeded' : ''})`);
  if (config.DEMO) {
    console.log(`Demo logins (password ${DEMO_PASSWORD}):`);
    for (const login of DEMO_LOGINS) console.log(`  ${login.username.padEnd(15)} ${login.description}`);
  }

  let stopping = false;
  shutdown = async (reason: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${reason}, stopping`);
    // A connection that never ends must not keep the process alive.
    setTimeout(() => process.exit(1), SHUTDOWN_TIMEOUT_MS).unref();
    stopCompaction();
    await app.close().catch(() => {});
    await database.close().catch(() => {});
    await embedded?.stop().catch(() => {});
    process.exit(0);
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void shutdown?.(`${signal} received`));
}

function readConfigExplained(): Config {
  try {
    return readConfig();
  } catch (error) {
    throw new StartupError(describeError(error));
  }
}

async function checkConnection(pool: DatabaseHandle['pool'], databaseUrl: string) {
  try {
    await pool.query('select 1');
  } catch (error) {
    const address = new URL(databaseUrl);
    address.password = '';
    throw new StartupError(
      `The PostgreSQL at DATABASE_URL (${address}) cannot be used: ${describeError(error)}. ` +
        'Check that it runs and that the address, user, password and database name are right.',
    );
  }
}

async function listen(app: Awaited<ReturnType<typeof buildApp>>, config: Config) {
  try {
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (error) {
    const where = `port ${config.PORT} of ${config.HOST}`;
    switch ((error as NodeJS.ErrnoException).code) {
      case 'EADDRINUSE':
        throw new StartupError(
          `Another program (another Dispatch server?) already listens on ${where}: stop it, or set PORT to a free port.`,
        );
      case 'EACCES':
        throw new StartupError(
          `This user may not listen on ${where} (ports below 1024 need privileges): set PORT to 1024 or above.`,
        );
      case 'EADDRNOTAVAIL':
        throw new StartupError(
          `HOST ${config.HOST} is not an address of this machine: set HOST to one (0.0.0.0 listens on all).`,
        );
      default:
        throw error;
    }
  }
}

/** One paragraph naming the cause; PostgreSQL's last log lines when it ran; the stack only for unforeseen errors. */
function report(what: string, error: unknown) {
  console.error(`\n${what}: ${describeError(error)}`);
  if (error instanceof StartupError) {
    if (error.logTail.length > 0)
      console.error(`PostgreSQL's last log lines:\n${error.logTail.map((line) => `  ${line}`).join('\n')}`);
  } else if (error instanceof Error && error.stack) {
    console.error(error.stack);
  }
}

main().catch(async (error: unknown) => {
  report('Dispatch could not start', error);
  // Only PostgreSQL is stopped, which ends every connection: closing the app and the pool first could
  // wait forever for the client the realtime adapter is still acquiring when the start fails early.
  await embedded?.stop().catch(() => {});
  process.exit(1);
});
