import { execFile } from 'node:child_process';
import { chmod, mkdir } from 'node:fs/promises';
import { promisify } from 'node:util';
import { describeError, StartupError } from './startup-error.ts';

const run = promisify(execFile);

/** The system account PostgreSQL runs as when we are root (it refuses to run as root itself). */
export interface PostgresUser {
  name: string;
  uid: number;
  gid: number;
}

const POSTGRES_USER = 'postgres';

/**
 * Where, as root, the files go that the `postgres` user must reach when the user's own directories
 * are closed to it: the binaries (when node_modules is) and database clusters (when DATA_DIR is).
 */
export const SYSTEM_DIR = '/var/lib/dispatch';

/** Spawn options that run a child as `user`, or as ourselves when there is none. */
export function asUser(user: PostgresUser | null) {
  return user ? { uid: user.uid, gid: user.gid } : {};
}

/** The account to run PostgreSQL as: none unless we are root; then `postgres`, created when missing. */
export async function postgresUser(): Promise<PostgresUser | null> {
  if (process.getuid?.() !== 0) return null;
  const existing = await lookUpUser().catch(() => null);
  if (existing) return existing;
  try {
    // groupadd exits 9 when the group already exists, which is fine.
    await run('groupadd', ['--system', POSTGRES_USER]).catch((error: { code?: number }) => {
      if (error.code !== 9) throw error;
    });
    await run('useradd', ['--system', '--gid', POSTGRES_USER, '--no-create-home', '--shell', '/usr/sbin/nologin', POSTGRES_USER]);
    return await lookUpUser();
  } catch (error) {
    throw new StartupError(
      `PostgreSQL refuses to run as root, and the system user "${POSTGRES_USER}" to run it as could not be created ` +
        `(${describeError(error)}). Create it (useradd --system --user-group ${POSTGRES_USER}) or start the server as an ordinary user.`,
    );
  }
}

async function lookUpUser(): Promise<PostgresUser> {
  const [uid, gid] = await Promise.all([run('id', ['-u', POSTGRES_USER]), run('id', ['-g', POSTGRES_USER])]);
  return { name: POSTGRES_USER, uid: Number(uid.stdout), gid: Number(gid.stdout) };
}

/**
 * Whether `user` can enter `dir`: every parent must let it through. Asked of the kernel by a shell
 * running as that user, so ACLs and group memberships count exactly as they will for PostgreSQL.
 */
export async function canEnter(user: PostgresUser, dir: string): Promise<boolean> {
  return run('/bin/sh', ['-c', 'cd "$1"', 'probe', dir], { ...asUser(user), cwd: '/' }).then(
    () => true,
    () => false,
  );
}

/** Creates SYSTEM_DIR open to every user, whatever the umask (it only holds directories of its own). */
export async function ensureSystemDir() {
  try {
    await mkdir(SYSTEM_DIR, { recursive: true });
    await chmod(SYSTEM_DIR, 0o755);
  } catch (error) {
    throw new StartupError(
      `The postgres user cannot reach this checkout or DATA_DIR, and ${SYSTEM_DIR}, where their files would go instead, ` +
        `could not be created (${describeError(error)}). Set DATA_DIR to a directory every user may enter, or run as an ordinary user.`,
    );
  }
}
