import AxeBuilder from '@axe-core/playwright';
import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { signIn } from './pages/app.ts';

/**
 * The administration area (issue 12) as the company's administrator: the hub, the one resource
 * table and the tractor, trailer, customer and downtime forms, at desktop size and on a touch tablet.
 */

async function expectNoSeriousViolations(page: Page, screen: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const grave = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) => violation.nodes.map((node) => `${violation.id} (${violation.impact}) ${node.target.join(' ')}`));
  expect.soft(grave, `serious or critical axe violations on ${screen}`).toEqual([]);
}

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
      await signIn(page, 'admin');
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
      await expect(page.getByTestId('tractors-count')).toHaveText(/\d+ rows?/);
      await expectNoHorizontalScroll(page, '/manage-company/tractors');
      await attachScreenshot(page, testInfo, 'tractors');
      await expectNoSeriousViolations(page, '/manage-company/tractors');

      for (const table of ['trailers', 'customers']) {
        const list = new AdminTable(page, table);
        await list.open();
        await expect(list.rows.first()).toBeVisible();
        await expectNoHorizontalScroll(page, `/manage-company/${table}`);
      }
    });

    test('a tractor is created (a bad VIN keeps Save disabled), edited and listed', async ({ page }, testInfo) => {
      await signIn(page, 'admin');
      const tractors = new AdminTable(page, 'tractors');
      await tractors.open();
      await tractors.create();
      const form = page.getByTestId('tractor-form');
      const name = `E2E tractor ${suffix}`;
      await form.getByTestId('tractor-name').fill(name);
      await form.getByTestId('tractor-vin').fill('1HGCM82633A00435');
      await expect(form.getByText('A VIN has exactly 17 characters.')).toBeVisible();
      await expect(form.getByTestId('tractor-form-save')).toBeDisabled();
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
      await signIn(page, 'admin');
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
      await signIn(page, 'admin');
      const customers = new AdminTable(page, 'customers');
      await customers.open();
      await customers.create();
      const form = page.getByTestId('customer-form');
      await expect(form.getByTestId('customer-form-save')).toBeDisabled();
      const name = `E2E customer ${suffix}`;
      await form.getByTestId('customer-name').fill(name);
      await form.getByTestId('customer-form-save').click();
      await expect(page.getByText(`${name} created`)).toBeVisible();
      await customers.search(name);
      await expect(customers.rows).toHaveCount(1);
    });

    test('a weekly downtime is added to a tractor and listed', async ({ page }, testInfo) => {
      await signIn(page, 'admin');
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
      await form.getByTestId('downtime-form-save').click();
      await expect(page.getByText(`${description} created`)).toBeVisible();
      const row = list.getByTestId('downtime-row').filter({ hasText: description });
      await expect(row).toContainText('Mon, Thu');
      await expect(row).toContainText('2.5 hours');
      await attachScreenshot(page, testInfo, 'downtime listed');
    });
  });
}
