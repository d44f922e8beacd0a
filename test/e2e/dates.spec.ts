import type { Page } from '@playwright/test';
import type { Order } from '../../core/contract/orders.ts';
import { instantOfWallClock, isoDateInZone } from '../../core/domain/weeks.ts';
import { expect, test } from './fixtures.ts';
import { DispatchApi, LoadsTablePage, ownCarried, takeLoad } from './pages/loads.ts';

/**
 * Dates and times (issue 18 items 5, 7, 8, 10, 22): one date-time field whose typed hours land in
 * the hour, complete manually from the stops' arrival times without marking the user's own change,
 * the day beside times where the Date column folds, and the downtime date in every language.
 */

/** Chromium and Node may put different spaces before AM/PM. */
const spaced = (text: string) => new RegExp(`^${text.replace(/\s/g, '\\s')}$`);

/** The page starts signed in with the API's session (no login screen to wait for). */
async function loadsOf(page: Page, api: DispatchApi) {
  await page.context().addCookies((await api.storageState()).cookies);
  const loads = new LoadsTablePage(page);
  await page.goto('/loads');
  // The first sync after sign-in fills the mirror: slow on a busy machine.
  await expect(loads.table).toHaveAttribute('aria-busy', 'false', { timeout: 30_000 });
  return loads;
}

// The loads page's first sync and the calendars are slow on a shared machine.
test.describe.configure({ timeout: 120_000 });

const toMinute = (iso: string) => new Date(Math.floor(Date.parse(iso) / 60_000) * 60_000).toISOString();

test('typed hours land in the hour of a stop’s arrival time, written in the product’s format', async ({ page, playwright }) => {
  const api = await DispatchApi.signIn(playwright.request, 'dispatcher');
  const { contact } = await api.self();
  const today = isoDateInZone(new Date(), contact.timezone);
  const at = (time: string) => instantOfWallClock(`${today}T${time}`, contact.timezone)?.toISOString();

  const loads = await loadsOf(page, api);
  const editor = await loads.openCreate();
  const arrival = editor.arrival(1);
  await arrival.pickDay(today);
  // The day is picked: the time box has the focus, and "0700" is 07:00 (it used to be 00:00).
  await expect(arrival.time).toBeFocused();
  await page.keyboard.type('0700');
  await page.keyboard.press('Tab');
  await expect(arrival.root).toHaveAttribute('data-value', at('07:00') as string);
  await expect(arrival.time).toHaveValue(spaced('7:00 AM'));
  const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(Date.parse(`${today}T12:00:00Z`));
  await expect(arrival.day).toHaveText(day);

  await arrival.typeTime('7:30');
  await expect(arrival.root).toHaveAttribute('data-value', at('07:30') as string);
  // Two digits set the hour and keep the minutes ("07" used to be 00:07).
  await arrival.typeTime('09');
  await expect(arrival.root).toHaveAttribute('data-value', at('09:30') as string);
  await arrival.typeTime('1945');
  await expect(arrival.root).toHaveAttribute('data-value', at('19:45') as string);
  await expect(arrival.time).toHaveValue(spaced('7:45 PM'));
  await api.dispose();
});

