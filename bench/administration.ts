import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ROLE_IDS } from '#core/domain/access';
import { DEMO_PASSWORD } from '#server/db/seed/demo-seed';
import { clickElement, findElement, typeInto } from './page-input.ts';
import { withServerOnOwnPostgres } from './own-postgres-server.ts';
import { medianAndP90, roundMs } from './stats.ts';
import { withClient } from './sync-database.ts';

/** The company the administrator manages: Prairie Feed Co. grown to issue 12's size. */
const COMPANY = 'Prairie Feed Co.';
/** Its administrator: the dispatcher has no ViewUsers. */
const ADMIN = { username: 'admin', password: DEMO_PASSWORD };
const SIZE = { users: 5_000, tractors: 2_000, trailers: 2_000, customers: 5_000 };
const ROUTE_RUNS = 9;
/** A server just started is slow on its first answers of a route (V8 still compiling its serializer). */
const ROUTE_WARM_UPS = 5;
const GOALS_MS = { listRoute: 150, firstPage: 500, query: 50, longestTask: 100 };
/** Each list route with the fewest rows it must answer: the generated ones (drivers: every third user). */
const LIST_ROUTES: Record<string, number> = {
  '/api/users': SIZE.users,
  '/api/drivers': Math.floor(SIZE.users / 3),
  '/api/tractors': SIZE.tractors,
  '/api/trailers': SIZE.trailers,
  '/api/customers': SIZE.customers,
};
const FEED_PATH = '/api/sync/changes';
/** The page size the app's pull asks for (src/data/sync/pull-changes.ts). */
const FEED_PAGE = 1000;
/** A user's pause between reaching a link and pressing it; the app starts loading the screen on hover. */
const HOVER_BEFORE_CLICK_MS = 100;

interface Goal {
  ms: number;
  goalMs: number;
  met: boolean;
}

const goal = (ms: number, goalMs: number): Goal => ({ ms: roundMs(ms), goalMs, met: ms <= goalMs });

type ListRouteFigure = Goal & { medianMs: number; rows: number; bytes: number };

export interface AdministrationFigures {
  company: typeof SIZE;
  /** p90 of ROUTE_RUNS answers after ROUTE_WARM_UPS, each read to its last byte. */
  listRoutesMs: Record<string, ListRouteFigure>;
  /** Every page of a first full pull of the change feed, as the app asks for it: p90 of the pages. */
  changeFeedPageMs: Goal & { medianMs: number; pages: number; changes: number; bytes: number };
  usersFirstPageRenderedMs: Goal & { users: number; from: string };
  queryMs: Goal & { medianMs: number; runs: number; rows: number };
  longestTaskWhileQueryingMs: Goal & { tasks: number };
}

type Log = (message: string) => void;

/**
 * Issue 12's large company on a PostgreSQL and server of its own (as measureLargeCompany does, so the
 * other figures are not disturbed): the list routes, the change feed that fills the mirror, then
 * /manage-company/users in Chromium signed in as the administrator.
 */
export async function measureAdministration(browser: Browser, repoRoot: string, log: Log): Promise<AdministrationFigures> {
  return withServerOnOwnPostgres(repoRoot, log, 'administration', async ({ baseUrl, databaseUrl }) => {
    log(
      `administration: inserting ${SIZE.users} users, ${SIZE.tractors} tractors, ${SIZE.trailers} trailers, ${SIZE.customers} customers`,
    );
    await insertCompany(databaseUrl);
    const context = await signedInContext(browser, baseUrl);
    try {
      log('administration: list routes and change feed');
      const listRoutesMs = await measureListRoutes(context);
      const changeFeedPageMs = await measureChangeFeed(context);
      log('administration: users table after navigation, then search, sort and filter');
      const users = await measureUsersTable(context);
      return { company: SIZE, listRoutesMs, changeFeedPageMs, ...users };
    } finally {
      await context.close();
    }
  });
}

/**
 * The generated rows in one transaction with generate_series, each with the change_log rows the
 * server's own writes would add (users: user, contact and, for drivers, driver), so the mirror gets them.
 * Names vary in their first letters so sorting does real work.
 */
