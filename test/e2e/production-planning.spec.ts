import type { Locator, Page } from '@playwright/test';
import { inputFromOrder, type Order } from '../../core/contract/orders.ts';
import { gramsToDisplayWeight, type WeightUnit } from '../../core/domain/units.ts';
import { isoDateInZone } from '../../core/domain/weeks.ts';
import { test as base, expect } from './fixtures.ts';
import { goOffline } from './pages/app.ts';
import { expectNoSeriousViolations } from './pages/axe.ts';
import { DispatchApi, type SelfRow } from './pages/loads.ts';
import { DraftsApi, DraftsTablePage, PlanningWeek } from './pages/planning.ts';

/**
 * Production planning end to end (issue 22, spec 3), as the administrator: two cards created in the
 * form, moved into the generation bucket with the keyboard, previewed in both modes, generated into
 * draft loads that show on /drafts, the order group's counts following a publish, and the unlink.
 * The cards carry a lot id unique to the run, so nothing else on the server is counted or moved.
 */

interface World {
  self: SelfRow;
  unit: WeightUnit;
  mill: string;
  farm: string;
}

const test = base.extend<{ drafts: DraftsTablePage }, { api: DispatchApi; plan: DraftsApi; world: World }>({
  api: [
    async ({ playwright }, use) => {
      const api = await DispatchApi.signIn(playwright.request, 'admin');
      await use(api);
      await api.dispose();
    },
    { scope: 'worker' },
  ],
  plan: [async ({ api }, use) => use(new DraftsApi(api)), { scope: 'worker' }],
  world: [
    async ({ api }, use) => {
      const self = await api.self();
      const answer = await api.context.get('/api/locations');
      const locations = (await answer.json()) as {
        name: string;
        organizationId: number;
        organizationLocationTypeId: number;
        enabled: boolean;
      }[];
      const ours = locations.filter((row) => row.organizationId === self.activeOrganizationId && row.enabled);
      // Location types 1 (Feed Mill) ships Bulk Feed and 2 (Farm) receives it (the demo's location types).
      const mill = ours.find((row) => row.organizationLocationTypeId === 1)?.name;
      const farm = ours.find((row) => row.organizationLocationTypeId === 2)?.name;
      if (!mill || !farm) throw new Error('the demo company needs a feed mill and a farm');
      await use({ self, unit: self.contact.unitsWeight, mill, farm });
    },
    { scope: 'worker' },
  ],
  storageState: async ({ api }, use) => use(await api.storageState()),
  drafts: async ({ page }, use) => use(new DraftsTablePage(page)),
});

/** A Mantine Select or the form's option lists: open and pick by exact label. */
async function choose(page: Page, select: Locator, label: string) {
  await select.click();
  await page.getByRole('option', { name: label, exact: true }).click();
}

/** Fills and saves the create-card form: Bulk Feed from the mill to the farm, by weight over one load. */
async function createCard(page: Page, world: World, card: { lot: string; grams: number }) {
  await page.getByTestId('card-create').click();
  const form = page.getByTestId('card-form').getByRole('dialog');
  await choose(page, form.getByTestId('card-cargo-type'), 'Bulk Feed');
  await form.getByTestId('card-weight').fill(String(gramsToDisplayWeight(card.grams, world.unit)));
  await form.getByTestId('card-loads').fill('1');
  await form.getByTestId('card-lot').fill(`  ${card.lot}  `);
  await form.getByTestId('card-order').fill(`PO-${card.lot}`);
  await choose(page, form.getByTestId('card-origin'), world.mill);
  await choose(page, form.getByTestId('card-destination'), world.farm);
  await form.getByTestId('card-form-save').click();
  await expect(form).toBeHidden();
}

/** Moves the first card of the day bucket into the generation bucket with the keyboard. */
async function moveFirstToGeneration(page: Page) {
  const handle = page.getByTestId('bucket-day').getByTestId('card-handle').first();
  await handle.focus();
  await page.keyboard.press('Space');
  // dnd-kit says each step in its live region once it has measured the lists.
  await expect(handle).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByText(/is over the Generation bucket\.$/)).toBeAttached();
  await page.keyboard.press('Space');
}

/** The drafts generated from this run's cards (their stops carry its lot ids). */
async function runDrafts(plan: DraftsApi, run: string): Promise<Order[]> {
  return (await plan.drafts()).filter((draft) => draft.stops.some((stop) => stop.lotId?.startsWith(run)));
}

