import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '#server/app';
import type { ServerContext } from '#server/context';
import { readConfig } from '#server/config';
import { connectDatabase, type DatabaseHandle } from '#server/db/database';

export const DEMO_PASSWORD = 'Demo-pass1';

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  databaseUrl: string;
  /** The app's DATA_DIR (a temporary folder of its own unless the test named one). */
  dataDir: string;
  /** What the features received: a test reads derived state after `context.positions.settled()`. */
  context: ServerContext;
  close: () => Promise<void>;
}

/** A fresh database cloned from the seeded template, and the app built on it. */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const adminUrl = inject('postgresAdminUrl');
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${inject('templateDatabase')}`);
  await admin.end();
  const databaseUrl = adminUrl.replace(/\/postgres$/, `/${name}`);
  const database = connectDatabase(databaseUrl, { max: 5 });
  // A folder of its own, so that mail written to DATA_DIR/outbox never lands in the project's ./data.
  const dataDir = env.DATA_DIR ? null : await mkdtemp(path.join(tmpdir(), 'dispatch-test-data-'));
  const config = readConfig({ DEMO: 'false', ...(dataDir && { DATA_DIR: dataDir }), ...env });
  let context: ServerContext | undefined;
  const app = await buildApp({
    db: database.db,
    config,
    onContext: (built) => {
      context = built;
    },
  });
  await app.ready();
  return {
    app,
    database,
    context: context as ServerContext,
    databaseUrl,
    dataDir: config.DATA_DIR,
    close: async () => {
      await app.close();
      await database.close();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs in through the real route and returns the Cookie header to send. */
export async function signInAs(app: FastifyInstance, username: string, password = DEMO_PASSWORD): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/session', payload: { username, password } });
  if (response.statusCode !== 200) throw new Error(`sign-in as ${username} answered ${response.statusCode}: ${response.body}`);
  return cookieHeader(response);
}

export function cookieHeader(response: LightMyRequestResponse): string {
  return response.cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
}

export interface WebTestApp {
  test: TestApp;
  /** The app on the same database, serving the web build of `createWebTestApp`'s files. */
  web: FastifyInstance;
  close: () => Promise<void>;
}

/** A fresh database, and the app serving a web build made of `files` (relative path → content) from a temporary folder. */
export async function createWebTestApp(files: Record<string, string | Buffer>): Promise<WebTestApp> {
  const test = await createTestApp();
  const staticDir = await mkdtemp(path.join(tmpdir(), 'dispatch-static-'));
  for (const [file, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(staticDir, file)), { recursive: true });
    await writeFile(path.join(staticDir, file), content);
  }
  const web = await buildApp({
    db: test.database.db,
    config: readConfig({ DEMO: 'false', STATIC_DIR: staticDir }),
    serveWebApp: true,
  });
  return {
    test,
    web,
    close: async () => {
      await web.close();
      await test.close();
      await rm(staticDir, { recursive: true, force: true });
    },
  };
}