async function insertCompany(databaseUrl: string) {
  await withClient(databaseUrl, async (client) => {
    const organization = await client.query<{ id: number }>('select id from organizations where name = $1', [COMPANY]);
    const organizationId = organization.rows[0]?.id;
    if (!organizationId) throw new Error(`${COMPANY} is not seeded`);
    const logged = (entity: string, table: string) =>
      `insert into change_log (organization_id, entity, entity_id, op) select $1, '${entity}', id, 'upsert' from ${table}`;
    await client.query('begin');
    try {
      await client.query(
        `with names as (
           select n, (array['Ava','Ben','Cleo','Dale','Erik','Faye','Gus','Hana','Ivan','Jill','Kurt','Lena','Mats','Nora'])[1 + n % 14] as first,
                  (array['Olson','Berg','Kruse','Vogel','Meyer','Larson','Nelson','Dahl','Hansen','Quist','Ruud','Stark'])[1 + (n / 14) % 12] || ' ' || n as last
             from generate_series(1, $2::int) as n
         ), new_contacts as (
           insert into contacts (organization_id, name, email, phone)
           select $1, first || ' ' || last, 'bench.user.' || n || '@prairiefeed.example', '+1515' || lpad(n::text, 7, '0')
             from names order by n
           returning id, name
         ), new_users as (
           insert into users (organization_id, username, name, first_name, last_name, contact_id, enabled, driver_info)
           select $1, 'bench.user.' || n, first || ' ' || last, first, last, c.id, n % 17 <> 0,
                  case when n % 3 = 0 then '{"defaultTractorId": null, "defaultTrailerId": null, "contract": false}'::jsonb end
             from names join new_contacts c on c.name = names.first || ' ' || names.last
           returning id, contact_id, driver_info is not null as driver
         ), roles as (
           insert into user_roles (user_id, role_id)
           select id, case when driver then ${ROLE_IDS.Driver}
                           else (array[${ROLE_IDS.Dispatcher}, ${ROLE_IDS.Manager}, ${ROLE_IDS.SiteManager}, ${ROLE_IDS.LoadingTeamMember}])[1 + id % 4] end
             from new_users
           union all
           -- Some dispatchers manage too, so the roles column holds combinations.
           select id, ${ROLE_IDS.Manager} from new_users where not driver and id % 4 = 0 and id % 3 = 0
         )
         insert into change_log (organization_id, entity, entity_id, op)
         select $1, 'user', id, 'upsert' from new_users
         union all select $1, 'contact', contact_id, 'upsert' from new_users
         union all select $1, 'driver', id, 'upsert' from new_users where driver`,
        [organizationId, SIZE.users],
      );
      await client.query(
        `with rows as (
           insert into tractors (organization_id, user_display_name, vin_number, license_plate, make, model, contract, enabled, weight_grams)
           select $1, 'BT-' || lpad(n::text, 4, '0'), '1XKWD49X' || lpad(n::text, 9, '0'), 'IA ' || (100000 + n),
                  (array['Kenworth','Peterbilt','Freightliner','Mack','Volvo'])[1 + n % 5], 'T' || (600 + n % 300),
                  n % 9 = 0, n % 23 <> 0, 8000000 + n * 100
             from generate_series(1, $2::int) as n
           returning id
         ) ${logged('tractor', 'rows')}`,
        [organizationId, SIZE.tractors],
      );
      await client.query(
        `with rows as (
           insert into trailers (organization_id, user_display_name, vin_number, license_plate, max_cargo_weight_grams, contract, enabled, weight_grams)
           select $1, (array['Bulk','Hopper','Flatbed'])[1 + n % 3] || ' ' || (5000 + n), '1W1MAFZ' || lpad(n::text, 10, '0'),
                  'IA T' || (200000 + n), 22000000 + n * 10, n % 11 = 0, n % 29 <> 0, 6000000 + n * 100
             from generate_series(1, $2::int) as n
           returning id
         ) ${logged('trailer', 'rows')}`,
        [organizationId, SIZE.trailers],
      );
      await client.query(
        `with rows as (
           insert into customers (organization_id, customer_name)
           select $1, (array['Hilltop','River Bend','Oak Grove','Sunrise','Prairie View','Cedar'])[1 + n % 6] || ' Farms ' || n
             from generate_series(1, $2::int) as n
           returning id
         ) ${logged('customer', 'rows')}`,
        [organizationId, SIZE.customers],
      );
      await client.query('commit');
    } catch (error) {
      await client.query('rollback');
      throw error;
    }
  });
}

