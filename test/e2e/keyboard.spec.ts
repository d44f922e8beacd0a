import { expect, test } from './fixtures.ts';
import { signIn } from './pages/app.ts';
import { DispatchApi, LoadsTablePage, ownCarried, takeLoad } from './pages/loads.ts';

/** Keyboard-only use of the loads table (issue 11): no mouse click after signing in. */
test('the assign-driver drawer assigns the driver searched for, with the keyboard alone', async ({ page, playwright }) => {
  const api = await DispatchApi.signIn(playwright.request, 'dispatcher');
  const load = takeLoad(await api.weekLoads(), (row) => row.status === 'Open' && ownCarried(row), 'keyboard assignment');
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
