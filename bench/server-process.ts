import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { chmod, mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '#server/db/embedded-postgres';
import { SERVER_NODE_FLAGS } from '#server/node-flags';

export { freePort };

const HEALTH_POLL_MS = 50;
const START_TIMEOUT_MS = 180_000;
const STOP_TIMEOUT_MS = 30_000;

/** Fresh data dir per run, so firstStart always includes initdb, migrations and the demo seed. */
export async function createDataDir(): Promise<string> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'dispatch-bench-'));
  // As root, embedded PostgreSQL runs as the 'postgres' user, which must be able to enter the directory.
  await chmod(dataDir, 0o755);
  return dataDir;
}

export interface BenchServer {
  child: ChildProcess;
  baseUrl: string;
  /** Spawn until the first 200 from /api/health. */
  startMs: number;
}

/**
 * Spawns `node --import tsx server/main.ts` exactly as `npm run serve` does and waits until it is healthy.
 * The server's own output goes to our stderr so stdout stays a single JSON object.
 * With `databaseUrl` it uses that PostgreSQL instead of starting the embedded one in `dataDir`.
 */
export async function startServer(
  repoRoot: string,
  dataDir: string,
  port: number,
  databaseUrl?: string,
  /** A copy of the build to serve instead of ./dist, which builds in the shared working tree may replace during a long run. */
  staticDir?: string,
): Promise<BenchServer> {
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [...SERVER_NODE_FLAGS, ...serverNodeArgs(), '--import', 'tsx', path.join('server', 'main.ts')],
    {
      cwd: repoRoot,
      env: { ...benchEnv(dataDir, port, databaseUrl), ...(staticDir ? { STATIC_DIR: staticDir } : {}) },
      stdio: ['ignore', process.stderr, process.stderr],
    },
  );
  const server = { child, baseUrl: `http://localhost:${port}`, startMs: 0 };
  try {
    await waitUntilHealthy(server);
  } catch (error) {
    await stopServer(server);
    throw error;
  }
  server.startMs = performance.now() - started;
  return server;
}

/** Extra node flags for the server process only, e.g. BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" to profile it. */
const serverNodeArgs = () => process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];

/** A developer's exported server settings must not change what is measured (e.g. DATABASE_URL would skip initdb). */
function benchEnv(dataDir: string, port: number, databaseUrl: string | undefined): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn' };
  for (const name of ['DATABASE_URL', 'REPLICA_DATABASE_URL', 'HOST', 'DEMO', 'PUBLIC_URL', 'STATIC_DIR']) delete env[name];
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  return env;
}

async function waitUntilHealthy({ child, baseUrl }: Omit<BenchServer, 'startMs'>): Promise<void> {
  const deadline = performance.now() + START_TIMEOUT_MS;
  while (performance.now() < deadline) {
    // A server that died while starting would otherwise only show up as a timeout minutes later.
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`server exited while starting (code ${child.exitCode}, signal ${child.signalCode})`);
    }
    if (await answersHealthy(baseUrl)) return;
    await sleep(HEALTH_POLL_MS);
  }
  throw new Error(`server not healthy after ${START_TIMEOUT_MS} ms`);
}

async function answersHealthy(baseUrl: string): Promise<boolean> {
  try {
    const response = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) });
    await response.arrayBuffer();
    return response.status === 200;
  } catch {
    return false; // not listening yet
  }
}

export interface ShutdownResult {
  shutdownMs: number;
  exitCode: number | null;
}

/**
 * SIGTERM lets the server close Fastify, the pool and embedded PostgreSQL; SIGKILL is the last resort
 * so a hung shutdown cannot keep the benchmark (or a stray server) alive.
 */
export async function stopServer({ child }: Pick<BenchServer, 'child'>): Promise<ShutdownResult> {
  const started = performance.now();
  if (child.exitCode === null && child.signalCode === null) {
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    const stopped = await Promise.race([exited.then(() => true), sleep(STOP_TIMEOUT_MS).then(() => false)]);
    if (!stopped) {
      console.error(`bench: server ignored SIGTERM for ${STOP_TIMEOUT_MS} ms, killing it`);
      child.kill('SIGKILL');
      await exited;
    }
  }
  return { shutdownMs: performance.now() - started, exitCode: child.exitCode };
}
