import { expect, type Locator, type Page } from '@playwright/test';
import type { Order, Stop } from '../../../core/contract/orders.ts';
import dayjs from 'dayjs';
import { timeInWeek, type WeekRange, weekContaining } from '../../../core/domain/weeks.ts';
import { type DispatchApi, LoadsTablePage } from './loads.ts';
import { DateTimeFieldControl } from './date-time-field.ts';

/**
 * Page objects of the drafts page's planning tools (src/features/loads/planning): the drafts table
 * with its planning buttons, each planning dialog, the header's queue of offline changes; plus the
 * drafts API the tests create their drafts with and check every outcome against.
 */

// ---------------------------------------------------------------------------
// The drafts API
// ---------------------------------------------------------------------------

export interface DraftStopPlan {
  type: Stop['type'];
  locationId: number;
  at: Date;
  /** Grams; null leaves the stop without a weight. */
  grams: number | null;
  orderNumber?: string;
}

/** A draft body for `POST /api/orders`: the stops in the order given, all of one cargo type measured by weight. */
export function draftBody(cargoTypeId: number, stops: readonly DraftStopPlan[]) {
  return {
    date: (stops[0]?.at ?? new Date()).toISOString(),
    isDraft: true,
    stops: stops.map((stop, index) => ({
      sequence: index + 1,
      type: stop.type,
      organizationLocationId: stop.locationId,
      cargoTypeId: stop.type === 'Origin' || stop.type === 'Destination' ? cargoTypeId : null,
      weight: stop.grams,
      orderNumber: stop.orderNumber ?? null,
      arrivalTime: stop.at.toISOString(),
    })),
  };
}

/** The drafts routes, signed in as the test's user (the browser's actions are checked here). */
export class DraftsApi {
  constructor(readonly api: DispatchApi) {}

  private get context() {
    return this.api.context;
  }

  /** Every draft of the organization the drafts list shows (no Merged sources). */
  async drafts(): Promise<Order[]> {
    const answer = await this.context.get('/api/self/drafts');
    expect(answer.status(), 'GET /api/self/drafts').toBe(200);
    return (await answer.json()) as Order[];
  }

  async draft(id: number): Promise<Order | undefined> {
    return (await this.drafts()).find((draft) => draft.id === id);
  }

  /** The scheduled (published) loads of a range. */
  async loadsBetween(range: WeekRange): Promise<Order[]> {
    const query = new URLSearchParams({ startDate: range.start.toISOString(), endDate: range.end.toISOString() });
    const answer = await this.context.get(`/api/self/orders?${query}`);
    expect(answer.status(), 'GET /api/self/orders').toBe(200);
    return (await answer.json()) as Order[];
  }

  /** The named loads that are still Merged (the unmerge dialog's list). */
  async mergedSources(ids: readonly number[]): Promise<Order[]> {
    const answer = await this.context.get(`/api/orders/merged-sources?mergedFromOrderIds=${ids.join(',')}`);
    expect(answer.status(), 'GET /api/orders/merged-sources').toBe(200);
    return (await answer.json()) as Order[];
  }

  async createDraft(body: ReturnType<typeof draftBody>): Promise<Order> {
    const answer = await this.context.post('/api/orders', { data: body });
    expect(answer.status(), `creating a draft: ${await answer.text()}`).toBe(201);
    const created = (await answer.json()) as Order;
    expect(created.isDraft).toBe(true);
    return created;
  }
}

/** The user's current week and wall-clock instants in it (the drafts table shows that week by default). */
export class PlanningWeek {
  readonly week: WeekRange;

  constructor(readonly timezone: string) {
    this.week = weekContaining(new Date(), timezone);
  }

  /** `day` days after the week's Sunday at hour:minute in the user's zone; Monday to Friday never leave the week. */
  at(day: number, hour: number, minute = 0): Date {
    return timeInWeek(this.week, this.timezone, day, hour, minute);
  }

