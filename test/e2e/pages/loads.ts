import { type APIRequest, type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import type { Order } from '../../../core/contract/orders.ts';
import { weekContaining } from '../../../core/domain/weeks.ts';
import { DEMO_PASSWORD } from './app.ts';
import { DateTimeFieldControl } from './date-time-field.ts';
import { newLoadBody } from '../../fixtures/loads.ts';
import { serverURL } from '../worker-server.ts';

/**
 * Page objects of the loads table (src/features/loads): the table and its filters, the actions
 * toolbar with its panels and dialogs, and the load editor; plus the API, signed in, that the
 * tests check every outcome against.
 */

// ---------------------------------------------------------------------------
// The API, as the tests' source of truth
// ---------------------------------------------------------------------------

export interface DriverRow {
  id: number;
  organizationId: number;
  name: string;
  enabled: boolean;
  driverInfo: { defaultTractorId: number | null; defaultTrailerId: number | null };
}

export interface SelfRow {
  id: number;
  activeOrganizationId: number;
  organization: { name: string };
  contact: {
    timezone: string;
    units: 'Imperial' | 'Metric';
    unitsWeight: 'USTon' | 'Pound' | 'MetricTon' | 'Kilogram';
    language: string;
  };
  preferences: { presets2?: { name: string; default: boolean; fields: { field: string; value: unknown }[]; table?: string }[] };
}

/** A load as the e2e tests read it back from the API. */
export interface ApiLoad {
  id: number;
  version: number;
  status: string;
  organizationId: number;
  transportingOrganizationId: number;
  transportedByUserId: number | null;
  tractorId: number | null;
  trailerId: number | null;
  stops: { id: number; orderNumber: string | null; notes: string | null; completedAt: string | null }[];
}

/**
 * Creates `count` Open loads through the API for a test of its own, so tests never compete for the
 * demo seed's few Open loads. Answers them as created.
 */
export async function createOpenLoads(api: APIRequestContext, count: number, prefix: string): Promise<ApiLoad[]> {
  const locations = (await (await api.get('/api/locations')).json()) as { id: number }[];
  const [origin, destination] = locations;
  if (!origin || !destination) throw new Error('the company has fewer than two locations');
  const created: ApiLoad[] = [];
  for (let index = 0; index < count; index++) {
    // Spread over the next hours but never past Saturday night, so every load stays in this week's table.
    const body = newLoadBody({
      originId: origin.id,
      destinationId: destination.id,
      orderNumber: `${prefix}-${index + 1}`,
      hoursAhead: 0.2 + index * 0.1,
    });
    const answer = await api.post('/api/orders', { data: body });
    if (answer.status() !== 201) throw new Error(`creating a load answered ${answer.status()}: ${await answer.text()}`);
    created.push((await answer.json()) as ApiLoad);
  }
  return created;
}

/** A user's signed-in API (its own cookie jar, separate from the browser's). */
export class DispatchApi {
  private constructor(readonly context: APIRequestContext) {}

  static async signIn(requests: APIRequest, username: string) {
    const context = await requests.newContext({ baseURL: serverURL });
    const answer = await context.post('/api/session', { data: { username, password: DEMO_PASSWORD } });
    expect(answer.ok(), `sign-in of ${username}`).toBe(true);
    return new DispatchApi(context);
  }

  /** The cookies of this session, for a browser context that starts signed in. */
  storageState() {
    return this.context.storageState();
  }

  private async json<T>(path: string): Promise<T> {
    const answer = await this.context.get(path);
    expect(answer.status(), `GET ${path}`).toBe(200);
    return (await answer.json()) as T;
  }

  self() {
    return this.json<SelfRow>('/api/self');
  }

  /** The scheduled loads of the week the table shows by default (the current one, in the user's zone). */
  async weekLoads(): Promise<Order[]> {
    const { contact } = await this.self();
    const week = weekContaining(new Date(), contact.timezone);
    const query = new URLSearchParams({ startDate: week.start.toISOString(), endDate: week.end.toISOString() });
    return this.json<Order[]>(`/api/self/orders?${query}`);
  }

  /**
   * A new Open load of this company in this week's table, for one test alone: the demo week has few
   * Open loads, and which ones other tests in the worker changed depends on the order specs run in.
   */
  async newOpenLoad(prefix: string): Promise<Order> {
    const [created] = await createOpenLoads(this.context, 1, prefix);
    const load = created && (await this.load(created.id));
    if (!load) throw new Error(`the load ${prefix} was created but cannot be read`);
    return load;
  }

  async load(id: number): Promise<Order | undefined> {
    return (await this.weekLoads()).find((load) => load.id === id);
  }

  drivers() {
    return this.json<DriverRow[]>('/api/drivers');
  }

  carriers() {
    return this.json<{ carrierOrganizationId: number; name: string; isActive: boolean }[]>('/api/carriers');
  }

  locations() {
    return this.json<{ id: number; name: string }[]>('/api/locations');
  }

  cargoTypes() {
    return this.json<{ id: number; label: string; measuredBy: 'weight' | 'quantity' }[]>('/api/cargo-types');
  }

  /** The delivery log answers 404 for a load that does not exist (or is not visible). */
  async tripEventsStatus(loadId: number) {
    return (await this.context.get(`/api/orders/${loadId}/tripevents`)).status();
  }

  dispose() {
    return this.context.dispose();
  }
}

/** Loads the tests act on, each taken once per run so that tests do not step on each other's data. */
const taken = new Set<number>();

/** The first load (by id) matching `wanted` that no other test has taken yet. */
export function takeLoad(loads: readonly Order[], wanted: (load: Order) => boolean, what: string): Order {
  const load = [...loads].sort((a, b) => a.id - b.id).find((candidate) => !taken.has(candidate.id) && wanted(candidate));
  if (!load) throw new Error(`No load left for: ${what}`);
  taken.add(load.id);
  return load;
}

/** Carried by its owner itself (not handed to a carrier) and with stops. */
export const ownCarried = (load: Order) => load.transportingOrganizationId === load.owningOrganizationId && load.stops.length > 0;

// ---------------------------------------------------------------------------
// The loads table
// ---------------------------------------------------------------------------

/** /loads: rows, filters, presets, selection and the actions toolbar. */
export class LoadsTablePage {
  constructor(readonly page: Page) {}

  get table() {
    return this.page.getByTestId('loads-table');
  }

  get rows() {
    return this.page.getByTestId('load-row');
  }

  row(id: number) {
    return this.page.locator(`[data-testid="load-row"][data-load-id="${id}"]`);
  }

  status(id: number) {
    return this.row(id).getByTestId('load-status');
  }

  action(name: string) {
    return this.page.getByTestId(`action-${name}`);
  }

  /** Runs a toolbar action; a secondary one waits in the "More actions" menu. */
  async runAction(name: string) {
    const button = this.action(name);
    if (!(await button.isVisible())) await this.page.getByTestId('more-actions').click();
    await button.click();
    // The "more actions" menu fades out: checks run on the dialog once it has gone, not on its half-transparent items.
    await expect(this.page.getByRole('menu')).toHaveCount(0);
  }

  async open() {
    await this.page.goto('/loads');
    // A fresh browser's first sync fills the device's copy before the table stops loading.
    await expect(this.table).toHaveAttribute('aria-busy', 'false', { timeout: 40_000 });
  }

  /** Waits until the table shows exactly these loads (the mirror fills from the network after sign-in). */
  async expectRows(ids: readonly number[]) {
    const wanted = [...ids].sort((a, b) => a - b);
    await expect
      .poll(async () => (await this.rowIds()).sort((a, b) => a - b), { message: 'the rows shown', timeout: 15_000 })
      .toEqual(wanted);
  }

  async rowIds(): Promise<number[]> {
    const ids = await this.rows.evaluateAll((rows) => rows.map((row) => row.getAttribute('data-load-id') ?? ''));
    return ids.map(Number);
  }

  async select(...ids: number[]) {
    for (const id of ids) {
      const checkbox = this.row(id).getByTestId('load-select');
      await checkbox.check();
      await expect(checkbox).toBeChecked();
    }
  }

  // Filters -----------------------------------------------------------------

  /** Picks options of a multi-select column filter (its dropdown stays open between picks). */
  async filterBy(column: 'driver' | 'status' | 'cargo', labels: readonly string[]) {
    // The column's title opens its filter, the multi-select inside a popover.
    await this.page.getByTestId(`filter-toggle-${column}`).click();
    const input = this.page.getByTestId(`filter-${column}`);
    await input.click();
    for (const label of labels) await this.page.getByRole('option', { name: label, exact: true }).click();
    // The first Escape closes the options, the next the filter's popover.
    await this.page.keyboard.press('Escape');
    if (await input.isVisible()) await this.page.keyboard.press('Escape');
    await expect(input).toBeHidden();
  }

  async filterByWeight(operator: '<' | '<=' | '>' | '>=' | '=', value: number) {
    await this.page.getByTestId('weight-filter-button').click();
    const filter = this.page.getByTestId('weight-filter');
    await filter.getByTestId('weight-operator').click();
    await this.page.getByRole('option', { name: operator, exact: true }).click();
    const apply = filter.getByTestId('weight-apply');
    await filter.getByTestId('weight-value').fill('');
    // Apply stays off until the value is a number (spec 1 §2).
    await expect(apply).toBeDisabled();
    await filter.getByTestId('weight-value').fill(String(value));
    await apply.click();
  }

  async resetFilters() {
    await this.page.getByTestId('reset-filters').click();
    await expect(this.page.getByTestId('reset-filters')).toBeDisabled();
  }

  async savePreset(name: string) {
    await this.page.getByTestId('presets-button').click();
    const menu = this.page.getByTestId('presets-menu');
    await menu.getByTestId('preset-name').fill(name);
    await menu.getByTestId('preset-save').click();
    await expect(menu.getByTestId('preset').filter({ hasText: name })).toBeVisible();
    await this.page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
  }

  async applyPreset(name: string) {
    await this.page.getByTestId('presets-button').click();
    await this.page.getByRole('button', { name: `Apply preset ${name}`, exact: true }).click();
    await expect(this.page.getByTestId('presets-menu')).toBeHidden();
  }

  // Actions -----------------------------------------------------------------

  async assignDriver(driverId: number) {
    await this.runAction('assignDriver');
    const panel = this.page.getByTestId('assign-driver-panel');
    const driver = panel.locator(`[data-testid="assign-driver-row"][data-driver-id="${driverId}"]`);
    await driver.getByTestId('assign-driver-button').click();
    await driver.getByTestId('assign-driver-button-yes').click();
    await expect(driver).toBeHidden();
  }

  async assignCarrier(name: string) {
    await this.runAction('assignCarrier');
    const carrier = this.page.getByTestId('assign-carrier-row').filter({ hasText: name });
    await carrier.getByTestId('assign-carrier-button').click();
    await carrier.getByTestId('assign-carrier-button-yes').click();
    await expect(carrier).toBeHidden();
  }

  async unassignCarrier() {
    await this.runAction('assignCarrier');
    const unassign = this.page.getByTestId('unassign-carrier-button');
    await unassign.click();
    await this.page.getByTestId('unassign-carrier-button-yes').click();
    await expect(unassign).toBeHidden();
  }

  async completeSelected(loadIds: readonly number[]) {
    await this.runAction('complete');
    const dialog = this.page.getByTestId('complete-dialog');
    for (const id of loadIds) await expect(dialog.locator(`[data-testid="complete-load"][data-load-id="${id}"]`)).toBeVisible();
    await dialog.getByTestId('complete-confirm').click();
    await expect(dialog.getByTestId('complete-confirm')).toBeHidden();
  }

  async deleteSelected() {
    await this.runAction('delete');
    const confirm = this.page.getByTestId('delete-confirm');
    await confirm.click();
    await expect(confirm).toBeHidden();
  }

  /** Expands a row: its in-place editor (or read-only stops) opens under it. */
  async expand(id: number) {
    await this.row(id).getByTestId('load-expand').click();
    const expanded = this.page.locator(`[data-testid="load-expanded"][data-expanded-load-id="${id}"]`);
    await expect(expanded).toBeVisible();
    return new LoadEditor(this.page, expanded.getByTestId('load-editor'));
  }

  async openCreate() {
    await this.runAction('create');
    const editor = new LoadEditor(this.page, this.page.getByRole('dialog', { name: 'New load' }));
    await expect(editor.stops).toHaveCount(2);
    return editor;
  }
}

// ---------------------------------------------------------------------------
// The load editor (modal or in place)
// ---------------------------------------------------------------------------

export class LoadEditor {
  constructor(
    readonly page: Page,
    readonly root: Locator,
  ) {}

  get stops() {
    return this.root.getByTestId('stop-row');
  }

  stop(sequence: number) {
    return this.root.locator(`[data-testid="stop-row"][data-sequence="${sequence}"]`);
  }

  async addStop() {
    const count = await this.stops.count();
    await this.root.getByTestId('add-stop').click();
    await expect(this.stops).toHaveCount(count + 1);
  }

  /** A searchable Mantine Select: type to narrow, then pick the option. */
  private async choose(select: Locator, label: string) {
    await select.click();
    await select.fill(label);
    await this.page.getByRole('option', { name: label, exact: true }).click();
    await expect(select).toHaveValue(label);
  }

  async chooseLocation(sequence: number, name: string) {
    await this.choose(this.stop(sequence).getByTestId('stop-location'), name);
  }

  async chooseCargo(sequence: number, label: string) {
    await this.choose(this.stop(sequence).getByTestId('stop-cargo-type'), label);
  }

  /** Switches the stop's amount to weight and types it (in the user's unit). */
  async setWeight(sequence: number, value: number) {
    const stop = this.stop(sequence);
    await stop.getByTestId('stop-measure').getByText('Weight', { exact: false }).click();
    const weight = stop.getByTestId('stop-weight');
    await weight.fill(String(value));
    await expect(weight).toHaveValue(new RegExp(`^${value}\\b`));
  }

  async setOrderNumber(sequence: number, value: string) {
    await this.stop(sequence).getByTestId('stop-order-number').fill(value);
  }

  async setNotes(sequence: number, value: string) {
    await this.stop(sequence).getByTestId('stop-notes').fill(value);
  }

  /** The stop's arrival field (the product's date-time field). */
  arrival(sequence: number) {
    return new DateTimeFieldControl(this.page, this.stop(sequence).getByTestId('stop-arrival'));
  }

  /** The stop's arrival: the day in the calendar, then the time typed as its four digits. */
  async setArrival(sequence: number, wallClock: { date: string; time: string }) {
    await this.arrival(sequence).set(wallClock);
  }

  /** The stop's arrival as an ISO instant ('' when none). */
  async arrivalInstant(sequence: number) {
    return (await this.arrival(sequence).instant()) ?? '';
  }

  /** "Auto-calculate stop times" from the given stop (index 0 = the first), until it is done. */
  async autoCalculateFrom(sequence: number) {
    const from = this.root.getByTestId('auto-times-from');
    await from.click();
    await this.page.getByRole('option', { name: new RegExp(`^${sequence}\\. `) }).click();
    const button = this.root.getByTestId('auto-times');
    await button.click();
    await expect(this.root.getByTestId('auto-times-progress')).toBeHidden();
    await expect(button).toBeEnabled();
  }

  async save() {
    const save = this.root.getByTestId('load-editor-save');
    await expect(save).toBeEnabled();
    await save.click();
    await expect(this.root).toBeHidden();
  }
}
