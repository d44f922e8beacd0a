import { expect, test } from './fixtures.ts';
import { expectNoSeriousViolations } from './pages/axe.ts';
import { signIn, signInBeforeOpening } from './pages/app.ts';

/** Company settings and service accounts (issue 12) as Prairie Feed's administrator. */

const WEEK = 'startDate=2026-11-22T06:00:00.000Z&endDate=2026-11-29T05:59:59.999Z';

test('an out-of-range ETA threshold keeps Save disabled, and a valid change stays after a reload and reaches another open client', async ({
  page,
  browser,
}) => {
  // Another administrator has the page open, untouched.
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await signIn(other, 'admin');
  await other.goto('/manage-company/settings');
  await expect(other.getByTestId('company-etaThresholdMinutes')).toHaveValue('30');

  await signInBeforeOpening(page, 'admin');
  await page.goto('/manage-company/settings');
  const settings = page.getByTestId('company-settings');
  const threshold = settings.getByTestId('company-etaThresholdMinutes');
  const save = settings.getByTestId('company-settings-save');
  await expect(threshold).toHaveValue('30');

  await threshold.fill('601');
  await expect(settings.getByText('Invalid threshold number: whole minutes from 0 to 600')).toBeVisible();
  await expect(save).toBeDisabled();
  await expectNoSeriousViolations(page, 'company settings with an invalid threshold');

  await threshold.fill('45');
  await expect(settings.getByText('Invalid threshold number: whole minutes from 0 to 600')).toHaveCount(0);
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.getByText('Prairie Feed Co. updated')).toBeVisible();
  await expect(save).toBeDisabled();

  await page.reload();
  await expect(page.getByTestId('company-etaThresholdMinutes')).toHaveValue('45');
  // The save's socket poke brings it to the other open page without a reload.
  await expect(other.getByTestId('company-etaThresholdMinutes')).toHaveValue('45');
  await otherContext.close();

  // Offline a change cannot be saved, and Save says why.
  await page.context().setOffline(true);
  await expect(page.getByTestId('connection-state')).toHaveText('Offline', { timeout: 15_000 });
  const reloaded = page.getByTestId('company-settings-save');
  await page.getByTestId('company-etaThresholdMinutes').fill('50');
  await expect(reloaded).toHaveAttribute('aria-disabled', 'true');
  await reloaded.hover();
  await expect(page.getByRole('tooltip', { name: 'This needs a connection to the server.' })).toBeVisible();
  await page.context().setOffline(false);
  await expect(reloaded).not.toHaveAttribute('aria-disabled', 'true', { timeout: 15_000 });
});

