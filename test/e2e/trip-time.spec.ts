import { formatDurationShort, secondsToMinutes } from '../../core/domain/units.ts';
import { test as base, expect } from './fixtures.ts';
import { DispatchApi, LoadsTablePage, ownCarried, takeLoad } from './pages/loads.ts';

/**
 * One estimated trip time per load (spec 1 §2, §9): the figure the server stored on the load is the
 * text of the loads table's cell, of the editor's trip time and of the delivery log's estimate.
 */

const test = base.extend<{ api: DispatchApi; loads: LoadsTablePage }>({
  api: async ({ playwright }, use) => {
    const api = await DispatchApi.signIn(playwright.request, 'dispatcher');
    await use(api);
    await api.dispose();
  },
  // The browser starts with the session cookie of the API's sign-in.
  storageState: async ({ api }, use) => use(await api.storageState()),
  loads: async ({ page }, use) => use(new LoadsTablePage(page)),
});

test('the table row, the editor and the delivery log show the same estimated trip time', async ({ api, loads, page }) => {
  const load = takeLoad(
    await api.weekLoads(),
    (candidate) =>
      ownCarried(candidate) && candidate.status !== 'Delivered' && candidate.stops.length > 1 && candidate.timeSeconds !== null,
    'an editable load with an estimated trip time',
  );
  const shown = formatDurationShort(secondsToMinutes(load.timeSeconds as number));

  await loads.open();
  await expect(loads.row(load.id).getByTestId('load-trip-time')).toHaveText(shown);
  const editor = await loads.expand(load.id);
  await expect(editor.root.getByTestId('trip-time')).toHaveText(shown);
  await loads.select(load.id);
  await loads.runAction('deliveryLog');
  await expect(page.getByTestId('delivery-log-estimated-trip-time').getByText(shown, { exact: true })).toBeVisible();
});
