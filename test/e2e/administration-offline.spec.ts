import { expect, test } from './fixtures.ts';
import { goOffline, signIn } from './pages/app.ts';
import { DispatchApi } from './pages/loads.ts';

// Offline reloads are served by the service worker (the suite blocks it elsewhere: playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

interface CustomerRow {
  id: number;
  customerName: string;
  version: number;
}

/**
 * Master data offline (issue 12): an edit made without a connection waits on the device, marked in
 * its table, survives a reload, and reaches the server exactly once when the connection returns.
 */
test('a customer edited offline is marked as waiting, survives a reload and is saved once on reconnect', async ({
  page,
  playwright,
}) => {
  const api = await DispatchApi.signIn(playwright.request, 'admin');
  const customersNow = async () => (await (await api.context.get('/api/customers')).json()) as CustomerRow[];
  const [customer] = (await customersNow()).sort((a, b) => b.id - a.id);
  if (!customer) throw new Error('no customer to edit');
  const renamed = `${customer.customerName} (offline ${Date.now() % 100000})`;

  await signIn(page, 'admin');
  await page.goto('/manage-company/customers');
  const rows = page.getByTestId('customers-row');
  await expect(rows.filter({ hasText: customer.customerName }).first()).toBeVisible();

  const goOnline = await goOffline(page);
  // Neither creating (offline-records.spec.ts) nor editing a stored row needs the server.
  await expect(page.getByTestId('customers-create').first()).not.toHaveAttribute('aria-disabled', 'true');
  await page.getByTestId('customers-search').fill(customer.customerName);
  const row = rows.filter({ hasText: customer.customerName }).first();
  await row.getByRole('button', { name: `Edit ${customer.customerName}` }).click();
  const form = page.getByTestId('customer-form');
  await form.getByTestId('customer-name').fill(renamed);
  await form.getByTestId('customer-form-save').click();
  await expect(form).toBeHidden();
  await expect(page.getByText(`${customer.customerName}: saved on this device, sent when the connection returns`)).toBeVisible();

  await page.getByTestId('customers-search').fill(renamed);
  const edited = rows.filter({ hasText: renamed });
  await expect(edited).toHaveAttribute('data-pending', 'true');
  await expect(edited.getByTestId('customers-pending')).toBeVisible();

  // A reload while offline keeps the queued edit (the persisted queue) and shows it again.
  await page.reload();
  await page.getByTestId('customers-search').fill(renamed);
  await expect(rows.filter({ hasText: renamed })).toHaveAttribute('data-pending', 'true');
  expect((await customersNow()).find((row) => row.id === customer.id)?.customerName).toBe(customer.customerName);

  await goOnline();
  await expect(rows.filter({ hasText: renamed })).not.toHaveAttribute('data-pending', 'true', { timeout: 20_000 });
  await expect
    .poll(async () => (await customersNow()).find((row) => row.id === customer.id))
    .toEqual({ ...customer, customerName: renamed, version: customer.version + 1, organizationId: expect.any(Number) });
  // Once: a moment later it is still the one change.
  await page.waitForTimeout(2_000);
  expect((await customersNow()).find((row) => row.id === customer.id)?.version).toBe(customer.version + 1);
  await api.dispose();
});

test('a queued customer edit that someone else overtook is rolled back with a notice, the stored name shows, and it can be applied again', async ({
  page,
  playwright,
}) => {
  const api = await DispatchApi.signIn(playwright.request, 'admin');
  const self = await api.self();
  const customersNow = async () => (await (await api.context.get('/api/customers')).json()) as CustomerRow[];
  const [customer] = (await customersNow()).sort((a, b) => a.id - b.id);
  if (!customer) throw new Error('no customer to edit');
  const mine = `${customer.customerName} (mine ${Date.now() % 100000})`;
  const theirs = `${customer.customerName} (theirs ${Date.now() % 100000})`;

  await signIn(page, 'admin');
  await page.goto('/manage-company/customers');
  const rows = page.getByTestId('customers-row');
  await expect(rows.filter({ hasText: customer.customerName }).first()).toBeVisible();
  const goOnline = await goOffline(page);
  await page.getByTestId('customers-search').fill(customer.customerName);
  await rows
    .filter({ hasText: customer.customerName })
    .first()
    .getByRole('button', { name: `Edit ${customer.customerName}` })
    .click();
  await page.getByTestId('customer-name').fill(mine);
  await page.getByTestId('customer-form-save').click();
  await page.getByTestId('customers-search').fill(mine);
  await expect(rows.filter({ hasText: mine })).toHaveAttribute('data-pending', 'true');

  // Meanwhile another dispatcher renames it.
  const overtaken = await api.context.put(`/api/organizations/${self.activeOrganizationId}/customers/${customer.id}`, {
    data: { customerName: theirs, version: customer.version },
  });
  expect(overtaken.status()).toBe(200);

  await goOnline();
  await expect(page.getByText(`Your change to ${customer.customerName} was not saved`)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Someone else changed it first.', { exact: false })).toBeVisible();
  await page.getByTestId('customers-search').fill(theirs);
  await expect(rows.filter({ hasText: theirs })).toBeVisible();
  await expect(rows.filter({ hasText: theirs })).not.toHaveAttribute('data-pending', 'true');
  expect((await customersNow()).find((row) => row.id === customer.id)?.customerName).toBe(theirs);

  // What the user tried is kept under the upload icon: applied again, it builds on their version.
  await page.getByTestId('queue-button').click();
  const conflict = page.getByTestId('conflict').filter({ hasText: customer.customerName });
  await expect(conflict).toHaveCount(1);
  await conflict.getByRole('button', { name: 'Apply again' }).click();
  await expect(page.getByTestId('conflict')).toHaveCount(0);
  await expect
    .poll(async () => (await customersNow()).find((row) => row.id === customer.id))
    .toMatchObject({ customerName: mine, version: customer.version + 2 });
  await api.dispose();
});
