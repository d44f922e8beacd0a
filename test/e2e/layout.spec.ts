import type { Page, Request, TestInfo } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { signIn, signInBeforeOpening } from './pages/app.ts';
import { LoadsTablePage } from './pages/loads.ts';

/**
 * The screens fit the screen (issue 11): at 1280×800 and at 768×1024 with touch, no page scrolls
 * sideways, the loads table shows its default columns, the expanded row's Save and the empty states
 * are in view. Screenshots of both sizes are kept with the test results.
 */

const SIZES = [
  { name: 'desktop', width: 1280, height: 800, touch: false },
  { name: 'tablet', width: 768, height: 1024, touch: true },
] as const;

/** The default columns of the loads table (spec 1 §2), by their header's title. */
const LOADS_COLUMNS = [
  'Date',
  'Order number',
  'Cargo',
  'Origin',
  'Destination',
  'First stop',
  'Last stop',
  'Completed',
  'Estimated trip time',
  'Resources',
  'Driver',
  'Tractor',
  'Trailer',
  'Status',
];

async function expectNoSidewaysScroll(page: Page, what: string) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, `${what} is no wider than the window`).toBeLessThanOrEqual(clientWidth);
}

/** The page's requests still waiting for their answer, and when the last one started or was answered. */
function watchRequests(page: Page) {
  const watch = { waiting: new Set<Request>(), changedAt: Date.now() };
  page.on('request', (request) => {
    watch.waiting.add(request);
    watch.changedAt = Date.now();
  });
  // Answered once its headers arrive: a body the app never reads (the health probe's) never finishes.
  page.on('response', (response) => {
    watch.waiting.delete(response.request());
    watch.changedAt = Date.now();
  });
  page.on('requestfailed', (request) => {
    watch.waiting.delete(request);
    watch.changedAt = Date.now();
  });
  return watch;
}

const SETTLED_FOR_MS = 300;

/**
 * Waits until a screen opened from the navigation has settled: its lazy code and data loaded (no
 * request in flight) and the page's size unchanged, for 300 ms. A late layout change would not be
 * caught otherwise; a fixed 800 ms a screen cost about 20 s at 768 px, and still guessed.
 */
async function settled(page: Page, requests: ReturnType<typeof watchRequests>) {
  let size = '';
  let sameSince = Date.now();
  await expect
    .poll(
      async () => {
        const now = await page.evaluate(() => {
          const main = document.querySelector('main');
          const { scrollWidth, scrollHeight } = document.documentElement;
          return `${scrollWidth}×${scrollHeight} ${main?.scrollWidth}×${main?.scrollHeight}`;
        });
        if (now !== size) {
          size = now;
          sameSince = Date.now();
        }
        const quietSince = Math.max(sameSince, requests.changedAt);
        return requests.waiting.size === 0 && Date.now() - quietSince >= SETTLED_FOR_MS;
      },
      { message: 'the screen settles (no request in flight, its size unchanged)', intervals: [100], timeout: 20_000 },
    )
    .toBe(true);
}

async function keepScreenshot(page: Page, testInfo: TestInfo, name: string) {
  await testInfo.attach(name, { body: await page.screenshot(), contentType: 'image/png' });
}

