import { type Page, request } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { type ApiLoad, createOpenLoads } from './pages/loads.ts';
import { DEMO_PASSWORD, signInBeforeOpening } from './pages/app.ts';
import { serverURL } from './worker-server.ts';

// Offline reloads are served by the service worker (the suite blocks it elsewhere: playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

type LoadRow = ApiLoad;

async function apiAs(username: string) {
  const api = await request.newContext({ baseURL: serverURL });
  const answer = await api.post('/api/session', { data: { username, password: DEMO_PASSWORD } });
  expect(answer.ok()).toBe(true);
  return api;
}

async function weekLoads(api: Awaited<ReturnType<typeof apiAs>>): Promise<LoadRow[]> {
  const start = new Date(Date.now() - 14 * 86_400_000).toISOString();
  const end = new Date(Date.now() + 14 * 86_400_000).toISOString();
  return (await api.get(`/api/self/orders?startDate=${start}&endDate=${end}`)).json();
}

/** Opens the header's queue list (a click on an open one would close it). */
async function openQueue(page: Page) {
  if (!(await page.getByTestId('queue-list').isVisible())) await page.getByTestId('queue-button').click();
  await expect(page.getByTestId('queue-list')).toBeVisible();
}

const row = (page: Page, id: number | string) => page.locator(`[data-testid=load-row][data-load-id="${id}"]`);

/** Selects the rows, then assigns them the first driver the panel offers ("sure?" answered yes). */
async function assignFirstDriver(page: Page, ids: (number | string)[]) {
  for (const id of ids) await row(page, id).getByTestId('load-select').check();
  await page.getByRole('button', { name: 'Assign driver' }).click();
  const panel = page.getByTestId('assign-driver-panel');
  await panel.getByTestId('assign-driver-button').first().click();
  await panel.getByTestId('assign-driver-button-yes').first().click();
  await expect(panel).toBeHidden();
  for (const id of ids) await expect(row(page, id).getByTestId('load-status')).toHaveText('Assigned');
}

/** A new load from the toolbar's editor: Origin and Destination at the first two sites, 10 units of the first cargo. */
async function createLoad(page: Page, orderNumber: string) {
  await page.getByRole('button', { name: 'Create load' }).click();
  const editor = page.getByRole('dialog');
  const stops = editor.getByTestId('stop-row');
  for (const [index, site] of [0, 1].entries()) {
    await stops.nth(index).getByTestId('stop-location').click();
    await page.getByRole('option').nth(site).click();
  }
  await stops.nth(0).getByTestId('stop-cargo-type').click();
  await page.getByRole('option').first().click();
  for (const index of [0, 1]) await stops.nth(index).getByTestId('stop-quantity').fill('10');
  await stops.nth(0).getByTestId('stop-order-number').fill(orderNumber);
  await editor.getByTestId('load-editor-save').click();
  await expect(editor).toBeHidden();
  const created = page.getByTestId('load-row').filter({ hasText: orderNumber });
  await expect(created).toBeVisible();
  return created;
}

