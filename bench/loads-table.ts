import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { BrowserContext, Page } from 'playwright-core';
import { weekContaining } from '#core/domain/weeks';
import { insertLoads } from './sync-database.ts';
import { clickElement, findElement, typeInto } from './page-input.ts';
import { medianAndP90, roundMs } from './stats.ts';

const WEEK_MS = 7 * 86_400_000;
const OTHER_WEEKS = 9;
const QUERY_RUNS = 5;
const GOALS_MS = { weekQuery: 300, firstPage: 1000, filterSort: 50, longestTask: 100 };

interface Goal {
  ms: number;
  goalMs: number;
  met: boolean;
}

const goal = (ms: number, goalMs: number): Goal => ({ ms: roundMs(ms), goalMs, met: ms <= goalMs });

/**
 * Page script: every long main-thread task, and the instants (performance.now) of the first click and
 * of the first load row in the DOM (by a MutationObserver, so the time is the render's).
 */
const TABLE_WATCHER = `(() => {
  window.benchLongTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.benchLongTasks.push({ start: entry.startTime, ms: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  document.addEventListener('click', () => { window.benchClickAt ??= performance.now(); }, true);
  window.benchFirstRow = new Promise((resolve) => {
    const check = () => {
      if (!document.querySelector('[data-testid=load-row]')) return false;
      resolve(performance.now());
      return true;
    };
    const observer = new MutationObserver(() => check() && observer.disconnect());
    document.addEventListener('DOMContentLoaded', () => {
      if (!check()) observer.observe(document.body, { subtree: true, childList: true });
    });
  });
})()`;

/** A user's pause between reaching a link and pressing it; the app starts loading the screen on hover. */
const HOVER_BEFORE_CLICK_MS = 100;

export interface LoadsTableBrowserFigures {
  firstPageRenderedMs: Goal & { loadsInWeek: number; from: string };
  /** The same table opened by loading the page itself (a cold start of the app on /loads): no goal. */
  coldStartFirstPageMs: { ms: number; loadsInWeek: number };
  filterSortMs: Goal & { runs: number; rows: number };
  longestTaskWhileFilteringMs: Goal & { tasks: number };
}

/**
 * `/loads` in a browser whose mirror already holds the week (`loadsInWeek` loads). The dispatcher is on
 * the home screen and goes to Loads in the navigation (mouse over the link, then a click): the time
 * from the click to the first row; then the cost of filtering and sorting the whole week (the table's
 * own `loads:filter-sort` measure) and the longest main-thread task while filtering, paging and
 * scrolling. Last, for reference, a cold start: the page /loads loaded itself, to its first row.
 */
export async function measureLoadsTableInBrowser(
  context: BrowserContext,
  loadsInWeek: number,
): Promise<LoadsTableBrowserFigures> {
  const page = await context.newPage();
  try {
    await page.addInitScript({ content: TABLE_WATCHER });
    await page.goto('/');
    await page.locator('css=a[href="/loads"]').first().waitFor();
    const link = await findElement(page, 'a[href="/loads"]');
    // The home screen settles (its first pull, its lists) as it would before a dispatcher moves on.
    await page.waitForTimeout(2_000);
    const box = await link.boundingBox();
    if (!box) throw new Error('the Loads link is not displayed');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.waitForTimeout(HOVER_BEFORE_CLICK_MS);
    await page.mouse.down();
    await page.mouse.up();
    const firstRowMs = (await page.evaluate('window.benchFirstRow.then((at) => at - window.benchClickAt)')) as number;
    await page.getByTestId('rows-count').waitFor();
    const interactionStart = (await page.evaluate('performance.now()')) as number;
    await filterPageAndScroll(page);
    const measures = (await page.evaluate(
      `performance.getEntriesByName('loads:filter-sort').filter((entry) => entry.detail.rows >= ${loadsInWeek * 0.9}).map((entry) => entry.duration)`,
    )) as number[];
    if (!measures.length) throw new Error('the table recorded no loads:filter-sort measure for the whole week');
    const tasks = ((await page.evaluate('window.benchLongTasks')) as { start: number; ms: number }[]).filter(
      (task) => task.start >= interactionStart,
    );
    const filterSort = medianAndP90(measures);
    const longest = Math.max(0, ...tasks.map((task) => task.ms));
    return {
      firstPageRenderedMs: { ...goal(firstRowMs, GOALS_MS.firstPage), loadsInWeek, from: 'home screen, Loads link' },
      coldStartFirstPageMs: { ms: roundMs(await measureColdStart(context)), loadsInWeek },
      filterSortMs: { ...goal(filterSort.p90, GOALS_MS.filterSort), runs: measures.length, rows: loadsInWeek },
      longestTaskWhileFilteringMs: { ...goal(longest, GOALS_MS.longestTask), tasks: tasks.length },
    };
  } finally {
    await page.close();
  }
}

