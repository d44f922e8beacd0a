import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { appendFile, lstat, mkdtemp, readdir, readFile, readlink, rm, stat, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  killServerProcess,
  type RunningServer,
  runFailingServerProcess,
  startServerProcess,
  stopServerProcess,
  tempDir,
} from '#test/server/server-process';
import { freePort, type RunningPostgres, startEmbeddedPostgres } from './db/embedded-postgres.ts';

async function signIn(url: string, username = 'admin') {
  const response = await fetch(`${url}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'Demo-pass1' }),
  });
  expect(response.status).toBe(200);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

// The loads written here sit in a week of their own, far from the demo's.
const LOAD_DAY = '2031-03-12';
const LOAD_WEEK = 'startDate=2031-03-09T00:00:00.000Z&endDate=2031-03-16T00:00:00.000Z';

/**
 * Creates loads as the dispatcher, `concurrency` requests in flight at any time, until the server
 * stops answering (it is killed meanwhile). Answers the ids of the loads it acknowledged with 201.
 */
function writeLoadsUntilTheServerDies(server: RunningServer, cookie: string, concurrency: number) {
  const acknowledged: number[] = [];
  const refusals: string[] = [];
  const writers = Array.from({ length: concurrency }, async () => {
    const [origin, destination] = (await (await fetch(`${server.url}/api/locations`, { headers: { cookie } })).json()) as {
      id: number;
    }[];
    const stop = (sequence: number, type: string, locationId: number | undefined, hour: number) => ({
      sequence,
      type,
      organizationLocationId: locationId,
      cargoTypeId: 2,
      weight: 9_071_847,
      arrivalTime: `${LOAD_DAY}T${hour}:00:00.000Z`,
    });
    const body = JSON.stringify({
      date: `${LOAD_DAY}T12:00:00.000Z`,
      stops: [stop(1, 'Origin', origin?.id, 13), stop(2, 'Destination', destination?.id, 14)],
    });
    for (;;) {
      let response: Response;
      try {
        response = await fetch(`${server.url}/api/orders`, {
          method: 'POST',
          headers: { cookie, 'content-type': 'application/json' },
          body,
        });
        if (response.status !== 201) refusals.push(`${response.status} ${await response.text()}`);
        else acknowledged.push(((await response.json()) as { id: number }).id);
      } catch {
        return; // The server is gone.
      }
    }
  });
  return { acknowledged, refusals, finished: Promise.all(writers) };
}

async function loadIdsOfTheWeek(url: string, cookie: string) {
  const response = await fetch(`${url}/api/self/orders?${LOAD_WEEK}`, { headers: { cookie } });
  expect(response.status).toBe(200);
  return ((await response.json()) as { id: number }[]).map((load) => load.id);
}

async function postmasterPid(dataDir: string) {
  return Number((await readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[0]);
}

/** Alive and not a zombie (an orphan's parent may be slow to reap it). */
async function isRunning(pid: number) {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
  return stat !== null && stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
}

/** Waits until no process of the group `pgid` runs any more. */
async function processGroupGone(pgid: number) {
  for (;;) {
    let running = false;
    for (const entry of await readdir('/proc')) {
      const stat = /^\d+$/.test(entry) ? await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '') : '';
      const [state, , group] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(group) === pgid && state !== 'Z') running = true;
    }
    if (!running) return;
    await sleep(50);
  }
}

describe('npm start with the embedded database', () => {
  // A DATA_DIR inside a directory only its owner may enter, as a checkout in root's home directory:
  // as root, the postgres user PostgreSQL runs as cannot reach it.
  let closedDir: string;
  let dataDir: string;
  let server: RunningServer;
  let acknowledged: number[] = [];

  beforeAll(async () => {
    closedDir = await mkdtemp(path.join(tmpdir(), 'dispatch-closed-'));
    dataDir = path.join(closedDir, 'data');
  });
  afterAll(async () => {
    if (server) await stopServerProcess(server);
    const entry = path.join(dataDir, 'postgres');
    const link = await lstat(entry).catch(() => null);
    if (link?.isSymbolicLink()) await rm(await readlink(entry), { recursive: true, force: true });
    await rm(closedDir, { recursive: true, force: true });
  });

  it('starts on a DATA_DIR inside a closed directory, migrates, seeds and prints the logins', async () => {
    server = await startServerProcess({ DATA_DIR: dataDir });
    expect(server.output()).toContain('demo data seeded');
    expect(server.output()).toContain('Demo logins');
    const entry = await lstat(path.join(dataDir, 'postgres'));
    if (process.getuid?.() === 0) {
      // The cluster is kept where the postgres user can reach it and DATA_DIR points to it.
      expect(entry.isSymbolicLink()).toBe(true);
      const cluster = await readlink(path.join(dataDir, 'postgres'));
      expect(cluster).toMatch(/^\/var\/lib\/dispatch\/\w+$/);
      expect(server.output()).toContain(`embedded PostgreSQL in ${cluster}, linked from ${path.join(dataDir, 'postgres')}`);
    } else {
      expect(entry.isDirectory()).toBe(true);
    }
  }, 120_000);

  it('keeps every acknowledged write when the server is killed mid-write, stopping the PostgreSQL it left running', async () => {
    const writing = writeLoadsUntilTheServerDies(server, await signIn(server.url, 'dispatcher'), 5);
    while (writing.acknowledged.length < 30 && writing.refusals.length === 0) await sleep(20);
    await killServerProcess(server);
    await writing.finished;
    expect(writing.refusals).toEqual([]);
    const leftOver = await postmasterPid(dataDir);
    expect(await isRunning(leftOver)).toBe(true);

    server = await startServerProcess({ DATA_DIR: dataDir });
    expect(server.output()).toContain(`Stopping the PostgreSQL (process ${leftOver}) that an earlier server left running`);
    expect(await isRunning(leftOver)).toBe(false);
    expect(await loadIdsOfTheWeek(server.url, await signIn(server.url, 'dispatcher'))).toEqual(
      expect.arrayContaining(writing.acknowledged),
    );
    acknowledged = writing.acknowledged;
  }, 120_000);

  it('refuses to start a second server on a DATA_DIR in use, leaving the first one running', async () => {
    const second = await runFailingServerProcess({ DATA_DIR: dataDir });
    expect(second.code).toBe(1);
    expect(second.output).toContain('is in use by another running server');
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  }, 60_000);

  it('stops cleanly on SIGTERM and keeps the data on the next start', async () => {
    const cookie = await signIn(server.url);
    const self = (await (await fetch(`${server.url}/api/self`, { headers: { cookie } })).json()) as { id: number };
    const saved = await fetch(`${server.url}/api/users/${self.id}/preferences`, {
      method: 'PUT',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ showTrailer: false }),
    });
    expect(saved.status).toBe(200);
    expect(await stopServerProcess(server)).toBe(0);
    expect(server.output()).toContain('SIGTERM received');

    // As a terminal runs it, for the power cut below.
    server = await startServerProcess({ DATA_DIR: dataDir }, { ownProcessGroup: true });
    expect(server.output()).not.toContain('demo data seeded');
    const again = await signIn(server.url);
    const selfAgain = (await (await fetch(`${server.url}/api/self`, { headers: { cookie: again } })).json()) as {
      preferences: unknown;
    };
    expect(selfAgain.preferences).toEqual({ showTrailer: false });
  }, 120_000);

  it('recovers after a power cut, leaving alone the process that now has the dead PostgreSQL’s pid', async () => {
    const writing = writeLoadsUntilTheServerDies(server, await signIn(server.url, 'dispatcher'), 5);
    while (writing.acknowledged.length < 20 && writing.refusals.length === 0) await sleep(20);
    // Everything dies at once: PostgreSQL is in the server's process group, so none of it is left running.
    const group = server.process.pid ?? 0;
    process.kill(-group, 'SIGKILL');
    await processGroupGone(group);
    await writing.finished;
    expect(writing.refusals).toEqual([]);
    // After a reboot the pid in postmaster.pid may belong to any process, here one of PostgreSQL's
    // own user: PostgreSQL would take it for a live postmaster.
    let bystander: ChildProcess | undefined;
    try {
      const owner = await stat(path.join(dataDir, 'postgres'));
      bystander = spawn('sleep', ['600'], {
        stdio: 'ignore',
        ...(process.getuid?.() === 0 && { uid: owner.uid, gid: owner.gid }),
      });
      const lockFile = path.join(dataDir, 'postgres', 'postmaster.pid');
      const lock = (await readFile(lockFile, 'utf8')).split('\n');
      await writeFile(lockFile, [String(bystander.pid), ...lock.slice(1)].join('\n'));

      server = await startServerProcess({ DATA_DIR: dataDir }, { ownProcessGroup: true });
      expect(bystander.exitCode).toBeNull();
      expect(bystander.signalCode).toBeNull();
      expect(await loadIdsOfTheWeek(server.url, await signIn(server.url, 'dispatcher'))).toEqual(
        expect.arrayContaining([...acknowledged, ...writing.acknowledged]),
      );
    } finally {
      bystander?.kill();
    }
  }, 120_000);

  it('stops cleanly on a Ctrl-C, which reaches its PostgreSQL as well', async () => {
    const postmaster = await postmasterPid(dataDir);
    const exited = once(server.process, 'exit');
    process.kill(-(server.process.pid ?? 0), 'SIGINT');
    expect(await exited).toEqual([0, null]);
    expect(await isRunning(postmaster)).toBe(false);
  }, 60_000);

  it('names the cause with PostgreSQL’s last log lines when PostgreSQL cannot start', async () => {
    await appendFile(path.join(dataDir, 'postgres', 'postgresql.conf'), "\nshared_buffers = 'plenty'\n");
    const failed = await runFailingServerProcess({ DATA_DIR: dataDir });
    expect(failed.code).toBe(1);
    expect(failed.output).toContain('Dispatch could not start: PostgreSQL on');
    expect(failed.output).toContain("PostgreSQL's last log lines");
    expect(failed.output).toContain('shared_buffers');
    expect(failed.output).not.toContain('undefined');
  }, 60_000);
});

describe('npm start that cannot start', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await tempDir('dispatch-unusable-');
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('says so when DATA_DIR is a file, and exits 1', async () => {
    const file = path.join(dir, 'not-a-directory');
    await writeFile(file, '');
    const failed = await runFailingServerProcess({ DATA_DIR: file });
    expect(failed.code).toBe(1);
    expect(failed.output).toContain(
      `Dispatch could not start: The data directory ${file} (DATA_DIR) cannot be used: it is a file`,
    );
  }, 60_000);

  it('says so when DATABASE_URL cannot be reached, without printing its password', async () => {
    const databaseUrl = `postgres://dispatch:secret-word@127.0.0.1:${await freePort()}/dispatch`;
    const failed = await runFailingServerProcess({ DATABASE_URL: databaseUrl });
    expect(failed.code).toBe(1);
    expect(failed.output).toContain('Dispatch could not start: The PostgreSQL at DATABASE_URL');
    expect(failed.output).toContain('ECONNREFUSED');
    expect(failed.output).not.toContain('secret-word');
  }, 60_000);
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

  it('says which port is taken when another program listens on PORT, and exits 1', async () => {
    const taken: Server = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '0.0.0.0', resolve));
    const { port } = taken.address() as { port: number };
    try {
      const failed = await runFailingServerProcess({
        DATABASE_URL: postgres.connectionString('dispatch_external'),
        PORT: String(port),
      });
      expect(failed.code).toBe(1);
      expect(failed.output).toContain(
        `Dispatch could not start: Another program (another Dispatch server?) already listens on port ${port}`,
      );
    } finally {
      taken.close();
    }
  }, 60_000);
});
