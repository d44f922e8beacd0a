import type { Browser, BrowserContext } from 'playwright-core';
import { signedInState } from './browser.ts';
import { withServerOnOwnPostgres } from './own-postgres-server.ts';
import { measureDeltaPull, measureFirstPull, measureReplay, type PullFigure, type ReplayFigure } from './sync-browser.ts';
import { measureExports } from './exports.ts';
import { type BulkScheduleUiFigure, measureBulkScheduleInUi } from './planning-ui.ts';
import {
  type LoadsTableBrowserFigures,
  measureLoadsTableInBrowser,
  measureWeekQuery,
  type WeekQueryFigure,
} from './loads-table.ts';
import { assignDrivers, countVisibleLoads, insertLoads } from './sync-database.ts';
import { measureWire, type WireFigures } from './wire.ts';

const LOADS = 10_000;
const DELTA_LOADS = 1_000;
const REPLAY_SAVES = 200;
const GOALS_MS = { firstFullSync: 3000, deltaSync: 500, replay200: 5000 };
const DAY_MS = 86_400_000;

export interface SyncFigures {
  firstFullSyncMs: PullFigure & { loads: number };
  deltaSyncMs: PullFigure & { changedLoads: number };
  replay200Ms: ReplayFigure & { changedLoadsVerified: number };
}

/** Figures measured on the same large company once the sync figures are taken. */
export interface LargeCompanyFigures {
  sync: SyncFigures;
  wire: WireFigures;
  loadsTable: LoadsTableBrowserFigures & { weekQueryMs: WeekQueryFigure };
  exports: Awaited<ReturnType<typeof measureExports>>;
  bulkScheduleUi: BulkScheduleUiFigure;
}

type Log = (message: string) => void;

/**
 * The offline-first layer under a large company: its own PostgreSQL (the server gets it as DATABASE_URL,
 * so the bench writes straight into it), 10,000 loads of this week, then a first pull, a delta pull and
 * the replay of queued saves, in Chromium signed in as the dispatcher.
 */
export async function measureLargeCompany(browser: Browser, repoRoot: string, log: Log): Promise<LargeCompanyFigures> {
  return withServerOnOwnPostgres(repoRoot, log, 'sync', async ({ baseUrl, databaseUrl }) => {
    log(`sync: inserting ${LOADS} loads`);
    const ids = await insertLoads(databaseUrl, LOADS);
    const visible = await countVisibleLoads(databaseUrl);
    return measureFigures(browser, baseUrl, databaseUrl, ids, visible, log);
  });
}

/** Every tenth generated load gets a driver behind the page's back; others, in between, are assigned offline. */
function pickLoads(ids: number[]) {
  const delta = ids.filter((_, index) => index % 10 === 0).slice(0, DELTA_LOADS);
  const replay = ids.filter((_, index) => index % 10 === 5).slice(0, REPLAY_SAVES);
  if (delta.length < DELTA_LOADS || replay.length < REPLAY_SAVES) throw new Error('too few generated loads');
  return { delta, replay };
}

async function measureFigures(
  browser: Browser,
  baseUrl: string,
  databaseUrl: string,
  ids: number[],
  visible: number,
  log: Log,
): Promise<LargeCompanyFigures> {
  const state = await signedInState(browser, baseUrl);
  // Service workers blocked: the precache download would compete with the pull being timed. The
  // Content-Security-Policy bypassed: the watchers run in blob workers, which the app never starts.
  const newContext = () =>
    browser.newContext({ baseURL: baseUrl, storageState: state, serviceWorkers: 'block', bypassCSP: true });
  const { delta, replay } = pickLoads(ids);

  log(`sync: first pull of ${visible} loads on /loads`);
  let context: BrowserContext = await newContext();
  let first: PullFigure;
  try {
    first = (await measureFirstPull(context, '/loads', visible, GOALS_MS.firstFullSync)).figure;
  } finally {
    // Rendering a week of 10,000 loads keeps that page busy for minutes once the mirror is full.
    await context.close();
  }

  log('sync: delta pull and replay on the home page (a fresh context pulls everything first)');
  context = await newContext();
  try {
    const { page, feed } = await measureFirstPull(context, '/', visible, GOALS_MS.firstFullSync);
    const deltaFigure = await measureDeltaPull(
      context,
      page,
      feed,
      { ids: delta, version: 2, write: () => assignDrivers(databaseUrl, delta) },
      GOALS_MS.deltaSync,
    );
    log(`sync: replay of ${REPLAY_SAVES} saves queued offline`);
    const replayed = await measureReplay(context, page, feed, replay, GOALS_MS.replay200);
    const verified = await countChangedLoads(context, replayed.saves);
    if (verified !== REPLAY_SAVES) throw new Error(`only ${verified} of ${REPLAY_SAVES} replayed saves reached the server`);
    const sync: SyncFigures = {
      firstFullSyncMs: { ...first, loads: visible },
      deltaSyncMs: { ...deltaFigure, changedLoads: delta.length },
      replay200Ms: { ...replayed.figure, changedLoadsVerified: verified },
    };
    await page.close();
    log('wire: bytes and 10 Mbit/s time of the week of 10,000 loads and of a first full sync');
    const wire = await measureWire(context);
    log('loads table: first page, filtering and scrolling a week of the mirror');
    const table = await measureLoadsTableInBrowser(context, visible);
    const cookie = (await context.cookies()).map((entry) => `${entry.name}=${entry.value}`).join('; ');
    const session = (await (await context.request.get('/api/session')).json()) as { user: { activeOrganizationId: number } };
    log('exports: CSV of 10,000 loads, delivery tickets of 100');
    const exportFigures = await measureExports(baseUrl, cookie, session.user.activeOrganizationId, ids);
    log('planning: bulk schedule of 1,000 drafts from the drafts page');
    const bulkScheduleUi = await measureBulkScheduleInUi(newContext, databaseUrl);
    const weekQueryMs = await measureWeekQuery(baseUrl, cookie, databaseUrl, ids.length, log);
    return { sync, wire, loadsTable: { ...table, weekQueryMs }, exports: exportFigures, bulkScheduleUi };
  } finally {
    await context.close();
  }
}

/** Through the API: loads that now carry the driver their save chose, one version after the one it was based on. */
async function countChangedLoads(context: BrowserContext, saves: { id: number; driverId: number; version: number }[]) {
  const startDate = new Date(Date.now() - 8 * DAY_MS).toISOString();
  const endDate = new Date(Date.now() + 8 * DAY_MS).toISOString();
  const response = await context.request.get(`/api/self/orders?startDate=${startDate}&endDate=${endDate}`);
  if (!response.ok()) throw new Error(`GET /api/self/orders answered ${response.status()}`);
  const loads = new Map(
    ((await response.json()) as { id: number; status: string; transportedByUserId: number | null; version: number }[]).map(
      (load) => [load.id, load],
    ),
  );
  return saves.filter((save) => {
    const load = loads.get(save.id);
    return load?.status === 'Assigned' && load.transportedByUserId === save.driverId && load.version === save.version + 1;
  }).length;
}
