import { expect, type Page, request, test } from '@playwright/test';
import { baseURL } from '../../playwright.config.ts';
import { timeInWeek, wallClockInZone, weekContaining } from '../../core/domain/weeks.ts';
import { DEMO_PASSWORD, signIn } from './pages/app.ts';

interface LoadRow {
  id: number;
  version: number;
  status: string;
  transportedByUserId: number | null;
  stops: { orderNumber: string | null }[];
}

async function apiAs(username: string) {
  const api = await request.newContext({ baseURL });
  const answer = await api.post('/api/session', { data: { username, password: DEMO_PASSWORD } });
  expect(answer.ok()).toBe(true);
  return api;
}

async function weekLoads(api: Awaited<ReturnType<typeof apiAs>>): Promise<LoadRow[]> {
  const start = new Date(Date.now() - 14 * 86_400_000).toISOString();
  const end = new Date(Date.now() + 14 * 86_400_000).toISOString();
  return (await api.get(`/api/self/orders?startDate=${start}&endDate=${end}`)).json();
}

/** Rows this dispatcher may assign: open, carried by the company itself. */
function editableRows(page: Page) {
  return page
    .getByTestId('load-row')
    .filter({ hasText: 'Open' })
    .filter({ has: page.locator('[data-testid=driver-select]:not([disabled])') });
}

/** Opens the header's queue list (a click on an open one would close it). */
async function openQueue(page: Page) {
  if (!(await page.getByTestId('queue-list').isVisible())) await page.getByTestId('queue-button').click();
  await expect(page.getByTestId('queue-list')).toBeVisible();
}

async function assignFirstDriver(page: Page, loadId: string) {
  const row = page.locator(`[data-load-id="${loadId}"]`);
  await row.getByTestId('driver-select').click();
  await page.getByRole('option').first().click();
  await expect(row.getByTestId('load-status')).toHaveText('Assigned');
}

test('offline edits and a new load survive two reloads and reach the server once each', async ({ page, context }) => {
  await signIn(page, 'dispatcher');
  await page.goto('/loads');
  await expect(page.getByTestId('load-row').first()).toBeVisible();
  await page.evaluate(async () => navigator.serviceWorker.ready);
  const api = await apiAs('dispatcher');
  const before = await weekLoads(api);
  const ids = await editableRows(page).evaluateAll((rows) =>
    rows.slice(0, 3).map((row) => row.getAttribute('data-load-id') ?? ''),
  );
  expect(ids).toHaveLength(3);

  await context.setOffline(true);
  await expect(page.getByTestId('connection-state')).toHaveText('Offline', { timeout: 15_000 });
  for (const id of ids) await assignFirstDriver(page, id);
  await page.getByTestId('new-load').click();
  await page.getByTestId('new-load-order-number').fill('PF-OFFLINE-1');
  await page.getByTestId('new-load-origin').click();
  await page.getByRole('option').nth(0).click();
  await page.getByTestId('new-load-destination').click();
  await page.getByRole('option').nth(1).click();
  await page.getByTestId('new-load-cargo').click();
  await page.getByRole('option').nth(1).click();
  // Monday 10:00 of this week in the dispatcher's zone, so the new load belongs to the table's week.
  const monday = timeInWeek(weekContaining(new Date(), 'America/Chicago'), 'America/Chicago', 1, 10);
  await page.getByLabel('First stop arrival').fill(wallClockInZone(monday, 'America/Chicago'));
  await page.getByTestId('new-load-save').click();
  const createdRow = page.getByTestId('load-row').filter({ hasText: 'PF-OFFLINE-1' });
  await expect(createdRow).toBeVisible();
  // A change to the load created offline names its provisional id until the server assigns the real one.
  await assignFirstDriver(page, (await createdRow.getAttribute('data-load-id')) ?? '');

  for (let reload = 0; reload < 2; reload++) {
    await page.waitForTimeout(400);
    await page.reload();
    await expect(page.getByTestId('loads-table')).toBeVisible();
    for (const id of ids) await expect(page.locator(`[data-load-id="${id}"]`).getByTestId('load-status')).toHaveText('Assigned');
    await expect(createdRow.getByTestId('load-status')).toHaveText('Assigned');
    await openQueue(page);
    await expect(page.getByTestId('queued-count')).toHaveText('Waiting to be sent: 5');
    await expect(page.getByTestId('queued-change')).toHaveCount(5);
  }

  // Signing out would discard the queue: not while offline, and the popover says why.
  await page.keyboard.press('Escape');
  await page.getByTestId('settings-button').click();
  await expect(page.getByTestId('sign-out-warning')).toContainText('5 changes are not sent yet');
  await expect(page.getByRole('link', { name: 'Sign out' })).toHaveAttribute('data-disabled', 'true');
  await page.keyboard.press('Escape');

  await context.setOffline(false);
  await openQueue(page);
  await expect(page.getByTestId('queued-count')).toHaveText('Waiting to be sent: 0', { timeout: 20_000 });

  const after = await weekLoads(api);
  for (const id of ids) {
    const was = before.find((load) => String(load.id) === id);
    const now = after.find((load) => String(load.id) === id);
    expect(now?.status).toBe('Assigned');
    expect(now?.version).toBe((was?.version ?? 0) + 1);
  }
  const created = after.filter((load) => load.stops.some((stop) => stop.orderNumber === 'PF-OFFLINE-1'));
  expect(created).toHaveLength(1);
  expect(created[0]).toMatchObject({ status: 'Assigned', version: 2 });
  expect(created[0]?.transportedByUserId).not.toBeNull();
  expect(after.length).toBe(before.length + 1);
  await api.dispose();
});

test('a change the server refuses on reconnect is rolled back with the reason shown', async ({ page, context }) => {
  await signIn(page, 'dispatcher');
  await page.goto('/loads');
  await expect(page.getByTestId('load-row').first()).toBeVisible();
  const id = (await editableRows(page).first().getAttribute('data-load-id')) ?? '';
  await context.setOffline(true);
  await expect(page.getByTestId('connection-state')).toHaveText('Offline', { timeout: 15_000 });
  await assignFirstDriver(page, id);

  // Meanwhile somebody else saves the same load, so the queued change is stale.
  const admin = await apiAs('admin');
  const load = (await weekLoads(admin)).find((candidate) => String(candidate.id) === id) as LoadRow & Record<string, unknown>;
  const { id: _id, version, status: _status, ...rest } = load;
  const other = await admin.put(`/api/orders/${id}`, { data: { ...rest, version } });
  expect(other.status()).toBe(200);

  await context.setOffline(false);
  await expect(page.getByText(/was not saved/)).toBeVisible({ timeout: 20_000 });
  const row = page.locator(`[data-load-id="${id}"]`);
  await expect(row.getByTestId('load-status')).toHaveText('Open');
  await openQueue(page);
  await expect(page.getByTestId('conflict')).toHaveCount(1);
  await admin.dispose();
});
