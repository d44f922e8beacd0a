import { expect, test } from './fixtures.ts';
import { signIn } from './pages/app.ts';

test('switching the language to Español translates the shell at once and is kept', async ({ page }) => {
  const shell = await signIn(page, 'dispatcher');
  await shell.openSettings();
  await page.getByTestId('settings-language').click();
  await page.getByRole('option', { name: 'Español (México)' }).click();
  const navigation = page.getByTestId('side-navigation');
  await expect(navigation.getByRole('link', { name: 'Cargas programadas' })).toBeVisible();
  await expect(page.getByTestId('welcome')).toContainText('Bienvenido');
  await page.reload();
  await expect(page.getByTestId('side-navigation').getByRole('link', { name: 'Cargas programadas' })).toBeVisible();
  // The weekly summary's labels are longer in Spanish: none may run past its column into the next.
  const summary = page.getByTestId('weekly-load-summary');
  await expect(summary.getByTestId('summary-completed')).toHaveText(/\d+/);
  const labels = await Promise.all(
    ['Completadas', 'En tránsito', 'Próximas'].map(async (label) => {
      const text = summary.getByText(label, { exact: true });
      const box = await text.boundingBox();
      const overflows = await text.evaluate((element) => element.scrollWidth > element.clientWidth);
      return { label, box, overflows };
    }),
  );
  for (const { label, box, overflows } of labels) {
    expect(box, label).not.toBeNull();
    expect(overflows, `${label} runs past its column`).toBe(false);
  }
  for (const [index, first] of labels.entries()) {
    for (const second of labels.slice(index + 1)) {
      const [a, b] = [first.box, second.box];
      const apart = !a || !b || a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;
      expect(apart, `${first.label} overlaps ${second.label}`).toBe(true);
    }
  }
  // Put it back for the other tests.
  const answer = await page.request.put('/api/self/contact', {
    data: { language: 'en-US', timezone: 'America/Chicago', units: 'Imperial', unitsWeight: 'Pound' },
  });
  expect(answer.ok()).toBe(true);
});

test('column toggles are saved in the preferences', async ({ page }) => {
  const shell = await signIn(page, 'admin');
  await shell.openSettings();
  // Stored sort orders contain ':' (i18next's namespace separator): the label must still be translated.
  await expect(page.getByTestId('settings-drafts-sort')).toHaveValue('First stop time, earliest first');
  const toggle = page.getByRole('switch', { name: 'Tractor' });
  await expect(toggle).toBeChecked();
  await toggle.click({ force: true });
  await expect(toggle).not.toBeChecked();
  await expect.poll(async () => (await (await page.request.get('/api/self')).json()).preferences.showTractor).toBe(false);
});
