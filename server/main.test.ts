import { readdir, rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, stopServerProcess, tempDir } from '#test/server/server-process';
import { type RunningPostgres, startEmbeddedPostgres } from './db/embedded-postgres.ts';

async function signIn(url: string) {
  const response = await fetch(`${url}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'Demo-pass1' }),
  });
  expect(response.status).toBe(200);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

describe('npm start with the embedded database', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await tempDir('dispatch-start-');
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('migrates, seeds, prints the logins, stops cleanly on SIGTERM and keeps the data on the next start', async () => {
    const first = await startServerProcess({ DATA_DIR: dataDir });
    expect(first.output()).toContain('Demo logins');
    const cookie = await signIn(first.url);
    const self = (await (await fetch(`${first.url}/api/self`, { headers: { cookie } })).json()) as { id: number };
    const saved = await fetch(`${first.url}/api/users/${self.id}/preferences`, {
      method: 'PUT',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ showTrailer: false }),
    });
    expect(saved.status).toBe(200);
    expect(await stopServerProcess(first)).toBe(0);
    expect(first.output()).toContain('SIGTERM received');

    const second = await startServerProcess({ DATA_DIR: dataDir });
    expect(second.output()).not.toContain('demo data seeded');
    const again = await signIn(second.url);
    const selfAgain = (await (await fetch(`${second.url}/api/self`, { headers: { cookie: again } })).json()) as {
      preferences: unknown;
    };
    expect(selfAgain.preferences).toEqual({ showTrailer: false });
    expect(await stopServerProcess(second)).toBe(0);
  }, 120_000);
});

describe('npm start with DATABASE_URL', () => {
  let postgres: RunningPostgres;
  let postgresDir: string;
  let dataDir: string;
  beforeAll(async () => {
    // A separately started PostgreSQL server standing in for a managed one.
    postgresDir = await tempDir('dispatch-external-pg-');
    dataDir = await tempDir('dispatch-unused-data-');
    postgres = await startEmbeddedPostgres({ dataDir: postgresDir });
    const admin = await import('pg').then(({ default: pg }) => new pg.Client(postgres.connectionString()));
    await admin.connect();
    await admin.query('create database dispatch_external');
    await admin.end();
  }, 60_000);
  afterAll(async () => {
    await postgres.stop();
    await rm(postgresDir, { recursive: true, force: true });
    await rm(dataDir, { recursive: true, force: true });
  });

  it('runs the same migrations and seed on that server and starts no embedded database', async () => {
    const server = await startServerProcess({ DATABASE_URL: postgres.connectionString('dispatch_external'), DATA_DIR: dataDir });
    expect(server.output()).toContain('PostgreSQL at DATABASE_URL');
    const cookie = await signIn(server.url);
    const locations = (await (await fetch(`${server.url}/api/locations`, { headers: { cookie } })).json()) as unknown[];
    expect(locations.length).toBeGreaterThanOrEqual(12);
    expect(await stopServerProcess(server)).toBe(0);
    expect(await readdir(dataDir)).toEqual([]);
  }, 120_000);
});
