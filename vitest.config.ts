import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

const UNIT_ROOTS = ['core', 'src', 'workers', 'test/locales', 'test/architecture', 'test/tracking'];
const UNIT_TEST_FILE = /\.test\.tsx?$/;

/** Test files under `roots`, relative to the project root. */
function testFilesUnder(roots: readonly string[]): string[] {
  return roots.flatMap((root) =>
    readdirSync(root, { recursive: true, encoding: 'utf8' })
      .filter((file) => UNIT_TEST_FILE.test(file))
      .map((file) => path.join(root, file)),
  );
}

/**
 * Files that replace modules or globals (`vi.mock`, `vi.stubGlobal`, fake timers) or set up the
 * global i18next (languages, resources) need a module registry of their own; every other unit file shares its worker's (importing
 * React, Mantine and the app once per worker, not once per file, halves the unit run).
 */
const NEEDS_OWN_MODULES = /vi\.(mock|stubGlobal|useFakeTimers)\(|\bi18next\b|initI18n\(/;
const isolatedFiles = testFilesUnder(UNIT_ROOTS).filter((file) => NEEDS_OWN_MODULES.test(readFileSync(file, 'utf8')));

const SERVER_TEST_ROOTS = ['server', 'test/server'];
/**
 * Server files that replace modules, globals or the clock keep a module registry of their own. The
 * others share their worker's (the server is imported once per worker, not once per file): each
 * builds its own app on its own database, and an app keeps its state in itself, not in modules
 * (server/app.test.ts; the process-wide registries of server/tenancy, resources and sync hold the
 * same pure functions whichever app fills them).
 */
const SERVER_NEEDS_OWN_MODULES = /vi\.(mock|stubGlobal|useFakeTimers)\(/;
const isolatedServerFiles = testFilesUnder(SERVER_TEST_ROOTS).filter((file) =>
  SERVER_NEEDS_OWN_MODULES.test(readFileSync(file, 'utf8')),
);
/** Every server test file gets its own database cloned from the migrated, seeded template (global set-up). */
const SERVER_PROJECT = {
  environment: 'node',
  globalSetup: ['test/server/global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  fileParallelism: true,
  maxWorkers: 2,
  sequence: { groupOrder: 1 },
};

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: UNIT_ROOTS.map((root) => `${root}/**/*.test.{ts,tsx}`),
          exclude: isolatedFiles,
          isolate: false,
          environment: 'node',
          // Rendering a table page of 100 rows takes seconds on a loaded 2-core machine: a budget, not a goal.
          testTimeout: 15_000,
        },
      },
      {
        test: {
          name: 'unit-isolated',
          include: isolatedFiles,
          environment: 'node',
          testTimeout: 15_000,
        },
      },
      {
        test: {
          ...SERVER_PROJECT,
          name: 'server',
          include: SERVER_TEST_ROOTS.map((root) => `${root}/**/*.test.ts`),
          exclude: isolatedServerFiles,
          isolate: false,
        },
      },
      {
        test: { ...SERVER_PROJECT, name: 'server-isolated', include: isolatedServerFiles },
      },
    ],
  },
});
