import { randomUUID } from 'node:crypto';
import type { DatabaseHandle } from '#server/db/database';
import { insertUserWithoutPassword } from '#test/server/new-user';
import { seededOrganizationIds } from '#test/server/seeded';
import { expect, test } from './fixtures.ts';
import { expectNoSeriousViolations } from './pages/axe.ts';
import { LoginScreen, Shell } from './pages/app.ts';
import { connectServerDatabase, linkMailedTo, mailActivation, NewPasswordScreen } from './pages/onboarding.ts';

let database: DatabaseHandle;
test.beforeAll(async () => {
  database = await connectServerDatabase();
});
test.afterAll(() => database.close());

/** A new Prairie Feed dispatcher with an email and no password yet, as the admin user form will create one. */
async function newDispatcher() {
  const username = `new.${randomUUID().slice(0, 8)}`;
  const email = `${username}@example.com`;
  const organizationId = (await seededOrganizationIds(database.db))('Prairie Feed Co.');
  const id = await insertUserWithoutPassword(database.db, { organizationId, username, email, role: 'Dispatcher' });
  return { id, username, email };
}

test('a new user activates the account from the mailed link and signs in', async ({ page, baseURL }) => {
  const user = await newDispatcher();
  await mailActivation(database, user.id, baseURL as string);
  const link = await linkMailedTo(user.email);
  expect(new URL(link).pathname).toMatch(/^\/activate-account\/[0-9a-f-]{36}$/);

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Activate your account' })).toBeVisible();
  const activate = page.getByRole('button', { name: 'Activate account' });
  await page.getByLabel(/^Password/).fill('short1A');
  await expect(activate).toBeDisabled();
  await expectNoSeriousViolations(page, 'the activation screen');
  await new NewPasswordScreen(page).choose('Welcome-aboard7', 'Activate account');

  await expect(page).toHaveURL(/\/login\?notice=userActivated/);
  await expect(page.getByText('Your account is activated.')).toBeVisible();
  await new LoginScreen(page).signIn(user.username, 'Welcome-aboard7');
  await new Shell(page).expectSignedIn();

  // The link worked once: opened again, it leads to sign-in with the warning.
  await page.context().clearCookies();
  await page.goto(link);
  await expect(page).toHaveURL(/\/login\?notice=linkExpired/);
  await expect(page.getByRole('alert')).toContainText('This link has expired or was already used.');
});

test('a user who forgot the password gets a reset link by mail, sets a new password and signs in', async ({ page }) => {
  const user = await newDispatcher();
  const login = new LoginScreen(page);
  await login.open();
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expectNoSeriousViolations(page, 'the forgotten password screen');
  await page.getByLabel(/^Email/).fill(user.email.toUpperCase());
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page).toHaveURL(/\/login\?notice=passwordEmailSent/);
  await expect(page.getByText('If an account uses that address, a password email is on its way.')).toBeVisible();

  const link = await linkMailedTo(user.email);
  expect(new URL(link).pathname).toMatch(/^\/reset-password\/[0-9a-f-]{36}$/);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
  await new NewPasswordScreen(page).choose('Remembered-it8', 'Save password');

  await expect(page).toHaveURL(/\/login\?notice=passwordChanged/);
  await expect(page.getByText('Your password is changed.')).toBeVisible();
  await login.signIn(user.username, 'Remembered-it8');
  await new Shell(page).expectSignedIn();
});