test('a service account’s secret, shown once, acts within the scopes chosen until the account is deleted', async ({
  page,
  playwright,
}) => {
  await signInBeforeOpening(page, 'admin');
  await page.goto('/manage-company/service-accounts');
  await expect(page.getByTestId('serviceAccounts-table')).toBeVisible();
  await expect(page.getByTestId('skeleton-row')).toHaveCount(0);
  await expectNoSeriousViolations(page, 'the service accounts table');
  // The page says how an integration calls the API: the routes and full ISO dates.
  const help = page.getByTestId('service-account-api-help');
  await expect(help).toContainText('GET /api/self/orders?startDate=…&endDate=…');
  await expect(help).toContainText('GET /api/self/loads-summary');
  await expect(help).toContainText('2026-11-22T06:00:00.000Z');
  await expect(help).toContainText('Authorization: Bearer');
  // It names the routes each scope opens.
  await expect(help.getByTestId('service-account-api-scope-loads:write')).toContainText('POST /api/orders');
  await expect(help.getByTestId('service-account-api-scope-master-data:read')).toContainText('/cargo-types');
  await page.getByTestId('serviceAccounts-create').first().click();
  const form = page.getByTestId('service-account-form');
  await form.getByTestId('service-account-name').fill('Scale house feed');
  // Reading loads is preselected; at least one scope is required.
  const readLoads = form.getByRole('checkbox', { name: 'loads:read', exact: true });
  await expect(readLoads).toBeChecked();
  await readLoads.uncheck();
  await expect(form.getByText('Choose at least one scope')).toBeVisible();
  await expect(form.getByTestId('service-account-form-save')).toBeDisabled();
  await readLoads.check();
  await form.getByRole('checkbox', { name: 'loads:write', exact: true }).check();
  await form.getByTestId('service-account-form-save').click();

  const secretDialog = page.getByTestId('service-account-secret');
  const secret = (await secretDialog.getByTestId('service-account-secret-value').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^dsa_/);
  await expectNoSeriousViolations(page, 'the new service account secret');
  await secretDialog.getByTestId('service-account-secret-done').click();
  await expect(secretDialog).toHaveCount(0);
  const row = page.getByTestId('serviceAccounts-row').filter({ hasText: 'Scale house feed' });
  await expect(row).toBeVisible();
  await expect(row).toContainText('loads:read, loads:write');
  // The secret is not shown again anywhere on the page.
  await expect(page.getByText(secret)).toHaveCount(0);

  // A client of its own, without the browser's cookie: only the bearer speaks for it.
  const integration = await playwright.request.newContext({ baseURL: new URL(page.url()).origin });
  const withSecret = () => integration.get(`/api/self/orders?${WEEK}`, { headers: { Authorization: `Bearer ${secret}` } });
  const answer = await withSecret();
  expect(answer.status()).toBe(200);
  expect(Array.isArray(await answer.json())).toBe(true);
  // master-data:read was not chosen: the reference lists refuse the secret.
  expect((await integration.get('/api/tractors', { headers: { Authorization: `Bearer ${secret}` } })).status()).toBe(403);

  await row.getByTestId('serviceAccounts-delete').click();
  const confirmation = page.getByRole('dialog', { name: 'Delete Scale house feed?' });
  await confirmation.getByTestId('delete-confirm').click();
  await expect(page.getByText('Scale house feed revoked: its secret no longer works')).toBeVisible();
  await expect(row).toHaveCount(0);
  expect((await withSecret()).status()).toBe(401);
  await integration.dispose();
});

test('a service account just created on another page of the table is brought into view and marked', async ({ page, request }) => {
  const stamp = Date.now();
  // A page of older accounts ahead of it (the table lists the oldest first), made before the page reads them.
  const signedIn = await request.post('/api/session', { data: { username: 'admin', password: 'Demo-pass1' } });
  expect(signedIn.status()).toBe(200);
  const organizationId = (await (await request.get('/api/self')).json()).activeOrganizationId as number;
  const accounts = `/api/organizations/${organizationId}/service-users`;
  const fillers: number[] = [];
  for (let index = 1; index <= 10; index += 1) {
    const filler = await request.post(accounts, { data: { name: `Feed ${stamp} ${index}`, scopes: ['loads:read'] } });
    expect(filler.status()).toBe(201);
    fillers.push((await filler.json()).id);
  }

  await signInBeforeOpening(page, 'admin');
  await page.goto('/manage-company/service-accounts');
  const rows = page.getByTestId('serviceAccounts-row');
  await expect(rows).toHaveCount(10);
  const name = `Weighbridge ${stamp}`;
  await page.getByTestId('serviceAccounts-create').first().click();
  const form = page.getByTestId('service-account-form');
  await form.getByTestId('service-account-name').fill(name);
  await form.getByTestId('service-account-form-save').click();
  const secretDialog = page.getByTestId('service-account-secret');
  await expect(secretDialog.getByTestId('service-account-secret-value')).toContainText('dsa_');
  await secretDialog.getByTestId('service-account-secret-done').click();
  await expect(secretDialog).toHaveCount(0);

  // Newest, it is on the last page: once the secret is put away the table shows it there, marked.
  const created = rows.filter({ hasText: name });
  await expect(created).toBeInViewport();
  await expect(created).toHaveAttribute('data-just-created', 'true');
  await expect(page.getByTestId('serviceAccounts-showing')).not.toContainText(/^1–/);

  // Put the company's accounts back for the other specs sharing this server.
  const createdId = Number(await created.getAttribute('data-record-id'));
  for (const id of [...fillers, createdId]) expect((await request.delete(`${accounts}/${id}`)).status()).toBe(200);
});
