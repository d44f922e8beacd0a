import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'core/**/*.test.ts',
            'src/**/*.test.{ts,tsx}',
            'workers/**/*.test.ts',
            'test/locales/**/*.test.ts',
            'test/architecture/**/*.test.ts',
            'test/tracking/**/*.test.ts',
          ],
          environment: 'node',
          // Rendering a table page of 100 rows takes seconds on a loaded 2-core machine: a budget, not a goal.
          testTimeout: 15_000,
        },
      },
      {
        test: {
          name: 'server',
          include: ['server/**/*.test.ts', 'test/server/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/server/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file gets its own database cloned from the migrated, seeded template.
          fileParallelism: true,
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
