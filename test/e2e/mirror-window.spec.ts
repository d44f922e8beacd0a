import type { Page } from '@playwright/test';
import { inputFromOrder, type Order } from '#core/contract/orders';
import { isoDateInZone, weekAtOffset } from '#core/domain/weeks';
import { newLoadBody } from '../fixtures/loads.ts';
import { expect, test } from './fixtures.ts';
import { goOffline, signIn } from './pages/app.ts';
import { DispatchApi } from './pages/loads.ts';

// Offline reloads are served by the service worker (the suite blocks it elsewhere: playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

const HOURS_PER_WEEK = 7 * 24;
const row = (page: Page, id: number) => page.locator(`[data-testid=load-row][data-load-id="${id}"]`);

/** Whether the app's IndexedDB mirror holds the load. */
const mirrored = (page: Page, id: number) =>
  page.evaluate(
    (loadId) =>
      new Promise<boolean>((resolve, reject) => {
        const open = indexedDB.open('dispatch');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const read = open.result.transaction('orders', 'readonly').objectStore('orders').get(loadId);
          read.onsuccess = () => {
            resolve(read.result !== undefined);
            open.result.close();
          };
          read.onerror = () => reject(read.error);
        };
      }),
    id,
  );

/**
 * The windowed mirror (issue 13): the device keeps this week, the next and the weeks opened lately.
 * A week outside them is read from the server when opened online, then kept and followed by the
 * change feed; offline, an unopened week says it is not on this device until the connection returns.
 */
test('a week outside the window opens online, is kept for offline use, and a week never opened says so offline', async ({
  page,
  playwright,
}) => {
  const api = await DispatchApi.signIn(playwright.request, 'dispatcher');
  const { contact } = await api.self();
  const locations = (await (await api.context.get('/api/locations')).json()) as { id: number }[];
  const [origin, destination] = locations;
  if (!origin || !destination) throw new Error('the company has fewer than two locations');
  // Wednesday noon of weeks 6 and 9 from now: far outside this and next week.
  const farWeek = (weeks: number) => weekAtOffset(new Date(), contact.timezone, weeks);
  const hoursTo = (weeks: number) => (farWeek(weeks).start.getTime() + 3.5 * 86_400_000 - Date.now()) / 3_600_000;
  const create = async (weeks: number, orderNumber: string) => {
    const answer = await api.context.post('/api/orders', {
      data: newLoadBody({ originId: origin.id, destinationId: destination.id, orderNumber, hoursAhead: hoursTo(weeks) }),
    });
    expect(answer.status()).toBe(201);
    return (await answer.json()) as Order;
  };
  const tag = Date.now() % 100_000;
  const opened = await create(6, `WIN-${tag}-6`);
  const neverOpened = await create(9, `WIN-${tag}-9`);
  const weekParam = (weeks: number) => isoDateInZone(farWeek(weeks).start, contact.timezone);
  expect(hoursTo(6)).toBeGreaterThan(4 * HOURS_PER_WEEK);

  await signIn(page, 'dispatcher');
  await page.evaluate(async () => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

  // Online: the week is read in on demand.
  await page.goto(`/loads?week=${weekParam(6)}`);
  await expect(row(page, opened.id)).toBeVisible();
  await expect(row(page, opened.id)).toContainText(`WIN-${tag}-6`);

  // Kept and followed: another client's change to that load reaches this device through the feed.
  const range = farWeek(6);
  const query = new URLSearchParams({ startDate: range.start.toISOString(), endDate: range.end.toISOString() });
  const listed = (await (await api.context.get(`/api/self/orders?${query}`)).json()) as Order[];
  const current = listed.find((load) => load.id === opened.id);
  if (!current) throw new Error('the load of week 6 is not listed');
  const renamed = `WIN-${tag}-6b`;
  const input = inputFromOrder(current);
  const saved = await api.context.put(`/api/orders/${current.id}`, {
    data: { ...input, version: current.version, stops: input.stops.map((stop) => ({ ...stop, orderNumber: renamed })) },
  });
  expect(saved.status()).toBe(200);
  await expect(row(page, opened.id)).toContainText(renamed, { timeout: 15_000 });
  // Only the window is on the device: the load of a week never opened was not downloaded.
  expect(await mirrored(page, opened.id)).toBe(true);
  expect(await mirrored(page, neverOpened.id)).toBe(false);

  // Offline: the opened week still shows; a week never opened says it is not on this device.
  const goOnline = await goOffline(page);
  await page.reload();
  await expect(row(page, opened.id)).toContainText(renamed);
  await page.goto(`/loads?week=${weekParam(9)}`);
  await expect(page.getByTestId('week-not-on-device')).toBeVisible();
  await expect(page.getByTestId('week-not-on-device')).toContainText('This week is not on this device');
  await expect(row(page, neverOpened.id)).toHaveCount(0);

  // Back online, the week opens by itself.
  await goOnline();
  await expect(row(page, neverOpened.id)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('week-not-on-device')).toHaveCount(0);
});
