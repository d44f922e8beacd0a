import { randomUUID } from 'node:crypto';
import type { APIRequest, Locator, Page, TestInfo } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { DispatchApi, LoadsTablePage } from './pages/loads.ts';

/**
 * Layout at 1280×800 and at 768×1024 with touch (issue 18, items 6, 20 and 28): the load editor's
 * stops fit their dialog with arrival time and the stop's actions in view (and reorder by keyboard
 * and pointer), the merge preview's stops fit, column titles never break inside a word and a
 * column header is named by its title, and the administration lists fit and work by touch.
 */

const SIZES = [
  { name: 'desktop', width: 1280, height: 800, touch: false },
  { name: 'tablet', width: 768, height: 1024, touch: true },
] as const;

/** The first visit fills the device's mirror: on a busy machine that takes longer than an assertion's default wait. */
const FIRST_DATA = { timeout: 30_000 };

/** Signs the browser in as the administrator through the API (its session cookie), then opens `path`. */
async function openAsAdmin(page: Page, request: APIRequest, path: string) {
  const api = await DispatchApi.signIn(request, 'admin');
  await page.context().addCookies((await api.storageState()).cookies);
  await api.dispose();
  await page.goto(path);
}

async function keepScreenshot(page: Page, testInfo: TestInfo, name: string) {
  await testInfo.attach(name, { body: await page.screenshot(), contentType: 'image/png' });
}

/** The element scrolls no content sideways. */
async function expectNoSidewaysOverflow(locator: Locator, what: string) {
  const { scrollWidth, clientWidth } = await locator.evaluate((element) => ({
    scrollWidth: element.scrollWidth,
    clientWidth: element.clientWidth,
  }));
  expect(scrollWidth, `${what} scrolls nothing sideways`).toBeLessThanOrEqual(clientWidth);
}

/** The element is wholly inside `container` and the window, left to right. */
async function expectWithin(page: Page, locator: Locator, container: Locator, what: string) {
  await locator.scrollIntoViewIfNeeded();
  const box = await locator.boundingBox();
  const outer = await container.boundingBox();
  const viewport = page.viewportSize();
  if (!box || !outer || !viewport) throw new Error(`${what} is not shown`);
  expect(box.x, `${what} starts inside its container`).toBeGreaterThanOrEqual(Math.max(0, outer.x) - 0.5);
  expect(box.x + box.width, `${what} ends inside its container`).toBeLessThanOrEqual(
    Math.min(viewport.width, outer.x + outer.width) + 0.5,
  );
}

/**
 * Words of the column titles that are split over two lines, or cut off where no title gives them
 * in full: each word is measured with a Range over its characters (one line top per word).
 */
async function brokenTitleWords(table: Locator) {
  return table.locator('thead th').evaluateAll((cells) => {
    const broken: string[] = [];
    for (const cell of cells) {
      // The title element: a filter button or a titled text; the icon-only column has none.
      const title = cell.querySelector<HTMLElement>('button[title], [title]:not(:has(svg))');
      if (!title) continue;
      const style = getComputedStyle(title);
      if (style.overflowWrap !== 'normal' || !['normal', 'keep-all'].includes(style.wordBreak))
        broken.push(`${title.title}: ${style.overflowWrap}/${style.wordBreak}`);
      const right = title.getBoundingClientRect().right;
      const walker = document.createTreeWalker(title, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const word of (node.textContent ?? '').matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, word.index);
          range.setEnd(node, word.index + word[0].length);
          const lines = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)));
          if (lines.size > 1) broken.push(`${word[0]} (split over ${lines.size} lines)`);
          if (range.getBoundingClientRect().right > right + 0.5) broken.push(`${word[0]} (cut off)`);
        }
      }
    }
    return broken;
  });
}

