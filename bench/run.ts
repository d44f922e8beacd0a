import { spawnSync } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import {
  DEMO_USER,
  launchChromium,
  measureBundles,
  measureHomeInteractiveCold,
  measureHomeInteractiveWarm,
  signedInState,
} from './browser.ts';
import { type BenchServer, createDataDir, freePort, startServer, stopServer } from './server-process.ts';
import { medianAndP90, roundMs } from './stats.ts';
import { measurePlanning } from './planning.ts';
import { measurePlanningInWorker } from './planning-worker.ts';
import { measureRouteMatrix } from './route-matrix.ts';
import { measureLargeCompany } from './sync.ts';
import { measureWindowedMirror } from './sync-window.ts';
import { measureAdministration } from './administration.ts';
import { measureServerLoad } from './load-test.ts';
import { measureChaos } from './chaos.ts';
import { measureChangeLogCompaction } from './change-log.ts';

const REPO_ROOT = path.resolve(import.meta.dirname, '..');
const COLD_HOME_RUNS = 7;
const WARM_HOME_RUNS = 5;
const LOGIN_RUNS = 20;

function log(message: string) {
  console.error(`bench: ${message}`);
}

/** The server serves ./dist; without a build the browser figures would measure a 404. */
function ensureWebBuild() {
  if (existsSync(path.join(REPO_ROOT, 'dist', 'index.html'))) return;
  log('dist/index.html missing, running vite build');
  const build = spawnSync('npx', ['vite', 'build'], { cwd: REPO_ROOT, stdio: ['ignore', process.stderr, process.stderr] });
  if (build.status !== 0) throw new Error(`vite build failed (status ${build.status})`);
}

/** Sequential sign-ins: argon2id verification dominates, so this tracks the password hashing cost. */
async function measureLoginApi(baseUrl: string, runs: number) {
  const samples: number[] = [];
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    const response = await fetch(`${baseUrl}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(DEMO_USER),
    });
    await response.arrayBuffer();
    samples.push(performance.now() - started);
    if (response.status !== 200) throw new Error(`POST /api/session answered ${response.status}`);
  }
  return { ...medianAndP90(samples), runs };
}

async function main() {
  const date = new Date().toISOString();
  ensureWebBuild();
  const dataDir = await createDataDir();
  let server: BenchServer | null = null;
  let browser: Browser | null = null;
  try {
    const port = await freePort();
    log(`first start (initdb, migrations, demo seed) in ${dataDir} on port ${port}`);
    server = await startServer(REPO_ROOT, dataDir, port);
    const firstStart = server.startMs;
    log('stopping');
    const shutdown = await stopServer(server);
    log('restart on the same data dir');
    server = await startServer(REPO_ROOT, dataDir, port);
    const restart = server.startMs;

    log(`login API x${LOGIN_RUNS}`);
    const loginApiMs = await measureLoginApi(server.baseUrl, LOGIN_RUNS);

    browser = await launchChromium();
    log('bundle sizes');
    const bundles = await measureBundles(browser, server.baseUrl);
    const state = await signedInState(browser, server.baseUrl);
    log(`home interactive, cold x${COLD_HOME_RUNS}`);
    const homeInteractiveMs = await measureHomeInteractiveCold(browser, server.baseUrl, state, COLD_HOME_RUNS);
    log(`home interactive, warm x${WARM_HOME_RUNS}`);
    const homeInteractiveWarmMs = await measureHomeInteractiveWarm(browser, server.baseUrl, state, WARM_HOME_RUNS);
    log('planning engine in the planner worker');
    const planningWorker = await measurePlanningInWorker(browser, server.baseUrl, state);
    // The sync figures run on a server of their own; this one would only compete for the CPU.
    await stopServer(server);
    server = null;
    const largeCompany = await measureLargeCompany(browser, REPO_ROOT, log);
    const windowedMirror = await measureWindowedMirror(browser, REPO_ROOT, log);
    const administration = await measureAdministration(browser, REPO_ROOT, log);
    const serverLoad = await measureServerLoad(REPO_ROOT, log);
    log('chaos harness');
    const chaos = await measureChaos(browser, REPO_ROOT, log);
    const changeLogCompaction = await measureChangeLogCompaction(log);
    log('planning rules in Node');
    const planning = await measurePlanning();
    const routeMatrix = await measureRouteMatrix(REPO_ROOT, log);

    const report = {
      date,
      machine: { node: process.version, cpus: os.cpus().length },
      serverColdStartMs: { firstStart: roundMs(firstStart), restart: roundMs(restart) },
      serverShutdown: { shutdownMs: roundMs(shutdown.shutdownMs), exitCode: shutdown.exitCode },
      bundleGzipBytes: { signIn: bundles.signIn.gzipBytes, home: bundles.home.gzipBytes },
      cssGzipBytes: { signIn: bundles.signIn.css.gzipBytes, home: bundles.home.css.gzipBytes },
      scriptFiles: { signIn: bundles.signIn.files, home: bundles.home.files },
      homeInteractiveMs,
      homeInteractiveWarmMs,
      loginApiMs,
      ...largeCompany,
      windowedMirror,
      administration,
      serverLoad,
      chaos,
      changeLogCompaction,
      planning,
      planningWorker,
      routeMatrix,
    };
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  } finally {
    // Cleanup must run on failure too: a leaked server keeps embedded PostgreSQL (and its port) alive.
    await browser?.close().catch((error: unknown) => log(`closing chromium failed: ${error}`));
    if (server) await stopServer(server);
    await rm(dataDir, { recursive: true, force: true });
  }
}

// Exit explicitly: a handle left open (a pool, a browser) must not keep a finished run alive.
main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
