import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { startServerProcess, stopServerProcess } from '../server/server-process.ts';

/**
 * Each Playwright worker runs its own server on its own embedded database, on port E2E_PORT + the
 * worker's parallel index, so specs running at the same time never see each other's rows.
 * `fixtures.ts` starts it once per worker. A worker started again after a failure keeps its index and
 * so its database (as the single server of a one-worker run did), which costs a restart instead of a
 * fresh cluster and demo seed; the run's directory is removed at the end (`global-teardown.ts`).
 */
const parallelIndex = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
const serverPort = Number(process.env.E2E_PORT ?? 8787) + parallelIndex;

/** This worker's server, for API contexts made outside the `baseURL` fixture. */
export const serverURL = `http://localhost:${serverPort}`;

/** This worker's server's DATA_DIR (its embedded database and mail outbox), inside the run's E2E_DATA_DIR. */
export function serverDataDir(): string {
  const runDir = process.env.E2E_DATA_DIR;
  if (!runDir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it)');
  return path.join(runDir, `worker-${parallelIndex}`);
}

/** Starts this worker's server; the returned function stops it. */
export async function startWorkerServer(): Promise<() => Promise<void>> {
  const dataDir = serverDataDir();
  // The `postgres` system user must be able to enter it when we are root (as `tempDir` in test/server/server-process.ts says).
  await mkdir(dataDir, { recursive: true, mode: 0o755 });
  const server = await startServerProcess(
    { PORT: String(serverPort), DATA_DIR: dataDir, STATIC_DIR: path.resolve(import.meta.dirname, '../../dist') },
    // Its own process group, killed with the worker if the worker exits before stopping it.
    { ownProcessGroup: true },
  );
  const killGroup = () => {
    if (!server.process.pid || server.process.exitCode !== null) return;
    try {
      process.kill(-server.process.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  };
  process.once('exit', killGroup);
  return async () => {
    process.off('exit', killGroup);
    await stopServerProcess(server);
  };
}