test('cards become draft loads of an order group whose counts follow publishing, and the group unlinks', async ({
  page,
  api,
  plan,
  drafts,
  world,
}) => {
  test.setTimeout(180_000);
  const run = `E2E${Date.now().toString(36).toUpperCase()}`;
  // 18 t and 9 t of Bulk Feed, typed in the user's weight unit.
  const cards = [
    { lot: `${run}-A`, grams: 18_000_000 },
    { lot: `${run}-B`, grams: 9_000_000 },
  ];

  await page.goto('/production-planning');
  const board = page.getByTestId('production-planning-page');
  await expect(board.getByTestId('bucket-day')).toBeVisible({ timeout: 40_000 });

  for (const card of cards) {
    await createCard(page, world, card);
    await expect(page.getByText('Production card created.')).toBeVisible();
  }

  // The search (300 ms debounce) finds this run's two cards; each moves to the generation bucket by keyboard.
  await board.getByTestId('board-search').fill(run);
  await expect(board.getByTestId('day-count')).toHaveText('2 cards');
  const day = board.getByTestId('bucket-day');
  const generation = board.getByTestId('bucket-generation');
  for (const moved of [1, 2]) {
    await moveFirstToGeneration(page);
    await expect(generation.getByTestId('production-card')).toHaveCount(moved);
  }
  await expect(board.getByTestId('generation-count')).toHaveText('2 cards to generate');
  await expect(day.getByTestId('day-empty')).toBeVisible();
  await expectNoSeriousViolations(page, 'production planning board');

  // Preview, greedy then equitable: the trailer profile, each draft's compartments (at least 8 drawn).
  await board.getByTestId('board-preview').click();
  const preview = page.getByTestId('preview-modal').getByRole('dialog');
  await expect(preview.getByTestId('trailer-profile')).toContainText('Bulk Feed trailer: up to');
  const draftsShown = preview.getByTestId('preview-draft');
  await expect(draftsShown.first()).toBeVisible();
  const greedyCount = await draftsShown.count();
  expect(greedyCount).toBeGreaterThanOrEqual(1);
  expect(await draftsShown.first().getByTestId('compartment').count()).toBeGreaterThanOrEqual(8);
  await expectNoSeriousViolations(page, 'production planning preview');
  await preview.getByTestId('preview-mode').getByText('Equitable', { exact: true }).click();
  await expect(preview.getByRole('radio', { name: 'Equitable' })).toBeChecked();
  await expect(preview.getByTestId('preview-generate')).toHaveText(/^Generate \d+ loads?$/);
  // The worker recomputes behind skeletons: the equitable drafts are counted once they show.
  await expect(preview.getByTestId('preview-loading')).toHaveCount(0);
  await expect(draftsShown).toHaveCount(greedyCount);
  const equitableCount = greedyCount;

  // Generate: the server makes the drafts; the cards leave the board.
  await preview.getByTestId('preview-generate').click();
  await expect(page.getByText(`Group of ${equitableCount} load${equitableCount === 1 ? '' : 's'} created.`)).toBeVisible();
  await expect(preview).toBeHidden();
  await expect(generation.getByTestId('production-card')).toHaveCount(0);
  await expect(board.getByTestId('day-count')).toHaveText('0 cards', { timeout: 15_000 });

  const generated = await runDrafts(plan, run);
  expect(generated).toHaveLength(equitableCount);
  for (const draft of generated) {
    expect(draft.stops.every((stop) => stop.orderNumber?.startsWith(`PO-${run}`))).toBe(true);
  }

  // The order group lists them: drafts N, scheduled 0.
  const groupRow = async () => {
    await page.goto('/production-planning');
    await page.getByTestId('tab-groups').click();
    await page.getByTestId('orderGroups-search').fill(run);
    return page.getByTestId('orderGroups-row');
  };
  let row = await groupRow();
  await expect(row).toHaveCount(1, { timeout: 15_000 });
  await expect(row.getByRole('cell').nth(6)).toHaveText(String(equitableCount));
  await expect(row.getByRole('cell').nth(7)).toHaveText('0');
  await expectNoSeriousViolations(page, 'order groups');

  // One draft given its arrival times, then published on /drafts.
  const [first] = generated;
  if (!first) throw new Error('no draft generated');
  const week = new PlanningWeek(world.self.contact.timezone);
  const input = inputFromOrder(first);
  const start = week.at(3, 6).getTime();
  const timed = await api.context.put(`/api/orders/${first.id}`, {
    data: {
      ...input,
      version: first.version,
      stops: input.stops.map((stop, index) => ({ ...stop, arrivalTime: new Date(start + index * 3_600_000).toISOString() })),
    },
  });
  expect(timed.status(), await timed.text()).toBe(200);
  await drafts.open();
  await drafts.expectShown(generated.map((draft) => draft.id));
  await drafts.select(first.id);
  const publish = await drafts.openPublish();
  await expect(publish.complete(first.id)).toBeVisible();
  await publish.publish();

  // The group's counts follow: one scheduled, one draft fewer.
  row = await groupRow();
  await expect(row.getByRole('cell').nth(7)).toHaveText('1', { timeout: 15_000 });
  await expect(row.getByRole('cell').nth(6)).toHaveText(String(equitableCount - 1));

  // Unlink: the group leaves the table.
  await row.getByTestId('group-unlink').click();
  await expect(page.getByTestId('orderGroups-row')).toHaveCount(0);
  await expect(page.getByText(/^Group .* unlinked\.$/)).toBeVisible();
});

