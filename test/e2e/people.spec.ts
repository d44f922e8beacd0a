import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { expectNoSeriousViolations } from './pages/axe.ts';
import { LoginScreen, Shell, signIn, signInBeforeOpening } from './pages/app.ts';
import { DispatchApi, LoadsTablePage, ownCarried, takeLoad } from './pages/loads.ts';
import { linkMailedTo, NewPasswordScreen } from './pages/onboarding.ts';

/**
 * The people pages (issue 12) as the company's administrator: a driver user created with an email
 * activates from the mailed link and signs in, gets a default tractor that the assign-driver panel
 * then fills in; a contact's phone is refused and normalised; a notification preference is saved.
 */

async function expectNoHorizontalScroll(page: Page, screen: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${screen} scrolls sideways by ${overflow}px`).toBeLessThanOrEqual(0);
}

test('a driver user created with an email activates, signs in, and the default tractor given later fills the assign-driver panel', async ({
  page,
  playwright,
}) => {
  const suffix = randomUUID().slice(0, 8);
  const username = `driver.${suffix}`;
  const email = `${username}@example.com`;
  const api = await DispatchApi.signIn(playwright.request, 'admin');
  const self = await api.self();

  await signInBeforeOpening(page, 'admin');
  await page.goto('/manage-company/users');
  await expect(page.getByTestId('users-row').first()).toBeVisible();
  await expectNoSeriousViolations(page, 'the users page');

  await page.getByTestId('users-create').first().click();
  const form = page.getByTestId('user-form');
  await form.getByLabel('Username').fill(username);
  await form.getByLabel('First name').fill('Nora');
  await form.getByLabel('Last name').fill(`Test ${suffix}`);
  await form.getByTestId('user-role-Driver').check();
  // The driver role excludes both management roles.
  await expect(form.getByTestId('user-role-Manager')).toBeDisabled();
  await expect(form.getByTestId('user-role-SiteManager')).toBeDisabled();
  await form.getByTestId('user-contact-email').fill(email);
  await expect(form.getByTestId('user-activation-notice')).toContainText(email);
  await expectNoSeriousViolations(page, 'the user form');
  // Save waits for the username check (2000 ms after the last keystroke).
  const save = form.getByTestId('user-form-save');
  await expect(save).toBeEnabled();
  await save.click();
  await expect(form).toBeHidden();
  await page.getByTestId('users-search').fill(username);
  const created = page.getByTestId('users-row').filter({ hasText: username });
  await expect(created).toBeVisible();
  // The roles and enabled cells carry their translated labels.
  await expect(created.getByRole('cell', { name: 'Driver', exact: true })).toBeVisible();
  await expect(created.getByRole('cell', { name: 'Yes', exact: true })).toBeVisible();

  // The username is now taken: a second user with it cannot be saved.
  await page.getByTestId('users-create').first().click();
  await form.getByLabel('Username').fill(username.toUpperCase());
  await expect(form.getByText('Username taken')).toBeVisible();
  await expect(save).toBeDisabled();
  await form.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Discard', exact: true }).click();

  // The new driver activates from the mailed link and signs in.
  const link = await linkMailedTo(email);
  await page.context().clearCookies();
  await page.goto(link);
  await new NewPasswordScreen(page).choose('Welcome-aboard7', 'Activate account');
  await expect(page).toHaveURL(/\/login\?notice=userActivated/);
  await new LoginScreen(page).signIn(username, 'Welcome-aboard7');
  await expect(page.getByTestId('header-user-name')).toHaveText(`Nora Test ${suffix}`);

  // As the administrator again: the driver gets a default tractor.
  await page.context().clearCookies();
  await signIn(page, 'admin');
  const tractors = await (await api.context.get('/api/tractors')).json();
  const tractor = (tractors as { id: number; organizationId: number; enabled: boolean; userDisplayName: string }[]).find(
    (row) => row.organizationId === self.activeOrganizationId && row.enabled,
  );
  if (!tractor) throw new Error('no tractor to make the default');
  await page.goto('/manage-company/users');
  await page.getByTestId('users-search').fill(username);
  await page.getByTestId('users-row').filter({ hasText: username }).getByTestId('users-edit').click();
  await form.getByTestId('user-default-tractor').click();
  await page.getByRole('option', { name: tractor.userDisplayName, exact: true }).click();
  await form.getByTestId('user-form-save').click();
  await expect(form).toBeHidden();

  const driver = (await api.drivers()).find((row) => row.name === `Nora Test ${suffix}`);
  if (!driver) throw new Error('the new driver is not listed');
  const load = takeLoad(
    await api.weekLoads(),
    (row) => row.status === 'Open' && ownCarried(row) && row.tractorId !== tractor.id,
    'default tractor',
  );
  const loads = new LoadsTablePage(page);
  await loads.open();
  await loads.select(load.id);
  await loads.runAction('assignDriver');
  const panel = page.getByTestId('assign-driver-panel');
  await panel.getByTestId('assign-driver-search').fill(driver.name);
  const row = panel.locator(`[data-testid="assign-driver-row"][data-driver-id="${driver.id}"]`);
  await expect(row).toContainText(`Tractor: ${tractor.userDisplayName}`);
  await row.getByTestId('assign-driver-button').click();
  await row.getByTestId('assign-driver-button-yes').click();
  await expect.poll(async () => (await api.load(load.id))?.tractorId).toBe(tractor.id);
  await api.dispose();
});

test('a contact’s phone is refused when invalid and stored normalised, and its notification preference is saved', async ({
  page,
  playwright,
}) => {
  const api = await DispatchApi.signIn(playwright.request, 'admin');
  const self = await api.self();
  const name = `Dock office ${randomUUID().slice(0, 8)}`;
  const created = await api.context.post(`/api/organizations/${self.activeOrganizationId}/contacts`, { data: { name } });
  expect(created.status(), 'contact created').toBe(201);

  await signInBeforeOpening(page, 'admin');
  await page.goto('/manage-company/contacts');
  await page.getByTestId('contacts-search').fill(name);
  const row = page.getByTestId('contacts-row').filter({ hasText: name });
  // Nothing reaches a contact without a preference: its row is red.
  await expect(row).toHaveAttribute('data-warning', 'true');

  await row.getByTestId('contacts-edit').click();
  const form = page.getByTestId('contact-form');
  const phone = form.getByTestId('contact-phone');
  await phone.fill('12345');
  await phone.blur();
  await expect(form.getByText('Invalid phone number')).toBeVisible();
  await expect(form.getByTestId('contact-form-save')).toBeDisabled();
  await phone.fill('(515) 555-0111');
  await phone.blur();
  await expect(phone).toHaveValue('+15155550111');
  await form.getByTestId('contact-form-save').click();
  await expect(form).toBeHidden();
  await expect(row).toContainText('+15155550111');

  await row.getByTestId('contacts-contact-preferences').click();
  const dialog = page.getByTestId('contact-preferences');
  await expect(dialog.getByTestId('preference-stopEta-Text')).toBeVisible();
  await expectNoSeriousViolations(page, 'the contact preferences dialog');
  await dialog.getByTestId('preference-stopEta-Text').check();
  await dialog.getByTestId('contact-preferences-save').click();
  await expect(dialog).toBeHidden();
  await expect(row).not.toHaveAttribute('data-warning');
  await row.getByTestId('contacts-contact-preferences').click();
  await expect(dialog.getByTestId('preference-stopEta-Text')).toBeChecked();
  await expect(dialog.getByTestId('preference-stopEta-Email')).not.toBeChecked();
  await api.dispose();
});

test('a new contact starts empty, not with the company name, and cannot be created without a name', async ({ page }) => {
  await signInBeforeOpening(page, 'admin');
  await page.goto('/manage-company/contacts');
  await page.getByTestId('contacts-create').first().click();
  const form = page.getByTestId('contact-form');
  await expect(form.getByTestId('contact-name')).toHaveValue('');
  await expect(form.getByTestId('contact-email')).toHaveValue('');
  await expect(form.getByTestId('contact-form-save')).toBeDisabled();
  await form.getByTestId('contact-name').fill('Night dock');
  await expect(form.getByTestId('contact-form-save')).toBeEnabled();
});

test('a dispatcher keeps his own notification preferences and removed drivers from the settings popover', async ({ page }) => {
  await signIn(page, 'dispatcher');
  const shell = new Shell(page);
  await shell.openSettings();
  const popover = page.getByTestId('settings-popover');
  await popover.getByTestId('settings-notification-preferences').click();
  const dialog = page.getByTestId('contact-preferences');
  const choice = dialog.getByTestId('preference-stopDeliveredToDestination-Email');
  const wasChecked = await choice.isChecked();
  await choice.setChecked(!wasChecked);
  await dialog.getByTestId('contact-preferences-save').click();
  await expect(dialog).toBeHidden();

  await page.reload();
  await shell.openSettings();
  await popover.getByTestId('settings-notification-preferences').click();
  await expect(choice).toBeChecked({ checked: !wasChecked });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await page.reload();
  await shell.openSettings();
  const removedDrivers = popover.getByTestId('settings-removed-drivers');
  await removedDrivers.click();
  const firstDriver = popover.getByRole('option').first();
  const driverName = (await firstDriver.textContent()) ?? '';
  await firstDriver.click();
  await page.reload();
  await shell.openSettings();
  await expect(popover.getByTestId('settings-resource-preferences')).toContainText(driverName);
});

test('offline, the user form says the username and the password email wait for a connection', async ({ page, playwright }) => {
  const api = await DispatchApi.signIn(playwright.request, 'admin');
  const self = await api.self();
  const username = `offline.${randomUUID().slice(0, 8)}`;
  const created = await api.context.post(`/api/organizations/${self.activeOrganizationId}/users`, {
    data: {
      username,
      roleIds: [2],
      contact: {
        name: username,
        contactNotificationMethods: [{ notificationType: 'Email', destination: `${username}@example.com` }],
      },
    },
  });
  expect(created.status(), 'user created').toBe(201);

  await signInBeforeOpening(page, 'admin');
  await page.goto('/manage-company/users');
  await page.getByTestId('users-search').fill(username);
  await page.getByTestId('users-row').filter({ hasText: username }).getByTestId('users-edit').click();
  const form = page.getByTestId('user-form');
  await page.context().setOffline(true);
  await form.getByLabel('Username').fill(`${username}.renamed`);
  await expect(form.getByText('The username is checked once a connection is back.')).toBeVisible();
  const passwordEmail = form.getByTestId('user-password-email');
  await expect(passwordEmail).toHaveAttribute('aria-disabled', 'true');
  await passwordEmail.hover();
  await expect(page.getByRole('tooltip')).toContainText('connection');
  await page.context().setOffline(false);
  await api.dispose();
});

test('a loading team is created with a member and lists its members', async ({ page }) => {
  const name = `Night crew ${randomUUID().slice(0, 8)}`;
  await signInBeforeOpening(page, 'admin');
  await page.goto('/manage-company/loading-teams');
  await page.getByTestId('loadingTeams-create').first().click();
  const form = page.getByTestId('loading-team-form');
  await form.getByTestId('loading-team-name').fill(name);
  await form.getByTestId('loading-team-email').fill('not an address');
  await expect(form.getByText('Enter a valid email address')).toBeVisible();
  await expect(form.getByTestId('loading-team-form-save')).toBeDisabled();
  await form.getByTestId('loading-team-email').fill('night@example.com');
  await form.getByTestId('loading-team-members').click();
  const member = page.getByRole('option').first();
  const memberName = (await member.textContent()) ?? '';
  await member.click();
  // The multi-select stays open for more members: leaving it closes it.
  await form.getByTestId('loading-team-name').click();
  await form.getByTestId('loading-team-form-save').click();
  await expect(form).toBeHidden();
  await page.getByTestId('loadingTeams-search').fill(name);
  await expect(page.getByTestId('loadingTeams-row').filter({ hasText: name })).toContainText(memberName);
});

test('the administrator cannot delete his own user, and is told so in his language', async ({ page }) => {
  await signInBeforeOpening(page, 'admin');
  await page.goto('/manage-company/users');
  await page.getByTestId('users-search').fill('admin');
  const own = page.getByTestId('users-row').filter({ has: page.getByRole('cell', { name: 'admin', exact: true }) });
  await own.getByTestId('users-delete').click();
  await page.getByTestId('delete-confirm').click();
  await expect(page.getByTestId('delete-error')).toHaveText('You cannot delete your own user.');
});

test.describe('at 768 px', () => {
  test.use({ viewport: { width: 768, height: 1024 }, hasTouch: true });

  test('the people pages and the user form do not scroll sideways', async ({ page }) => {
    await signIn(page, 'admin');
    for (const [path, table] of [
      ['users', 'users'],
      ['contacts', 'contacts'],
      ['loading-teams', 'loadingTeams'],
    ]) {
      await page.goto(`/manage-company/${path}`);
      await expect(page.getByTestId(`${table}-page`)).toBeVisible();
      await expect(page.getByTestId(`${table}-table`)).toHaveAttribute('aria-busy', 'false');
      await expectNoHorizontalScroll(page, `/manage-company/${path}`);
    }
    await page.goto('/manage-company/users');
    await page.getByTestId('users-create').first().click();
    await page.getByTestId('user-role-Driver').check();
    await expectNoHorizontalScroll(page, 'the user form');
  });
});