/** A new page loading /loads itself: ms from navigation start to the first row. */
async function measureColdStart(context: BrowserContext): Promise<number> {
  const page = await context.newPage();
  try {
    await page.addInitScript({ content: TABLE_WATCHER });
    await page.goto('/loads', { waitUntil: 'commit' });
    return (await page.evaluate('window.benchFirstRow')) as number;
  } finally {
    await page.close();
  }
}

const TABLE_CONTROLS = {
  search: 'input[data-testid="filter-search"]',
  /** The weight filter opens from its toolbar button. */
  weightButton: '[data-testid="weight-filter-button"]',
  weight: 'input[data-testid="weight-value"]',
  applyWeight: '[data-testid="weight-apply"]',
  reset: '[data-testid="reset-filters"]',
  nextPage: 'button[aria-label="Next page"]',
  previousPage: 'button[aria-label="Previous page"]',
};

/** What a dispatcher does on a busy week: search, filter by weight, reset, scroll and page. */
async function filterPageAndScroll(page: Page) {
  const controls = TABLE_CONTROLS;
  for (const text of ['PF-6', 'PF-61', 'PF-612', '']) {
    await typeInto(page, controls.search, text);
    await page.waitForTimeout(400);
  }
  await clickElement(page, controls.weightButton);
  await page.locator(`css=${controls.weight}`).waitFor();
  await typeInto(page, controls.weight, '20000');
  await clickElement(page, controls.applyWeight);
  await page.waitForTimeout(300);
  await clickElement(page, controls.reset);
  await page.waitForTimeout(300);
  for (let step = 0; step < 5; step++) {
    await page.mouse.wheel(0, 2000);
    await page.waitForTimeout(100);
  }
  // A week of 10,000 loads has 100 pages: two forward and one back.
  for (const control of [controls.nextPage, controls.nextPage, controls.previousPage]) {
    await clickElement(page, control);
    await page.waitForTimeout(300);
  }
}

export interface WeekQueryFigure extends Goal {
  loadsInWeek: number;
  loadsInOrganization: number;
  bytes: number;
  /** The body as it crossed the network (brotli). */
  wireBytes: number;
}

/** What Chromium sends, so the server compresses the answer as it does for the app. */
const CHROMIUM_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

function decode(wire: Buffer, encoding: string | undefined): Buffer {
  if (encoding === 'br') return brotliDecompressSync(wire);
  if (encoding === 'gzip') return gunzipSync(wire);
  if (encoding === undefined) return wire;
  throw new Error(`unexpected content-encoding ${encoding}`);
}

/**
 * GET `url` as Chromium asks for it. The clock stops at the last byte received: the server's answer,
 * not Node's decoding of it, which comes after (fetch would decode inside the timed window).
 */
function getAsChromium(url: string, cookie: string) {
  return new Promise<{ status: number; ms: number; wireBytes: number; body: string }>((resolve, reject) => {
    const started = performance.now();
    http
      .get(url, { headers: { cookie, 'accept-encoding': CHROMIUM_ACCEPT_ENCODING } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const ms = performance.now() - started;
          const wire = Buffer.concat(chunks);
          const body = decode(wire, response.headers['content-encoding']).toString('utf8');
          resolve({ status: response.statusCode ?? 0, ms, wireBytes: wire.length, body });
        });
      })
      .on('error', reject);
  });
}

/**
 * The server's answer to the week query with the company grown to `OTHER_WEEKS` more weeks of the same
 * size (so ~100,000 loads): GET /api/self/orders for this week, median of QUERY_RUNS after a warm-up.
 */
export async function measureWeekQuery(
  baseUrl: string,
  cookie: string,
  databaseUrl: string,
  loadsInWeek: number,
  log: (message: string) => void,
): Promise<WeekQueryFigure> {
  let loadsInOrganization = loadsInWeek;
  for (let week = 1; week <= OTHER_WEEKS; week++) {
    log(`loads table: ${loadsInWeek} loads in week -${week}`);
    loadsInOrganization += (await insertLoads(databaseUrl, loadsInWeek, new Date(Date.now() - week * WEEK_MS))).length;
  }
  // The table's own question: its Sunday–Saturday week in the dispatcher's zone.
  const week = weekContaining(new Date(), 'America/Chicago');
  const url = `${baseUrl}/api/self/orders?startDate=${week.start.toISOString()}&endDate=${week.end.toISOString()}`;
  const samples: number[] = [];
  let bytes = 0;
  let wireBytes = 0;
  let count = 0;
  for (let run = 0; run <= QUERY_RUNS; run++) {
    const answer = await getAsChromium(url, cookie);
    if (answer.status !== 200) throw new Error(`week query answered ${answer.status}`);
    if (run > 0) samples.push(answer.ms);
    bytes = answer.body.length;
    wireBytes = answer.wireBytes;
    count = (JSON.parse(answer.body) as unknown[]).length;
  }
  if (count < loadsInWeek * 0.9) throw new Error(`the week query answered ${count} loads, expected about ${loadsInWeek}`);
  return {
    ...goal(medianAndP90(samples).median, GOALS_MS.weekQuery),
    loadsInWeek: count,
    loadsInOrganization,
    bytes,
    wireBytes,
  };
}