  /** "YYYY-MM-DDTHH:mm" as the dialogs' datetime inputs take it. */
  wallClock(at: Date): string {
    // weeks.ts extends dayjs with its utc and timezone plugins.
    return dayjs(at).tz(this.timezone).format('YYYY-MM-DDTHH:mm');
  }
}

/** A draft's stops in sequence order. */
export const stopsOf = (draft: Order) => [...draft.stops].sort((a, b) => a.sequence - b.sequence);

export const arrivalsOf = (draft: Order) => stopsOf(draft).map((stop) => Date.parse(stop.arrivalTime ?? ''));

// ---------------------------------------------------------------------------
// The drafts table and its planning dialogs
// ---------------------------------------------------------------------------

/** /drafts: the loads table's rows and selection, with the planning buttons and their dialogs. */
export class DraftsTablePage extends LoadsTablePage {
  /** The current week, or the week whose Sunday is `week` (YYYY-MM-DD). */
  override async open(week?: string) {
    await this.page.goto(week ? `/drafts?week=${week}` : '/drafts');
    // A fresh browser's first sync fills the device's copy before the table stops loading.
    await expect(this.table).toHaveAttribute('aria-busy', 'false', { timeout: 40_000 });
  }

  /** Rows shown under a provisional (negative) id: made offline, not yet known to the server. */
  get provisionalRows() {
    return this.page.locator('[data-testid="load-row"][data-load-id^="-"]');
  }

  async expectShown(ids: readonly number[]) {
    for (const id of ids) await expect(this.row(id), `draft ${id} shown`).toBeVisible({ timeout: 15_000 });
  }

  async expectGone(ids: readonly number[]) {
    for (const id of ids) await expect(this.row(id), `draft ${id} gone`).toHaveCount(0);
  }

  async openPublish() {
    await this.runAction('publish');
    const dialog = new PublishDialog(this.page);
    await expect(dialog.root).toBeVisible();
    return dialog;
  }

  async openMerge() {
    await this.runAction('merge');
    const dialog = new MergeDialog(this.page);
    await expect(dialog.root).toBeVisible();
    return dialog;
  }

  async openUnmerge() {
    await this.runAction('unmerge');
    const dialog = new UnmergeDialog(this.page);
    await expect(dialog.root).toBeVisible();
    return dialog;
  }

  async openCascade() {
    await this.runAction('cascade');
    const dialog = new CascadeDialog(this.page);
    await expect(dialog.root).toBeVisible();
    return dialog;
  }

  async openBulkSchedule() {
    await this.runAction('bulkSchedule');
    const dialog = new BulkScheduleDialog(this.page);
    await expect(dialog.root).toBeVisible();
    return dialog;
  }

  async openBulkCreate() {
    await this.runAction('createDrafts');
    const wizard = new BulkCreateWizard(this.page);
    await expect(wizard.root).toBeVisible();
    return wizard;
  }
}

/** A Mantine Select: open its dropdown and pick the option by its exact label. */
async function choose(page: Page, select: Locator, label: string) {
  await select.click();
  await page.getByRole('option', { name: label, exact: true }).click();
  await expect(select).toHaveValue(label);
}

/** The drafts a dialog lists, by id, in the order shown. */
async function listedIds(list: Locator): Promise<number[]> {
  const ids = await list
    .getByTestId('planning-draft')
    .evaluateAll((items) => items.map((item) => item.getAttribute('data-load-id') ?? ''));
  return ids.map(Number);
}

/**
 * A planning dialog by its Modal's test id. The Modal's root has no box of its own (its overlay and
 * content are fixed), so visibility is the content's: the element with role dialog.
 */
function dialogOf(page: Page, testId: string) {
  return page.getByTestId(testId).getByRole('dialog');
}

abstract class PlanningDialog {
  abstract readonly root: Locator;
  constructor(readonly page: Page) {}

  async cancel() {
    await this.root.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(this.root).toBeHidden();
  }
}

export class PublishDialog extends PlanningDialog {
  readonly root = dialogOf(this.page, 'publish-dialog');
  readonly confirm = this.root.getByTestId('publish-confirm');
  readonly refused = this.root.getByTestId('publish-refused');