test.describe('offline', () => {
  // The offline reload is served by the service worker (the suite blocks it elsewhere: playwright.config.ts).
  test.use({ serviceWorkers: 'allow' });

  test('offline, a card is kept on the device and the preview still works; generating says it needs a connection; a card is deleted from its badge', async ({
    page,
    api,
    world,
  }) => {
    test.setTimeout(120_000);
    const run = `E2E${Date.now().toString(36).toUpperCase()}`;
    await page.goto('/production-planning');
    const board = page.getByTestId('production-planning-page');
    await expect(board.getByTestId('bucket-day')).toBeVisible({ timeout: 40_000 });
    await createCard(page, world, { lot: `${run}-ON`, grams: 12_000_000 });
    await expect(page.getByText('Production card created.')).toBeVisible();

    const backOnline = await goOffline(page);
    await createCard(page, world, { lot: `${run}-OFF`, grams: 6_000_000 });
    await expect(page.getByText(/is kept on this device and will be created when the connection returns\.$/)).toBeVisible();
    await board.getByTestId('board-search').fill(run);
    await expect(board.getByTestId('day-count')).toHaveText('2 cards');
    const offlineCard = board.getByTestId('production-card').filter({ hasText: `${run}-OFF` });
    await expect(offlineCard.getByText('Waiting to send')).toBeVisible();

    // The card stored on the server goes to the generation bucket; the worker previews it offline.
    await board.getByTestId('board-search').fill(`${run}-ON`);
    await expect(board.getByTestId('day-count')).toHaveText('1 card');
    await moveFirstToGeneration(page);
    await board.getByTestId('board-preview').click();
    const preview = page.getByTestId('preview-modal').getByRole('dialog');
    await expect(preview.getByTestId('preview-draft')).toHaveCount(1);
    const generate = preview.getByTestId('preview-generate');
    await expect(generate).toHaveAttribute('aria-disabled', 'true');
    await expect(generate).toHaveAccessibleDescription('This needs a connection to the server.');
    await page.keyboard.press('Escape');
    await expect(preview).toBeHidden();

    // Back online, the queued card reaches the server and stops waiting.
    await backOnline();
    const week = new PlanningWeek(world.self.contact.timezone).week;
    const zone = world.self.contact.timezone;
    const storedLots = async () => {
      const query = `startDate=${isoDateInZone(week.start, zone)}&endDate=${isoDateInZone(week.end, zone)}`;
      const answer = await api.context.get(`/api/production-cards?${query}`);
      return ((await answer.json()) as { lotId: string | null }[]).map((card) => card.lotId);
    };
    await expect.poll(storedLots, { timeout: 20_000 }).toContain(`${run}-OFF`);
    await board.getByTestId('board-search').fill(`${run}-OFF`);
    await expect(offlineCard).toBeVisible({ timeout: 15_000 });
    await expect(offlineCard.getByText('Waiting to send')).toHaveCount(0);

    // Its delete badge asks in place, then the card leaves the board and the server.
    await offlineCard.getByTestId('card-delete').click();
    await offlineCard.getByTestId('card-delete-yes').click();
    await expect(page.getByText('Production card deleted.')).toBeVisible();
    await expect(offlineCard).toHaveCount(0);
    await expect.poll(storedLots).not.toContain(`${run}-OFF`);
  });
});
