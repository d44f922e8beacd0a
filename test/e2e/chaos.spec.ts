import type { DatabaseHandle } from '#server/db/database';
import { CHAOS_STEPS, ChaosSession, chaosSeeds, replayCommand, runChaosSeed } from './chaos/harness.ts';
import { expect, test as base, watchCspViolations } from './fixtures.ts';
import { connectServerDatabase } from './pages/onboarding.ts';
import { serverURL } from './worker-server.ts';

/**
 * One signed-in app per worker for the seeds it runs (ARCHITECTURE, Tests): signing in, the service
 * worker and the first sync cost seconds each seed should not pay. A failed seed closes it and the
 * next opens another.
 */
interface ChaosWorker {
  session?: ChaosSession;
  violations: string[];
  database?: DatabaseHandle;
}

const test = base.extend<object, { chaos: ChaosWorker }>({
  chaos: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      const chaos: ChaosWorker = { violations: [] };
      await use(chaos);
      await chaos.session?.close();
      await chaos.database?.close();
    },
    { scope: 'worker' },
  ],
});

// The harness reloads offline, which the service worker serves (the suite blocks it elsewhere: playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

// Each seed creates its own loads and checks only those, against its worker's own server: the
// seeds share nothing, so both workers run them.
test.describe.configure({ mode: 'parallel' });

for (const seed of chaosSeeds(20)) {
  test(`chaos seed ${seed}: every accepted change is applied once, in order, and every refusal shows`, async ({
    browser,
    chaos,
  }) => {
    test.setTimeout(180_000);
    // Not at import: this worker's server starts with its first test.
    chaos.database ??= await connectServerDatabase();
    const { pool } = chaos.database;
    chaos.session ??= await ChaosSession.open({
      browser,
      serverURL,
      prepareContext: async (context) => {
        chaos.violations = await watchCspViolations(context);
      },
    });
    const { session } = chaos;
    let passed = false;
    try {
      const result = await runChaosSeed(session, {
        seed,
        steps: CHAOS_STEPS,
        query: async (sql, parameters) => (await pool.query(sql, parameters)).rows,
        log: process.env.CHAOS_LOG ? (line) => console.log(`seed ${seed} ${line}`) : undefined,
      });
      const { problems, steps: _steps, ...figures } = result;
      if (process.env.CHAOS_LOG) console.log(JSON.stringify(result));
      test.info().annotations.push({ type: 'chaos', description: JSON.stringify(figures) });
      const story = `seed ${seed} broke the queue's promises; replay: ${replayCommand(seed)}\n${result.steps.join('\n')}`;
      expect(problems, story).toEqual([]);
      expect(result.lost + result.duplicated).toBe(0);
      expect(result.refusalsShown).toBe(result.refused);
      expect(chaos.violations, 'Content-Security-Policy violations').toEqual([]);
      passed = true;
    } finally {
      if (!passed) {
        await session.close();
        chaos.session = undefined;
      }
    }
  });
}
