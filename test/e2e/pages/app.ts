import { expect, type Page, type Route } from '@playwright/test';

export const DEMO_PASSWORD = 'Demo-pass1';

/** The login screen. */
export class LoginScreen {
  constructor(private readonly page: Page) {}

  async open() {
    await this.page.goto('/login');
    await expect(this.page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  }

  async signIn(username: string, password = DEMO_PASSWORD) {
    await this.page.getByLabel('Username').fill(username);
    await this.page.getByLabel('Password', { exact: true }).fill(password);
    await this.page.getByRole('button', { name: 'Sign in' }).click();
  }
}

/** The signed-in shell: header, side navigation, settings popover. */
export class Shell {
  constructor(private readonly page: Page) {}

  get welcome() {
    return this.page.getByTestId('welcome');
  }

  async expectSignedIn() {
    await expect(this.welcome).toBeVisible();
  }

  /** Below 1408 px the navigation is a rail of icons: its toggle shows the labels (kept on this device). */
  async expandNavigation() {
    const navigation = this.page.getByTestId('side-navigation');
    await expect(navigation).toBeVisible();
    if ((await navigation.getAttribute('data-rail')) !== null) {
      await navigation.getByTestId('navigation-rail-toggle').click();
      await expect(navigation).not.toHaveAttribute('data-rail');
    }
  }

  /** data-nav of every link in the side navigation, labels shown and administration menu expanded. */
  async navigationEntries(): Promise<string[]> {
    await this.expandNavigation();
    const navigation = this.page.getByTestId('side-navigation');
    const administration = navigation.locator('[data-nav=administration]');
    if ((await administration.count()) > 0 && (await administration.getAttribute('aria-expanded')) !== 'true') {
      await administration.click();
    }
    return navigation
      .locator('[data-nav]')
      .evaluateAll((elements) => elements.map((element) => element.getAttribute('data-nav') ?? ''));
  }

  /**
   * Opens a screen from the side navigation, as a user does: the app stays loaded, where `page.goto`
   * would start it again (its code, the local database, the first render).
   */
  async openFromNavigation(path: string) {
    // Below the navigation's breakpoint it is a drawer behind the header's toggle.
    const toggle = this.page.getByRole('button', { name: 'Show or hide navigation' });
    if ((await toggle.isVisible()) && (await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    await this.expandNavigation();
    const navigation = this.page.getByTestId('side-navigation');
    const link = navigation.locator(`a[href="${path}"]`);
    if (!(await link.isVisible())) await navigation.locator('[data-nav=administration]').click();
    await link.click();
    await expect(this.page).toHaveURL(path);
  }

  async openSettings() {
    await this.page.getByTestId('settings-button').click();
    await expect(this.page.getByTestId('settings-popover')).toBeVisible();
  }
}

/**
 * Signs `username` in. A fresh page signs in through the API with its own cookies and opens the home
 * page: one app start instead of two (the login screen, then home), for tests whose subject is not
 * the login form (navigation.spec.ts and onboarding.spec.ts sign in through it). A page used before
 * goes through the form, which replaces the earlier user's saved state (a reload would restore it).
 */
export async function signIn(page: Page, username: string) {
  if (page.url() === 'about:blank') {
    const answer = await page.request.post('/api/session', { data: { username, password: DEMO_PASSWORD } });
    expect(answer.ok(), `sign-in of ${username}`).toBe(true);
    await page.goto('/');
  } else {
    const login = new LoginScreen(page);
    await login.open();
    await login.signIn(username);
  }
  const shell = new Shell(page);
  await shell.expectSignedIn();
  return shell;
}

/**
 * Signs `username` in through the API for a fresh page without opening the app: the test's first
 * `goto` (or page object's `open`) then starts the app on its own screen, whose content proves the
 * session, where `signIn` would start it twice (home, then that screen).
 */
export async function signInBeforeOpening(page: Page, username: string) {
  expect(page.url(), 'a fresh page (signIn replaces an earlier user through the form)').toBe('about:blank');
  const answer = await page.request.post('/api/session', { data: { username, password: DEMO_PASSWORD } });
  expect(answer.ok(), `sign-in of ${username}`).toBe(true);
}

/**
 * Takes the page's browser context offline once the service worker controls the page (else code
 * loaded later could not come from its cache). Chromium's offline emulation lets a request through
 * now and then right after a reload (OFFLINE-NOTES "Testing offline"), so the API is refused by
 * route as well. Answers the way back online.
 */
export async function goOffline(page: Page): Promise<() => Promise<void>> {
  const context = page.context();
  expect(
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()) !== undefined),
    "a service worker: the spec needs test.use({ serviceWorkers: 'allow' })",
  ).toBe(true);
  await page.evaluate(async () => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  const refuse = (route: Route) => route.abort('internetdisconnected');
  await context.route('**/api/**', refuse);
  await context.setOffline(true);
  await expect(page.getByTestId('connection-state')).toHaveText('Offline', { timeout: 15_000 });
  return async () => {
    await context.unroute('**/api/**', refuse);
    await context.setOffline(false);
  };
}
