import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { goOffline, signIn } from './pages/app.ts';
import { DispatchApi, LoadsTablePage } from './pages/loads.ts';

// Offline reloads are served by the service worker (the suite blocks it elsewhere: playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

interface CustomerRow {
  id: number;
  customerName: string;
  version: number;
}

interface TractorRow {
  id: number;
  userDisplayName: string;
}

/** Types into an administration table's search and answers the rows showing `text`. */
async function findRow(page: Page, table: string, text: string) {
  await page.getByTestId(`${table}-search`).fill(text);
  return page.getByTestId(`${table}-row`).filter({ hasText: text });
}

/** Picks `label` in a searchable Mantine Select. */
async function choose(page: Page, select: ReturnType<Page['getByTestId']>, label: string) {
  await select.click();
  await select.fill(label);
  await page.getByRole('option', { name: label, exact: true }).click();
  await expect(select).toHaveValue(label);
}

test.use({ viewport: { width: 768, height: 1024 }, hasTouch: true });

/**
 * One offline queue (issue 19 item 3): records are created offline under a provisional id, edited
 * behind their create, kept across a reload, and reach the server once each when the connection
 * returns; a load naming a customer created offline is sent with the customer's real id.
 */
/** Creates a two-stop load in the editor whose first stop names `customer` and carries `orderNumber`. */
async function createLoadNaming(page: Page, customer: string, orderNumber: string) {
  const loads = new LoadsTablePage(page);
  await page.goto('/loads');
  const editor = await loads.openCreate();
  for (const index of [0, 1]) {
    await editor.stops.nth(index).getByTestId('stop-location').click();
    await page.getByRole('option').nth(index).click();
  }
  await editor.stops.nth(0).getByTestId('stop-cargo-type').click();
  await page.getByRole('option').first().click();
  for (const index of [0, 1]) await editor.stops.nth(index).getByTestId('stop-quantity').fill('10');
  await editor.stops.nth(0).getByTestId('stop-order-number').fill(orderNumber);
  await choose(page, editor.stops.nth(0).getByTestId('stop-customer'), customer);
  await editor.save();
  return loads;
}

