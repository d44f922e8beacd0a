import { randomUUID } from 'node:crypto';
import { expect, test } from './fixtures.ts';
import { AdminTable } from './pages/admin-table.ts';
import { goOffline, signIn } from './pages/app.ts';

// Offline reloads are served by the service worker (the suite blocks it elsewhere: playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

/**
 * Devices (spec 2 "Smart device") as the company's administrator: a smart-trailer device is created,
 * edited, named by a trailer in the trailer form and disabled; its delete is refused while the
 * trailer names it, in the user's words, and goes through once the trailer no longer does.
 */

test('a smart-trailer device is created, edited, linked to a trailer and disabled, and deleted only once no trailer names it', async ({
  page,
}) => {
  // Two pages and five forms: longer than one page's walk.
  test.setTimeout(120_000);
  const suffix = randomUUID().slice(0, 8);
  const deviceName = `E2E device ${suffix}`;
  const trailerName = `E2E smart trailer ${suffix}`;
  await signIn(page, 'admin');

  const devices = new AdminTable(page, 'devices', 'device-form');
  const trailers = new AdminTable(page, 'trailers', 'trailer-form');
  await devices.open();
  await devices.startCreate();
  const deviceForm = devices.form;
  await expect(devices.saveButton).toBeDisabled();
  await deviceForm.getByTestId('device-name').fill(deviceName);
  await deviceForm.getByTestId('device-identifier').fill(`serial-${suffix}`);
  await deviceForm.getByTestId('device-kind').click();
  await page.getByRole('option', { name: 'Smart trailer' }).click();
  // A trailer's device belongs to no driver.
  await expect(deviceForm.getByTestId('device-driver')).toHaveCount(0);
  await devices.save(`${deviceName} created`);
  const deviceRow = devices.row(deviceName);
  await expect(deviceRow).toContainText(`serial-${suffix}`);
  await expect(deviceRow).toContainText('Smart trailer');

  await devices.edit(deviceName);
  await deviceForm.getByTestId('device-identifier').fill(`serial-${suffix}-b`);
  await devices.save(`${deviceName} updated`);
  await expect(deviceRow).toContainText(`serial-${suffix}-b`);

  // A trailer names the device through the trailer form's device select.
  await trailers.open();
  await trailers.startCreate();
  const trailerForm = trailers.form;
  await trailerForm.getByTestId('trailer-name').fill(trailerName);
  await trailerForm.getByTestId('trailer-max-cargo-weight').fill('40000');
  await trailerForm.getByTestId('trailer-device').click();
  await page.getByRole('option', { name: `${deviceName} (serial-${suffix}-b)` }).click();
  await trailers.save(`${trailerName} created`);

  // Disabled, it stays named by the trailer.
  await devices.open();
  await devices.edit(deviceName);
  await deviceForm.getByRole('switch', { name: 'Enabled' }).uncheck();
  await devices.save(`${deviceName} updated`);
  await expect(deviceRow).toContainText('No');
  await expect(deviceRow).toContainText(trailerName);

  const confirmation = await devices.confirmDelete(deviceName);
  await expect(confirmation.getByTestId('delete-error')).toContainText(
    `${deviceName} cannot be deleted; it is still used by trailer: 1.`,
  );
  await confirmation.getByRole('button', { name: 'Cancel' }).click();

  // The trailer no longer names it: the delete goes through.
  await trailers.open();
  await trailers.edit(trailerName);
  await expect(trailerForm.getByTestId('trailer-device')).toHaveValue(`${deviceName} (serial-${suffix}-b)`);
  await trailerForm.getByRole('button', { name: 'Remove the device' }).click();
  await expect(trailerForm.getByTestId('trailer-device')).toHaveValue('');
  await trailers.save(`${trailerName} updated`);

  await devices.open();
  await devices.confirmDelete(deviceName);
  await expect(page.getByText(`${deviceName} deleted`)).toBeVisible();
  await expect(deviceRow).toHaveCount(0);
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

  const devices = new AdminTable(page, 'devices', 'device-form');
  await devices.open();
  const row = await devices.search(deviceName);
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
  await devices.search(deviceName);
  await expect(row).toContainText(shown);
});
