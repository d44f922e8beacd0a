import { randomBytes } from 'node:crypto';
import { constants, existsSync } from 'node:fs';
import { access, lstat, mkdir, readdir, readlink, realpath, rename, rm, rmdir, stat, symlink } from 'node:fs/promises';
import path from 'node:path';
import { canEnter, ensureSystemDir, type PostgresUser, SYSTEM_DIR } from './postgres-user.ts';
import { describeError, StartupError } from './startup-error.ts';

export interface ClusterDirectory {
  /** The directory PostgreSQL runs on (`-D`). */
  dir: string;
  /** Set when the cluster lives outside DATA_DIR: the link inside DATA_DIR that points to it. */
  linkedFrom: string | null;
}

/**
 * The cluster of `dataDir`, created by `initialise` on first use. It is `DATA_DIR/postgres`, except
 * as root when the `postgres` user cannot enter DATA_DIR (a checkout in root's home, mode 700): the
 * cluster is then made in SYSTEM_DIR/<random id>, owned by postgres, and DATA_DIR/postgres becomes a
 * symlink to it. The user's directories are never opened up; the data still follows DATA_DIR (a new
 * DATA_DIR, or a deleted one, starts a new database).
 */
export async function prepareClusterDirectory(
  dataDir: string,
  user: PostgresUser | null,
  initialise: (dir: string) => Promise<void>,
  notice: (line: string) => void,
): Promise<ClusterDirectory> {
  await ensureWritableDirectory(dataDir);
  const entry = path.join(dataDir, 'postgres');
  const existing = await lstat(entry).catch(nullWhenMissing);

  if (existing?.isSymbolicLink()) {
    const dir = await realpath(entry).catch(nullWhenMissing);
    if (!dir || !isCluster(dir)) {
      throw new StartupError(
        `${entry} links to ${await readlink(entry)}, which holds no PostgreSQL database any more. ` +
          `Delete the link to start with a new database (the demo is seeded again).`,
      );
    }
    return { dir, linkedFrom: entry };
  }
  if (existing && isCluster(entry)) {
    if (user && !(await canEnter(user, entry))) {
      throw new StartupError(
        `PostgreSQL runs as the system user ${user.name}, which cannot enter ${entry} (a parent directory is closed to other users). ` +
          `Move the database where it can (mv ${entry} ${SYSTEM_DIR}/<name> && ln -s ${SYSTEM_DIR}/<name> ${entry}), ` +
          'or set DATA_DIR to a directory every user may enter.',
      );
    }
    return { dir: entry, linkedFrom: null };
  }
  if (existing) await removeEmptyLeftover(entry);

  if (user && !(await canEnter(user, dataDir))) {
    await ensureSystemDir();
    const dir = path.join(SYSTEM_DIR, randomBytes(8).toString('hex'));
    await initialise(dir);
    await symlink(dir, entry);
    notice(
      `PostgreSQL runs as the system user ${user.name}, which cannot enter ${dataDir}: the database files are kept in ${dir}, ` +
        `linked from ${entry} (deleting DATA_DIR starts afresh but leaves that directory to delete).`,
    );
    return { dir, linkedFrom: entry };
  }
  // A cluster cut short (the process killed during initdb) must never pass for one: build it aside.
  const partial = `${entry}.partial`;
  await rm(partial, { recursive: true, force: true });
  await initialise(partial);
  await rename(partial, entry);
  return { dir: entry, linkedFrom: null };
}

function isCluster(dir: string) {
  return existsSync(path.join(dir, 'PG_VERSION'));
}

function nullWhenMissing(error: NodeJS.ErrnoException): null {
  if (error.code === 'ENOENT') return null;
  throw error;
}

/** An empty DATA_DIR/postgres is what an initdb that failed (as the one in a closed home did) left behind. */
async function removeEmptyLeftover(entry: string) {
  const entries = await readdir(entry).catch(() => null);
  if (entries?.length !== 0) {
    throw new StartupError(
      `${entry} holds no PostgreSQL database but is not empty either: move it away (or delete it) and start again.`,
    );
  }
  await rmdir(entry);
}

async function ensureWritableDirectory(dataDir: string) {
  const unusable = (reason: string) =>
    new StartupError(
      `The data directory ${dataDir} (DATA_DIR) cannot be used: ${reason}. Set DATA_DIR to a directory this user may write ` +
        '(it is created when missing), or set DATABASE_URL to use a PostgreSQL of your own.',
    );
  try {
    const stats = await stat(dataDir).catch(nullWhenMissing);
    if (stats && !stats.isDirectory()) throw unusable('it is a file, not a directory');
    if (!stats) {
      await mkdir(dataDir, { recursive: true }).catch(async (error) => {
        throw (await closestParentProblem(dataDir)) ?? error;
      });
    }
    await access(dataDir, constants.W_OK);
  } catch (error) {
    if (error instanceof StartupError) throw error;
    throw unusable(reasonOf(error as NodeJS.ErrnoException));
  }
}

/** mkdir -p answers ENOENT on a read-only file system; the closest existing parent tells the real reason. */
async function closestParentProblem(dir: string): Promise<unknown> {
  for (let parent = path.dirname(dir); parent !== path.dirname(parent); parent = path.dirname(parent)) {
    if (existsSync(parent))
      return access(parent, constants.W_OK).then(
        () => null,
        (error: unknown) => error,
      );
  }
  return null;
}

function reasonOf(error: NodeJS.ErrnoException) {
  switch (error.code) {
    case 'ENOTDIR':
      return 'part of its path is a file, not a directory';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EROFS':
      return 'it is on a read-only file system';
    case 'ENOSPC':
      return 'the disk is full';
    default:
      return describeError(error);
  }
}
