import { expect, test } from './fixtures.ts';
import { LoginScreen, Shell, signIn } from './pages/app.ts';

/**
 * What each demo user may see (spec 1 §2, spec 2 §2): exactly these links, no more.
 * Administration sub-pages appear as their page keys.
 */
const EXPECTED_NAVIGATION: Record<string, string[]> = {
  admin: [
    'home',
    'loads',
    'drafts',
    'liveMap',
    'productionPlanning',
    'reports',
    'interactiveReports',
    'maintenance',
    'siteIssues',
    'administration',
    'administration-overview',
    'admin.avoidanceZones',
    'admin.settings',
    'admin.contacts',
    'admin.customers',
    'admin.devices',
    'admin.loadingTeams',
    'admin.locations',
    'admin.notificationConfigs',
    'admin.serviceAccounts',
    'admin.standardRoutes',
    'admin.tractorChecklistTemplates',
    'admin.tractors',
    'admin.trailerChecklistTemplates',
    'admin.trailers',
    'admin.users',
  ],
  dispatcher: ['home', 'loads', 'drafts', 'liveMap', 'productionPlanning', 'reports', 'maintenance', 'siteIssues'],
  carrier: [
    'home',
    'loads',
    'liveMap',
    'administration',
    'administration-overview',
    'admin.devices',
    'admin.tractors',
    'admin.trailers',
    'admin.users',
  ],
  freemium: [
    'home',
    'loads',
    'drafts',
    'administration',
    'administration-overview',
    'admin.settings',
    'admin.contacts',
    'admin.loadingTeams',
    'admin.notificationConfigs',
    'admin.users',
    'admin.devices',
    'admin.tractors',
    'admin.trailers',
  ],
};

test.describe('navigation per role', () => {
  for (const [username, expected] of Object.entries(EXPECTED_NAVIGATION)) {
    test(`${username} sees exactly the pages the spec allows`, async ({ page }) => {
      const shell = await signIn(page, username);
      const entries = await shell.navigationEntries();
      expect([...entries].sort()).toEqual([...expected].sort());
    });
  }

  test('the administration menu is sorted by label', async ({ page }) => {
    await signIn(page, 'admin');
    const shell = new Shell(page);
    await shell.navigationEntries();
    const labels = await page
      .getByTestId('side-navigation')
      .locator('[data-nav^="admin."]')
      .evaluateAll((elements) => elements.map((element) => element.textContent?.trim() ?? ''));
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b)));
  });

  test('platform administrator switches the active company from the header', async ({ page }) => {
    await signIn(page, 'platform');
    const entries = await new Shell(page).navigationEntries();
    expect(entries).toEqual(expect.arrayContaining(['admin.companies', 'admin.permissions', 'mapHelpers']));
    const switcher = page.getByTestId('company-switcher');
    await switcher.click();
    await page.getByRole('option', { name: 'Little Creek Farms' }).click();
    await expect(page.getByTestId('welcome')).toContainText('Little Creek Farms');
    // Freemium company: no summary cards, and the Standard pages show the premium notice.
    await expect(page.getByTestId('weekly-load-summary')).toHaveCount(0);
    await page.goto('/manage-company/locations');
    await expect(page.getByTestId('premium-notice')).toBeVisible();
  });

  test('switching company on /loads stays on /loads with the new company’s loads; a page it may not open goes Home', async ({
    page,
  }) => {
    await signIn(page, 'platform');
    await page.goto('/loads');
    await expect(page.getByTestId('loads-table')).toHaveAttribute('aria-busy', 'false', { timeout: 40_000 });
    await page.getByTestId('company-switcher').click();
    await page.getByRole('option', { name: 'Prairie Feed Co.' }).click();
    await expect(page.getByTestId('company-switcher')).toHaveValue('Prairie Feed Co.');
    // The seeded feed mill has loads every week: they fill the same page.
    await expect(page.getByTestId('load-row').first()).toBeVisible({ timeout: 15_000 });
    await expect(page).toHaveURL(/\/loads(\?|$)/);
    await expect(page.getByTestId('welcome')).toHaveCount(0);
    // Live map is a Standard feature: Freemium Little Creek Farms may not open it, so the switch goes Home.
    await page.goto('/drafts');
    await expect(page.getByTestId('loads-table')).toHaveAttribute('aria-busy', 'false', { timeout: 40_000 });
    await page.getByTestId('company-switcher').click();
    await page.getByRole('option', { name: 'Little Creek Farms' }).click();
    await expect(page.getByTestId('company-switcher')).toHaveValue('Little Creek Farms');
    await expect(page).toHaveURL(/\/drafts(\?|$)/);
    await page.goto('/live-map');
    await page.getByTestId('company-switcher').click();
    await page.getByRole('option', { name: 'Prairie Feed Co.' }).click();
    await expect(page).toHaveURL(/\/live-map(\?|$)/);
    await page.getByTestId('company-switcher').click();
    await page.getByRole('option', { name: 'Little Creek Farms' }).click();
    await expect(page.getByTestId('welcome')).toContainText('Little Creek Farms');
  });

  test("the home page's loads this week follow the company switched to", async ({ page }) => {
    const weeklySummary = () =>
      page.waitForResponse((response) => new URL(response.url()).pathname === '/api/self/loads-summary');
    const platformAnswer = weeklySummary();
    await signIn(page, 'platform');
    const platform = await (await platformAnswer).json();
    const prairieAnswer = weeklySummary();
    await page.getByTestId('company-switcher').click();
    await page.getByRole('option', { name: 'Prairie Feed Co.' }).click();
    await expect(page.getByTestId('welcome')).toContainText('Prairie Feed Co.');
    const prairie = await (await prairieAnswer).json();
    // The platform's own company has no loads; the seeded feed mill has loads every week.
    expect(prairie).not.toEqual(platform);
    await expect(page.getByTestId('summary-completed')).toHaveText(String(prairie.numberOfLoadsCompleted));
    await expect(page.getByTestId('summary-inTransit')).toHaveText(String(prairie.numberOfLoadsInTransit));
    await expect(page.getByTestId('summary-upcoming')).toHaveText(String(prairie.numberOfLoadsUpcoming));
  });
});