test('a customer and a tractor created offline, the customer edited and named by a new load, reach the server once each after a reload', async ({
  page,
  playwright,
}) => {
  const api = await DispatchApi.signIn(playwright.request, 'admin');
  const stamp = Date.now() % 1_000_000;
  const customerName = `Offline Customer ${stamp}`;
  const renamed = `Offline Customer ${stamp} (edited)`;
  const tractorName = `OFF-${stamp}`;
  const orderNumber = `OFF-PO-${stamp}`;
  const customersNow = async () => (await (await api.context.get('/api/customers')).json()) as CustomerRow[];
  const tractorsNow = async () => (await (await api.context.get('/api/tractors')).json()) as TractorRow[];

  await signIn(page, 'admin');
  await page.goto('/manage-company/customers');
  await expect(page.getByTestId('customers-row').first()).toBeVisible();
  const goOnline = await goOffline(page);

  // Creating a customer no longer needs the server: it shows at once, marked as waiting.
  await page.getByTestId('customers-create').first().click();
  const customerForm = page.getByTestId('customer-form');
  await customerForm.getByTestId('customer-name').fill(customerName);
  await customerForm.getByTestId('customer-form-save').click();
  await expect(customerForm).toBeHidden();
  const created = await findRow(page, 'customers', customerName);
  await expect(created).toHaveAttribute('data-pending', 'true');

  // Its edit queues behind its create.
  await created.getByRole('button', { name: `Edit ${customerName}` }).click();
  await customerForm.getByTestId('customer-name').fill(renamed);
  await customerForm.getByTestId('customer-form-save').click();
  await expect(customerForm).toBeHidden();
  await expect(await findRow(page, 'customers', renamed)).toHaveAttribute('data-pending', 'true');

  await page.goto('/manage-company/tractors');
  await page.getByTestId('tractors-create').first().click();
  const tractorForm = page.getByTestId('tractor-form');
  await tractorForm.getByTestId('tractor-name').fill(tractorName);
  await tractorForm.getByTestId('tractor-form-save').click();
  await expect(tractorForm).toBeHidden();
  await expect(await findRow(page, 'tractors', tractorName)).toHaveAttribute('data-pending', 'true');

  // A user still needs the server (its username check, its mail): the control says so.
  await page.goto('/manage-company/users');
  await expect(page.getByTestId('users-create').first()).toHaveAttribute('aria-disabled', 'true');

  // A load created offline names the customer that exists only on this device so far.
  const loads = await createLoadNaming(page, renamed, orderNumber);
  await expect(loads.rows.filter({ hasText: orderNumber })).toBeVisible();

  // Nothing has reached the server yet. (Checked before the reload: Chromium's offline emulation
  // lets a request through now and then right after one, as goOffline says.)
  expect((await customersNow()).filter((row) => row.customerName.startsWith(customerName))).toEqual([]);

  // A reload while offline keeps every queued change and still shows the records made.
  await page.reload();
  await expect(loads.rows.filter({ hasText: orderNumber })).toBeVisible();
  await page.goto('/manage-company/customers');
  await expect(await findRow(page, 'customers', renamed)).toHaveAttribute('data-pending', 'true');

  await goOnline();
  await expect(page.getByTestId('queue-button')).toHaveAccessibleName('Changes waiting to be sent: 0', { timeout: 30_000 });
  await expect(await findRow(page, 'customers', renamed)).not.toHaveAttribute('data-pending', 'true');

  // Each exists exactly once, the customer with its edit applied.
  const customers = (await customersNow()).filter((row) => row.customerName.startsWith(customerName));
  expect(customers).toEqual([expect.objectContaining({ customerName: renamed, version: 2 })]);
  const customer = customers[0] as CustomerRow;
  expect((await tractorsNow()).filter((row) => row.userDisplayName === tractorName)).toHaveLength(1);
  // The load keeps its customer: the server's load names the customer's real id.
  const load = (await api.weekLoads()).find((candidate) => candidate.stops.some((stop) => stop.orderNumber === orderNumber));
  expect(load?.stops.find((stop) => stop.orderNumber === orderNumber)?.customerId).toBe(customer.id);
  await api.dispose();
});

test('a load naming a customer whose offline create the server refused is refused too, with the reason listed', async ({
  page,
  playwright,
}) => {
  const api = await DispatchApi.signIn(playwright.request, 'admin');
  const stamp = Date.now() % 1_000_000;
  const customerName = `Refused Customer ${stamp}`;
  const orderNumber = `REF-PO-${stamp}`;

  await signIn(page, 'admin');
  await page.goto('/manage-company/customers');
  await expect(page.getByTestId('customers-row').first()).toBeVisible();
  const goOnline = await goOffline(page);
  await page.getByTestId('customers-create').first().click();
  const customerForm = page.getByTestId('customer-form');
  await customerForm.getByTestId('customer-name').fill(customerName);
  await customerForm.getByTestId('customer-form-save').click();
  await expect(customerForm).toBeHidden();

  await createLoadNaming(page, customerName, orderNumber);

  // The server refuses the customer (as it would a rule the device cannot check).
  await page.route('**/api/organizations/*/customers', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 422,
          contentType: 'application/json',
          body: JSON.stringify({ error: { code: 'rule_violation', message: 'Refused for this test' } }),
        })
      : route.fallback(),
  );
  await goOnline();
  await page.getByTestId('queue-button').click();
  const refusals = page.getByTestId('refusal');
  await expect(refusals.filter({ hasText: customerName })).toHaveCount(1, { timeout: 30_000 });
  await expect(refusals.filter({ hasText: orderNumber })).toHaveText(
    `${orderNumber}: It names a record created on this device that the server refused.`,
    { timeout: 30_000 },
  );
  await expect(page.getByTestId('queued-count')).toHaveText('Waiting to be sent: 0');
  const sent = (await api.weekLoads()).filter((load) => load.stops.some((stop) => stop.orderNumber === orderNumber));
  expect(sent).toEqual([]);
  await api.dispose();
});