async function expectInViewport(page: Page, locator: ReturnType<Page['locator']>, what: string) {
  await locator.scrollIntoViewIfNeeded();
  const box = await locator.boundingBox();
  const viewport = page.viewportSize();
  expect(box, `${what} is shown`).not.toBeNull();
  if (!box || !viewport) return;
  expect(box.x, `${what} starts inside the window`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${what} ends inside the window`).toBeLessThanOrEqual(viewport.width);
}

for (const size of SIZES) {
  test.describe(`at ${size.width}×${size.height}`, () => {
    test.use({ viewport: { width: size.width, height: size.height }, hasTouch: size.touch });

    test('no main screen scrolls sideways', async ({ page }, testInfo) => {
      // Every screen of the navigation in turn: the list grows with the product.
      test.setTimeout(150_000);
      const requests = watchRequests(page);
      const shell = await signIn(page, 'admin');
      const paths = await page
        .getByTestId('side-navigation')
        .locator('a[data-nav]')
        .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? '/'));
      expect(paths).toEqual(expect.arrayContaining(['/', '/loads', '/drafts']));
      for (const path of paths) {
        // From the navigation, as a user goes: starting the app again for each screen would only time its start.
        await shell.openFromNavigation(path);
        await expect(page.getByRole('main')).toBeVisible();
        await settled(page, requests);
        await expectNoSidewaysScroll(page, path);
        if (['/', '/loads', '/drafts'].includes(path))
          await keepScreenshot(page, testInfo, `${size.name}${path.replace('/', '-')}`);
      }
    });

    test('the loads table fits: its columns, a sticky header, Save of the expanded row in view', async ({ page }, testInfo) => {
      await signInBeforeOpening(page, 'admin');
      const loads = new LoadsTablePage(page);
      await loads.open();
      await expect(loads.rows.nth(11)).toBeVisible();
      await expectNoSidewaysScroll(page, '/loads');

      const headers = page.getByTestId('loads-table').locator('thead th');
      const titles = await headers.evaluateAll((cells) =>
        cells.map((cell) => cell.querySelector('[title]')?.getAttribute('title') ?? cell.textContent?.trim() ?? ''),
      );
      if (size.width === 1280) {
        // Every default column, none folded away, all within the window.
        expect(titles).toEqual(expect.arrayContaining(LOADS_COLUMNS));
        for (const cell of await headers.all()) await expectInViewport(page, cell, 'a column header');
        // At least 12 loads in view without scrolling.
        const inView = await loads.rows.evaluateAll(
          (rows) => rows.filter((row) => row.getBoundingClientRect().bottom <= window.innerHeight).length,
        );
        expect(inView, 'loads in view at 1280×800').toBeGreaterThanOrEqual(12);
        // The title, actions and filters take two rows at most.
        const tops = await page.evaluate(() => {
          const table = document.querySelector('[data-testid="loads-table"]') as HTMLElement;
          const above = [...document.querySelectorAll('main button, main input')]
            .map((control) => control.getBoundingClientRect())
            .filter((box) => box.width > 0 && box.height > 0 && box.bottom <= table.getBoundingClientRect().top);
          return above.map((box) => box.top).sort((a, b) => a - b);
        });
        // Controls whose tops are within 20 px of each other share a row.
        const rows = tops.filter((top, index) => index === 0 || top - (tops[index - 1] as number) > 20).length;
        expect(rows, 'rows of controls above the table').toBeLessThanOrEqual(2);
      } else {
        // A tablet keeps the columns a dispatcher scans; the others are in each row's expansion.
        expect(titles).toEqual(
          expect.arrayContaining(['Order number', 'Origin', 'Destination', 'First stop', 'Driver', 'Status']),
        );
      }

      // The header stays at the top of the table's view while the page scrolls.
      await page.mouse.wheel(0, 600);
      await expect.poll(async () => (await headers.first().boundingBox())?.y ?? -1).toBeGreaterThanOrEqual(55);
      await expectInViewport(page, headers.last(), 'the last column header after scrolling');

      // Expanding an editable row: the editor fits, Save and Close are in reach.
      const editable = loads.rows.filter({ has: page.getByTestId('load-status').filter({ hasText: /Open|Assigned/ }) }).first();
      await editable.getByTestId('load-expand').click();
      const expansion = page.getByTestId('load-expanded');
      const save = expansion.getByRole('button', { name: 'Save' });
      await expectInViewport(page, save, 'Save of the expanded row');
      await expectInViewport(page, expansion.getByRole('button', { name: 'Close' }), 'Close of the expanded row');
      await expectNoSidewaysScroll(page, 'the expanded row');
      if (size.width < 1280) await expect(expansion.getByTestId('load-folded-columns')).toContainText('Tractor');
      await keepScreenshot(page, testInfo, `${size.name}-expanded-row`);
    });

    test('the new-load dialog fits, with its close button and Save in view', async ({ page }, testInfo) => {
      await signInBeforeOpening(page, 'admin');
      const loads = new LoadsTablePage(page);
      await loads.open();
      await loads.runAction('create');
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      await expectInViewport(page, dialog.getByRole('button', { name: 'Close' }).first(), 'the dialog close button');
      await expectInViewport(page, dialog.getByRole('button', { name: 'Save' }), 'Save of the dialog');
      await expectNoSidewaysScroll(page, 'the new-load dialog');
      await keepScreenshot(page, testInfo, `${size.name}-new-load`);
    });

    test('empty states show in view, with the action that helps', async ({ page }, testInfo) => {
      await signInBeforeOpening(page, 'admin');
      const loads = new LoadsTablePage(page);
      // A week with no loads: "go to this week" and "create" are offered.
      await page.goto('/loads?week=2031-01-05');
      const empty = page.getByTestId('no-records');
      await expect(empty).toHaveText(/No loads this week/);
      await expectInViewport(page, empty, 'the empty state');
      await expect(page.getByTestId('empty-create')).toBeVisible();
      await keepScreenshot(page, testInfo, `${size.name}-empty-week`);
      await page.getByTestId('empty-current-week').click();
      await expect(loads.rows.first()).toBeVisible();

      // Filters that match nothing: resetting them is offered.
      await page.getByTestId('filter-search').fill('no load is called this');
      await expect(empty).toHaveText(/No loads match these filters/);
      await expectInViewport(page, empty, 'the no-match state');
      await page.getByTestId('empty-reset-filters').click();
      await expect(loads.rows.first()).toBeVisible();

      await page.goto('/drafts?week=2031-01-05');
      await expect(empty).toHaveText(/No drafts this week/);
      await expectInViewport(page, empty, 'the drafts empty state');
    });
  });
}
