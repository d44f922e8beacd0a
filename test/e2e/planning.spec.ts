import type { Request } from '@playwright/test';
import type { Order } from '../../core/contract/orders.ts';
import { GRAMS_PER_WEIGHT_UNIT, type WeightUnit, weightUnitToGrams } from '../../core/domain/units.ts';
import { isoDateInZone, weekAtOffset } from '../../core/domain/weeks.ts';
import { test as base, expect } from './fixtures.ts';
import { DispatchApi, type DriverRow, type SelfRow } from './pages/loads.ts';
import { arrivalsOf, DraftsApi, DraftsTablePage, draftBody, OfflineQueue, PlanningWeek, stopsOf } from './pages/planning.ts';

/**
 * The drafts page's planning tools end to end (spec 1 §2, §4, §5, §7; issue 5), as the dispatcher:
 * publish, merge and unmerge, cascade, bulk schedule with drag and drop, bulk creation, and publish
 * and merge made offline. Each test creates the drafts it acts on through the API (in the current
 * week, which the drafts table shows) and checks every outcome through the API, not only on screen.
 */

/** What the tests need to know of the organization, read once. */
interface World {
  self: SelfRow;
  unit: WeightUnit;
  week: PlanningWeek;
  /** A cargo type measured by weight. */
  cargo: { id: number; label: string };
  place: (name: string) => number;
  drivers: DriverRow[];
}

interface Fixtures {
  drafts: DraftsTablePage;
}

interface WorkerFixtures {
  api: DispatchApi;
  plan: DraftsApi;
  world: World;
}

const test = base.extend<Fixtures, WorkerFixtures>({
  api: [
    async ({ playwright }, use) => {
      const api = await DispatchApi.signIn(playwright.request, 'dispatcher');
      await use(api);
      await api.dispose();
    },
    { scope: 'worker' },
  ],
  plan: [async ({ api }, use) => use(new DraftsApi(api)), { scope: 'worker' }],
  world: [
    async ({ api }, use) => {
      const [self, locations, cargoTypes, drivers] = await Promise.all([
        api.self(),
        api.locations(),
        api.cargoTypes(),
        api.drivers(),
      ]);
      const cargo = cargoTypes.filter((row) => row.measuredBy === 'weight').sort((a, b) => a.label.localeCompare(b.label))[0];
      if (!cargo) throw new Error('no cargo type measured by weight');
      const place = (name: string) => {
        const location = locations.find((row) => row.name === name);
        if (!location) throw new Error(`no location ${name}`);
        return location.id;
      };
      await use({
        self,
        unit: self.contact.unitsWeight,
        week: new PlanningWeek(self.contact.timezone),
        cargo,
        place,
        drivers,
      });
    },
    { scope: 'worker' },
  ],
  // The browser starts with the API's session cookie: no login screen per test.
  storageState: async ({ api }, use) => use(await api.storageState()),
  drafts: async ({ page }, use) => use(new DraftsTablePage(page)),
});

/** 20,000 lb (10 US tons) in grams: what each origin picks up and its destination delivers. */
const TEN_TONS = Math.round(10 * GRAMS_PER_WEIGHT_UNIT.USTon);
const MINUTE = 60_000;

const ids = (loads: readonly { id: number }[]) => loads.map((load) => load.id);
const ascending = (values: readonly number[]) => [...values].sort((a, b) => a - b);
const addMinutes = (at: Date, minutes: number) => new Date(at.getTime() + minutes * MINUTE);

/** A complete two-stop draft: picked up at `from`, delivered at `to` 90 minutes later, weights balanced. */
function pickUpAndDeliver(world: World, from: string, to: string, at: Date, orderNumber: string, delivered = TEN_TONS) {
  return draftBody(world.cargo.id, [
    { type: 'Origin', locationId: world.place(from), at, grams: TEN_TONS, orderNumber },
    { type: 'Destination', locationId: world.place(to), at: addMinutes(at, 90), grams: delivered, orderNumber },
  ]);
}

