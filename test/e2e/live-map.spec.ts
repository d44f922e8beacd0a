import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { goOffline, signIn } from './pages/app.ts';

// Offline reloads are served by the service worker (the suite blocks it elsewhere: playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

/**
 * The live map (spec 1 §2): positions a gateway posts move the device's marker — its card, which
 * reads the same pushed positions, shows the marker's coordinates — within 2 s, without a reload;
 * selecting the card opens the load panel; an offline reload still shows the last positions.
 */

async function registerTrackedDevice(page: Page, suffix: string, kind: 'trailer' | 'phone' = 'trailer') {
  const self = (await (await page.request.get('/api/self')).json()) as { activeOrganizationId: number };
  const organization = `/api/organizations/${self.activeOrganizationId}`;
  const drivers = (await (await page.request.get('/api/drivers')).json()) as { id: number; name: string; enabled: boolean }[];
  const driver = drivers.find((candidate) => candidate.enabled)!;
  const created = await page.request.post(`${organization}/devices`, {
    data: {
      clientId: `live-${suffix}`,
      name: `E2E live ${suffix}`,
      kind,
      driverUserId: kind === 'phone' ? driver.id : null,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const gateway = await page.request.post(`${organization}/service-users`, {
    data: { name: `E2E live gateway ${suffix}`, scopes: ['positions:write'] },
  });
  expect(gateway.status(), await gateway.text()).toBe(201);
  const { secret } = (await gateway.json()) as { secret: string };
  const post = async (latitude: number, longitude: number, secondsAgo: number) => {
    const answer = await page.request.post('/api/devices/positions', {
      headers: { authorization: `Bearer ${secret}` },
      data: [
        {
          clientId: `live-${suffix}`,
          latitude,
          longitude,
          heading: 90,
          accuracy: 5,
          timestamp: new Date(Date.now() - secondsAgo * 1000).toISOString(),
        },
      ],
    });
    expect(answer.status()).toBe(200);
  };
  return { id, name: `E2E live ${suffix}`, driverName: driver.name, post };
}

test('a posted position moves the marker within 2 s, the card opens the load panel, and an offline reload keeps the last position', async ({
  page,
}) => {
  const suffix = randomUUID().slice(0, 8);
  await signIn(page, 'admin');
  const device = await registerTrackedDevice(page, suffix);
  await device.post(42.03, -93.62, 60);

  await page.goto('/live-map');
  await expect(page.getByTestId('live-map')).toBeVisible();
  await page.getByTestId('live-map-search').fill(device.name);
  const card = page.locator(`[data-testid="live-map-card"][data-device-id="${device.id}"]`);
  await expect(card.getByTestId('live-map-card-coordinates')).toHaveText('42.03000, -93.62000');
  await expect(page.getByTestId('live-map-count')).toHaveText('1 tracked item');

  // Pushed by the socket: no reload, no refetch.
  await device.post(42.05, -93.6, 30);
  await expect(card.getByTestId('live-map-card-coordinates')).toHaveText('42.05000, -93.60000', { timeout: 2000 });

  await card.click();
  const panel = page.getByTestId('live-map-order-panel');
  await expect(panel).toContainText(device.name);
  // A smart trailer on no load: the placeholder, not an empty panel.
  await expect(panel.getByTestId('live-map-no-load')).toHaveText('No load');

  // The marker answers a click itself: selecting the card centred the map on it, so with the panel
  // closed, a click at the map's centre selects the device again.
  await panel.getByRole('button', { name: 'Close load information' }).click();
  await expect(panel).toHaveCount(0);
  const map = await page.getByTestId('live-map').boundingBox();
  await page.mouse.click(map!.x + map!.width / 2, map!.y + map!.height / 2);
  await expect(panel).toContainText(device.name);

  await goOffline(page);
  await page.reload();
  await page.getByTestId('live-map-search').fill(device.name);
  await expect(card.getByTestId('live-map-card-coordinates')).toHaveText('42.05000, -93.60000');
  // The selection is in the address: the panel (and the load's trail, from the saved cache) come back.
  await expect(card).toHaveAttribute('aria-pressed', 'true');
  await expect(panel).toContainText(device.name);
});

test('the home page counts the trucks reporting now, from the pushed positions', async ({ page }) => {
  const suffix = randomUUID().slice(0, 8);
  await signIn(page, 'admin');
  const phone = await registerTrackedDevice(page, suffix, 'phone');
  const count = page.getByTestId('active-trucks-count');
  await expect(count).toHaveText(/^\d+$/);
  const before = Number(await count.textContent());
  await phone.post(41.6, -93.6, 10);
  // Pushed by the socket into the cached list the card reads: no reload.
  await expect(count).toHaveText(String(before + 1));
});

test('a driver removed in the driver filter leaves the map and the list, and stays removed after a reload', async ({ page }) => {
  const suffix = randomUUID().slice(0, 8);
  await signIn(page, 'admin');
  const phone = await registerTrackedDevice(page, suffix, 'phone');
  await phone.post(41.7, -93.5, 10);
  await page.goto('/live-map');
  await page.getByTestId('live-map-search').fill(phone.name);
  const card = page.locator(`[data-testid="live-map-card"][data-device-id="${phone.id}"]`);
  await expect(card).toContainText(phone.driverName);

  const toggleDriver = async () => {
    await page.getByTestId('live-map-driver-filter').click();
    await page.getByRole('menuitem', { name: phone.driverName }).click();
    await page.keyboard.press('Escape');
  };
  await toggleDriver();
  await expect(card).toHaveCount(0);
  await expect(page.getByTestId('live-map-count')).toHaveText('0 tracked items');
  // Kept in the user's preferences (removedDrivers), not only on this screen.
  await page.reload();
  await page.getByTestId('live-map-driver-filter').click();
  await expect(page.getByRole('menuitem', { name: phone.driverName }).getByRole('checkbox')).not.toBeChecked();
  await page.keyboard.press('Escape');
  await page.getByTestId('live-map-search').fill(phone.name);
  await expect(page.getByTestId('live-map-count')).toHaveText('0 tracked items');

  await toggleDriver();
  await expect(card).toContainText(phone.driverName);
});
