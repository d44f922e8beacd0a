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
import { measureProductionPlanning } from './production-planning.ts';
import { measurePlanningInWorker } from './planning-worker.ts';
import { measureRouteMatrix } from './route-matrix.ts';
import { measureRouting } from './routing.ts';
import { measureTracking } from './tracking.ts';
import { measureLargeCompany } from './sync.ts';
import { measureWindowedMirror } from './sync-window.ts';
import { measureAdministration } from './administration.ts';
import { measureServerLoad } from './load-test.ts';
import { measureIngest } from './ingest.ts';
import { measureChaos } from './chaos.ts';
import { measureChangeLogCompaction } from './change-log.ts';
import { measureProductionGroups } from './production-groups.ts';
import { measureMap } from './map.ts';
import { measureLiveMap } from './live-map.ts';
import { measureLocationsMap } from './locations-map.ts';
import { measureProductionPlanningUi } from './production-planning-ui.ts';

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

type Figures = Record<string, unknown>;

/** What the figures share, each made on first use: the browser, and the server on the demo seed (started fresh, then restarted). */
class BenchRun {
  private browserLaunched: Promise<Browser> | null = null;
  private dataDir: string | null = null;
  private server: BenchServer | null = null;
  private starts: { firstStart: number; restart: number; shutdown: Awaited<ReturnType<typeof stopServer>> } | null = null;
  private state: Awaited<ReturnType<typeof signedInState>> | null = null;

  browser(): Promise<Browser> {
    if (!this.browserLaunched) {
      ensureWebBuild();
      this.browserLaunched = launchChromium();
    }
    return this.browserLaunched;
  }

  /** The demo server, after a first start (initdb, migrations, demo seed), a stop and a restart on the same data dir. */
  async demoServer() {
    if (!this.server || !this.starts) {
      this.dataDir = await createDataDir();
      const port = await freePort();
      log(`first start (initdb, migrations, demo seed) in ${this.dataDir} on port ${port}`);
      this.server = await startServer(REPO_ROOT, this.dataDir, port);
      const firstStart = this.server.startMs;
      log('stopping');
      const shutdown = await stopServer(this.server);
      log('restart on the same data dir');
      this.server = await startServer(REPO_ROOT, this.dataDir, port);
      this.starts = { firstStart, restart: this.server.startMs, shutdown };
    }
    return { server: this.server, starts: this.starts, dataDir: this.dataDir as string };
  }

  async signedIn() {
    const { server } = await this.demoServer();
    this.state ??= await signedInState(await this.browser(), server.baseUrl);
    return { server, state: this.state };
  }

  /** The figures after the demo server's run on servers of their own; this one would only compete for the CPU. */
  async stopDemoServer() {
    if (this.server) await stopServer(this.server);
    this.server = null;
  }

  /** Cleanup must run on failure too: a leaked server keeps embedded PostgreSQL (and its port) alive. */
  async close() {
    if (this.browserLaunched) {
      await (await this.browserLaunched).close().catch((error: unknown) => log(`closing chromium failed: ${error}`));
    }
    await this.stopDemoServer();
    if (this.dataDir) await rm(this.dataDir, { recursive: true, force: true });
  }
}

interface Figure {
  /** What `npm run bench -- NAME…` selects it by (bench/README.md lists them). */
  name: string;
  /** Measured on the demo server, so before the figures that start their own. */
  onDemoServer?: boolean;
  measure(run: BenchRun): Promise<Figures>;
}

