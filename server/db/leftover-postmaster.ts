import { existsSync } from 'node:fs';
import { readFile, realpath, rm } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { StartupError } from './startup-error.ts';

const STOP_TIMEOUT_MS = 60_000;
const POLL_MS = 100;

/**
 * Clears the way for PostgreSQL on `clusterDir` after a server that did not stop cleanly.
 * `postmaster.pid` names the process holding the cluster. If it is still our PostgreSQL (its
 * command line runs `postgres -D <this cluster>`) and the server that started it is gone (killed
 * with SIGKILL, out of memory), it is shut down fast (every committed transaction is kept) and we
 * wait until it has exited. If a live server still owns it, starting is refused. A lock whose
 * process is gone (power cut) or whose pid now belongs to some other process is removed, which
 * PostgreSQL itself does only in the first case; the other process is left alone.
 */
export async function releaseLeftoverPostmaster(clusterDir: string, notice: (line: string) => void) {
  const lockFile = path.join(clusterDir, 'postmaster.pid');
  const firstLine = await readFile(lockFile, 'utf8').then(
    (text) => text.split('\n')[0],
    () => null,
  );
  if (firstLine === null) return;
  const pid = Number.parseInt(firstLine, 10);
  if (pid > 0 && (await isPostmasterOf(pid, clusterDir))) {
    const server = await owningServer(pid);
    if (server !== null) {
      throw new StartupError(
        `The database in ${clusterDir} is in use by another running server (process ${server}, PostgreSQL process ${pid}). ` +
          'Stop that server first, or give this one another DATA_DIR.',
      );
    }
    notice(`Stopping the PostgreSQL (process ${pid}) that an earlier server left running on ${clusterDir}`);
    process.kill(pid, 'SIGINT');
    const deadline = Date.now() + STOP_TIMEOUT_MS;
    while (await isPostmasterOf(pid, clusterDir)) {
      if (Date.now() > deadline) {
        throw new StartupError(
          `The PostgreSQL (process ${pid}) that an earlier server left running on ${clusterDir} did not stop within a minute. ` +
            `Stop it (kill -INT ${pid}) and start again.`,
        );
      }
      await sleep(POLL_MS);
    }
  }
  await rm(lockFile, { force: true });
}

/** Whether `pid` is a PostgreSQL postmaster running on `clusterDir` (a zombie no longer counts). */
async function isPostmasterOf(pid: number, clusterDir: string): Promise<boolean> {
  if (!existsSync('/proc/self/cmdline')) return unverifiable(pid, clusterDir);
  const argv = await commandLine(pid);
  const dirIndex = argv.indexOf('-D');
  if (path.basename(argv[0] ?? '') !== 'postgres' || dirIndex < 0) return false;
  const [runningOn, ours] = await Promise.all([realpath(argv[dirIndex + 1] ?? '').catch(() => null), realpath(clusterDir)]);
  return runningOn === ours;
}

/** The command line of `pid`, empty when it has gone or is a zombie. */
async function commandLine(pid: number): Promise<string[]> {
  const raw = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
  return raw.split('\0').filter(Boolean);
}

/**
 * The server that started PostgreSQL `pid`, when it still runs: its parent, if that is a Node
 * process. Once the server has died the postmaster belongs to init (or a subreaper) instead.
 */
async function owningServer(pid: number): Promise<number | null> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  // Fields after the command name, which is in parentheses and may hold spaces: state, ppid, …
  const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  if (!(parent > 1)) return null;
  const [executable] = await commandLine(parent);
  return executable && path.basename(executable).startsWith('node') ? parent : null;
}

/** Without /proc (macOS) a live process named in the lock cannot be told apart from a reused pid. */
function unverifiable(pid: number, clusterDir: string): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false;
  }
  throw new StartupError(
    `Process ${pid} may be a PostgreSQL still running on ${clusterDir} from an earlier start. ` +
      `If it is, stop it (kill -INT ${pid}); if it is not, delete ${path.join(clusterDir, 'postmaster.pid')}. Then start again.`,
  );
}
