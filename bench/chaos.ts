import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { connectDatabase } from '#server/db/database';
import { embeddedConnectionString } from '#server/db/embedded-postgres';
import { CHAOS_STEPS, ChaosSession, chaosSeeds, replayCommand, runChaosSeed } from '#test/e2e/chaos/harness';
import { launchChromium } from './browser.ts';
import { type BenchServer, createDataDir, freePort, startServer, stopServer } from './server-process.ts';

type Log = (message: string) => void;

const DEFAULT_RUNS = 500;

export interface ChaosBenchFigures {
  runs: number;
  changesMade: number;
  appliedExactlyOnce: number;
  lost: number;
  duplicated: number;
  refused: number;
  refusalsShown: number;
  secondClientEdits: number;
  durationS: number;
  failingSeeds: { seed: number; problems: string[]; steps: string[]; replay: string }[];
}

/**
 * Issue 13's chaos figures: the e2e harness (test/e2e/chaos) over `CHAOS_SEEDS` (a list) or
 * `CHAOS_RUNS` seeds (default 500), against a server of its own on its embedded database, one
 * signed-in app reused while runs pass. `CHAOS_STATIC_DIR` serves a copy of the build instead of ./dist.
 */
export async function measureChaos(browser: Browser, repoRoot: string, log: Log): Promise<ChaosBenchFigures> {
  const dataDir = await createDataDir();
  let server: BenchServer | null = null;
  let session: ChaosSession | undefined;
  const started = performance.now();
  try {
    server = await startServer(repoRoot, dataDir, await freePort(), undefined, process.env.CHAOS_STATIC_DIR);
    const pid = await readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8');
    const database = connectDatabase(embeddedConnectionString(Number(pid.split('\n')[3])), { max: 2 });
    const seeds = chaosSeeds(DEFAULT_RUNS);
    const figures: ChaosBenchFigures = {
      runs: 0,
      changesMade: 0,
      appliedExactlyOnce: 0,
      lost: 0,
      duplicated: 0,
      refused: 0,
      refusalsShown: 0,
      secondClientEdits: 0,
      durationS: 0,
      failingSeeds: [],
    };
    try {
      for (const seed of seeds) {
        if (figures.runs % 25 === 0) log(`chaos: seed ${seed} (${figures.runs} of ${seeds.length} done)`);
        let problems: string[];
        let steps: string[] = [];
        try {
          session ??= await ChaosSession.open({ browser, serverURL: server.baseUrl });
          const result = await runChaosSeed(session, {
            seed,
            steps: CHAOS_STEPS,
            query: async (sql, parameters) => (await database.pool.query(sql, parameters)).rows,
          });
          figures.changesMade += result.changesMade;
          figures.appliedExactlyOnce += result.appliedOnce;
          figures.lost += result.lost;
          figures.duplicated += result.duplicated;
          figures.refused += result.refused;
          figures.refusalsShown += result.refusalsShown;
          figures.secondClientEdits += result.secondClientEdits;
          problems = result.problems;
          steps = result.steps;
        } catch (error) {
          problems = [`the run failed: ${error instanceof Error ? error.message : String(error)}`];
        }
        figures.runs += 1;
        if (problems.length) {
          log(`chaos: seed ${seed} failed: ${problems.join('; ')}`);
          figures.failingSeeds.push({ seed, problems, steps, replay: replayCommand(seed) });
          // A failed run may leave changes queued: the next one starts from a new app.
          await session?.close();
          session = undefined;
        }
      }
    } finally {
      await session?.close();
      await database.close();
    }
    figures.durationS = Math.round((performance.now() - started) / 1000);
    return figures;
  } finally {
    if (server) await stopServer(server);
    await rm(dataDir, { recursive: true, force: true });
  }
}

// `node --import tsx bench/chaos.ts` runs only these figures (after `npx vite build`).
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const browser = await launchChromium();
  measureChaos(browser, path.resolve(import.meta.dirname, '..'), (message) => console.error(`bench: ${message}`))
    .then(
      (figures) => process.stdout.write(`${JSON.stringify({ chaos: figures }, null, 2)}\n`),
      (error: unknown) => {
        console.error(error);
        process.exitCode = 1;
      },
    )
    .finally(() => browser.close().then(() => process.exit()));
}
