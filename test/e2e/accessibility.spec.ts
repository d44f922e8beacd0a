import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { expectNoSeriousViolations, expectNoSeriousViolationsAbove } from './pages/axe.ts';
import { LoginScreen, signIn } from './pages/app.ts';
import { DispatchApi, LoadsTablePage } from './pages/loads.ts';
import { ADMIN_SECTIONS, type AdminSection } from '../../src/features/access/pages.ts';
import { DraftsApi, DraftsTablePage, draftBody, PlanningWeek } from './pages/planning.ts';

/**
 * axe-core on each screen and its main dialogs (issue 11): no serious or critical violation. A
 * failure lists each violation's rule, impact and the elements it found (`pages/axe.ts`).
 */

// Each test signs in on its own and changes nothing another reads: both workers share the file.
test.describe.configure({ mode: 'parallel' });

/** An open dialog is no second banner: the app's header is the only one (a Modal's title bar was a <header>). */
async function expectOneBanner(page: Page, screen: string) {
  await expect.soft(page.getByRole('banner'), `banner landmarks on ${screen}`).toHaveCount(1);
}

/** A dialog over a screen checked as it is behind it: checked with axe and for its landmarks, then closed with Escape. */
async function checkDialog(page: Page, dialog: Locator, screen: string) {
  await expectNoSeriousViolationsAbove(page, dialog, screen);
  await expectOneBanner(page, screen);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
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
  // Five dialogs, one of them held busy on purpose.
  test.setTimeout(120_000);
  const api = await DispatchApi.signIn(playwright.request, 'dispatcher');
  const assignable = await api.newOpenLoad('PF-AXE-DRAWER');
  await signIn(page, 'dispatcher');
  const loads = new LoadsTablePage(page);
  await loads.open();
  await expect(loads.rows.first()).toBeVisible();
  await expectNoSeriousViolations(page, '/loads');

  const editor = await loads.openCreate();
  await expectNoSeriousViolationsAbove(page, editor.root, 'the new-load dialog');
  await expectOneBanner(page, 'the new-load dialog');
  // Busy: the travel-time answer is held, so the trip time shows its loader while axe runs.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/locations/travel-times', async (route) => {
    await held;
    await route.continue().catch(() => {});
  });
  await editor.chooseLocation(1, 'Nevada Mill');
  await editor.chooseLocation(2, 'Ridgeview Finisher 1');
  await expect(editor.root.getByTestId('trip-time').getByRole('status')).toBeVisible();
  await expectNoSeriousViolationsAbove(page, editor.root, 'the new-load dialog while it calculates its trip time');
  release();
  await page.unroute('**/locations/travel-times');
  await expect(editor.root.getByTestId('trip-time').getByRole('status')).toBeHidden();
  await page.keyboard.press('Escape');
  await page
    .getByRole('dialog', { name: /discard/i })
    .getByRole('button', { name: /discard/i })
    .click();
  await expect(page.getByRole('dialog', { name: 'New load' })).toBeHidden();

  await loads.select(assignable.id);
  await expectNoSeriousViolations(page, '/loads with a load selected');
  await loads.runAction('assignDriver');
  await expect(page.getByTestId('assign-driver-row').first()).toBeVisible();
  await expectNoSeriousViolationsAbove(page, page.getByTestId('assign-driver-row').first(), 'the assign-driver drawer');
  await expectOneBanner(page, 'the assign-driver drawer');
  await page.keyboard.press('Escape');

  for (const [action, name] of [
    ['assignCarrier', /^Assign carrier/],
    ['complete', /^Complete manually/],
    ['delete', /^Delete load/],
  ] as const) {
    await loads.runAction(action);
    await checkDialog(page, page.getByRole('dialog', { name }), `the ${action} dialog`);
  }
});

test('the drafts table and its bulk-create wizard have no serious accessibility violation', async ({ page }) => {
  await signIn(page, 'dispatcher');
  const drafts = new DraftsTablePage(page);
  await drafts.open();
  await expectNoSeriousViolations(page, '/drafts');

  const wizard = await drafts.openBulkCreate();
  await expectNoSeriousViolationsAbove(page, wizard.root, 'the bulk-create wizard');
  await expectOneBanner(page, 'the bulk-create wizard');
});

test('the planning dialogs of the drafts screen have no serious accessibility violation', async ({ page, playwright }) => {
  test.setTimeout(120_000);
  const api = await DispatchApi.signIn(playwright.request, 'dispatcher');
  const [self, locations, cargoTypes] = await Promise.all([api.self(), api.locations(), api.cargoTypes()]);
  const place = (name: string) => locations.find((row) => row.name === name)?.id ?? 0;
  const cargo = cargoTypes.find((row) => row.measuredBy === 'weight');
  if (!cargo) throw new Error('no cargo type measured by weight');
  const week = new PlanningWeek(self.contact.timezone);
  const plan = new DraftsApi(api);
  const created = [];
  for (const [index, to] of ['Ridgeview Finisher 1', 'Colo Nursery'].entries()) {
    const at = week.at(3, 6 + index);
    created.push(
      await plan.createDraft(
        draftBody(cargo.id, [
          { type: 'Origin', locationId: place('Nevada Mill'), at, grams: 9_000_000 },
          { type: 'Destination', locationId: place(to), at: new Date(at.getTime() + 90 * 60_000), grams: 9_000_000 },
        ]),
      ),
    );
  }
  await signIn(page, 'dispatcher');
  const drafts = new DraftsTablePage(page);
  await drafts.open();
  await drafts.expectShown(created.map((draft) => draft.id));
  await drafts.select(...created.map((draft) => draft.id));
  await expectNoSeriousViolations(page, '/drafts with two drafts selected');
  const dialogs: [string, () => Promise<{ root: Locator }>][] = [
    ['publish', () => drafts.openPublish()],
    ['merge', () => drafts.openMerge()],
    ['cascade', () => drafts.openCascade()],
    ['bulk schedule', () => drafts.openBulkSchedule()],
  ];
  for (const [name, open] of dialogs) {
    const dialog = await open();
    await checkDialog(page, dialog.root, `the ${name} dialog`);
  }
  await api.dispose();
});

/** Every administration page as the role that manages it: one h1, no serious violation, and its create form. */
const ADMIN_PAGES = Object.keys(ADMIN_SECTIONS) as AdminSection[];
const PLATFORM_ONLY: readonly AdminSection[] = ['companies', 'permissions'];

for (const username of ['admin', 'platform']) {
  test(`every administration page ${username} manages, and its create form, has an h1 and no serious accessibility violation`, async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const shell = await signIn(page, username);
    for (const section of ADMIN_PAGES.filter((name) => PLATFORM_ONLY.includes(name) === (username === 'platform'))) {
      const screen = `/manage-company/${section}`;
      await shell.openFromNavigation(screen);
      await expect(page.locator('h1'), `${screen} has one h1`).toHaveCount(1);
      await expect(page.locator('[data-testid="skeleton-row"]')).toHaveCount(0);
      await expectNoSeriousViolations(page, screen);
      await expectOneBanner(page, screen);
      const create = page.locator('main [data-testid$="-create"]').first();
      if ((await create.count()) === 0 || !(await create.isEnabled())) continue;
      await create.click();
      await checkDialog(page, page.getByRole('dialog').first(), `the create form of ${screen}`);
    }
  });
}
