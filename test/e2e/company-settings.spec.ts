import { expect, test } from './fixtures.ts';
import { expectNoSeriousViolations } from './pages/axe.ts';
import { signIn } from './pages/app.ts';

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

  await signIn(page, 'admin');
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

test('a service account’s secret, shown once, reads the loads until the account is deleted', async ({ page, playwright }) => {
  await signIn(page, 'admin');
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
  await page.getByTestId('serviceAccounts-create').first().click();
  const form = page.getByTestId('service-account-form');
  await form.getByTestId('service-account-name').fill('Scale house feed');
  await form.getByTestId('service-account-form-save').click();

  const secretDialog = page.getByTestId('service-account-secret');
  const secret = (await secretDialog.getByTestId('service-account-secret-value').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^dsa_/);
  await expectNoSeriousViolations(page, 'the new service account secret');
  await secretDialog.getByTestId('service-account-secret-done').click();
  await expect(secretDialog).toHaveCount(0);
  const row = page.getByTestId('serviceAccounts-row').filter({ hasText: 'Scale house feed' });
  await expect(row).toBeVisible();
  // The secret is not shown again anywhere on the page.
  await expect(page.getByText(secret)).toHaveCount(0);

  // A client of its own, without the browser's cookie: only the bearer speaks for it.
  const integration = await playwright.request.newContext({ baseURL: new URL(page.url()).origin });
  const withSecret = () => integration.get(`/api/self/orders?${WEEK}`, { headers: { Authorization: `Bearer ${secret}` } });
  const answer = await withSecret();
  expect(answer.status()).toBe(200);
  expect(Array.isArray(await answer.json())).toBe(true);

  await row.getByTestId('serviceAccounts-delete').click();
  const confirmation = page.getByRole('dialog', { name: 'Delete Scale house feed?' });
  await confirmation.getByTestId('delete-confirm').click();
  await expect(page.getByText('Scale house feed revoked: its secret no longer works')).toBeVisible();
  await expect(row).toHaveCount(0);
  expect((await withSecret()).status()).toBe(401);
  await integration.dispose();
});
