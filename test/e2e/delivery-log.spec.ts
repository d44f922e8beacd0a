import { test as base, expect } from './fixtures.ts';
import { accurateEnough } from '../../core/domain/geo/trail.ts';
import type { Device } from '../../core/contract/devices.ts';
import { DispatchApi, LoadsTablePage, ownCarried } from './pages/loads.ts';

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

const DEMO_PHONE = /^demo-phone-/;

/** The enabled demo phones by their driver's id, read from the change feed as a device's mirror reads them. */
async function demoPhonesByDriver(api: DispatchApi): Promise<Map<number, string>> {
  const phones = new Map<number, string>();
  let since: string | undefined;
  for (let page = 0; page < 100; page++) {
    const query = new URLSearchParams({ limit: '1000', ...(since ? { since } : {}) });
    const answer = await api.context.get(`/api/sync/changes?${query}`);
    expect(answer.status()).toBe(200);
    const feed = (await answer.json()) as { changes: { entity: string; row?: Device }[]; cursor: string; hasMore: boolean };
    for (const { entity, row } of feed.changes) {
      if (
        entity === 'device' &&
        row?.kind === 'phone' &&
        row.enabled &&
        row.driverUserId !== null &&
        DEMO_PHONE.test(row.clientId)
      )
        phones.set(row.driverUserId, row.clientId);
    }
    if (!feed.hasMore) return phones;
    since = feed.cursor;
  }
  throw new Error('the change feed did not end');
}

test("the delivery log of a load in transit draws its driver's trail and its events on a map", async ({
  api,
  loads,
  page,
  playwright,
}) => {
  // The load is chosen by its driver's registered phone as it is now, not by the demo's first plan:
  // an earlier spec of this worker may have given a load another driver, one with no phone. It is not
  // taken for this test alone: the test only adds fixes, so a repeat may use the same load again.
  const phones = await demoPhonesByDriver(api);
  const load = [...(await api.weekLoads())]
    .sort((a, b) => a.id - b.id)
    .find(
      (candidate) =>
        ownCarried(candidate) &&
        candidate.status === 'In Transit' &&
        candidate.transportedByUserId !== null &&
        phones.has(candidate.transportedByUserId),
    );
  if (!load) throw new Error('no load in transit whose driver has a registered demo phone');
  const clientId = phones.get(load.transportedByUserId as number) as string;
  // The demo registers `demo-phone-<last name>` to the user `driver.<last name>`.
  const phone = await DispatchApi.signIn(playwright.request, `driver.${clientId.replace(DEMO_PHONE, '')}`);
  // Fixes an earlier repeat posted are the load's trail too.
  const trailBefore = await api.context.get(`/api/order/${load.id}/devicelocations`);
  expect(trailBefore.status()).toBe(200);
  const shownBefore = ((await trailBefore.json()) as { accuracy: number | null }[]).filter(accurateEnough).length;
  const accuracies = [5, 6, 250, 7, 8, 5];
  const fixes = accuracies.map((accuracy, index) => ({
    clientId,
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
  await expect(panel).toHaveAttribute(
    'data-trail-points',
    String(shownBefore + accuracies.filter((accuracy) => accuracy < 100).length),
  );
  // The demo's completed origin stop reported its arrival, start, completion and departure.
  await expect(panel).not.toHaveAttribute('data-event-points', '0');
  await expect(panel.getByTestId('delivery-log-map').locator('canvas').first()).toBeVisible();
  await expect(panel.getByTestId('delivery-log-map-legend')).toContainText("Driver's phone");
  await expect(page.getByTestId('delivery-log-event').first()).toBeVisible();
});