  listed() {
    return listedIds(this.root.getByTestId('publish-drafts'));
  }

  /** What a listed draft lacks, as the dialog words it. */
  missing(id: number) {
    return this.root.locator(`[data-testid="planning-draft"][data-load-id="${id}"]`).getByTestId('publish-missing');
  }

  complete(id: number) {
    return this.root.locator(`[data-testid="planning-draft"][data-load-id="${id}"]`).getByTestId('publish-complete');
  }

  async publish() {
    await expect(this.confirm).toBeEnabled();
    await this.confirm.click();
    await expect(this.root).toBeHidden();
  }
}

export class MergeDialog extends PlanningDialog {
  readonly root = dialogOf(this.page, 'merge-dialog');
  readonly preview = this.root.getByTestId('merge-preview');

  async merge() {
    const confirm = this.root.getByTestId('merge-confirm');
    await expect(confirm).toBeEnabled();
    await confirm.click();
    await expect(this.root).toBeHidden();
  }
}

export class UnmergeDialog extends PlanningDialog {
  readonly root = dialogOf(this.page, 'unmerge-dialog');

  sources() {
    return listedIds(this.root.getByTestId('unmerge-sources'));
  }

  async unmerge() {
    const confirm = this.root.getByTestId('unmerge-confirm');
    await expect(confirm).toBeEnabled();
    await confirm.click();
    await expect(this.root).toBeHidden();
  }
}

export class CascadeDialog extends PlanningDialog {
  readonly root = dialogOf(this.page, 'cascade-dialog');

  chooseBasis(locationName: string) {
    return choose(this.page, this.root.getByTestId('cascade-basis'), locationName);
  }

  chooseInterval(minutes: number) {
    return choose(this.page, this.root.getByTestId('cascade-interval'), `${minutes} min`);
  }

  get start() {
    return this.root.getByTestId('cascade-start');
  }

  async cascade() {
    await expect(this.root.getByTestId('cascade-ineligible')).toHaveCount(0);
    const confirm = this.root.getByTestId('cascade-confirm');
    await expect(confirm).toBeEnabled();
    await confirm.click();
    await expect(this.root).toBeHidden();
  }
}

export class BulkScheduleDialog extends PlanningDialog {
  readonly root = dialogOf(this.page, 'schedule-dialog');
  readonly save = this.root.getByTestId('schedule-save');

  /** The drafts in the order the driver takes them. */
  async order(): Promise<number[]> {
    const ids = await this.root
      .getByTestId('schedule-draft')
      .evaluateAll((items) => items.map((item) => item.getAttribute('data-load-id') ?? ''));
    return ids.map(Number);
  }

  async backwardFrom(at: Date, wallClock: string) {
    await this.root.getByTestId('schedule-direction').getByText('From the last stop', { exact: true }).click();
    await expect(this.root.getByText('Arrival at the last stop')).toBeVisible();
    const reference = new DateTimeFieldControl(this.page, this.root.getByTestId('schedule-reference'));
    const [date, time] = wallClock.split('T') as [string, string];
    await reference.set({ date, time });
    await expect(reference.root).toHaveAttribute('data-value', at.toISOString());
  }

  chooseDriver(name: string) {
    return choose(this.page, this.root.getByTestId('schedule-driver'), name);
  }

  /**
   * Moves a draft one place down with dnd-kit's keyboard sensor (Space picks up, an arrow moves,
   * Space drops), waiting for each live announcement so no key is pressed too early. `position`
   * counts from 1, as the announcements do.
   */
  async moveDown(position: number) {
    const announcement = this.page.locator('[role="status"][aria-live]');
    const handle = this.root.getByTestId('schedule-drag').nth(position - 1);
    await handle.focus();
    const said = (text: string) => expect(announcement.filter({ hasText: text })).toHaveCount(1);
    await this.page.keyboard.press('Space');
    // Picked up: dnd-kit then says at once that the draft is over its own place.
    await said(`is over draft ${position},`);
    await this.page.keyboard.press('ArrowDown');
    await said(`is over draft ${position + 1},`);
    await this.page.keyboard.press('Space');
    await said(`dropped at draft ${position + 1},`);
  }

