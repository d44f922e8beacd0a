import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { connectDatabase, migrateDatabase } from '#server/db/database';
import { startEmbeddedPostgres } from '#server/db/embedded-postgres';
import { seedDemo } from '#server/db/seed/demo-seed';

export const TEMPLATE_DATABASE = 'dispatch_template';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresAdminUrl: string;
    templateDatabase: string;
  }
}

/**
 * One embedded PostgreSQL for the whole server suite; a template database migrated and seeded
 * once, which each test file clones (CREATE DATABASE … TEMPLATE is a fast file copy).
 */
export default async function setup(project: TestProject) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'dispatch-test-'));
  // PostgreSQL runs as the `postgres` user when we are root; it must be able to enter the folder.
  await chmod(dataDir, 0o755);
  const postgres = await startEmbeddedPostgres({ dataDir });
  const admin = connectDatabase(postgres.connectionString('postgres'), { max: 1 });
  await admin.pool.query(`create database ${TEMPLATE_DATABASE}`);
  await admin.close();
  const template = connectDatabase(postgres.connectionString(TEMPLATE_DATABASE), { max: 2 });
  await migrateDatabase(template.db);
  await seedDemo(template.db);
  await template.close();

  project.provide('postgresAdminUrl', postgres.connectionString('postgres'));
  project.provide('templateDatabase', TEMPLATE_DATABASE);
  return async () => {
    await postgres.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
