import type { APIRequest, Page, TestInfo } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { expectNoSeriousViolations } from './pages/axe.ts';
import { DEMO_PASSWORD, Shell, signInBeforeOpening } from './pages/app.ts';
import { serverURL } from './worker-server.ts';

/**
 * The administration area (issue 12) as the company's administrator: the hub, the one resource
 * table and the tractor, trailer, customer and downtime forms, at desktop size and on a touch tablet.
 */

async function expectNoHorizontalScroll(page: Page, screen: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${screen} scrolls sideways by ${overflow}px`).toBeLessThanOrEqual(0);
}

async function attachScreenshot(page: Page, testInfo: TestInfo, name: string) {
  await testInfo.attach(name, { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
}

/** One administration list page (`/manage-company/{table}`). */
class AdminTable {
  constructor(
    private readonly page: Page,
    private readonly table: string,
  ) {}

  async open() {
    await this.page.goto(`/manage-company/${this.table}`);
    await expect(this.rows.first()).toBeVisible();
  }

  get rows() {
    return this.page.getByTestId(`${this.table}-row`);
  }

  row(name: string) {
    return this.rows.filter({ hasText: name });
  }

  async search(text: string) {
    await this.page.getByTestId(`${this.table}-search`).fill(text);
  }

  async create() {
    await this.page.getByTestId(`${this.table}-create`).first().click();
  }
}

const VIEWPORTS = [
  { name: '1280×800', viewport: { width: 1280, height: 800 }, hasTouch: false },
  { name: '768×1024 touch', viewport: { width: 768, height: 1024 }, hasTouch: true },
] as const;

for (const size of VIEWPORTS) {
  test.describe(`administration at ${size.name}`, () => {
    test.use({ viewport: size.viewport, hasTouch: size.hasTouch });
    const suffix = `${size.viewport.width}-${Date.now() % 100000}`;

    test('the hub groups the pages the administrator may open and the tables fit the screen', async ({ page }, testInfo) => {
      await signInBeforeOpening(page, 'admin');
      await page.goto('/manage-company');
      for (const group of ['Equipment', 'People', 'Sites', 'System']) {
        await expect(page.getByRole('heading', { name: group, exact: true })).toBeVisible();
      }
      // Companies and role permissions need all-companies access, which a company administrator lacks.
      await expect(page.getByRole('heading', { name: 'Companies', exact: true })).toBeHidden();
      await attachScreenshot(page, testInfo, 'hub');
      await expectNoSeriousViolations(page, '/manage-company');

      await page.getByRole('main').getByRole('link', { name: 'Tractors', exact: true }).click();
      const tractors = new AdminTable(page, 'tractors');
      await expect(tractors.rows.first()).toBeVisible();
      await expect(page.getByTestId('tractors-count')).toHaveText(/Rows: \d+/);
      await expectNoHorizontalScroll(page, '/manage-company/tractors');
      await attachScreenshot(page, testInfo, 'tractors');

      // Sorting works from the keyboard: Enter on a header sorts ascending, again descending.
      const sortByName = page.getByTestId('tractors-sort-name');
      await sortByName.focus();
      await page.keyboard.press('Enter');
      await page.keyboard.press('Enter');
      await expect(page.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'descending');
      // The rows follow the header a render later (a deferred value): poll.
      const namesShown = async () => (await tractors.rows.locator('td:first-child').allTextContents()).map((name) => name.trim());
      await expect
        .poll(async () => {
          const names = await namesShown();
          return (
            names.join() === [...names].sort((a, b) => b.localeCompare(a, 'en-US', { numeric: true, sensitivity: 'base' })).join()
          );
        })
        .toBe(true);

      // The page size is remembered per table in the user's preferences.
      await page.getByTestId('tractors-page-size').click();
      await page.getByRole('option', { name: '5 / page', exact: true }).click();
      await expect(tractors.rows).toHaveCount(5);
      await page.reload();
      await expect(tractors.rows).toHaveCount(5);
      await page.getByTestId('tractors-page-size').click();
      await page.getByRole('option', { name: '10 / page', exact: true }).click();
      await expect(tractors.rows).toHaveCount(10);
      await expectNoSeriousViolations(page, '/manage-company/tractors');

      for (const table of ['trailers', 'customers']) {
        const list = new AdminTable(page, table);
        await new Shell(page).openFromNavigation(`/manage-company/${table}`);
        await expect(list.rows.first()).toBeVisible();
        await expectNoHorizontalScroll(page, `/manage-company/${table}`);
      }
    });

    test('a tractor is created (a bad VIN keeps Save disabled), edited and listed', async ({ page }, testInfo) => {
      await signInBeforeOpening(page, 'admin');
      const tractors = new AdminTable(page, 'tractors');
      await tractors.open();
      await tractors.create();
      const form = page.getByTestId('tractor-form');
      const name = `E2E tractor ${suffix}`;
      await form.getByTestId('tractor-name').fill(name);
      await form.getByTestId('tractor-vin').fill('1HGCM82633A00435');
      await expect(form.getByText('A VIN has exactly 17 characters.')).toBeVisible();
      await expect(form.getByTestId('tractor-form-save')).toBeDisabled();
      await expectNoSeriousViolations(page, 'the tractor form');
      await form.getByTestId('tractor-vin').fill('1HGCM82633A004352');
      await form.getByTestId('tractor-license-plate').fill(`E2E ${suffix}`);
      await expect(form.getByTestId('tractor-form-save')).toBeEnabled();
      await form.getByTestId('tractor-form-save').click();
      await expect(page.getByText(`${name} created`)).toBeVisible();
      await expect(form).toBeHidden();

      await tractors.search(name);
      await expect(tractors.rows).toHaveCount(1);
      await expect(tractors.row(name)).toContainText(`E2E ${suffix}`);
      await tractors
        .row(name)
        .getByRole('button', { name: `Edit ${name}` })
        .click();
      await expect(form.getByTestId('tractor-vin')).toHaveValue('1HGCM82633A004352');
      await form.getByTestId('tractor-license-plate').fill(`E2F ${suffix}`);
      await form.getByTestId('tractor-form-save').click();
      await expect(page.getByText(`${name} updated`)).toBeVisible();
      await expect(tractors.row(name)).toContainText(`E2F ${suffix}`);
      await expectNoHorizontalScroll(page, 'the tractors table after a save');
      await attachScreenshot(page, testInfo, 'tractor edited');
    });

    test('a trailer naming a cargo type twice shows the message naming it', async ({ page }, testInfo) => {
      await signInBeforeOpening(page, 'admin');
      const trailers = new AdminTable(page, 'trailers');
      await trailers.open();
      await trailers.create();
      const form = page.getByTestId('trailer-form');
      const name = `E2E trailer ${suffix}`;
      await form.getByTestId('trailer-name').fill(name);
      await form.getByTestId('trailer-max-cargo-weight').fill('40000');
      for (const index of [0, 1]) {
        await form.getByTestId('trailer-add-cargo-type').click();
        await form.getByTestId('trailer-cargo-type').nth(index).click();
        await page.getByRole('option').first().click();
      }
      const chosen = await form.getByTestId('trailer-cargo-type').first().inputValue();
      await expect(form.getByTestId('trailer-cargo-type-error')).toHaveText(`${chosen} is listed more than once.`);
      await expect(form.getByTestId('trailer-form-save')).toBeDisabled();
      await attachScreenshot(page, testInfo, 'duplicate cargo type');

      await form.getByRole('button', { name: 'Remove cargo type 2' }).click();
      await expect(form.getByTestId('trailer-cargo-type-error')).toBeHidden();
      await form.getByTestId('trailer-form-save').click();
      await expect(page.getByText(`${name} created`)).toBeVisible();
      await trailers.search(name);
      await expect(trailers.row(name)).toBeVisible();
    });

    test('a customer is added', async ({ page }) => {
      await signInBeforeOpening(page, 'admin');
      const customers = new AdminTable(page, 'customers');
      await customers.open();
      await customers.create();
      const form = page.getByTestId('customer-form');
      await expect(form.getByTestId('customer-form-save')).toBeDisabled();
      const name = `E2E customer ${suffix}`;
      await form.getByTestId('customer-name').fill(name);
      await form.getByTestId('customer-form-save').click();
      await expect(page.getByText(`${name} created`)).toBeVisible();
      // The new record is brought into view and marked, without searching for it.
      const created = customers.rows.filter({ hasText: name });
      await expect(created).toBeInViewport();
      await expect(created).toHaveAttribute('data-just-created', 'true');
      await customers.search(name);
      await expect(customers.rows).toHaveCount(1);
    });

    test('a weekly downtime is added to a tractor and listed', async ({ page }, testInfo) => {
      await signInBeforeOpening(page, 'admin');
      const tractors = new AdminTable(page, 'tractors');
      await tractors.open();
      const first = tractors.rows.first();
      const tractorName = (await first.locator('td').first().textContent())?.trim();
      await first.getByRole('button', { name: `Downtime of ${tractorName}` }).click();
      const list = page.getByRole('dialog', { name: `Downtime of ${tractorName}` });
      await expect(list).toBeVisible();
      await list.getByTestId('downtime-add').click();
      const form = page.getByRole('dialog', { name: 'New downtime' });
      const description = `Weekly service ${suffix}`;
      await form.getByTestId('downtime-description').fill(description);
      await form.getByText('Weekly', { exact: true }).click();
      await expect(form.getByTestId('downtime-form-save')).toBeDisabled();
      await form.getByText('Mon', { exact: true }).click();
      await form.getByText('Thu', { exact: true }).click();
      await expect(form.getByRole('checkbox', { name: 'Mon' })).toBeChecked();
      await expect(form.getByTestId('downtime-duration')).toHaveValue('1');
      await form.getByTestId('downtime-duration').fill('2.5');
      await expectNoSeriousViolations(page, 'the downtime form');
      await form.getByTestId('downtime-form-save').click();
      await expect(page.getByText(`${description} created`)).toBeVisible();
      const row = list.getByTestId('downtime-row').filter({ hasText: description });
      await expect(row).toContainText('Mon, Thu');
      await expect(row).toContainText('2.5 h');
      await attachScreenshot(page, testInfo, 'downtime listed');
    });
  });
}

interface TractorRow {
  id: number;
  userDisplayName: string;
  licensePlate: string | null;
  version: number;
}

/** The administrator's own API session, writing behind the open page's back. */
async function adminApi(requests: APIRequest) {
  const context = await requests.newContext({ baseURL: serverURL });
  const signedIn = await context.post('/api/session', { data: { username: 'admin', password: DEMO_PASSWORD } });
  expect(signedIn.ok()).toBe(true);
  const organizationId: number = (await signedIn.json()).user.activeOrganizationId;
  return {
    tractors: async (): Promise<TractorRow[]> => (await context.get('/api/tractors')).json(),
    context,
    organizationId,
    renameTractorPlate: async (tractor: TractorRow, licensePlate: string) => {
      const answer = await context.put(`/api/organizations/${organizationId}/tractors/${tractor.id}`, {
        data: { ...tractor, licensePlate, version: tractor.version },
      });
      expect(answer.status(), await answer.text()).toBe(200);
    },
  };
}

test.describe('administration writes against the server', () => {
  test('a stale edit shows the stored values, and a tractor still on loads is not deleted', async ({
    page,
    playwright,
  }, testInfo) => {
    const api = await adminApi(playwright.request);
    // T-101 is a seeded tractor the demo loads and a driver's default equipment name.
    const tractor = (await api.tractors()).find((row) => row.userDisplayName === 'T-101');
    if (!tractor) throw new Error('the demo company has tractor T-101');
    await signInBeforeOpening(page, 'admin');
    const tractors = new AdminTable(page, 'tractors');
    await tractors.open();
    await tractors.search(tractor.userDisplayName);
    await tractors
      .row(tractor.userDisplayName)
      .getByRole('button', { name: `Edit ${tractor.userDisplayName}` })
      .click();
    const form = page.getByTestId('tractor-form');
    await expect(form.getByTestId('tractor-license-plate')).toHaveValue(tractor.licensePlate ?? '');

    // Someone else saves first: this form's version is stale, so the server's values come back.
    await api.renameTractorPlate(tractor, 'STALE 1');
    await form.getByTestId('tractor-license-plate').fill('MINE 2');
    await form.getByTestId('tractor-form-save').click();
    await expect(form.getByTestId('stale-edit')).toBeVisible();
    await expect(form.getByTestId('tractor-license-plate')).toHaveValue('STALE 1');
    // The form says it once, in its own words: no second toast with the server's English text.
    await expect(page.getByText(/Server error/)).toHaveCount(0);
    await attachScreenshot(page, testInfo, 'stale edit');
    await form.getByTestId('tractor-license-plate').fill('MINE 3');
    await form.getByTestId('tractor-form-save').click();
    await expect(page.getByText(`${tractor.userDisplayName} updated`)).toBeVisible();
    await expect(tractors.row(tractor.userDisplayName)).toContainText('MINE 3');

    await tractors
      .row(tractor.userDisplayName)
      .getByRole('button', { name: `Delete ${tractor.userDisplayName}` })
      .click();
    const confirmation = page.getByRole('dialog', { name: `Delete ${tractor.userDisplayName}?` });
    await confirmation.getByTestId('delete-confirm').click();
    await expect(confirmation.getByTestId('delete-error')).toContainText(
      `${tractor.userDisplayName} cannot be deleted; it is still used by`,
    );
    await expect(confirmation.getByTestId('delete-error')).toContainText(/loads: \d+/);
    await expect(page.getByText(/Server error/)).toHaveCount(0);
    await attachScreenshot(page, testInfo, 'delete refused');
  });

  test("after a stale edit the form's title names the stored record, and a refusal is said once, translated", async ({
    page,
    playwright,
  }) => {
    const api = await adminApi(playwright.request);
    const customersUrl = `/api/organizations/${api.organizationId}/customers`;
    const ours = `E2E stale ${Date.now() % 100000}`;
    const created = await api.context.post(customersUrl, { data: { customerName: ours } });
    expect(created.status()).toBe(201);
    const customer = (await created.json()) as { id: number; version: number };
    await signInBeforeOpening(page, 'admin');
    const customers = new AdminTable(page, 'customers');
    await customers.open();
    await customers.search(ours);
    await customers
      .row(ours)
      .getByRole('button', { name: `Edit ${ours}` })
      .click();
    const form = page.getByTestId('customer-form');
    await expect(page.getByRole('dialog', { name: `Edit ${ours}` })).toBeVisible();

    const theirs = `${ours} renamed`;
    const renamed = await api.context.put(`${customersUrl}/${customer.id}`, {
      data: { customerName: theirs, version: customer.version },
    });
    expect(renamed.status()).toBe(200);
    await form.getByTestId('customer-name').fill(`${ours} mine`);
    await form.getByTestId('customer-form-save').click();
    await expect(form.getByTestId('stale-edit')).toBeVisible();
    await expect(page.getByRole('dialog', { name: `Edit ${theirs}` })).toBeVisible();
    await expect(page.getByText(/Server error/)).toHaveCount(0);
    await page.keyboard.press('Escape');

    // Deleted behind the form's back: the refusal (404) is one message in the user's words.
    await customers.search(theirs);
    await customers
      .row(theirs)
      .getByRole('button', { name: `Edit ${theirs}` })
      .click();
    expect((await api.context.delete(`${customersUrl}/${customer.id}`)).status()).toBe(200);
    await form.getByTestId('customer-name').fill(`${theirs} again`);
    await form.getByTestId('customer-form-save').click();
    await expect(page.getByText('This no longer exists; someone may have deleted it.')).toHaveCount(1);
    await expect(page.getByText(/Server error|not found/i)).toHaveCount(0);
  });

  test('a new customer is deleted after a confirmation naming it', async ({ page }) => {
    await signInBeforeOpening(page, 'admin');
    const customers = new AdminTable(page, 'customers');
    await customers.open();
    await customers.create();
    const name = `E2E short-lived ${Date.now() % 100000}`;
    await page.getByTestId('customer-name').fill(name);
    await page.getByTestId('customer-form-save').click();
    await customers.search(name);
    await customers
      .row(name)
      .getByRole('button', { name: `Delete ${name}` })
      .click();
    const confirmation = page.getByRole('dialog', { name: `Delete ${name}?` });
    await confirmation.getByTestId('delete-confirm').click();
    await expect(page.getByText(`${name} deleted`)).toBeVisible();
    await expect(page.getByTestId('customers-no-records')).toBeVisible();
  });

  test.describe('offline', () => {
    test.use({ serviceWorkers: 'allow' });

    test('offline the tables still show and their writes say a connection is needed', async ({ page, context }) => {
      await signInBeforeOpening(page, 'admin');
      const users = new AdminTable(page, 'users');
      await users.open();
      const count = await users.rows.count();
      await page.evaluate(async () => navigator.serviceWorker.ready);
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      await context.setOffline(true);
      await expect(page.getByTestId('connection-state')).toHaveText('Offline', { timeout: 15_000 });
      // A reload offline is served by the service worker and the rows by the mirror.
      await page.reload();
      await expect(users.rows).toHaveCount(count);
      // Trailers, customers… are created offline (offline-records.spec.ts); a user still needs the server.
      const create = page.getByTestId('users-create').first();
      await expect(create).toHaveAttribute('aria-disabled', 'true');
      await create.hover();
      await expect(page.getByRole('tooltip', { name: 'This needs a connection to the server.' })).toBeVisible();
      // Still focusable (so the reason can be read) but inert.
      await create.focus();
      await page.keyboard.press('Enter');
      await expect(page.getByTestId('user-form')).toHaveCount(0);
      await context.setOffline(false);
      await expect(create).not.toHaveAttribute('aria-disabled', 'true', { timeout: 15_000 });
    });
  });
});
