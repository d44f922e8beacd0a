import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { chmod, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '#server/db/embedded-postgres';
import { SERVER_NODE_FLAGS } from '#server/node-flags';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * A temporary directory the `postgres` system user can enter, so that the embedded cluster stays
 * inside it when we are root (else it would be kept under /var/lib/dispatch, outliving the test).
 */
export async function tempDir(prefix: string) {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  await chmod(dir, 0o755);
  return dir;
}

export interface RunningServer {
  process: ChildProcess;
  url: string;
  output: () => string;
}

/**
 * Runs `server/main.ts` exactly as `npm start` does, on a free port unless `env.PORT` names one; in a
 * process group of its own when asked, as a terminal's foreground job is (a Ctrl-C signals the group).
 */
async function spawnServer(env: Record<string, string>, options: { ownProcessGroup?: boolean } = {}) {
  const port = env.PORT ?? String(await freePort());
  let output = '';
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, '--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    // The demo simulator would move the demo's In Transit loads under the tests' feet.
    env: { ...process.env, LOG_LEVEL: 'warn', STATIC_DIR: '/nonexistent', DEMO_SIMULATOR: '0', ...env, PORT: port },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: options.ownProcessGroup,
  });
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  return { child, url: `http://127.0.0.1:${port}`, output: () => output };
}

/** Starts the server and waits for /api/health. */
export async function startServerProcess(
  env: Record<string, string>,
  options: { ownProcessGroup?: boolean } = {},
): Promise<RunningServer> {
  const { child, url, output } = await spawnServer(env, options);
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output()}`);
    const healthy = await fetch(`${url}/api/health`)
      .then((response) => response.ok)
      .catch(() => false);
    if (healthy) return { process: child, url, output };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not answer /api/health:\n${output()}`);
}

/** Runs a server expected not to start: its exit code (null if it ran on for a minute) and what it printed. */
export async function runFailingServerProcess(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const { child, output } = await spawnServer(env);
  const runningOn = setTimeout(() => child.kill('SIGKILL'), 60_000);
  const [code] = await once(child, 'exit');
  clearTimeout(runningOn);
  return { code: code as number | null, output: output() };
}

/** SIGTERM, then the exit code once the process has stopped. */
export async function stopServerProcess(server: RunningServer): Promise<number> {
  if (server.process.exitCode !== null || server.process.signalCode !== null) return server.process.exitCode ?? -1;
  const exited = once(server.process, 'exit');
  server.process.kill('SIGTERM');
  const [code] = await exited;
  return code as number;
}

/** SIGKILL, as an out-of-memory kill or `kill -9` would; resolves once the process is gone. */
export async function killServerProcess(server: RunningServer) {
  if (server.process.exitCode !== null || server.process.signalCode !== null) return;
  const exited = once(server.process, 'exit');
  server.process.kill('SIGKILL');
  await exited;
}
