import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { goOffline, signIn } from './pages/app.ts';

/**
 * Devices (spec 2 "Smart device") as the company's administrator: a smart-trailer device is created,
 * edited, named by a trailer in the trailer form and disabled; its delete is refused while the
 * trailer names it, in the user's words, and goes through once the trailer no longer does.
 */

async function openAdminPage(page: Page, table: string) {
  await page.goto(`/manage-company/${table}`);
  await expect(page.getByTestId(`${table}-create`).first()).toBeEnabled();
}

async function editRow(page: Page, table: string, name: string) {
  await page.getByTestId(`${table}-search`).fill(name);
  await page
    .getByTestId(`${table}-row`)
    .filter({ hasText: name })
    .getByRole('button', { name: `Edit ${name}` })
    .click();
}

test('a smart-trailer device is created, edited, linked to a trailer and disabled, and deleted only once no trailer names it', async ({
  page,
}) => {
  // Two pages and five forms: longer than one page's walk.
  test.setTimeout(120_000);
  const suffix = randomUUID().slice(0, 8);
  const deviceName = `E2E device ${suffix}`;
  const trailerName = `E2E smart trailer ${suffix}`;
  await signIn(page, 'admin');

  await openAdminPage(page, 'devices');
  await page.getByTestId('devices-create').first().click();
  const deviceForm = page.getByTestId('device-form');
  await expect(deviceForm.getByTestId('device-form-save')).toBeDisabled();
  await deviceForm.getByTestId('device-name').fill(deviceName);
  await deviceForm.getByTestId('device-identifier').fill(`serial-${suffix}`);
  await deviceForm.getByTestId('device-kind').click();
  await page.getByRole('option', { name: 'Smart trailer' }).click();
  // A trailer's device belongs to no driver.
  await expect(deviceForm.getByTestId('device-driver')).toHaveCount(0);
  await deviceForm.getByTestId('device-form-save').click();
  await expect(page.getByText(`${deviceName} created`)).toBeVisible();
  const deviceRow = page.getByTestId('devices-row').filter({ hasText: deviceName });
  await expect(deviceRow).toContainText(`serial-${suffix}`);
  await expect(deviceRow).toContainText('Smart trailer');

  await editRow(page, 'devices', deviceName);
  await deviceForm.getByTestId('device-identifier').fill(`serial-${suffix}-b`);
  await deviceForm.getByTestId('device-form-save').click();
  await expect(page.getByText(`${deviceName} updated`)).toBeVisible();
  await expect(deviceRow).toContainText(`serial-${suffix}-b`);

  // A trailer names the device through the trailer form's device select.
  await openAdminPage(page, 'trailers');
  await page.getByTestId('trailers-create').first().click();
  const trailerForm = page.getByTestId('trailer-form');
  await trailerForm.getByTestId('trailer-name').fill(trailerName);
  await trailerForm.getByTestId('trailer-max-cargo-weight').fill('40000');
  await trailerForm.getByTestId('trailer-device').click();
  await page.getByRole('option', { name: `${deviceName} (serial-${suffix}-b)` }).click();
  await trailerForm.getByTestId('trailer-form-save').click();
  await expect(page.getByText(`${trailerName} created`)).toBeVisible();

  // Disabled, it stays named by the trailer.
  await openAdminPage(page, 'devices');
  await editRow(page, 'devices', deviceName);
  await deviceForm.getByRole('switch', { name: 'Enabled' }).uncheck();
  await deviceForm.getByTestId('device-form-save').click();
  await expect(page.getByText(`${deviceName} updated`)).toBeVisible();
  await expect(deviceRow).toContainText('No');

  await deviceRow.getByRole('button', { name: `Delete ${deviceName}` }).click();
  const confirmation = page.getByRole('dialog', { name: `Delete ${deviceName}?` });
  await confirmation.getByTestId('delete-confirm').click();
  await expect(confirmation.getByTestId('delete-error')).toContainText(
    `${deviceName} cannot be deleted; it is still used by trailer: 1.`,
  );
  await confirmation.getByRole('button', { name: 'Cancel' }).click();

  // The trailer no longer names it: the delete goes through.
  await openAdminPage(page, 'trailers');
  await editRow(page, 'trailers', trailerName);
  await expect(trailerForm.getByTestId('trailer-device')).toHaveValue(`${deviceName} (serial-${suffix}-b)`);
  await trailerForm.getByRole('button', { name: 'Remove the device' }).click();
  await expect(trailerForm.getByTestId('trailer-device')).toHaveValue('');
  await trailerForm.getByTestId('trailer-form-save').click();
  await expect(page.getByText(`${trailerName} updated`)).toBeVisible();

  await openAdminPage(page, 'devices');
  await page.getByTestId('devices-search').fill(deviceName);
  await deviceRow.getByRole('button', { name: `Delete ${deviceName}` }).click();
  await confirmation.getByTestId('delete-confirm').click();
  await expect(page.getByText(`${deviceName} deleted`)).toBeVisible();
  await expect(page.getByTestId('devices-no-records')).toBeVisible();
});

test('a position a gateway posts shows in the device’s row at once, and still after an offline reload', async ({ page }) => {
  const suffix = randomUUID().slice(0, 8);
  const deviceName = `E2E tracked ${suffix}`;
  await signIn(page, 'admin');
  const self = (await (await page.request.get('/api/self')).json()) as {
    activeOrganizationId: number;
    contact: { timezone: string };
  };
  const organization = `/api/organizations/${self.activeOrganizationId}`;
  const created = await page.request.post(`${organization}/devices`, {
    data: { clientId: `tracked-${suffix}`, name: deviceName, kind: 'trailer' },
  });
  expect(created.status()).toBe(201);
  const gateway = await page.request.post(`${organization}/service-users`, {
    data: { name: `E2E gateway ${suffix}`, scopes: ['positions:write'] },
  });
  expect(gateway.status(), await gateway.text()).toBe(201);
  const { secret } = (await gateway.json()) as { secret: string };

  await openAdminPage(page, 'devices');
  await page.getByTestId('devices-search').fill(deviceName);
  const row = page.getByTestId('devices-row').filter({ hasText: deviceName });
  await expect(row).toContainText('No position yet');

  const timestamp = new Date(Date.now() - 60_000);
  const posted = await page.request.post('/api/devices/positions', {
    headers: { authorization: `Bearer ${secret}` },
    data: [
      { clientId: `tracked-${suffix}`, latitude: 42.03, longitude: -93.62, accuracy: 5, timestamp: timestamp.toISOString() },
    ],
  });
  expect(posted.status()).toBe(200);
  const shown = new Intl.DateTimeFormat('en-US', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: self.contact.timezone,
  }).format(timestamp);
  // Pushed by the socket: no reload, no pull.
  await expect(row).toContainText(shown);

  await goOffline(page);
  await page.reload();
  await page.getByTestId('devices-search').fill(deviceName);
  await expect(row).toContainText(shown);
});