test('offline edits and a new load survive two reloads and reach the server once each', async ({ page, context }) => {
  const api = await apiAs('dispatcher');
  const ids = (await createOpenLoads(api, 3, 'PF-QUEUE')).map((load) => String(load.id));
  const before = await weekLoads(api);
  await signInBeforeOpening(page, 'dispatcher');
  await page.goto('/loads');
  await expect(row(page, ids[2] ?? '')).toBeVisible();
  await page.evaluate(async () => navigator.serviceWorker.ready);

  await context.setOffline(true);
  await expect(page.getByTestId('connection-state')).toHaveText('Offline', { timeout: 15_000 });
  await assignFirstDriver(page, ids);
  const createdRow = await createLoad(page, 'PF-OFFLINE-1');
  // A change to the load created offline names its provisional id until the server assigns the real one.
  await assignFirstDriver(page, [(await createdRow.getAttribute('data-load-id')) ?? '']);

  for (let reload = 0; reload < 2; reload++) {
    await page.waitForTimeout(400);
    await page.reload();
    await expect(page.getByTestId('loads-table')).toBeVisible();
    for (const id of ids) await expect(row(page, id).getByTestId('load-status')).toHaveText('Assigned');
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

test('a save made stale by someone else is rolled back on reconnect and kept to apply again', async ({ page, context }) => {
  const admin = await apiAs('admin');
  const [load] = (await createOpenLoads(admin, 1, 'PF-STALE')) as (LoadRow & Record<string, unknown>)[];
  if (!load) throw new Error('no load created');
  await signInBeforeOpening(page, 'dispatcher');
  await page.goto('/loads');
  await expect(row(page, load.id)).toBeVisible();
  // An installed app: the service worker holds the code the editor loads on first use.
  await page.evaluate(async () => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await context.setOffline(true);
  await expect(page.getByTestId('connection-state')).toHaveText('Offline', { timeout: 15_000 });
  await row(page, load.id).getByTestId('load-expand').click();
  const editor = page.locator(`[data-expanded-load-id="${load.id}"]`);
  await editor.getByTestId('stop-notes').first().fill('Back gate, offline note');
  await editor.getByTestId('load-editor-save').click();
  await openQueue(page);
  await expect(page.getByTestId('queued-count')).toHaveText('Waiting to be sent: 1');
  await page.keyboard.press('Escape');

  // Meanwhile somebody else saves the same load, so the queued change is stale.
  const { id, version, status: _status, ...rest } = load;
  const other = await admin.put(`/api/orders/${id}`, { data: { ...rest, version } });
  expect(other.status()).toBe(200);

  await context.setOffline(false);
  await expect(page.getByText(/was not saved/)).toBeVisible({ timeout: 20_000 });
  await openQueue(page);
  await expect(page.getByTestId('queued-count')).toHaveText('Waiting to be sent: 0');
  await expect(page.getByTestId('conflict')).toHaveCount(1);
  const now = (await weekLoads(admin)).find((candidate) => candidate.id === id);
  expect(now?.version).toBe(version + 1);
  expect(now?.stops[0]?.notes).not.toBe('Back gate, offline note');
  await admin.dispose();
});

test('an assignment the server refuses on reconnect is rolled back with the reason shown', async ({ page, context }) => {
  const admin = await apiAs('admin');
  const [load] = await createOpenLoads(admin, 1, 'PF-REFUSED');
  if (!load) throw new Error('no load created');
  await signInBeforeOpening(page, 'dispatcher');
  await page.goto('/loads');
  await expect(row(page, load.id)).toBeVisible();
  // An installed app: the service worker holds the code the editor loads on first use.
  await page.evaluate(async () => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await context.setOffline(true);
  await expect(page.getByTestId('connection-state')).toHaveText('Offline', { timeout: 15_000 });
  await assignFirstDriver(page, [load.id]);

  // Meanwhile the load is completed by hand elsewhere: a delivered load takes no driver (422).
  const completion = [{ id: load.id, stops: load.stops.map((stop) => ({ id: stop.id, completedAt: new Date().toISOString() })) }];
  expect((await admin.put('/api/orders/complete', { data: completion })).status()).toBe(200);

  await context.setOffline(false);
  await expect(page.getByText(/was refused/)).toBeVisible({ timeout: 20_000 });
  // The reason comes from the refusal's code, in the user's language, never the server's English text.
  await expect(page.getByText('This change breaks a rule and was not saved.')).toBeVisible();
  await expect(row(page, load.id).getByTestId('load-status')).toHaveText('Delivered');
  const now = (await weekLoads(admin)).find((candidate) => candidate.id === load.id);
  expect(now?.transportedByUserId).toBeNull();
  await openQueue(page);
  await expect(page.getByTestId('queued-count')).toHaveText('Waiting to be sent: 0');
  // The refusal is kept on this device: it is still listed after a reload, until dismissed.
  await page.reload();
  await openQueue(page);
  const refusal = page.getByTestId('refusal');
  await expect(refusal).toHaveCount(1);
  await expect(refusal).toContainText('PF-REFUSED-1');
  await expect(refusal).toContainText('This change breaks a rule and was not saved.');
  await page.getByTestId('queue-list').getByRole('button', { name: 'Discard' }).click();
  await expect(refusal).toHaveCount(0);
  await admin.dispose();
});