for (const size of SIZES) {
  test.describe(`at ${size.width}×${size.height}`, () => {
    test.use({ viewport: { width: size.width, height: size.height }, hasTouch: size.touch });

    test('the new-load dialog shows every stop field with arrival time and the stop actions in view, and reorders stops', async ({
      page,
      playwright,
    }, testInfo) => {
      await openAsAdmin(page, playwright.request, '/loads');
      const loads = new LoadsTablePage(page);
      await expect(loads.rows.first()).toBeVisible(FIRST_DATA);
      const editor = await loads.openCreate();
      await editor.addStop();
      const dialog = editor.root;
      const stops = dialog.getByTestId('stops-list');
      await expectNoSidewaysOverflow(stops, 'the stops');
      await expectNoSidewaysOverflow(dialog.locator('.mantine-Modal-body'), 'the dialog');
      for (const sequence of [1, 2, 3]) {
        const stop = editor.stop(sequence);
        for (const field of ['stop-arrival', 'stop-duration', 'stop-notes', 'stop-split', 'stop-delete'])
          await expectWithin(page, stop.getByTestId(field), stop, `${field} of stop ${sequence}`);
      }
      await keepScreenshot(page, testInfo, `${size.name}-new-load-stops`);

      // Reorder from the keyboard: the handle of stop 1 picked up, moved down one, dropped.
      await editor.setNotes(1, 'first stop');
      await editor.setNotes(2, 'second stop');
      const handle = editor.stop(1).getByRole('button', { name: 'Drag to reorder stop 1' });
      // Stop 1 at the foot of the dialog, stop 2 below it out of view: the arrow key scrolls the dialog,
      // and Space pressed right after it drops stop 1 in the place it moved to, not back where it was.
      await editor.stop(1).evaluate((row) => row.scrollIntoView({ block: 'end' }));
      await handle.focus();
      await page.keyboard.press('Space');
      await expect(handle).toHaveAttribute('aria-pressed', 'true');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Space');
      await expect(editor.stop(2).getByTestId('stop-notes')).toHaveValue('first stop');
      await expect(editor.stop(1).getByTestId('stop-notes')).toHaveValue('second stop');

      if (size.touch) {
        // The stop's delete is reached by a tap.
        await editor.stop(3).getByTestId('stop-delete').tap();
        await expect(editor.stops).toHaveCount(2);
      } else {
        // With a pointer: stop 2's handle dragged above stop 1 puts it back first.
        const handle = editor.stop(2).getByRole('button', { name: 'Drag to reorder stop 2' });
        const from = await handle.boundingBox();
        const to = await editor.stop(1).boundingBox();
        if (!from || !to) throw new Error('the stops are not shown');
        await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
        await page.mouse.down();
        await page.mouse.move(from.x + from.width / 2, to.y + 10, { steps: 12 });
        await page.mouse.move(from.x + from.width / 2, to.y + 5, { steps: 4 });
        // Dropped only once stop 1 makes way: on a busy machine the drop could outrun the drag's render.
        await expect(editor.stop(1)).not.toHaveCSS('transform', 'none');
        await page.mouse.up();
        await expect(editor.stop(1).getByTestId('stop-notes')).toHaveValue('first stop');
        await editor.stop(3).getByTestId('stop-delete').click();
        await expect(editor.stops).toHaveCount(2);
      }
    });

    test('the expanded row’s stops fit the row, with arrival time and delete in view', async ({ page, playwright }) => {
      await openAsAdmin(page, playwright.request, '/loads');
      const loads = new LoadsTablePage(page);
      await expect(loads.rows.first()).toBeVisible(FIRST_DATA);
      const editable = loads.rows.filter({ has: page.getByTestId('load-status').filter({ hasText: /Open|Assigned/ }) }).first();
      await editable.getByTestId('load-expand').click();
      const expansion = page.getByTestId('load-expanded');
      const stops = expansion.getByTestId('stops-list');
      await expect(stops).toBeVisible(FIRST_DATA);
      await expectNoSidewaysOverflow(stops, 'the stops of the expanded row');
      const first = expansion.getByTestId('stop-row').first();
      await expectWithin(page, first.getByTestId('stop-arrival'), expansion, 'arrival time of the first stop');
      await expectWithin(page, first.getByTestId('stop-delete'), expansion, 'delete of the first stop');
    });

    test('the merge preview’s stops fit the dialog', async ({ page, playwright }, testInfo) => {
      await openAsAdmin(page, playwright.request, '/drafts');
      const drafts = new LoadsTablePage(page);
      await expect(drafts.rows.nth(1)).toBeVisible(FIRST_DATA);
      for (const row of [0, 1]) await drafts.rows.nth(row).getByTestId('load-select').check();
      await drafts.runAction('merge');
      const preview = page.getByTestId('planning-stops');
      await expect(preview.getByTestId('planning-stop').first()).toBeVisible();
      await expectNoSidewaysOverflow(preview.locator('..'), 'the merge preview');
      await expectWithin(page, preview.locator('thead th').last(), page.getByTestId('merge-dialog'), 'the last column');
      await keepScreenshot(page, testInfo, `${size.name}-merge-preview`);
    });

    test('column titles break only between words, and a column header is named by its title', async ({ page, playwright }) => {
      await openAsAdmin(page, playwright.request, '/loads');
      const loads = new LoadsTablePage(page);
      // Between 768 and 1440 px the text columns are at their narrowest.
      const widths = size.touch ? [768, 900] : [1024, 1280, 1366, 1440];
      for (const path of ['/loads', '/drafts']) {
        await page.goto(path);
        await expect(loads.rows.first()).toBeVisible(FIRST_DATA);
        for (const width of widths) {
          await page.setViewportSize({ width, height: size.height });
          await expect.poll(() => brokenTitleWords(loads.table), { message: `${path} at ${width} px` }).toEqual([]);
        }
      }
      await page.setViewportSize({ width: size.width, height: size.height });
      for (const [column, title] of [
        ['driver', 'Driver'],
        ['destination', 'Destination'],
        ['orderNumber', 'Order number'],
      ] as const) {
        const header = page.getByRole('columnheader', { name: title, exact: true });
        await expect(header).toHaveCount(1);
        // The filter button inside keeps its own label.
        await expect(header.getByRole('button', { name: `Filter by ${title}`, exact: true })).toHaveAttribute(
          'data-testid',
          `filter-toggle-${column}`,
        );
      }
    });

    test('the users table keeps its action icons in line on drivers and other users', async ({ page, playwright }) => {
      await openAsAdmin(page, playwright.request, '/manage-company/users');
      const rows = page.getByTestId('users-row');
      await expect(rows.first()).toBeVisible(FIRST_DATA);
      const drivers = rows.filter({ has: page.getByTestId('users-downtime') });
      const others = rows.filter({ hasNot: page.getByTestId('users-downtime') });
      await expect(drivers.first()).toBeVisible();
      await expect(others.first()).toBeVisible();
      const deleteX = await rows.evaluateAll((cells) =>
        cells.map((row) => Math.round(row.querySelector('[data-testid="users-delete"]')?.getBoundingClientRect().x ?? -1)),
      );
      expect(new Set(deleteX).size, `delete at the same x on every row (${deleteX.join(', ')})`).toBe(1);
      const editX = await rows.evaluateAll((cells) =>
        cells.map((row) => Math.round(row.querySelector('[data-testid="users-edit"]')?.getBoundingClientRect().x ?? -1)),
      );
      expect(new Set(editX).size, `edit at the same x on every row (${editX.join(', ')})`).toBe(1);
    });
  });
}

