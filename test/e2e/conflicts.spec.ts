import type { Order } from '../../core/contract/orders.ts';
import { weekContaining } from '../../core/domain/weeks.ts';
import { test as base, expect } from './fixtures.ts';
import { DispatchApi, type DriverRow, LoadsTablePage } from './pages/loads.ts';

/**
 * Planning conflicts where they are made (issue 18): one driver booked on two overlapping loads, its
 * trailer over capacity and during a downtime. The warnings show beside the editor's selectors, in the
 * assign-driver panel (the busy driver is not counted available) and on the table's rows, reachable by
 * keyboard; the save still goes through.
 */
const test = base.extend<{ api: DispatchApi }>({
  api: async ({ playwright }, use) => {
    const api = await DispatchApi.signIn(playwright.request, 'admin');
    await use(api);
    await api.dispose();
  },
  // The browser starts with the session cookie of the API's sign-in.
  storageState: async ({ api }, use) => use(await api.storageState()),
});

const HOUR = 3_600_000;
const TONNE = 1_000_000;

test('a driver on two overlapping loads, and a trailer over capacity during its downtime, are warned of and still saved', async ({
  page,
  api,
}) => {
  const self = await api.self();
  const [drivers, locations] = await Promise.all([api.drivers(), api.locations()]);
  const driver = drivers.find(
    (row: DriverRow) => row.name.includes('Jensen') && row.organizationId === self.activeOrganizationId,
  );
  if (!driver?.driverInfo.defaultTrailerId) throw new Error('the demo driver Dale Jensen with his trailer');
  const [mill, farm] = locations;
  if (!mill || !farm) throw new Error('two demo locations');

  // Wednesday of the current week, 03:00 in the user's zone: clear of the demo's daytime loads.
  const wednesday = weekContaining(new Date(), self.contact.timezone).start.getTime() + 3 * 24 * HOUR + 3 * HOUR;
  const at = (hours: number) => new Date(wednesday + hours * HOUR).toISOString();
  const stamp = Date.now().toString(36).slice(-5).toUpperCase();
  const newLoad = (orderNumber: string, start: number, grams: number, resources: object) => ({
    date: at(start),
    ...resources,
    stops: [
      {
        sequence: 1,
        type: 'Origin',
        organizationLocationId: mill.id,
        cargoTypeId: 2,
        weight: grams,
        orderNumber,
        arrivalTime: at(start),
        durationMinutes: 30,
      },
      {
        sequence: 2,
        type: 'Destination',
        organizationLocationId: farm.id,
        cargoTypeId: 2,
        weight: grams,
        orderNumber,
        arrivalTime: at(start + 1.5),
        durationMinutes: 30,
      },
    ],
  });
  const create = async (body: object) => {
    const answer = await api.context.post('/api/orders', { data: body });
    expect(answer.status(), 'load created').toBe(201);
    return (await answer.json()) as Order;
  };
  const first = await create(
    newLoad(`CF-A-${stamp}`, 0, 20 * TONNE, {
      transportedByUserId: driver.id,
      tractorId: driver.driverInfo.defaultTractorId,
      trailerId: driver.driverInfo.defaultTrailerId,
    }),
  );
  // 01:00–03:00 after the first starts: it overlaps the first's 00:00–02:00. 30 t is over the trailer's 24 t.
  const second = await create(newLoad(`CF-B-${stamp}`, 1, 30 * TONNE, {}));
  const trailerDown = await api.context.post(
    `/api/organizations/${self.activeOrganizationId}/trailers/${driver.driverInfo.defaultTrailerId}/downtime`,
    {
      data: {
        description: `Brake check ${stamp}`,
        startDate: new Date(wednesday).toLocaleDateString('en-CA', { timeZone: self.contact.timezone }),
        startTime: '03:30',
        durationMinutes: 60,
        recurrenceDaysOfWeek: '0000000',
        timezone: self.contact.timezone,
      },
    },
  );
  expect(trailerDown.status(), 'downtime created').toBe(201);

  const loads = new LoadsTablePage(page);
  await loads.open();

  // The assign-driver panel for the second load: Jensen is busy with the first, and says so.
  await loads.select(second.id);
  await loads.runAction('assignDriver');
  const panel = page.getByTestId('assign-driver-panel');
  await panel.getByTestId('assign-driver-search').fill(driver.name);
  const row = panel.locator(`[data-testid="assign-driver-row"][data-driver-id="${driver.id}"]`);
  await expect(row).toHaveAttribute('data-busy', 'true');
  await expect(row.getByTestId('assign-driver-conflicts')).toContainText(
    `Driver ${driver.name} is also on load CF-A-${stamp} at this time`,
  );
  await expect(panel.getByTestId('assign-driver-count')).toHaveText('Available drivers: 0');
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();

  // The editor, keyboard only: open it from the row's edit button, reach the driver selector, choose Jensen.
  await loads.row(second.id).getByTestId('load-edit').focus();
  await page.keyboard.press('Enter');
  const editor = page.getByRole('dialog').filter({ has: page.getByTestId('load-editor-save') });
  await expect(editor).toBeVisible();
  const driverSelect = editor.getByTestId('load-driver');
  for (
    let presses = 0;
    presses < 15 && !(await driverSelect.evaluate((element) => element === document.activeElement));
    presses++
  ) {
    await page.keyboard.press('Tab');
  }
  await expect(driverSelect).toBeFocused();
  await page.keyboard.type(driver.name);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(driverSelect).toHaveValue(driver.name);

  // Beside each selector, its conflicts; the selector's accessible description reads them.
  await expect(editor.getByTestId('load-driver-conflicts')).toContainText(
    `Driver ${driver.name} is also on load CF-A-${stamp} at this time`,
  );
  await expect(driverSelect).toHaveAccessibleDescription(new RegExp(`also on load CF-A-${stamp}`));
  const trailerNotes = editor.getByTestId('load-trailer-conflicts');
  await expect(trailerNotes.locator('[data-conflict-kind="overlap"]')).toContainText(`CF-A-${stamp}`);
  await expect(trailerNotes.locator('[data-conflict-kind="overweight"]')).toContainText('carries at most');
  await expect(trailerNotes.locator('[data-conflict-kind="downtime"]')).toContainText(
    `is down at this time: Brake check ${stamp}`,
  );
  await page.keyboard.press('Tab');
  await expect(editor.getByTestId('load-tractor')).toBeFocused();
  await expect(editor.getByTestId('load-tractor')).toHaveAccessibleDescription(/also on load/);

  // A conflict warns, it does not block: the save goes through.
  await editor.getByTestId('load-editor-save').focus();
  await page.keyboard.press('Enter');
  await expect(editor).toBeHidden();
  await expect
    .poll(async () => (await api.load(second.id))?.transportedByUserId, { message: 'the second load saved with the driver' })
    .toBe(driver.id);

  // Both rows carry the warning mark; from the row's checkbox the arrows reach it (the table is one Tab stop), named with the reasons.
  for (const [load, other] of [
    [second, `CF-A-${stamp}`],
    [first, `CF-B-${stamp}`],
  ] as const) {
    const mark = loads.row(load.id).getByTestId('load-conflicts');
    await expect(mark).toBeVisible();
    await expect(mark).toHaveAccessibleName(new RegExp(`Driver ${driver.name} is also on load ${other} at this time`));
  }
  await loads.row(second.id).getByTestId('load-select').focus();
  const mark = loads.row(second.id).getByTestId('load-conflicts');
  for (let presses = 0; presses < 6 && !(await mark.evaluate((element) => element === document.activeElement)); presses++) {
    await page.keyboard.press('ArrowRight');
  }
  await expect(mark).toBeFocused();
  await expect(page.getByRole('tooltip')).toContainText('carries at most');
});

