import { rm } from 'node:fs/promises';
import type { GroupPreview, OrderGroup } from '#core/contract/production-cards';
import { buildApp } from '#server/app';
import { readConfig } from '#server/config';
import { connectDatabase, migrateDatabase } from '#server/db/database';
import { startEmbeddedPostgres } from '#server/db/embedded-postgres';
import { seedDemo } from '#server/db/seed/demo-seed';
import { createDataDir } from './server-process.ts';
import { medianAndP90 } from './stats.ts';

/** Drafts per generated group (issue 22: goal ≤ 1 s of server time). */
const DRAFTS = 200;
const RUNS = 5;
const DAY = '2026-11-24';

type Log = (message: string) => void;

export interface ProductionGroupFigures {
  drafts: number;
  cards: number;
  /** `POST /api/production-cards/groups` as the server answers it (recompute, drafts, group, change log), in process. */
  generateMs: ReturnType<typeof medianAndP90>;
  /** `GET /api/production-cards/group-preview` of the same cards. */
  previewMs: ReturnType<typeof medianAndP90>;
  runs: number;
}

/**
 * Generating an order group of 200 drafts on the demo seed, on an embedded PostgreSQL of its own:
 * each run puts 200 cards of one trailer's capacity of a ration on the board (a draft each) and
 * times the preview and the generation through the app's own routes, without the network, after
 * one warm-up run.
 */
export async function measureProductionGroups(log: Log): Promise<ProductionGroupFigures> {
  const dataDir = await createDataDir();
  const postgres = await startEmbeddedPostgres({ dataDir });
  const database = connectDatabase(postgres.connectionString());
  const app = await buildApp({ db: database.db, config: readConfig({ DEMO: 'false', DATA_DIR: dataDir }) });
  try {
    await migrateDatabase(database.db);
    await seedDemo(database.db);
    await app.ready();
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/session',
      payload: { username: 'admin', password: 'Demo-pass1' },
    });
    const cookie = signIn.cookies.map((entry) => `${entry.name}=${entry.value}`).join('; ');
    const call = async <T>(method: 'GET' | 'POST', url: string, payload?: object) => {
      const started = performance.now();
      const response = await app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
      const ms = performance.now() - started;
      if (response.statusCode >= 300)
        throw new Error(`${method} ${url} answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
      return { body: response.json() as T, ms };
    };
    const { rows } = await database.pool.query<{ id: number; organization_id: number; name: string }>(
      "select id, organization_id, name from locations where name in ('Nevada Mill', 'Ridgeview Finisher 1')",
    );
    const mill = rows.find((row) => row.name === 'Nevada Mill');
    const farm = rows.find((row) => row.name === 'Ridgeview Finisher 1');
    if (!mill || !farm) throw new Error('the demo seed has no Nevada Mill or Ridgeview Finisher 1');
    const stops = JSON.stringify([
      { type: 'Origin', organizationLocationId: mill.id, organizationSubLocationIds: [], lotId: null },
      { type: 'Destination', organizationLocationId: farm.id, organizationSubLocationIds: [], lotId: null },
    ]);
    // The capacity of the ration's profile, from the server's own preview of one card.
    const [probe] = await insertCards(database.pool, mill.organization_id, stops, 1, 1_000_000);
    const profile = (await call<GroupPreview>('GET', `/api/production-cards/group-preview?ids=${probe}`)).body.trailerProfile;
    if (!profile) throw new Error('no trailer profile for the hog finisher ration');
    const generateSamples: number[] = [];
    const previewSamples: number[] = [];
    // One run first, not counted: the server's first group compiles its code paths.
    for (let run = -1; run < RUNS; run++) {
      log(`production groups: ${run < 0 ? 'warm-up run' : `run ${run + 1} of ${RUNS}`}, ${DRAFTS} drafts`);
      const ids = await insertCards(database.pool, mill.organization_id, stops, DRAFTS, profile.maxCargoWeightGrams);
      const preview = await call<GroupPreview>(
        'GET',
        `/api/production-cards/group-preview?distributionMode=greedy&ids=${ids.join(',')}`,
      );
      if (run >= 0) previewSamples.push(preview.ms);
      if (preview.body.drafts.length !== DRAFTS) throw new Error(`${DRAFTS} cards made ${preview.body.drafts.length} drafts`);
      const generated = await call<OrderGroup>('POST', '/api/production-cards/groups', {
        productionCardIds: ids,
        distributionMode: 'greedy',
        expectedDraftCount: DRAFTS,
      });
      if (generated.body.orderIds.length !== DRAFTS) throw new Error(`the group holds ${generated.body.orderIds.length} drafts`);
      if (run >= 0) generateSamples.push(generated.ms);
    }
    return {
      drafts: DRAFTS,
      cards: DRAFTS,
      generateMs: medianAndP90(generateSamples),
      previewMs: medianAndP90(previewSamples),
      runs: RUNS,
    };
  } finally {
    await app.close();
    await database.close();
    await postgres.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** `count` cards of the hog finisher ration (by weight, 27) of `grams` each, straight into the table; their ids. */
async function insertCards(
  pool: ReturnType<typeof connectDatabase>['pool'],
  organizationId: number,
  stops: string,
  count: number,
  grams: number,
): Promise<number[]> {
  const { rows } = await pool.query<{ id: number }>(
    `insert into production_cards (organization_id, cargo_type_id, target_date, lot_id, order_number, production_plan, stops, cargo)
     select $1, 27, $2, 'LOT-' || n, 'PF-' || n, 'Finisher 3', $3::jsonb,
       jsonb_build_object('averageWeight', null, 'weight', $4::bigint, 'numberOfLoads', 1, 'salmonellaResult', null)
     from generate_series(1, $5) n returning id`,
    [organizationId, DAY, stops, grams, count],
  );
  return rows.map((row) => row.id);
}