/** Service workers blocked and the Content-Security-Policy bypassed, as in sync.ts. */
async function signedInContext(browser: Browser, baseUrl: string): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: baseUrl, serviceWorkers: 'block', bypassCSP: true });
  const response = await context.request.post('/api/session', { data: ADMIN });
  if (!response.ok()) throw new Error(`POST /api/session answered ${response.status()}`);
  return context;
}

/** One GET through the context's request client (its cookies), timed to the last byte. */
async function timedGet(context: BrowserContext, url: string) {
  const started = performance.now();
  const response = await context.request.get(url);
  const body = await response.body();
  const ms = performance.now() - started;
  if (!response.ok()) throw new Error(`GET ${url} answered ${response.status()}`);
  return { ms, body };
}

async function measureListRoutes(context: BrowserContext): Promise<Record<string, ListRouteFigure>> {
  const figures: Record<string, ListRouteFigure> = {};
  for (const [route, generated] of Object.entries(LIST_ROUTES)) {
    const samples: number[] = [];
    let body: Buffer = Buffer.alloc(0);
    for (let run = 0; run < ROUTE_WARM_UPS + ROUTE_RUNS; run++) {
      const answer = await timedGet(context, route);
      if (run >= ROUTE_WARM_UPS) samples.push(answer.ms);
      body = answer.body;
    }
    const times = medianAndP90(samples);
    const rows = (JSON.parse(body.toString('utf8')) as unknown[]).length;
    if (rows < generated) throw new Error(`GET ${route} answered ${rows} rows, expected at least ${generated}`);
    figures[route] = { ...goal(times.p90, GOALS_MS.listRoute), medianMs: times.median, rows, bytes: body.length };
  }
  return figures;
}

async function measureChangeFeed(context: BrowserContext): Promise<AdministrationFigures['changeFeedPageMs']> {
  const samples: number[] = [];
  let since: string | undefined;
  let changes = 0;
  let bytes = 0;
  for (;;) {
    const query = new URLSearchParams({ limit: String(FEED_PAGE), ...(since ? { since } : {}) });
    const answer = await timedGet(context, `${FEED_PATH}?${query}`);
    const page = JSON.parse(answer.body.toString('utf8')) as { changes: unknown[]; cursor: string; hasMore: boolean };
    samples.push(answer.ms);
    changes += page.changes.length;
    bytes += answer.body.length;
    since = page.cursor;
    if (!page.hasMore) break;
  }
  const expected = SIZE.users * 2 + SIZE.tractors + SIZE.trailers + SIZE.customers;
  if (changes < expected) throw new Error(`the change feed handed out ${changes} changes, expected at least ${expected}`);
  const times = medianAndP90(samples);
  return { ...goal(times.p90, GOALS_MS.listRoute), medianMs: times.median, pages: samples.length, changes, bytes };
}

/**
 * Page script: every long main-thread task, and the instants (performance.now) of the first click and
 * of the first users row in the DOM (by a MutationObserver, so the time is the render's).
 */
const USERS_TABLE_WATCHER = `(() => {
  window.benchLongTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.benchLongTasks.push({ start: entry.startTime, ms: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  document.addEventListener('click', () => { window.benchClickAt ??= performance.now(); }, true);
  window.benchFirstRow = new Promise((resolve) => {
    const check = () => {
      if (!document.querySelector('[data-testid=users-row]')) return false;
      resolve(performance.now());
      return true;
    };
    const observer = new MutationObserver(() => check() && observer.disconnect());
    document.addEventListener('DOMContentLoaded', () => {
      if (!check()) observer.observe(document.body, { subtree: true, childList: true });
    });
  });
})()`;

/** Rows of the mirror's `store` (the app's IndexedDB), read outside any timed window. */
const MIRROR_COUNT = (store: string) => `new Promise((resolve, reject) => {
  const open = indexedDB.open('dispatch');
  open.onerror = () => reject(open.error);
  open.onsuccess = () => {
    const db = open.result;
    if (!db.objectStoreNames.contains('${store}')) { db.close(); resolve(0); return; }
    const request = db.transaction('${store}', 'readonly').objectStore('${store}').count();
    request.onsuccess = () => { db.close(); resolve(request.result); };
    request.onerror = () => { db.close(); reject(request.error); };
  };
})`;