test('complete manually starts from each stop’s arrival time, and the user’s own completion is not marked as someone else’s', async ({
  page,
  playwright,
}) => {
  const api = await DispatchApi.signIn(playwright.request, 'dispatcher');
  const other = await DispatchApi.signIn(playwright.request, 'admin');
  const week = await api.weekLoads();
  const plannedAhead = (load: Order) =>
    ownCarried(load) &&
    (load.status === 'Assigned' || load.status === 'Open') &&
    load.stops.every((stop) => stop.status !== 'Complete' && stop.arrivalTime !== null);
  const own = takeLoad(week, plannedAhead, 'completed by the user');
  const others = takeLoad(week, plannedAhead, 'completed by someone else');

  const loads = await loadsOf(page, api);
  await loads.select(own.id);
  await loads.runAction('complete');
  const dialog = page.getByTestId('complete-dialog');
  const fields = dialog.getByTestId('complete-stop-time');
  const stops = [...own.stops].sort((a, b) => a.sequence - b.sequence);
  await expect(fields).toHaveCount(stops.length);
  // Spec 1 §4: the stop's arrival time (it used to be now).
  for (const [index, stop] of stops.entries()) {
    await expect(fields.nth(index)).toHaveAttribute('data-value', toMinute(stop.arrivalTime as string));
  }
  await dialog.getByTestId('complete-confirm').click();
  await expect(dialog).toBeHidden();
  await expect(loads.status(own.id)).toHaveText('Delivered');

  // Someone else completes another load: its row is marked once the live update is in, and the
  // updates come in order, so the user's own completion has arrived by then too.
  const answer = await other.context.put('/api/orders/complete', {
    data: [
      {
        id: others.id,
        stops: others.stops.map((stop) => ({
          id: stop.id,
          completedAt: toMinute(stop.arrivalTime as string),
          metadata: { suppressDeliveryNotification: true, manuallyCompleted: true },
        })),
      },
    ],
  });
  expect(answer.status(), 'completion by someone else').toBe(200);
  await expect(loads.row(others.id)).toHaveAttribute('data-touched', 'true', { timeout: 15_000 });
  await expect(loads.row(own.id)).not.toHaveAttribute('data-touched', 'true');
  await Promise.all([api.dispose(), other.dispose()]);
});

test.describe('on a touch tablet', () => {
  test.use({ viewport: { width: 768, height: 1024 }, hasTouch: true });

  test('where the Date column folds away, first and last stop times show their day', async ({ page, playwright }) => {
    const api = await DispatchApi.signIn(playwright.request, 'dispatcher');
    const week = await api.weekLoads();
    const loads = await loadsOf(page, api);
    await expect(loads.table.getByRole('columnheader', { name: 'Date', exact: true })).toHaveCount(0);
    const withTimes = week.find((load) => load.stops.some((stop) => stop.arrivalTime));
    if (!withTimes) throw new Error('no load with stop times this week');
    const first = loads.row(withTimes.id).getByTestId('load-first-stop-time');
    await expect(first).toHaveText(/^(Sun|Mon|Tue|Wed|Thu|Fri|Sat)\s\d{1,2}:\d\d\s[AP]M$/);
    await api.dispose();
  });
});

test('the downtime form shows its date (not "L") in all four languages, before and after picking', async ({
  page,
  playwright,
}) => {
  const api = await DispatchApi.signIn(playwright.request, 'admin');
  await page.context().addCookies((await api.storageState()).cookies);
  const { contact } = await (await page.request.get('/api/self')).json();
  const setLanguage = async (language: string) => {
    const answer = await page.request.put('/api/self/contact', {
      data: { language, timezone: contact.timezone, units: contact.units, unitsWeight: contact.unitsWeight },
    });
    expect(answer.ok(), `language ${language}`).toBe(true);
  };
  const today = isoDateInZone(new Date(), contact.timezone);
  try {
    for (const language of ['en-US', 'fr-CA', 'es-MX', 'nl-NL']) {
      await setLanguage(language);
      await page.goto('/manage-company/tractors');
      await page.getByTestId('tractors-downtime').first().click();
      await page.getByTestId('downtime-add').click();
      const date = page.getByTestId('downtime-date');
      const written = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(
        Date.parse(`${today}T12:00:00Z`),
      );
      await expect(date, language).toHaveText(spaced(written));
      // After picking a day of the calendar (the first of the month shown) it is written the same way.
      await date.click();
      const firstOfMonth = `${today.slice(0, 8)}01`;
      await page
        .locator('.mantine-Popover-dropdown')
        .locator('button[class*="-day"]:not([data-outside])')
        .filter({ hasText: /^1$/ })
        .first()
        .click();
      const picked = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(
        Date.parse(`${firstOfMonth}T12:00:00Z`),
      );
      await expect(date, language).toHaveText(spaced(picked));
      await expect(date).not.toHaveText('L');
    }
  } finally {
    await setLanguage(contact.language);
    await api.dispose();
  }
});
