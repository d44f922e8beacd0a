import type { DatabaseHandle } from '#server/db/database';
import { CHAOS_STEPS, ChaosSession, chaosSeeds, replayCommand, runChaosSeed } from './chaos/harness.ts';
import { expect, test, watchCspViolations } from './fixtures.ts';
import { connectServerDatabase } from './pages/onboarding.ts';
import { serverURL } from './worker-server.ts';

/** One signed-in app for consecutive seeds (ARCHITECTURE, Tests); a failed seed closes it. */
let session: ChaosSession | undefined;
let violations: string[] = [];
let database: DatabaseHandle | undefined;

test.afterAll(async () => {
  await session?.close();
  await database?.close();
});

for (const seed of chaosSeeds(20)) {
  test(`chaos seed ${seed}: every accepted change is applied once, in order, and every refusal shows`, async ({ browser }) => {
    test.setTimeout(180_000);
    // Not at import: this worker's server starts with its first test.
    database ??= await connectServerDatabase();
    const { pool } = database;
    session ??= await ChaosSession.open({
      browser,
      serverURL,
      prepareContext: async (context) => {
        violations = await watchCspViolations(context);
      },
    });
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
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
      passed = true;
    } finally {
      if (!passed) {
        await session?.close();
        session = undefined;
      }
    }
  });
}
