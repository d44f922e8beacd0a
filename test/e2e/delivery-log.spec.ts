import { test as base, expect } from './fixtures.ts';
import { DispatchApi, LoadsTablePage, ownCarried, takeLoad } from './pages/loads.ts';

/**
 * The delivery log's map (spec 3 "Load detail view"): the device trail of a load in transit, as its
 * driver's phone posted it through the positions API, and the load's trip events, each drawn only
 * when accurate to under 100 m.
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

test("the delivery log of a load in transit draws its driver's trail and its events on a map", async ({
  api,
  loads,
  page,
  playwright,
}) => {
  const load = takeLoad(
    await api.weekLoads(),
    (candidate) => ownCarried(candidate) && candidate.status === 'In Transit' && candidate.transportedByUserId !== null,
    'a load in transit with a driver',
  );
  const driver = (await api.drivers()).find((row) => row.id === load.transportedByUserId);
  const lastName = (driver?.name.split(' ').at(-1) ?? '').toLowerCase();
  // The demo registers each In Transit driver's phone; the driver posts from it as the phone app would.
  const phone = await DispatchApi.signIn(playwright.request, `driver.${lastName}`);
  const accuracies = [5, 6, 250, 7, 8, 5];
  const fixes = accuracies.map((accuracy, index) => ({
    clientId: `demo-phone-${lastName}`,
    latitude: 42.02 + index * 0.004,
    longitude: -93.45 + index * 0.002,
    heading: 20,
    speed: 22,
    accuracy,
    timestamp: new Date(Date.now() - (accuracies.length - index) * 60_000).toISOString(),
  }));
  const posted = await phone.context.post('/api/devices/positions', { data: fixes });
  expect(posted.status(), await posted.text()).toBe(200);
  await phone.dispose();

  await loads.open();
  await loads.select(load.id);
  await loads.runAction('deliveryLog');
  const panel = page.getByTestId('delivery-log-map-panel');
  // The fix of 250 m accuracy is not drawn.
  await expect(panel).toHaveAttribute('data-trail-points', String(accuracies.filter((accuracy) => accuracy < 100).length));
  // The demo's completed origin stop reported its arrival, start, completion and departure.
  await expect(panel).not.toHaveAttribute('data-event-points', '0');
  await expect(panel.getByTestId('delivery-log-map').locator('canvas').first()).toBeVisible();
  await expect(panel.getByTestId('delivery-log-map-legend')).toContainText("Driver's phone");
  await expect(page.getByTestId('delivery-log-event').first()).toBeVisible();
});
