import type { Browser, Page } from 'playwright-core';
import { weekAtOffset, weekContaining } from '#core/domain/weeks';
import { signedInState } from './browser.ts';
import { withServerOnOwnPostgres } from './own-postgres-server.ts';
import { roundMs } from './stats.ts';
import { measureFirstPull, type PullFigure } from './sync-browser.ts';
import { countVisibleLoads, insertLoads, withClient } from './sync-database.ts';

/** Two years of loads: 78 weeks back, this week, 25 ahead, 962 loads a week (100,048 loads). */
const FIRST_WEEK = -78;
const LAST_WEEK = 25;
const LOADS_PER_WEEK = 962;
const GOALS_MS = { firstSync: 3000, openWeek: 1000 };
const WEEKS_OPENED = 3;
const QUIET_MS = 1500;

type Log = (message: string) => void;

export interface WindowedMirrorFigures {
  loadsInCompany: number;
  firstSyncMs: PullFigure & { loadsInWindow: number; loadsOnDevice: number };
  /** The tab's JavaScript heap after the first sync, after a garbage collection. */
  memoryAfterFirstSync: { jsHeapUsedBytes: number };
  /** From the click on "previous week" (each outside the window) until its rows show. */
  openWeekOutsideWindowMs: { runs: number[]; median: number; goalMs: number; met: boolean; loadsPerWeek: number };
}

/** Loads the window holds on a first sync: this week's and next week's in the user's zone, and every draft. */
async function loadsInWindow(databaseUrl: string, zone: string) {
  const start = weekContaining(new Date(), zone).start;
  const end = weekAtOffset(new Date(), zone, 1).end;
  return withClient(databaseUrl, async (client) => {
    const counted = await client.query<{ count: string }>(
      `select count(*) from orders o join organizations g on g.name = 'Prairie Feed Co.'
        where (o.organization_id = g.id or o.transporting_organization_id = g.id)
          and (o.is_draft or o.date between $1 and $2)`,
      [start.toISOString(), end.toISOString()],
    );
    return Number(counted.rows[0]?.count ?? 0);
  });
}

/** The loads in the app's IndexedDB mirror (a string: this file is type-checked without the DOM). */
const countMirroredLoads = (page: Page) =>
  page.evaluate(`new Promise((resolve, reject) => {
    const open = indexedDB.open('dispatch');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const count = open.result.transaction('orders', 'readonly').objectStore('orders').count();
      count.onsuccess = () => { resolve(count.result); open.result.close(); };
      count.onerror = () => reject(count.error);
    };
  })`) as Promise<number>;

/** Clicks "previous week" and answers the ms until that week's rows show (no skeleton, no "not on this device"). */
async function openPreviousWeek(page: Page): Promise<number> {
  const before = await page.getByTestId('week-label').textContent();
  const started = Date.now();
  await page.getByTestId('week-previous').click();
  await page.waitForFunction(
    `document.querySelector('[data-testid=week-label]')?.textContent !== ${JSON.stringify(before)} &&
      !document.querySelector('[data-testid=skeleton-row]') &&
      !document.querySelector('[data-testid=week-not-on-device]') &&
      document.querySelectorAll('[data-testid=load-row]').length > 0`,
    undefined,
    { polling: 'raf', timeout: 60_000 },
  );
  return Date.now() - started;
}

/**
 * A company with two years of loads (about 100,000): the first sync downloads only the window (this
 * week, the next one, the drafts), and a week outside it opens online on demand.
 */
export async function measureWindowedMirror(browser: Browser, repoRoot: string, log: Log): Promise<WindowedMirrorFigures> {
  return withServerOnOwnPostgres(repoRoot, log, 'windowed mirror', async ({ baseUrl, databaseUrl }) => {
    const now = Date.now();
    log(`windowed mirror: inserting ${LOADS_PER_WEEK} loads in each of ${LAST_WEEK - FIRST_WEEK + 1} weeks`);
    for (let week = FIRST_WEEK; week <= LAST_WEEK; week++) {
      await insertLoads(databaseUrl, LOADS_PER_WEEK, new Date(now + week * 7 * 86_400_000));
    }
    const loadsInCompany = await countVisibleLoads(databaseUrl);
    const state = await signedInState(browser, baseUrl);
    const context = await browser.newContext({
      baseURL: baseUrl,
      storageState: state,
      serviceWorkers: 'block',
      bypassCSP: true,
    });
    try {
      const session = (await (await context.request.get('/api/session')).json()) as { user: { contact: { timezone: string } } };
      const inWindow = await loadsInWindow(databaseUrl, session.user.contact.timezone);
      log(`windowed mirror: first sync of ${inWindow} loads in the window, of ${loadsInCompany}`);
      const { page, figure } = await measureFirstPull(context, '/loads', inWindow, GOALS_MS.firstSync);
      await page.waitForTimeout(QUIET_MS);
      const loadsOnDevice = await countMirroredLoads(page);
      if (loadsOnDevice > inWindow * 1.05) throw new Error(`the mirror holds ${loadsOnDevice} loads, the window ${inWindow}`);
      const cdp = await context.newCDPSession(page);
      await cdp.send('HeapProfiler.collectGarbage');
      const heap = await cdp.send('Runtime.getHeapUsage');
      await page.getByTestId('load-row').first().waitFor();
      log(`windowed mirror: opening ${WEEKS_OPENED} weeks outside the window`);
      const runs: number[] = [];
      for (let run = 0; run < WEEKS_OPENED; run++) runs.push(await openPreviousWeek(page));
      const sorted = [...runs].sort((a, b) => a - b);
      const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
      return {
        loadsInCompany,
        firstSyncMs: { ...figure, loadsInWindow: inWindow, loadsOnDevice },
        memoryAfterFirstSync: { jsHeapUsedBytes: heap.usedSize },
        openWeekOutsideWindowMs: {
          runs: runs.map(roundMs),
          median: roundMs(median),
          goalMs: GOALS_MS.openWeek,
          met: median <= GOALS_MS.openWeek,
          loadsPerWeek: LOADS_PER_WEEK,
        },
      };
    } finally {
      await context.close();
    }
  });
}