  async calculate() {
    await this.root.getByTestId('schedule-calculate').click();
    await expect(this.root.getByTestId('schedule-calculated')).toBeVisible();
    await expect(this.root.getByTestId('schedule-not-monotone')).toHaveCount(0);
    await expect(this.root.getByTestId('schedule-unavailable')).toHaveCount(0);
  }

  async saveAll() {
    await expect(this.save).toBeEnabled();
    await this.save.click();
    await expect(this.root).toBeHidden();
  }
}

export class BulkCreateWizard extends PlanningDialog {
  readonly root = dialogOf(this.page, 'bulk-create-dialog');

  /** The week selector's n-th week (0 = this week). */
  async chooseWeek(offset: number) {
    await this.root.getByTestId('bulk-week').click();
    await this.page.getByRole('option').nth(offset).click();
  }

  chooseCargo(label: string) {
    return choose(this.page, this.root.getByTestId('bulk-cargo-type'), label);
  }

  chooseSite(name: string) {
    return choose(this.page, this.root.getByTestId('bulk-site'), name);
  }

  async setWeight(value: number) {
    await this.root.getByTestId('bulk-measure').getByText('Weight', { exact: true }).click();
    await this.root.getByTestId('bulk-amount').fill(String(value));
  }

  async next() {
    await this.root.getByTestId('bulk-next').click();
    await expect(this.root.getByTestId('bulk-grid')).toBeVisible();
  }

  /** Types the counts of the days given (0 = Sunday). */
  async enterCounts(counts: Readonly<Record<number, string>>) {
    const cells = this.root.getByTestId('bulk-cell');
    await expect(cells).toHaveCount(7);
    for (const [day, count] of Object.entries(counts)) await cells.nth(Number(day)).fill(count);
  }

  get total() {
    return this.root.getByTestId('bulk-total');
  }

  async preview() {
    await this.root.getByTestId('bulk-preview').click();
    await expect(this.root.getByTestId('bulk-preview-table')).toBeVisible();
  }

  get previewRows() {
    return this.root.getByTestId('bulk-preview-row');
  }

  async create() {
    await this.root.getByTestId('bulk-create').click();
    await expect(this.root.getByTestId('bulk-completion')).toBeVisible();
  }

  async finish() {
    await this.root.getByTestId('bulk-finish').click();
    await expect(this.root).toBeHidden();
  }
}

// ---------------------------------------------------------------------------
// Offline: the header's badge and queue of changes not yet sent
// ---------------------------------------------------------------------------

export class OfflineQueue {
  constructor(readonly page: Page) {}

  get connection() {
    return this.page.getByTestId('connection-state');
  }

  /** The header's count of queued changes (its popover opened, then closed again). */
  async expectQueued(total: number) {
    if (!(await this.page.getByTestId('queue-list').isVisible())) await this.page.getByTestId('queue-button').click();
    await expect(this.page.getByTestId('queued-count')).toHaveText(`Waiting to be sent: ${total}`, { timeout: 20_000 });
    await this.page.keyboard.press('Escape');
  }

  /** Queued changes as saved in IndexedDB: what survives a reload. */
  savedLength() {
    return this.page.evaluate(
      () =>
        new Promise<number>((resolve, reject) => {
          const opening = indexedDB.open('dispatch');
          opening.onerror = () => reject(opening.error);
          opening.onsuccess = () => {
            const reading = opening.result.transaction('keyValue').objectStore('keyValue').get('dispatch-query-cache');
            reading.onerror = () => reject(reading.error);
            reading.onsuccess = () => {
              opening.result.close();
              const value = reading.result?.value;
              const saved = typeof value === 'string' ? JSON.parse(value) : value;
              resolve(saved?.clientState?.mutations?.length ?? 0);
            };
          };
        }),
    );
  }
}
