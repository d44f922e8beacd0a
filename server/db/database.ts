import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Config } from '#server/config';
import * as schema from './schema.ts';

/** With its pool: a route may stream a query's rows (orders-json.ts). */
export type Database = NodePgDatabase<typeof schema> & { $client: pg.Pool };
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Either the database or an open transaction: services take this so callers decide the boundary. */
export type Queryable = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  pool: pg.Pool;
  close: () => Promise<void>;
}

/**
 * Clients per node unless DATABASE_POOL_SIZE says otherwise. A request waits for a client up to four
 * times and a transaction keeps its own while Node serves others: at 20, 50 busy connections kept about
 * 25 queries queued (bench `serverLoad`). The embedded PostgreSQL (max_connections 200) serves one node;
 * one at DATABASE_URL may serve several, whose pools must fit its max_connections together.
 */
export const DEFAULT_POOL_SIZE = { embedded: 50, shared: 20 } as const;

export function poolSize(config: Pick<Config, 'DATABASE_POOL_SIZE'>, embedded: boolean): number {
  return config.DATABASE_POOL_SIZE ?? (embedded ? DEFAULT_POOL_SIZE.embedded : DEFAULT_POOL_SIZE.shared);
}

export function connectDatabase(connectionString: string, options: { max?: number } = {}): DatabaseHandle {
  const pool = new pg.Pool({ connectionString, max: options.max ?? DEFAULT_POOL_SIZE.shared });
  // An idle client's error (the server restarting) must not crash the process, nor that of a client
  // held out of the pool (the realtime adapter's LISTEN connection; it reconnects on 'end').
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzle(pool, { schema });
  return { db, pool, close: () => pool.end() };
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export async function migrateDatabase(db: Database): Promise<void> {
  await migrate(db, { migrationsFolder });
}