/** Every figure in the order a full run measures them. */
const FIGURES: Figure[] = [
  {
    name: 'server-start',
    onDemoServer: true,
    measure: async (run) => {
      const { starts } = await run.demoServer();
      return {
        serverColdStartMs: { firstStart: roundMs(starts.firstStart), restart: roundMs(starts.restart) },
        serverShutdown: { shutdownMs: roundMs(starts.shutdown.shutdownMs), exitCode: starts.shutdown.exitCode },
      };
    },
  },
  {
    name: 'login',
    onDemoServer: true,
    measure: async (run) => {
      log(`login API x${LOGIN_RUNS}`);
      return { loginApiMs: await measureLoginApi((await run.demoServer()).server.baseUrl, LOGIN_RUNS) };
    },
  },
  {
    name: 'bundles',
    onDemoServer: true,
    measure: async (run) => {
      log('bundle sizes');
      const bundles = await measureBundles(await run.browser(), (await run.demoServer()).server.baseUrl);
      return {
        bundleGzipBytes: { signIn: bundles.signIn.gzipBytes, home: bundles.home.gzipBytes },
        cssGzipBytes: { signIn: bundles.signIn.css.gzipBytes, home: bundles.home.css.gzipBytes },
        scriptFiles: { signIn: bundles.signIn.files, home: bundles.home.files },
      };
    },
  },
  {
    name: 'home',
    onDemoServer: true,
    measure: async (run) => {
      const { server, state } = await run.signedIn();
      const browser = await run.browser();
      log(`home interactive, cold x${COLD_HOME_RUNS}`);
      const homeInteractiveMs = await measureHomeInteractiveCold(browser, server.baseUrl, state, COLD_HOME_RUNS);
      log(`home interactive, warm x${WARM_HOME_RUNS}`);
      const homeInteractiveWarmMs = await measureHomeInteractiveWarm(browser, server.baseUrl, state, WARM_HOME_RUNS);
      return { homeInteractiveMs, homeInteractiveWarmMs };
    },
  },
  {
    name: 'planning-worker',
    onDemoServer: true,
    measure: async (run) => {
      const { server, state } = await run.signedIn();
      log('planning engine in the planner worker');
      return { planningWorker: await measurePlanningInWorker(await run.browser(), server.baseUrl, state) };
    },
  },
  {
    name: 'map',
    onDemoServer: true,
    measure: async (run) => {
      const { server, state } = await run.signedIn();
      const { dataDir } = await run.demoServer();
      return measureMap(await run.browser(), server.baseUrl, state, dataDir, path.join(REPO_ROOT, 'dist'), log);
    },
  },
  {
    name: 'live-map',
    onDemoServer: true,
    measure: async (run) => {
      const { server, state } = await run.signedIn();
      return measureLiveMap(await run.browser(), server.baseUrl, state, log);
    },
  },
  {
    name: 'locations-map',
    measure: async (run) => ({ locationsMap: await measureLocationsMap(await run.browser(), REPO_ROOT, log) }),
  },
  { name: 'sync', measure: async (run) => ({ ...(await measureLargeCompany(await run.browser(), REPO_ROOT, log)) }) },
  {
    name: 'sync-window',
    measure: async (run) => ({ windowedMirror: await measureWindowedMirror(await run.browser(), REPO_ROOT, log) }),
  },
  {
    name: 'administration',
    measure: async (run) => ({ administration: await measureAdministration(await run.browser(), REPO_ROOT, log) }),
  },
  { name: 'load-test', measure: async () => ({ serverLoad: await measureServerLoad(REPO_ROOT, log) }) },
  { name: 'ingest', measure: async () => ({ ingest: await measureIngest(REPO_ROOT, log) }) },
  {
    name: 'chaos',
    measure: async (run) => {
      log('chaos harness');
      return { chaos: await measureChaos(await run.browser(), REPO_ROOT, log) };
    },
  },
  { name: 'change-log', measure: async () => ({ changeLogCompaction: await measureChangeLogCompaction(log) }) },
  { name: 'production-groups', measure: async () => ({ productionGroups: await measureProductionGroups(log) }) },
  {
    name: 'production-planning-ui',
    measure: async (run) => ({
      productionPlanningUi: await measureProductionPlanningUi(await run.browser(), REPO_ROOT, log),
    }),
  },
  {
    name: 'planning',
    measure: async () => {
      log('planning rules in Node');
      return { planning: await measurePlanning() };
    },
  },
  {
    name: 'production-planning',
    measure: async () => {
      log('production cards into draft loads: 500-card preview, 1,000 generated days');
      return { productionPlanning: measureProductionPlanning() };
    },
  },
  {
    name: 'routing',
    measure: async () => {
      log('route generation, recalculation with avoid zones, stored route size');
      return { routing: await measureRouting() };
    },
  },
  { name: 'route-matrix', measure: async () => ({ routeMatrix: await measureRouteMatrix(REPO_ROOT, log) }) },
  {
    name: 'tracking',
    measure: async () => {
      log('live tracking: replay corpus through the visit detector, geofence index rate');
      return { tracking: measureTracking() };
    },
  },
];

/** The figures named on the command line (all without names), in the order a full run measures them; `--list` names them. */
function chosenFigures(names: string[]): Figure[] | null {
  if (names.includes('--list')) return null;
  const unknown = names.filter((name) => !FIGURES.some((figure) => figure.name === name));
  if (unknown.length > 0) {
    throw new Error(`no figure named ${unknown.join(', ')}; the figures: ${FIGURES.map((figure) => figure.name).join(' ')}`);
  }
  return names.length === 0 ? FIGURES : FIGURES.filter((figure) => names.includes(figure.name));
}

async function main() {
  const figures = chosenFigures(process.argv.slice(2));
  if (!figures) {
    process.stdout.write(`${FIGURES.map((figure) => figure.name).join('\n')}\n`);
    return;
  }
  const date = new Date().toISOString();
  const run = new BenchRun();
  try {
    let report: Figures = { date, machine: { node: process.version, cpus: os.cpus().length } };
    for (const figure of figures) {
      if (!figure.onDemoServer) await run.stopDemoServer();
      report = { ...report, ...(await figure.measure(run)) };
    }
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  } finally {
    await run.close();
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