/** Until the first pull has put every generated user into the mirror. */
async function waitForMirroredUsers(page: Page, timeoutMs = 180_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const users = (await page.evaluate(MIRROR_COUNT('users'))) as number;
    if (users >= SIZE.users) return users;
    if (Date.now() > deadline) throw new Error(`the mirror holds ${users} users after ${timeoutMs} ms`);
    await page.waitForTimeout(250);
  }
}

const USERS_CONTROLS = {
  link: 'a[href="/manage-company/users"]',
  search: 'input[data-testid="users-search"]',
  sortName: '[data-testid="users-sort-name"]',
  sortUsername: '[data-testid="users-sort-username"]',
  rolesFilter: 'input[data-testid="users-filter-roles"]',
  firstOption: '[data-combobox-option]',
};

/**
 * The administrator's first sync runs on the home page; then, on the hub, the mouse over the Users
 * link for a moment and a click: the time from the click to the first row. Then search, sort and a
 * roles filter over every user, read from the table's own `admin:query` measure, with the longest
 * main-thread task meanwhile.
 */
async function measureUsersTable(
  context: BrowserContext,
): Promise<Pick<AdministrationFigures, 'usersFirstPageRenderedMs' | 'queryMs' | 'longestTaskWhileQueryingMs'>> {
  const page = await context.newPage();
  try {
    await page.goto('/');
    const users = await waitForMirroredUsers(page);
    await page.addInitScript({ content: USERS_TABLE_WATCHER });
    await page.goto('/manage-company');
    await page.locator(`css=${USERS_CONTROLS.link}`).waitFor();
    // The hub settles (its delta pull, its lists) as it would before an administrator moves on.
    await page.waitForTimeout(2_000);
    const link = await findElement(page, USERS_CONTROLS.link);
    const box = await link.boundingBox();
    if (!box) throw new Error('the Users link is not displayed');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.waitForTimeout(HOVER_BEFORE_CLICK_MS);
    await page.mouse.down();
    await page.mouse.up();
    const firstRowMs = (await page.evaluate('window.benchFirstRow.then((at) => at - window.benchClickAt)')) as number;
    await page.locator(`css=${USERS_CONTROLS.search}`).waitFor();
    await page.waitForTimeout(1_000);
    const interactionStart = (await page.evaluate('performance.now()')) as number;
    await searchSortAndFilter(page);
    const measures = (await page.evaluate(
      `performance.getEntriesByName('admin:query').filter((entry) => entry.startTime >= ${interactionStart} && entry.detail.rows >= ${SIZE.users}).map((entry) => entry.duration)`,
    )) as number[];
    if (!measures.length) throw new Error('the users table recorded no admin:query measure over every user');
    const tasks = ((await page.evaluate('window.benchLongTasks')) as { start: number; ms: number }[]).filter(
      (task) => task.start >= interactionStart,
    );
    const query = medianAndP90(measures);
    return {
      usersFirstPageRenderedMs: { ...goal(firstRowMs, GOALS_MS.firstPage), users, from: 'administration hub, Users link' },
      queryMs: { ...goal(query.p90, GOALS_MS.query), medianMs: query.median, runs: measures.length, rows: users },
      longestTaskWhileQueryingMs: {
        ...goal(Math.max(0, ...tasks.map((task) => task.ms)), GOALS_MS.longestTask),
        tasks: tasks.length,
      },
    };
  } finally {
    await page.close();
  }
}

/** What an administrator does in a long list: type a name, clear it, sort two columns both ways, filter by role. */
async function searchSortAndFilter(page: Page) {
  const controls = USERS_CONTROLS;
  for (const text of ['K', 'Kr', 'Kru', 'Kruse 4', '']) {
    await typeInto(page, controls.search, text);
    await page.waitForTimeout(300);
  }
  for (const header of [controls.sortName, controls.sortName, controls.sortUsername, controls.sortUsername]) {
    await clickElement(page, header);
    await page.waitForTimeout(300);
  }
  await clickElement(page, controls.rolesFilter);
  // A native querySelector poll: a Playwright locator would walk the page inside the timed window.
  await page.waitForFunction(`document.querySelector(${JSON.stringify(controls.firstOption)})`);
  await clickElement(page, controls.firstOption);
  await page.waitForTimeout(300);
  await page.keyboard.press('Escape');
  await typeInto(page, controls.search, 'Berg');
  await page.waitForTimeout(300);
}
