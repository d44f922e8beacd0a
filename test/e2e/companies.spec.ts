import { ROLE_IDS } from '#core/domain/access';
import { expect, test } from './fixtures.ts';
import { expectNoSeriousViolations, expectNoSeriousViolationsAbove } from './pages/axe.ts';
import { signIn, signInBeforeOpening } from './pages/app.ts';

/**
 * Company administration (issue 12) as the platform administrator: a new company, switched to, gets
 * a feature and its side menu changes at once; a role permission switched off leaves that role's
 * signed-in users at their next request.
 */

test('a platform administrator creates a company, switches to it and a feature changes its menu', async ({ page }) => {
  const name = `Hilltop Grain ${Date.now()}`;
  await signInBeforeOpening(page, 'platform');
  await page.goto('/manage-company/companies');
  await expect(page.getByTestId('companies-row').first()).toBeVisible();
  await expectNoSeriousViolations(page, 'the companies table');
  await page.getByTestId('companies-create').first().click();
  const form = page.getByRole('dialog', { name: 'New company' });
  await expectNoSeriousViolationsAbove(page, form, 'the company form');
  await form.getByTestId('company-name').fill(name);
  // Spec 2: latitude and longitude are required, so the company's settings page opens valid.
  await expect(form.getByTestId('company-form-save')).toBeDisabled();
  await form.getByTestId('company-form-latitude').fill('95');
  await expect(form.getByText('Invalid latitude: from -90 to 90')).toBeVisible();
  await form.getByTestId('company-form-latitude').fill('42.03');
  await form.getByTestId('company-form-longitude').fill('-93.62');
  await expect(form.getByText(/Invalid l/)).toHaveCount(0);
  await form.getByTestId('company-form-save').click();
  await expect(page.getByText(`${name} created`)).toBeVisible();

  await page.getByTestId('company-switcher').click();
  await page.getByRole('option', { name }).click();
  // The switch keeps the page open, since the new company's administrator may see it too.
  await expect(page.getByTestId('company-switcher')).toHaveValue(name);
  await expect(page).toHaveURL(/\/manage-company\/companies/);
  const navigation = page.getByTestId('side-navigation');
  await expect(navigation.locator('[data-nav="loads"]')).toBeVisible();
  await expect(navigation.locator('[data-nav="drafts"]')).toHaveCount(0);
  await page.goto('/manage-company/settings');
  await expect(page.getByTestId('company-latitude')).toHaveValue('42.03');
  await expect(page.getByTestId('company-longitude')).toHaveValue('-93.62');
  await expect(page.getByText(/Invalid l(at|ong)itude/)).toHaveCount(0);

  await page.goto('/manage-company/companies');
  await page.getByTestId('companies-search').fill(name);
  await page.getByTestId('companies-row').filter({ hasText: name }).getByTestId('companies-edit').click();
  await page.getByTestId('company-features').click();
  const drafts = page.getByTestId('features-dialog').getByRole('switch', { name: /^Drafts/ });
  await expect(drafts).not.toBeChecked();
  await expectNoSeriousViolations(page, 'the features dialog');
  await drafts.click({ force: true });
  await expect(drafts).toBeChecked();
  // The active company's menu follows at once, and the server holds it for the next request.
  await expect(navigation.locator('[data-nav="drafts"]')).toHaveCount(1);
  await expect.poll(async () => (await (await page.request.get('/api/self')).json()).organization.features).toContain('Drafts');
  // Escape closes the dialog on top only; the company form under it stays open, then closes on its own Escape.
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('features-dialog')).toBeHidden();
  const companyForm = page.getByRole('dialog', { name: `Edit ${name}` });
  await expect(companyForm).toBeVisible();
  await companyForm.getByTestId('company-name').focus();
  await page.keyboard.press('Escape');
  await expect(companyForm).toBeHidden();
});

test('a role permission switched off leaves the role’s signed-in users at their next request', async ({ page, browser }) => {
  const dispatcherPage = await (await browser.newContext()).newPage();
  await signIn(dispatcherPage, 'dispatcher');
  const dispatcherPermissions = async () => (await (await dispatcherPage.request.get('/api/self')).json()).permissions;
  expect(await dispatcherPermissions()).toContain('ViewLiveMap');

  await signInBeforeOpening(page, 'platform');
  await page.goto('/manage-company/permissions');
  // Roles read as on the rest of the product, not as their code names.
  await expect(page.getByTestId(`role-${ROLE_IDS.CarrierDispatcher}`)).toContainText('Carrier dispatcher');
  await expect(page.getByText('CarrierDispatcher')).toHaveCount(0);
  const dispatcher = page.getByTestId(`role-${ROLE_IDS.Dispatcher}`);
  await dispatcher.getByRole('button').first().click();
  const liveMap = dispatcher.getByRole('switch', { name: /^ViewLiveMap/ });
  await expect(liveMap).toBeChecked();
  await expectNoSeriousViolations(page, 'the permissions page');
  const locked = dispatcher.getByRole('switch', { name: /^ViewAllCompanies/ });
  await expect(locked).toBeDisabled();

  await liveMap.click({ force: true });
  await expect(page.getByText('Role permission removed')).toBeVisible();
  await expect.poll(dispatcherPermissions).not.toContain('ViewLiveMap');

  // Put it back for the other specs sharing this server.
  await liveMap.click({ force: true });
  await expect(page.getByText('Role permission added')).toBeVisible();
  await expect.poll(dispatcherPermissions).toContain('ViewLiveMap');
});