test.describe('planning drafts, as the dispatcher', () => {
  test('publishes the complete drafts of a selection; an incomplete one is named with its reason and left as it was', async ({
    world,
    plan,
    drafts,
    page,
  }) => {
    const { week } = world;
    const complete = await plan.createDraft(
      pickUpAndDeliver(world, 'Nevada Mill', 'Ridgeview Finisher 1', week.at(1, 7), 'E2E-PUBLISH-OK'),
    );
    // 1,100 lb short at the destination: the weights do not balance.
    const unbalanced = await plan.createDraft(
      pickUpAndDeliver(world, 'Nevada Mill', 'Colo Nursery', week.at(1, 8), 'E2E-PUBLISH-SHORT', TEN_TONS - 500_000),
    );

    await drafts.open();
    await drafts.expectShown(ids([complete, unbalanced]));
    await expect(drafts.row(unbalanced.id).getByTestId('draft-incomplete')).toHaveAttribute('data-missing', 'weightUnbalanced');
    await expect(drafts.row(complete.id).getByTestId('draft-incomplete')).toHaveCount(0);

    // Both selected: the incomplete one is listed first with what it lacks and stays; the other is published.
    await drafts.select(complete.id);
    await drafts.select(unbalanced.id);
    const publish = await drafts.openPublish();
    await expect(publish.complete(complete.id)).toHaveText('Complete: will be published');
    await expect(publish.missing(unbalanced.id)).toHaveText("The origins' total weight differs from the destinations'.");
    await expect(publish.refused).toContainText('1 draft is incomplete and stays a draft');
    expect(await publish.listed()).toEqual([unbalanced.id, complete.id]);
    await expect(publish.confirm).toHaveText('Publish 1 draft');
    await publish.publish();
    await drafts.expectGone([complete.id]);
    await expect(drafts.row(unbalanced.id)).toBeVisible();
    await expect.poll(async () => (await plan.draft(complete.id)) ?? null, { message: 'left the drafts' }).toBeNull();
    const published = (await plan.loadsBetween(week.week)).find((load) => load.id === complete.id);
    expect(published).toMatchObject({ isDraft: false, status: 'Open', version: complete.version + 1 });
    expect(published?.stops).toEqual(complete.stops);
    const kept = await plan.draft(unbalanced.id);
    expect(kept).toMatchObject({ isDraft: true, status: 'Open', version: unbalanced.version });

    // Nothing complete: the dialog says what is missing, Publish stays inert, nothing is queued or sent.
    const sent: Request[] = [];
    page.on('request', (request) => {
      if (request.method() !== 'GET' && request.url().includes('/api/orders')) sent.push(request);
    });
    await drafts.select(unbalanced.id);
    const refusal = await drafts.openPublish();
    await expect(refusal.refused).toContainText('1 draft is incomplete and stays a draft');
    await expect(refusal.missing(unbalanced.id)).toHaveText("The origins' total weight differs from the destinations'.");
    await expect(refusal.confirm).toBeDisabled();
    await refusal.confirm.click({ force: true });
    await expect(refusal.root).toBeVisible();
    await refusal.cancel();
    await expect(drafts.row(unbalanced.id)).toBeVisible();
    await new OfflineQueue(page).expectQueued(0);
    expect(sent.map((request) => `${request.method()} ${request.url()}`)).toEqual([]);
    const after = await plan.draft(unbalanced.id);
    expect(after).toMatchObject({ isDraft: true, status: 'Open', version: unbalanced.version });
    expect(after?.stops).toEqual(unbalanced.stops);
  });

  test('merges three drafts after a preview and unmerges them back exactly', async ({ world, plan, drafts }) => {
    const { week } = world;
    const farms = ['Ridgeview Finisher 1', 'Colo Nursery', 'Ridgeview Sow Unit'];
    const sources: Order[] = [];
    for (const [index, farm] of farms.entries()) {
      sources.push(
        await plan.createDraft(pickUpAndDeliver(world, 'Nevada Mill', farm, week.at(2, 6 + index), `E2E-MERGE-${index + 1}`)),
      );
    }
    const sourceIds = ascending(ids(sources));

    await drafts.open();
    await drafts.expectShown(sourceIds);
    await drafts.select(...sourceIds);
    const merge = await drafts.openMerge();
    // The mill's three pick-ups become one stop; the three deliveries stay apart.
    await expect(merge.preview).toContainText('Stops: 4');
    await expect(merge.preview.getByTestId('merge-status')).toHaveText('Open');
    await merge.merge();
    await drafts.expectGone(sourceIds);

    let merged: Order | undefined;
    await expect
      .poll(
        async () => {
          merged = (await plan.drafts()).find((draft) => ascending(draft.mergedFromOrderIds ?? []).join() === sourceIds.join());
          return merged?.id;
        },
        { message: 'the merged draft' },
      )
      .toEqual(expect.any(Number));
    const mergedDraft = merged as Order;
    await drafts.expectShown([mergedDraft.id]);
    expect(mergedDraft).toMatchObject({ isDraft: true, status: 'Open' });
    const mergedStops = stopsOf(mergedDraft);
    expect(mergedStops.map((stop) => stop.type)).toEqual(['Origin', 'Destination', 'Destination', 'Destination']);
    expect(mergedStops[0]).toMatchObject({ organizationLocationId: world.place('Nevada Mill'), weight: 3 * TEN_TONS });
    // The sources are Merged: out of the drafts list, listed as the merged draft's sources.
    const listed = await plan.drafts();
    expect(listed.filter((draft) => sourceIds.includes(draft.id))).toEqual([]);
    const marked = await plan.mergedSources(sourceIds);
    expect(ascending(ids(marked))).toEqual(sourceIds);
    expect(marked.every((source) => source.status === 'Merged')).toBe(true);

    await drafts.select(mergedDraft.id);
    const unmerge = await drafts.openUnmerge();
    await expect.poll(() => unmerge.sources(), { message: 'sources listed' }).toEqual(sourceIds);
    await unmerge.unmerge();
    await drafts.expectShown(sourceIds);
    await drafts.expectGone([mergedDraft.id]);

    await expect
      .poll(async () => ascending(ids((await plan.drafts()).filter((draft) => sourceIds.includes(draft.id)))), {
        message: 'sources back in the drafts list',
      })
      .toEqual(sourceIds);
    const back = (await plan.drafts()).filter((draft) => sourceIds.includes(draft.id) || draft.id === mergedDraft.id);
    expect(ascending(ids(back))).toEqual(sourceIds);
    for (const source of sources) {
      const restored = back.find((draft) => draft.id === source.id) as Order;
      // Exactly as before: same stops (ids, times, weights), same status; only the version moved (merge, unmerge).
      expect(restored).toMatchObject({ status: 'Open', isDraft: true, date: source.date, version: source.version + 2 });
      expect(restored.stops).toEqual(source.stops);
    }
    expect(await plan.mergedSources(sourceIds)).toEqual([]);
  });

  test('cascades four drafts at 45 minutes from their shared mill', async ({ world, plan, drafts }) => {
    const { week } = world;
    const mill = world.place('Nevada Mill');
    // Basis arrivals out of any rhythm; the third draft passes the scale between mill and farm.
    const starts = [week.at(4, 6, 0), week.at(4, 6, 20), week.at(4, 8, 0), week.at(4, 9, 10)];
    const farms = ['Ridgeview Finisher 1', 'Colo Nursery', 'Ridgeview Sow Unit', 'Ridgeview Finisher 1'];
    const created: Order[] = [];
    for (const [index, at] of starts.entries()) {
      const orderNumber = `E2E-CASCADE-${index + 1}`;
      const farm = world.place(farms[index] as string);
      const stops =
        index === 2
          ? [
              { type: 'Origin' as const, locationId: mill, at, grams: TEN_TONS, orderNumber },
              { type: 'Weigh' as const, locationId: world.place('Ames Certified Scale'), at: addMinutes(at, 40), grams: null },
              { type: 'Destination' as const, locationId: farm, at: addMinutes(at, 110), grams: TEN_TONS, orderNumber },
            ]
          : [
              { type: 'Origin' as const, locationId: mill, at, grams: TEN_TONS, orderNumber },
              {
                type: 'Destination' as const,
                locationId: farm,
                at: addMinutes(at, 75 + index * 10),
                grams: TEN_TONS,
                orderNumber,
              },
            ];
      created.push(await plan.createDraft(draftBody(world.cargo.id, stops)));
    }

    await drafts.open();
    await drafts.expectShown(ids(created));
    await drafts.select(...ids(created));
    const cascade = await drafts.openCascade();
    await cascade.chooseBasis('Nevada Mill');
    await cascade.chooseInterval(45);
    // The start defaults to the first draft's own time at the basis.
    await expect(cascade.start).toHaveAttribute('data-value', (starts[0] as Date).toISOString());
    await cascade.cascade();

    await expect
      .poll(
        async () => {
          const now = await plan.drafts();
          return created.map((draft) => now.find((row) => row.id === draft.id)?.version);
        },
        { message: 'every draft saved once' },
      )
      .toEqual(created.map((draft) => draft.version + 1));
    const now = await plan.drafts();
    const first = (starts[0] as Date).getTime();
    for (const [index, before] of created.entries()) {
      const after = now.find((row) => row.id === before.id) as Order;
      const [basisBefore, ...othersBefore] = arrivalsOf(before);
      const [basisAfter, ...othersAfter] = arrivalsOf(after);
      // The table's order (first stop time): draft i at the mill at start + i × 45 min.
      expect(new Date(basisAfter as number).toISOString(), `draft ${index + 1} at the mill`).toBe(
        new Date(first + index * 45 * MINUTE).toISOString(),
      );
      const shift = (basisAfter as number) - (basisBefore as number);
      expect(othersAfter, `draft ${index + 1}'s other stops moved with it`).toEqual(othersBefore.map((ms) => ms + shift));
      expect(stopsOf(after).map((stop) => stop.organizationLocationId)).toEqual(
        stopsOf(before).map((stop) => stop.organizationLocationId),
      );
      expect(after.date).toBe(stopsOf(after)[0]?.arrivalTime);
    }
  });

  test('bulk schedules five drafts backward from a reference time after a drag, with one driver and his equipment', async ({
    world,
    plan,
    drafts,
  }) => {
    const { week } = world;
    const driver = world.drivers
      .filter(
        (row) =>
          row.enabled &&
          row.organizationId === world.self.activeOrganizationId &&
          row.driverInfo.defaultTractorId !== null &&
          row.driverInfo.defaultTrailerId !== null,
      )
      .sort((a, b) => a.name.localeCompare(b.name))[0];
    if (!driver) throw new Error('no driver with default equipment');
    const farms = ['Ridgeview Finisher 1', 'Colo Nursery', 'Ridgeview Sow Unit', 'Colo Nursery', 'Ridgeview Finisher 1'];
    const created: Order[] = [];
    for (const [index, farm] of farms.entries()) {
      created.push(
        await plan.createDraft(
          pickUpAndDeliver(world, 'Nevada Mill', farm, week.at(5, 4, index * 10), `E2E-SCHEDULE-${index + 1}`),
        ),
      );
    }
    const reference = week.at(5, 20);

    await drafts.open();
    await drafts.expectShown(ids(created));
    await drafts.select(...ids(created));
    const schedule = await drafts.openBulkSchedule();
    expect(await schedule.order()).toEqual(ids(created));
    // Calculate and save need a reference time and a driver.
    await expect(schedule.save).toBeDisabled();
    await schedule.backwardFrom(reference, week.wallClock(reference));
    await schedule.chooseDriver(driver.name);
    await schedule.moveDown(1);
    const order = [created[1], created[0], created[2], created[3], created[4]].map((draft) => (draft as Order).id);
    expect(await schedule.order()).toEqual(order);
    await schedule.calculate();
    await schedule.saveAll();

    await expect
      .poll(
        async () => {
          const now = await plan.drafts();
          return created.map((draft) => now.find((row) => row.id === draft.id)?.version);
        },
        { message: 'every draft saved once' },
      )
      .toEqual(created.map((draft) => draft.version + 1));
    const now = await plan.drafts();
    const chain = order.map((id) => now.find((row) => row.id === id) as Order);
    for (const draft of chain) {
      expect(draft).toMatchObject({
        isDraft: true,
        status: 'Assigned',
        transportedByUserId: driver.id,
        tractorId: driver.driverInfo.defaultTractorId,
        trailerId: driver.driverInfo.defaultTrailerId,
      });
      expect(draft.date).toBe(stopsOf(draft)[0]?.arrivalTime);
    }
    // One driver's day in the dragged order: every arrival after the one before, each draft after the previous one.
    const arrivals = chain.flatMap(arrivalsOf);
    expect(arrivals.every((ms) => Number.isFinite(ms))).toBe(true);
    for (let index = 1; index < arrivals.length; index++) {
      expect(arrivals[index], `arrival ${index + 1} of the chain`).toBeGreaterThan(arrivals[index - 1] as number);
    }
    expect(new Date(arrivals[arrivals.length - 1] as number).toISOString()).toBe(reference.toISOString());
    // The drag put the second draft first: it now ends before the first one starts.
    const [movedUp, movedDown] = chain as [Order, Order];
    expect(arrivalsOf(movedUp).at(-1)).toBeLessThan(arrivalsOf(movedDown)[0] as number);
  });

  test('bulk creates next week’s drafts from the grid and lands on that week', async ({ world, plan, drafts, page }) => {
    const timezone = world.self.contact.timezone;
    const nextWeek = weekAtOffset(new Date(), timezone, 1);
    const sunday = isoDateInZone(nextWeek.start, timezone);
    const perLoad: Record<WeightUnit, number> = { Pound: 20_000, USTon: 10, Kilogram: 9_000, MetricTon: 9 };
    const amount = perLoad[world.unit];
    const before = new Set(ids(await plan.drafts()));

    await drafts.open();
    const wizard = await drafts.openBulkCreate();
    await wizard.chooseWeek(1);
    await wizard.chooseCargo(world.cargo.label);
    await wizard.chooseSite('Nevada Mill');
    await wizard.setWeight(amount);
    await wizard.next();
    // Monday 3, Wednesday 2, Friday 1; letters count 0.
    await wizard.enterCounts({ 1: '3', 3: '2', 5: '1', 6: 'ab' });
    await expect(wizard.total).toHaveText('Total loads: 6');
    await wizard.preview();
    await expect(wizard.previewRows).toHaveCount(3);
    await wizard.create();
    await wizard.finish();

    await expect(page).toHaveURL(new RegExp(`[?&]week=${sunday}(&|$)`));
    let created: Order[] = [];
    await expect
      .poll(
        async () => {
          created = (await plan.drafts()).filter((draft) => !before.has(draft.id));
          return created.length;
        },
        { message: 'drafts created' },
      )
      .toBe(6);
    const perDay = new Map<string, number>();
    for (const draft of created) {
      const day = isoDateInZone(new Date(draft.date), timezone);
      perDay.set(day, (perDay.get(day) ?? 0) + 1);
      const [origin, destination] = stopsOf(draft);
      expect(origin).toMatchObject({
        type: 'Origin',
        organizationLocationId: world.place('Nevada Mill'),
        cargoTypeId: world.cargo.id,
        weight: Math.round(weightUnitToGrams(amount, world.unit)),
      });
      expect(destination).toMatchObject({ type: 'Destination', organizationLocationId: null, cargoTypeId: world.cargo.id });
    }
    const dayOf = (offset: number) =>
      isoDateInZone(new Date(nextWeek.start.getTime() + (offset * 24 + 12) * 3_600_000), timezone);
    expect(Object.fromEntries(perDay)).toEqual({ [dayOf(1)]: 3, [dayOf(3)]: 2, [dayOf(5)]: 1 });
    await drafts.expectShown(ids(created));
  });

  test('bulk create leaves the days of this week already past empty and off, in the user’s zone', async ({ world, drafts }) => {
    const timezone = world.self.contact.timezone;
    const thisWeek = weekAtOffset(new Date(), timezone, 0);
    const today = isoDateInZone(new Date(), timezone);
    // Noon of each day of the week, so a daylight-saving change cannot move it to another date.
    const past = Array.from({ length: 7 }, (_, day) => day).filter(
      (day) => isoDateInZone(new Date(thisWeek.start.getTime() + (day * 24 + 12) * 3_600_000), timezone) < today,
    ).length;

    await drafts.open();
    const wizard = await drafts.openBulkCreate();
    // Counts typed for every day of next week, then this week chosen instead.
    await wizard.chooseWeek(1);
    await wizard.chooseCargo(world.cargo.label);
    await wizard.chooseSite('Nevada Mill');
    await wizard.setWeight(10);
    await wizard.next();
    await wizard.enterCounts({ 0: '1', 1: '1', 2: '1', 3: '1', 4: '1', 5: '1', 6: '1' });
    await expect(wizard.total).toHaveText('Total loads: 7');
    await expect(wizard.root.getByTestId('bulk-past-days')).toHaveCount(0);
    await wizard.root.getByRole('button', { name: 'Back', exact: true }).click();
    await wizard.chooseWeek(0);
    await wizard.next();

    const cells = wizard.root.getByTestId('bulk-cell');
    for (let day = 0; day < 7; day++) {
      if (day < past) {
        await expect(cells.nth(day)).toBeDisabled();
        await expect(cells.nth(day)).toHaveValue('');
      } else {
        await expect(cells.nth(day)).toBeEnabled();
        await expect(cells.nth(day)).toHaveValue('1');
      }
    }
    await expect(wizard.total).toHaveText(`Total loads: ${7 - past}`);
    if (past > 0) await expect(wizard.root.getByTestId('bulk-past-days')).toHaveText('Days already past cannot get loads.');
    await wizard.preview();
    await expect(wizard.previewRows).toHaveCount(7 - past);
  });
});

