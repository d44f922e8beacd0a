import { test as base, expect } from './fixtures.ts';
import { goOffline } from './pages/app.ts';
import { DispatchApi, LoadsTablePage, ownCarried, takeLoad } from './pages/loads.ts';

/**
 * The load form's map draws the routed path through its stops (issue 20), read from the server once
 * and kept on the device: after an offline reload the same load still shows it.
 */

const test = base.extend<{ api: DispatchApi; loads: LoadsTablePage }>({
  api: async ({ playwright }, use) => {
    const api = await DispatchApi.signIn(playwright.request, 'dispatcher');
    await use(api);
    await api.dispose();
  },
  storageState: async ({ api }, use) => use(await api.storageState()),
  loads: async ({ page }, use) => use(new LoadsTablePage(page)),
});

// Offline reloads are served by the service worker (the suite blocks it elsewhere: playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

test("the load form's map follows the routed path, also after an offline reload", async ({ api, loads, page }) => {
  const load = takeLoad(
    await api.weekLoads(),
    (candidate) =>
      ownCarried(candidate) &&
      candidate.status !== 'Delivered' &&
      new Set(candidate.stops.map((stop) => stop.organizationLocationId)).size > 1,
    'a load with stops at two places',
  );
  const routed = page.waitForResponse((response) => response.url().endsWith('/api/routing/routes'));
  await loads.open();
  const editor = await loads.expand(load.id);
  expect((await routed).status()).toBe(200);
  const panel = editor.root.getByTestId('stops-map-panel');
  const pathPoints = async () => Number(await panel.getAttribute('data-route-points'));
  // The embedded route has a point at least every kilometre: more than the stops.
  await expect.poll(pathPoints).toBeGreaterThan(load.stops.length);
  const drawn = await pathPoints();

  const backOnline = await goOffline(page);
  await page.reload();
  const offlineEditor = await loads.expand(load.id);
  await expect
    .poll(async () => Number(await offlineEditor.root.getByTestId('stops-map-panel').getAttribute('data-route-points')))
    .toBe(drawn);
  await backOnline();
});
