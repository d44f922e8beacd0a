import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { LoginScreen, signIn } from './pages/app.ts';
import { DispatchApi, LoadsTablePage, ownCarried, takeLoad } from './pages/loads.ts';
import { DraftsTablePage } from './pages/planning.ts';

/**
 * axe-core on each screen and its main dialogs (issue 11): no serious or critical violation. A
 * failure lists each violation's rule, impact and the elements it found.
 */
async function expectNoSeriousViolations(page: Page, screen: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const grave = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map(
        (node) => `${violation.id} (${violation.impact}) ${node.target.join(' ')}: ${node.failureSummary ?? ''}`,
      ),
    );
  expect.soft(grave, `serious or critical axe violations on ${screen}`).toEqual([]);
}

test('the login screen has no serious accessibility violation', async ({ page }) => {
  await new LoginScreen(page).open();
  await expectNoSeriousViolations(page, '/login');
});

test('the home page has no serious accessibility violation', async ({ page }) => {
  await signIn(page, 'dispatcher');
  await expectNoSeriousViolations(page, '/');
});

test('the loads table, the new-load dialog and the assign-driver drawer have no serious accessibility violation', async ({
  page,
  playwright,
}) => {
  const api = await DispatchApi.signIn(playwright.request, 'dispatcher');
  const assignable = takeLoad(
    await api.weekLoads(),
    (load) => load.status === 'Open' && ownCarried(load),
    'axe on the driver drawer',
  );
  await signIn(page, 'dispatcher');
  const loads = new LoadsTablePage(page);
  await loads.open();
  await expect(loads.rows.first()).toBeVisible();
  await expectNoSeriousViolations(page, '/loads');

  await loads.openCreate();
  await expectNoSeriousViolations(page, 'the new-load dialog');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'New load' })).toBeHidden();

  await loads.select(assignable.id);
  await loads.runAction('assignDriver');
  await expect(page.getByTestId('assign-driver-row').first()).toBeVisible();
  await expectNoSeriousViolations(page, 'the assign-driver drawer');
});

test('the drafts table and its bulk-create wizard have no serious accessibility violation', async ({ page }) => {
  await signIn(page, 'dispatcher');
  const drafts = new DraftsTablePage(page);
  await drafts.open();
  await expectNoSeriousViolations(page, '/drafts');

  await drafts.openBulkCreate();
  await expectNoSeriousViolations(page, 'the bulk-create wizard');
});
