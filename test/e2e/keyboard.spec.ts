import { expect, test } from './fixtures.ts';
import { signIn } from './pages/app.ts';
import { DispatchApi, LoadsTablePage } from './pages/loads.ts';

/** Keyboard-only use of the loads table (issue 11): no mouse click after signing in. */
test('the assign-driver drawer assigns the driver searched for, with the keyboard alone', async ({ page, playwright }) => {
  const api = await DispatchApi.signIn(playwright.request, 'dispatcher');
  const load = await api.newOpenLoad('PF-KEYBOARD-ASSIGN');
  await signIn(page, 'dispatcher');
  const loads = new LoadsTablePage(page);
  await loads.open();

  await loads.row(load.id).getByTestId('load-select').focus();
  await page.keyboard.press('Space');
  await expect(loads.row(load.id).getByTestId('load-select')).toBeChecked();
  const opener = loads.action('assignDriver');
  await opener.focus();
  await page.keyboard.press('Enter');

  const panel = page.getByTestId('assign-driver-panel');
  const search = panel.getByTestId('assign-driver-search');
  await expect(search).toBeFocused();
  // The last driver listed, so acting on the first one instead fails the test.
  const driverName = (await panel.getByTestId('assign-driver-row').last().locator('p').first().textContent()) ?? '';
  expect(driverName).not.toBe('');
  await page.keyboard.type(driverName);
  await page.keyboard.press('Enter');
  await expect(panel.getByRole('button', { name: `Assign ${driverName}`, exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(panel.getByRole('group', { name: `Assign ${driverName}?` })).toBeVisible();
  await page.keyboard.press('Enter');

  await expect(panel).toBeHidden();
  await expect(loads.row(load.id).getByTestId('load-driver')).toHaveText(driverName);
  // Focus goes back to the button that opened the drawer.
  await expect(opener).toBeFocused();
});

test('the table is one Tab stop: arrows move between rows, Shift+Tab goes straight back to the toolbar', async ({ page }) => {
  await signIn(page, 'dispatcher');
  const loads = new LoadsTablePage(page);
  await loads.open();
  await expect(loads.rows.nth(5)).toBeVisible();

  const checkbox = (row: number) => loads.rows.nth(row).getByTestId('load-select');
  await checkbox(0).focus();
  for (let step = 0; step < 5; step++) await page.keyboard.press('ArrowDown');
  await expect(checkbox(5)).toBeFocused();
  await page.keyboard.press('ArrowRight');
  // The next button of the same row: edit, or copy link when the load cannot be edited.
  await expect(loads.rows.nth(5).locator(':focus')).toHaveAttribute('data-testid', /^load-(edit|copy-link)$/);
  await page.keyboard.press('Home');
  await expect(checkbox(5)).toBeFocused();

  // One Shift+Tab leaves the table for the toolbar above it, however many rows it has.
  await page.keyboard.press('Shift+Tab');
  const inToolbar = await page.evaluate(
    () =>
      !!document.activeElement?.closest('[data-testid="table-toolbar"], [data-testid="load-actions"]') ||
      document.activeElement?.getAttribute('data-testid') === 'filter-search',
  );
  expect(inToolbar, 'focus is in the toolbar after one Shift+Tab').toBe(true);
  // And Tab comes back to the row left.
  await page.keyboard.press('Tab');
  await expect(checkbox(5)).toBeFocused();
});

test('the first Tab of a signed-in page reaches the skip link, which moves focus past the header and navigation', async ({
  page,
}) => {
  await signIn(page, 'dispatcher');
  const loads = new LoadsTablePage(page);
  await loads.open();
  await page.locator('body').focus();

  await page.keyboard.press('Tab');
  const skipLink = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skipLink).toBeFocused();
  await expect(skipLink).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();

  await page.keyboard.press('Tab');
  const insideMain = await page.evaluate(() => document.querySelector('main')?.contains(document.activeElement) ?? false);
  expect(insideMain, 'the next Tab stop is in the main content').toBe(true);
});

test('closing the expanded row’s editor gives focus back to the row’s expander', async ({ page, playwright }) => {
  const api = await DispatchApi.signIn(playwright.request, 'dispatcher');
  const load = await api.newOpenLoad('PF-EXPANDER-FOCUS');
  await signIn(page, 'dispatcher');
  const loads = new LoadsTablePage(page);
  await loads.open();

  const expander = loads.row(load.id).getByTestId('load-expand');
  await expander.focus();
  await page.keyboard.press('Enter');
  const close = page.getByTestId('load-expanded').getByRole('button', { name: 'Close' });
  await close.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('load-expanded')).toHaveCount(0);
  await expect(expander).toBeFocused();
});
