import { connectDatabase, migrateDatabase } from './db/database.ts';
import { startEmbeddedPostgres, type RunningPostgres } from './db/embedded-postgres.ts';
import { DEMO_LOGINS, DEMO_PASSWORD, seedDemoIfEmpty } from './db/seed/demo-seed.ts';
import { buildApp } from './app.ts';
import { pruneIdempotencyKeys } from './plugins/idempotency.ts';
import { readConfig } from './config.ts';

const SHUTDOWN_TIMEOUT_MS = 10_000;

/** `npm start`: database (embedded unless DATABASE_URL), migrations, demo seed, HTTP server, clean shutdown. */
async function main() {
  const config = readConfig();
  let embedded: RunningPostgres | null = null;
  let connectionString = config.DATABASE_URL;
  if (!connectionString) {
    embedded = await startEmbeddedPostgres({ dataDir: config.DATA_DIR });
    connectionString = embedded.connectionString();
  }
  const database = connectDatabase(connectionString);
  await migrateDatabase(database.db);
  const seeded = config.DEMO ? await seedDemoIfEmpty(database.db) : false;
  await pruneIdempotencyKeys(database.db);
  const pruneTimer = setInterval(() => void pruneIdempotencyKeys(database.db).catch(() => {}), 60 * 60 * 1000);
  pruneTimer.unref();

  const app = await buildApp({
    db: database.db,
    config,
    serveWebApp: true,
    logger: true,
    realtime: { pool: database.pool },
  });
  await app.listen({ port: config.PORT, host: config.HOST });
  const url = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
  const where = embedded ? `embedded PostgreSQL in ${config.DATA_DIR}` : 'PostgreSQL at DATABASE_URL';
  console.log(`\nDispatch is running at ${url} (${where}${seeded ? ', demo data seeded' : ''})`);
  if (config.DEMO) {
    console.log(`Demo logins (password ${DEMO_PASSWORD}):`);
    for (const login of DEMO_LOGINS) console.log(`  ${login.username.padEnd(15)} ${login.description}`);
  }

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal} received, stopping`);
    // A connection that never ends must not keep the process alive.
    setTimeout(() => process.exit(1), SHUTDOWN_TIMEOUT_MS).unref();
    await app.close().catch(() => {});
    await database.close().catch(() => {});
    await embedded?.stop().catch(() => {});
    process.exit(0);
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    // embedded-postgres (through async-exit-hook) also listens and exits with 128+signal as soon as
    // its own clean-up is done, cutting this shutdown short; here the process stops the database itself.
    for (const listener of process.listeners(signal)) process.off(signal, listener);
    process.on(signal, () => void shutdown(signal));
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