test('cargo types keep Save disabled with the coverage warning, and a saved carrier link stays enabled', async ({ page }) => {
  await signInBeforeOpening(page, 'platform');
  await page.goto('/manage-company/companies');
  await page.getByTestId('companies-search').fill('Swift Haul');
  await page.getByTestId('companies-row').filter({ hasText: 'Swift Haul Carriers' }).getByTestId('companies-edit').click();
  await page.getByTestId('company-cargo-types').click();
  const cargo = page.getByTestId('cargo-types-dialog');
  const first = cargo.getByRole('checkbox').first();
  await expect(first).toBeChecked();
  await first.click({ force: true });
  // Swift carries for Prairie Feed, which is offered every cargo type.
  await expect(cargo.getByTestId('cargo-coverage-warning')).toContainText('Prairie Feed Co.');
  await expect(cargo.getByTestId('cargo-types-save')).toBeDisabled();
  await expectNoSeriousViolations(page, 'the cargo types dialog');
  await first.click({ force: true });
  await expect(cargo.getByTestId('cargo-coverage-warning')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(cargo).toHaveCount(0);

  await page.keyboard.press('Escape');
  await page.getByTestId('companies-search').fill('Prairie');
  await page.getByTestId('companies-row').filter({ hasText: 'Prairie Feed Co.' }).getByTestId('companies-edit').click();
  await page.getByTestId('company-carriers').click();
  const carriers = page.getByTestId('carriers-dialog');
  await expect(carriers.getByRole('checkbox', { name: 'Swift Haul Carriers enabled' })).toBeChecked();
  await expect(carriers.getByRole('checkbox', { name: 'Swift Haul Carriers enabled' })).toBeDisabled();
  await expect(carriers.getByRole('checkbox', { name: 'Swift Haul Carriers active' })).toBeEnabled();
  await expectNoSeriousViolations(page, 'the carriers dialog');
});

test('a carrier that does not carry the company’s cargo types is refused, naming the missing types', async ({
  page,
  request,
}) => {
  const name = `Bare Haul ${Date.now()}`;
  // A new carrier company, offered no cargo type yet, made before the page reads (and keeps) the company list.
  const signedIn = await request.post('/api/session', { data: { username: 'platform', password: 'Demo-pass1' } });
  expect(signedIn.status()).toBe(200);
  const created = await request.post('/api/organizations', {
    data: {
      name,
      language: 'en-US',
      timezone: 'America/Chicago',
      units: 'Imperial',
      unitsWeight: 'Pound',
      tier: 'Standard',
      isCarrier: true,
      latitude: 41.6,
      longitude: -93.6,
    },
  });
  expect(created.status()).toBe(201);
  const cargoTypes = (await (await request.get(`/api/organizations/${(await created.json()).id}/cargo-config`)).json())
    .cargoTypes as { label: string }[];

  await signInBeforeOpening(page, 'platform');
  await page.goto('/manage-company/companies');
  await page.getByTestId('companies-search').fill('Prairie');
  await page.getByTestId('companies-row').filter({ hasText: 'Prairie Feed Co.' }).getByTestId('companies-edit').click();
  await page.getByTestId('company-carriers').click();
  const carriers = page.getByTestId('carriers-dialog');
  await carriers.getByRole('checkbox', { name: `${name} enabled` }).click({ force: true });
  await carriers.getByTestId('carriers-save').click();
  const refusal = carriers.getByTestId('carrier-coverage-refused');
  await expect(refusal).toContainText('Not saved: a carrier must carry every cargo type of this company');
  await expect(refusal).toContainText(`Carrier ${name} does not carry: `);
  // Prairie Feed is offered every cargo type of the catalogue, each named.
  for (const cargoType of cargoTypes) await expect(refusal).toContainText(cargoType.label);
  await expectNoSeriousViolations(page, 'the refused carriers dialog');
  const companies = (await (await request.get('/api/organizations')).json()) as { id: number; name: string }[];
  const prairie = companies.find((company) => company.name === 'Prairie Feed Co.');
  const links = (await (await request.get(`/api/organizations/${prairie?.id}/carriers`)).json()) as { name: string }[];
  expect(links.map((link) => link.name)).not.toContain(name);
});

test('a company just created on another page of the table is brought into view and marked', async ({ page, request }) => {
  const stamp = Date.now();
  // A page of companies ahead of it by name (after the seeded ones, so other lists keep their order),
  // made before the page reads the company list.
  const signedIn = await request.post('/api/session', { data: { username: 'platform', password: 'Demo-pass1' } });
  expect(signedIn.status()).toBe(200);
  for (let index = 1; index <= 10; index += 1) {
    const filler = await request.post('/api/organizations', {
      data: {
        name: `Zy Filler ${stamp} ${String(index).padStart(2, '0')}`,
        language: 'en-US',
        timezone: 'America/Chicago',
        units: 'Imperial',
        unitsWeight: 'Pound',
        tier: 'Standard',
        isCarrier: false,
        latitude: 41.6,
        longitude: -93.6,
      },
    });
    expect(filler.status()).toBe(201);
  }

  await signInBeforeOpening(page, 'platform');
  await page.goto('/manage-company/companies');
  const rows = page.getByTestId('companies-row');
  await expect(rows).toHaveCount(10);
  const name = `Zz Last Grain ${stamp}`;
  await page.getByTestId('companies-create').first().click();
  const form = page.getByRole('dialog', { name: 'New company' });
  await form.getByTestId('company-name').fill(name);
  await form.getByTestId('company-form-latitude').fill('42.03');
  await form.getByTestId('company-form-longitude').fill('-93.62');
  await form.getByTestId('company-form-save').click();
  await expect(page.getByText(`${name} created`)).toBeVisible();

  // Last by name, it is on the last page: the table turns to it, scrolls to it and marks it.
  const created = rows.filter({ hasText: name });
  await expect(created).toBeInViewport();
  await expect(created).toHaveAttribute('data-just-created', 'true');
  await expect(page.getByTestId('companies-showing')).not.toContainText(/^1–/);
});
