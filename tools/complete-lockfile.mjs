#!/usr/bin/env node
// The npm registry mirror here serves only this platform's builds of Rollup and Biome, so npm writes
// a lock file without the other platforms' optional packages and `npm ci` then refuses it
// (npm/cli#4828). This adds the missing entries, with the os/cpu/libc their names state, so
// `npm ci` accepts the lock file on every platform; npm fetches them where they apply.
// Run after any change to package-lock.json: `node tools/complete-lockfile.mjs`.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const lockPath = fileURLToPath(new URL('../package-lock.json', import.meta.url));
const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
const OS = ['android', 'darwin', 'freebsd', 'linux', 'openbsd', 'openharmony', 'win32'];
const CPU = ['arm64', 'arm', 'x64', 'ia32', 'loong64', 'ppc64', 'riscv64', 's390x'];
/** Packages whose platform builds are named `<prefix><os>-<cpu>[-<abi>]`. */
const PLATFORM_PACKAGE = /^(@rollup\/rollup-|@biomejs\/cli-)/;

function platformOf(name) {
  const parts = name.replace(PLATFORM_PACKAGE, '').split('-');
  const os = parts[0];
  const cpu = parts[1];
  if (!OS.includes(os) || !CPU.includes(cpu)) throw new Error(`cannot tell the platform of ${name}`);
  const abi = parts[2] ?? '';
  const libc = os !== 'linux' ? undefined : abi.startsWith('musl') ? ['musl'] : ['glibc'];
  return { os: [os], cpu: [cpu], ...(libc ? { libc } : {}) };
}

let added = 0;
for (const [key, entry] of Object.entries(lock.packages)) {
  const base = key.slice(0, key.lastIndexOf('node_modules/'));
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    if (!PLATFORM_PACKAGE.test(name)) continue;
    const target = `${base}node_modules/${name}`;
    if (lock.packages[target]) continue;
    // A sibling build present in the lock tells the license, engines and whether it is a dev package.
    const sibling = Object.entries(entry.optionalDependencies)
      .map(([other]) => lock.packages[`${base}node_modules/${other}`])
      .find(Boolean);
    if (!sibling) throw new Error(`no build of ${key}'s platform packages is in the lock file`);
    lock.packages[target] = {
      version,
      ...platformOf(name),
      ...(sibling.dev ? { dev: true } : {}),
      ...(sibling.license ? { license: sibling.license } : {}),
      optional: true,
      ...(sibling.engines ? { engines: sibling.engines } : {}),
    };
    added += 1;
  }
}
lock.packages = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : 1)),
);
writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: ${added} platform entries added`);