test('a load running over the week’s edge is compared with the loads beyond it', async ({ page, api }) => {
  const self = await api.self();
  const [drivers, locations] = await Promise.all([api.drivers(), api.locations()]);
  const driver = drivers.find(
    (row: DriverRow) => row.name.includes('Anderson') && row.organizationId === self.activeOrganizationId,
  );
  if (!driver) throw new Error('the demo driver Anderson');
  const [mill, farm] = locations;
  if (!mill || !farm) throw new Error('two demo locations');
  const stamp = Date.now().toString(36).slice(-5).toUpperCase();
  // Saturday 23:00 to Sunday 01:00 of the next week, then a load on that Sunday at 00:30.
  const week = weekContaining(new Date(), self.contact.timezone);
  const sunday = week.end.getTime() + 1;
  const stop = (sequence: number, type: string, locationId: number, at: number, orderNumber: string) => ({
    sequence,
    type,
    organizationLocationId: locationId,
    cargoTypeId: 2,
    weight: 5 * TONNE,
    orderNumber,
    arrivalTime: new Date(at).toISOString(),
    durationMinutes: 30,
  });
  const create = async (orderNumber: string, start: number, end: number) => {
    const answer = await api.context.post('/api/orders', {
      data: {
        date: new Date(start).toISOString(),
        transportedByUserId: driver.id,
        stops: [stop(1, 'Origin', mill.id, start, orderNumber), stop(2, 'Destination', farm.id, end, orderNumber)],
      },
    });
    expect(answer.status(), 'load created').toBe(201);
    return (await answer.json()) as Order;
  };
  await create(`EDGE-SAT-${stamp}`, sunday - HOUR, sunday + 0.5 * HOUR);
  const next = await create(`EDGE-SUN-${stamp}`, sunday + 0.5 * HOUR, sunday + 2 * HOUR);

  const loads = new LoadsTablePage(page);
  const nextSunday = new Date(sunday).toLocaleDateString('en-CA', { timeZone: self.contact.timezone });
  await page.goto(`/loads?week=${nextSunday}`);
  // A fresh browser's first sync fills the device's copy before the table stops loading.
  await expect(loads.table).toHaveAttribute('aria-busy', 'false', { timeout: 40_000 });
  const mark = loads.row(next.id).getByTestId('load-conflicts');
  await expect(mark).toBeVisible();
  await expect(mark).toHaveAccessibleName(new RegExp(`Driver ${driver.name} is also on load EDGE-SAT-${stamp} at this time`));
});