test.describe('access gates', () => {
  test('freemium sees the premium notice on a Standard page', async ({ page }) => {
    await signIn(page, 'freemium');
    await expect(page.getByTestId('weekly-load-summary')).toHaveCount(0);
    await page.goto('/manage-company/locations');
    await expect(page.getByText('This is a premium feature! Talk to your administrator to upgrade.')).toBeVisible();
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByTestId('welcome')).toBeVisible();
  });

  test('dispatcher gets the unauthorised page for administration', async ({ page }) => {
    await signIn(page, 'dispatcher');
    await expect(page.getByTestId('summary-completed')).toHaveText(/\d+/);
    await page.goto('/manage-company/users');
    await expect(page.getByTestId('unauthorised')).toBeVisible();
  });

  test('carrier is kept out of drafts', async ({ page }) => {
    await signIn(page, 'carrier');
    await page.goto('/drafts');
    await expect(page.getByTestId('unauthorised')).toBeVisible();
  });

  test('unknown pages show Page Not Found', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await page.goto('/404');
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  });

  test('signed-out visitors are sent to login, and a lost session (401) too', async ({ page, context }) => {
    await page.goto('/loads');
    await expect(page).toHaveURL(/\/login/);
    await new LoginScreen(page).signIn('dispatcher');
    await expect(page).toHaveURL(/\/loads$/);
    await context.clearCookies();
    await page.goto('/');
    // The cached user shows the shell; the summary call answers 401 and sends the user to login.
    await expect(page).toHaveURL(/\/login/);
  });

  test('a failed sign-in is silent and keeps the form', async ({ page }) => {
    const login = new LoginScreen(page);
    await login.open();
    await login.signIn('dispatcher', 'wrong-password');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('logout returns to login and the session is gone', async ({ page }) => {
    await signIn(page, 'admin');
    await page.goto('/logout');
    await expect(page).toHaveURL(/\/login/);
    const answer = await page.request.get('/api/self');
    expect(answer.status()).toBe(401);
  });
});