test.describe('administration at 768×1024 with touch', () => {
  test.use({ viewport: { width: 768, height: 1024 }, hasTouch: true });

  test('the downtime list shows its whole header and scrolls nothing sideways', async ({ page, playwright }, testInfo) => {
    const api = await DispatchApi.signIn(playwright.request, 'admin');
    const self = await api.self();
    const driver = (await api.drivers())
      .filter((row) => row.organizationId === self.activeOrganizationId)
      .sort((a, b) => a.name.localeCompare(b.name))[0];
    if (!driver) throw new Error('no driver');
    const created = await api.context.post(`/api/organizations/${self.activeOrganizationId}/drivers/${driver.id}/downtime`, {
      data: {
        description: `Layout check ${randomUUID().slice(0, 8)}`,
        startDate: '2030-01-07',
        startTime: '06:00',
        durationMinutes: 90,
        recurrenceDaysOfWeek: '0111110',
      },
    });
    expect(created.status(), 'downtime created').toBe(201);
    await api.dispose();

    await openAsAdmin(page, playwright.request, '/manage-company/users');
    await expect(page.getByTestId('users-row').first()).toBeVisible(FIRST_DATA);
    await page.getByTestId('users-search').fill(driver.name);
    await page.getByTestId('users-row').filter({ hasText: driver.name }).first().getByTestId('users-downtime').tap();
    const list = page.getByTestId('downtime-list');
    await expect(list.getByTestId('downtime-row').first()).toBeVisible(FIRST_DATA);
    const table = list.locator('table');
    await expectNoSidewaysOverflow(table.locator('..'), 'the downtime list');
    for (const header of await table.locator('thead th').all()) {
      await expectWithin(page, header, list.locator('.mantine-Modal-content'), `header ${await header.textContent()}`);
      await expectNoSidewaysOverflow(header, `header ${await header.textContent()}`);
    }
    await expect(table.getByRole('columnheader', { name: 'Actions' })).toBeVisible();
    await expectWithin(
      page,
      list.getByTestId('downtime-delete').first(),
      list.locator('.mantine-Modal-content'),
      'delete of a downtime',
    );
    await keepScreenshot(page, testInfo, 'tablet-downtime-list');
  });

  test('a contact’s warning opens on a tap', async ({ page, playwright }) => {
    const api = await DispatchApi.signIn(playwright.request, 'admin');
    const self = await api.self();
    const name = `Gate office ${randomUUID().slice(0, 8)}`;
    const created = await api.context.post(`/api/organizations/${self.activeOrganizationId}/contacts`, { data: { name } });
    expect(created.status(), 'contact created').toBe(201);
    await api.dispose();

    await openAsAdmin(page, playwright.request, '/manage-company/contacts');
    await page.getByTestId('contacts-search').fill(name);
    const row = page.getByTestId('contacts-row').filter({ hasText: name });
    await expect(row).toHaveAttribute('data-warning', 'true', FIRST_DATA);
    await row.getByTestId('contacts-warning').tap();
    await expect(page.getByTestId('contacts-warning-text')).toBeVisible();
    await expect(page.getByTestId('contacts-warning-text')).toHaveText(
      await row
        .getByTestId('contacts-warning')
        .getAttribute('aria-label')
        .then((label) => label ?? 'the warning'),
    );
  });
});