test.describe('planning offline, as the dispatcher', () => {
  test.use({ serviceWorkers: 'allow' });
  test('a publish and a merge made offline show at once, survive a reload and reach the server once each', async ({
    world,
    plan,
    drafts,
    page,
    context,
  }) => {
    const { week } = world;
    const published = await plan.createDraft(
      pickUpAndDeliver(world, 'Nevada Mill', 'Ridgeview Finisher 1', week.at(3, 6), 'E2E-OFFLINE-PUBLISH'),
    );
    const sources = [
      await plan.createDraft(pickUpAndDeliver(world, 'Story City Mill', 'Colo Nursery', week.at(3, 7), 'E2E-OFFLINE-MERGE-1')),
      await plan.createDraft(
        pickUpAndDeliver(world, 'Story City Mill', 'Ridgeview Sow Unit', week.at(3, 8), 'E2E-OFFLINE-MERGE-2'),
      ),
    ];
    const sourceIds = ascending(ids(sources));
    const queue = new OfflineQueue(page);

    await drafts.open();
    await drafts.expectShown([published.id, ...sourceIds]);
    // Installed (the shell precached) and in control of this very page, as a first visit leaves it.
    await page.evaluate(async () => navigator.serviceWorker.ready);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

    // Chromium's offline emulation can leak a request while a page reloads (OFFLINE-NOTES "Testing
    // offline"): refusing every API call as well keeps the server untouched until the test says so.
    await context.route('**/api/**', (route) => route.abort('internetdisconnected'));
    await context.setOffline(true);
    await expect(queue.connection).toHaveText('Offline', { timeout: 15_000 });

    await drafts.select(published.id);
    const publish = await drafts.openPublish();
    await expect(publish.complete(published.id)).toBeVisible();
    await publish.publish();
    await drafts.expectGone([published.id]);

    await drafts.select(...sourceIds);
    const merge = await drafts.openMerge();
    await expect(merge.preview).toContainText('Stops: 3');
    await merge.merge();
    await drafts.expectGone(sourceIds);
    await expect(drafts.provisionalRows).toHaveCount(1);
    await queue.expectQueued(2);
    await expect.poll(() => queue.savedLength(), { message: 'queue saved for a reload' }).toBe(2);

    await page.reload();
    await expect(drafts.table).toHaveAttribute('aria-busy', 'false');
    await expect(queue.connection).toHaveText('Offline');
    await drafts.expectGone([published.id, ...sourceIds]);
    await expect(drafts.provisionalRows).toHaveCount(1);
    await queue.expectQueued(2);

    // Queued, not sent: the server still has the three drafts as they were.
    const untouched = (await plan.drafts()).filter((draft) => [published.id, ...sourceIds].includes(draft.id));
    expect(untouched.map((draft) => ({ id: draft.id, version: draft.version })).sort((a, b) => a.id - b.id)).toEqual(
      [published, ...sources].map((draft) => ({ id: draft.id, version: draft.version })).sort((a, b) => a.id - b.id),
    );

    await context.unroute('**/api/**');
    await context.setOffline(false);
    await expect(queue.connection).toHaveText('Online', { timeout: 15_000 });
    await queue.expectQueued(0);

    const publishedNow = (await plan.loadsBetween(week.week)).find((load) => load.id === published.id);
    expect(publishedNow).toMatchObject({ isDraft: false, version: published.version + 1 });
    const merges = (await plan.drafts()).filter((draft) => ascending(draft.mergedFromOrderIds ?? []).join() === sourceIds.join());
    expect(merges).toHaveLength(1);
    const mergedId = (merges[0] as Order).id;
    expect(stopsOf(merges[0] as Order).map((stop) => stop.type)).toEqual(['Origin', 'Destination', 'Destination']);
    const marked = await plan.mergedSources(sourceIds);
    expect(
      marked.map((source) => ({ id: source.id, status: source.status, version: source.version })).sort((a, b) => a.id - b.id),
    ).toEqual(
      sources.map((source) => ({ id: source.id, status: 'Merged', version: source.version + 1 })).sort((a, b) => a.id - b.id),
    );
    // The provisional row became the server's draft.
    await drafts.expectShown([mergedId]);
    await expect(drafts.provisionalRows).toHaveCount(0);
    await drafts.expectGone([published.id, ...sourceIds]);
  });
});
