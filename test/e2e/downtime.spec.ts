import { expect, test } from './fixtures.ts';
import { signIn } from './pages/app.ts';
import { DispatchApi, LoadsTablePage } from './pages/loads.ts';

/**
 * Downtime where dispatchers choose resources (issue 12): a driver whose downtime covers a load's
 * time is marked in the driver assignment panel, and in the resource scheduling dialog's choices.
 */
test('a driver with a weekly downtime at the load’s time is marked in the assign-driver panel and the scheduling dialog', async ({
  page,
  playwright,
}) => {
  const api = await DispatchApi.signIn(playwright.request, 'admin');
  const self = await api.self();
  const load = await api.newOpenLoad('PF-DOWNTIME');
  const driver = (await api.drivers())
    .filter((row) => row.organizationId === self.activeOrganizationId && row.enabled)
    .sort((a, b) => a.name.localeCompare(b.name))
    .at(-1);
  if (!driver) throw new Error('no driver to take down');
  // Weekly, every day from midnight for 23 h 59 min, starting the week before: it covers the load
  // wherever its stops fall.
  const weekBefore = new Date(Date.parse(load.date) - 7 * 86_400_000).toISOString().slice(0, 10);
  const created = await api.context.post(`/api/organizations/${self.activeOrganizationId}/drivers/${driver.id}/downtime`, {
    data: {
      description: 'Road test',
      startDate: weekBefore,
      startTime: '00:00',
      durationMinutes: 24 * 60 - 1,
      recurrenceDaysOfWeek: '1111111',
    },
  });
  expect(created.status(), 'downtime created').toBe(201);

  await signIn(page, 'admin');
  const loads = new LoadsTablePage(page);
  await loads.open();
  await loads.select(load.id);
  await loads.runAction('assignDriver');
  const panel = page.getByTestId('assign-driver-panel');
  await panel.getByTestId('assign-driver-search').fill(driver.name);
  const row = panel.locator(`[data-testid="assign-driver-row"][data-driver-id="${driver.id}"]`);
  const down = panel.locator('[data-conflict-kind="downtime"]');
  await expect(row.locator('[data-conflict-kind="downtime"]')).toHaveText(
    `Driver ${driver.name} is down at this time: Road test`,
  );
  // Nothing else is marked down.
  await expect(down).toHaveCount(1);
  await page.keyboard.press('Escape');

  await loads.row(load.id).getByTestId('resource-scheduling-button').click();
  const dialog = page.getByTestId('resource-scheduling-dialog');
  await dialog.getByTestId('scheduling-driver').click();
  await expect(page.getByRole('option', { name: `${driver.name} (down: Road test)` })).toBeVisible();
  await page.getByRole('option', { name: `${driver.name} (down: Road test)` }).click();
  await expect(dialog.getByTestId('scheduling-conflicts')).toContainText(`Driver ${driver.name} is down at this time: Road test`);
  await api.dispose();
});
