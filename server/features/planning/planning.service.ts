/**
 * The planning routes of spec 1 §7 (issue 5): the list save behind publish and the bulk tools,
 * merge and unmerge of drafts, the sources of a merged draft, and bulk creation from projections.
 * Every rule is core/domain/planning's, run again here on the rows as they are when we write
 * (the client's check is a convenience). Writes follow orders.service.ts: one transaction locking
 * the loads in id order, all or nothing, version + 1 and updated_at on every touched row, the
 * change log in the same transaction, the realtime pokes after the commit.
 *
 * What a merge stores: the merged draft is a new load whose `merged_from_order_ids` names its
 * sources; the sources keep everything (stops, driver, tractor, trailer, dates) and only become
 * status Merged. Merging accepts only Open or Assigned drafts (`canMerge`), and a draft's status is
 * what its driver gives, so unmerge restores each source's status from its driver
 * (`unmergeDrafts`) and deletes the merged draft: nothing else needs keeping.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Order, OrderInput, StopInput } from '#core/contract/orders';
import type { OrderListItem, ProjectionConfig } from '#core/contract/planning-actions';
import { statusAfterDriverChoice } from '#core/domain/load-rules';
import { DEFAULT_TIMEZONE } from '#core/domain/locale';
import {
  applyMergedStopOrder,
  canMerge,
  canPublish,
  completenessOptions,
  draftCompleteness,
  isMonotone,
  isPastDay,
  mergeDrafts,
  unmergeDrafts,
  validateProjectionConfig,
} from '#core/domain/planning/index';
import type { Database, Queryable, Transaction } from '#server/db/database';
import { contacts, orders, users } from '#server/db/schema';
import { recordChanges } from '#server/features/sync/change-log';
import {
  insertOrders,
  type OrderRow,
  organizationsSeeing,
  ruleViolation,
  updateOrderInTransaction,
  userWeightUnit,
  withStops,
} from '#server/features/orders/orders.service';
import type { AuthContext } from '#server/plugins/auth';
import { HttpError, notFound } from '#server/plugins/error-handler';
import { ERROR_CODES } from '#core/contract/errors';
import type { RealtimePublisher } from '#server/plugins/realtime';
import type { RoutingProvider } from '#server/providers/routing';

/**
 * Locks the active organization's own loads named (in id order, so two requests cannot deadlock)
 * and answers them whole by id. Drafts are the owner's planning material: a load of another
 * organization, or one it only transports, is 404 like everywhere else.
 */
async function lockOwnLoads(tx: Transaction, auth: AuthContext, ids: readonly number[]): Promise<Map<number, Order>> {
  const rows = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.organizationId, auth.organizationId), inArray(orders.id, [...ids])))
    .orderBy(asc(orders.id))
    .for('update');
  const found = new Set(rows.map((row) => row.id));
  const missing = ids.find((id) => !found.has(id));
  if (missing !== undefined) throw notFound(`Load ${missing}`);
  return new Map((await withStops(tx, rows)).map((load) => [load.id, load]));
}

/** The signed-in user's weight unit: the completeness check balances weights at its precision, as the UI did. */
/** Arrival instants in stop order, so a save that moves or retimes stops is told from one that does not. */
function arrivalsInOrder(stops: readonly { sequence: number; arrivalTime: string | null }[]): (number | null)[] {
  return [...stops]
    .sort((a, b) => a.sequence - b.sequence)
    .map((stop) => (stop.arrivalTime ? Date.parse(stop.arrivalTime) : null));
}

function arrivalsChanged(before: Order, after: OrderInput): boolean {
  const previous = arrivalsInOrder(before.stops);
  const next = arrivalsInOrder(after.stops);
  return previous.length !== next.length || previous.some((value, index) => value !== next[index]);
}

function conflict(current: Order) {
  return new HttpError(409, ERROR_CODES.conflict, `Load ${current.id} was changed by someone else`, { current });
}

/**
 * `PUT /api/orders`: saves drafts all or nothing (publish, bulk schedule, cascade, bulk stop
 * windows). Each item must be a draft of the organization (404 otherwise) based on its current
 * version (409 with the current load). An item that turns `isDraft` false publishes its draft:
 * `canPublish` with the time-order check, else 422 `draftIncomplete` listing each draft's missing
 * rules in `error.issues` (`body.<i>` / rule). An item whose arrivals move must be monotone
 * (`isMonotone`), else 422 `timesNotMonotone`. Then each item is stored as `PUT /api/orders/{id}`
 * stores it (references, completed stops, resources: 400 `body.<i>.…`).
 */
export async function saveOrderList(
  db: Database,
  realtime: RealtimePublisher,
  routing: RoutingProvider,
  auth: AuthContext,
  items: OrderListItem[],
): Promise<Order[]> {
  const unit = await userWeightUnit(db, auth);
  const saved = await db.transaction(async (tx) => {
    const current = await lockOwnLoads(
      tx,
      auth,
      items.map((item) => item.id),
    );
    const publishing: { index: number; item: OrderListItem }[] = [];
    for (const [index, item] of items.entries()) {
      const load = current.get(item.id) as Order;
      if (load.version !== item.version) throw conflict(load);
      if (!load.isDraft) throw ruleViolation('notADraft', `Load ${load.id} is not a draft (body.${index}.id)`);
      if (load.status === 'Merged') {
        throw ruleViolation('mergedLoadLocked', `Draft ${load.id} was merged into another; unmerge it first (body.${index}.id)`);
      }
      if (!item.isDraft) publishing.push({ index, item });
      if (arrivalsChanged(load, item) && !isMonotone(item)) {
        throw ruleViolation('timesNotMonotone', `The stop arrivals of load ${load.id} go back in time (body.${index}.stops)`);
      }
    }
    const options = completenessOptions(unit, true);
    if (
      publishing.length &&
      !canPublish(
        publishing.map(({ item }) => item),
        options,
      )
    ) {
      const incomplete = publishing
        .map(({ index, item }) => ({ index, id: item.id, missing: draftCompleteness(item, options).missing }))
        .filter((entry) => entry.missing.length > 0);
      const issues = incomplete.flatMap(({ index, missing }) =>
        missing.map((rule) => ({ path: `body.${index}`, message: rule })),
      );
      const ids = incomplete.map((entry) => entry.id).join(', ');
      throw new HttpError(422, ERROR_CODES.ruleViolation, `Incomplete drafts cannot be published (load ${ids})`, {
        rule: 'draftIncomplete',
        issues,
      });
    }
    const written: Order[] = [];
    for (const [index, item] of items.entries()) {
      written.push(await updateOrderInTransaction(tx, routing, auth, item.id, item, item.version, `body.${index}`));
    }
    return written;
  });
  for (const load of saved) realtime.publishOrderChange(organizationsSeeing(load), load);
  return saved;
}

/** Version + 1 and the new status on loads whose status alone changes (merge and unmerge of sources). */
async function writeStatuses(tx: Transaction, changes: readonly { id: number; status: Order['status'] }[]): Promise<Order[]> {
  const rows: OrderRow[] = [];
  for (const change of changes) {
    const [row] = await tx
      .update(orders)
      .set({ status: change.status, version: sql`${orders.version} + 1`, updatedAt: new Date() })
      .where(eq(orders.id, change.id))
      .returning();
    if (!row) throw notFound(`Load ${change.id}`);
    rows.push(row);
  }
  return withStops(tx, rows);
}

/**
 * `POST /api/orders/merge?orderIds=…`: merges the organization's drafts named, in the order named,
 * into one new draft (`mergeDrafts` on the sources as stored now; `canMerge` refusals are 422 with
 * their reason as the rule). The body, the preview the client showed, only orders the merged
 * stops (`applyMergedStopOrder`). The sources become Merged. Answers the new draft.
 */
export async function mergeOrders(
  db: Database,
  realtime: RealtimePublisher,
  routing: RoutingProvider,
  auth: AuthContext,
  orderIds: number[],
  preview: OrderInput | null | undefined,
): Promise<Order> {
  const result = await db.transaction(async (tx) => {
    const locked = await lockOwnLoads(tx, auth, orderIds);
    const sources = orderIds.map((id) => locked.get(id) as Order);
    const check = canMerge(sources);
    if (!check.allowed) throw ruleViolation(check.reason ?? 'notMergeable', `These loads cannot be merged (${check.reason})`);
    let merged = mergeDrafts(sources);
    if (preview) merged = applyMergedStopOrder(merged, preview.stops);
    const { status, mergedFromOrderIds, ...input } = merged;
    const [created] = await insertOrders(tx, routing, auth, [{ input, status, mergedFromOrderIds }]);
    if (!created) throw new Error('insert returned no order');
    const marked = await writeStatuses(
      tx,
      sources.map((source) => ({ id: source.id, status: 'Merged' as const })),
    );
    await recordChanges(
      tx,
      [created, ...marked].map((load) => ({
        entity: 'order',
        id: load.id,
        op: 'upsert',
        organizationIds: organizationsSeeing(load),
      })),
    );
    return { created, marked };
  });
  for (const load of [result.created, ...result.marked]) realtime.publishOrderChange(organizationsSeeing(load), load);
  return result.created;
}

/**
 * `POST /api/orders/unmerge?orderIds=<merged ids>`: deletes each merged draft named and gives its
 * sources back their status (`unmergeDrafts`; its refusals are 422 with their reason as the rule).
 * `expectedSources`, when given, must be exactly the sources restored (422 `mergedSourcesMismatch`).
 */
export async function unmergeOrders(
  db: Database,
  realtime: RealtimePublisher,
  auth: AuthContext,
  mergedIds: number[],
  expectedSources: number[] | null | undefined,
) {
  const result = await db.transaction(async (tx) => {
    const merged = await lockOwnLoads(tx, auth, mergedIds);
    const sourceIds = [...new Set(mergedIds.flatMap((id) => merged.get(id)?.mergedFromOrderIds ?? []))].filter(
      (id) => !merged.has(id),
    );
    // Sources are locked too (the same order rule as above); one gone or another's is 'sourceMissing' below, not 404.
    const sourceRows = sourceIds.length
      ? await tx
          .select()
          .from(orders)
          .where(and(eq(orders.organizationId, auth.organizationId), inArray(orders.id, sourceIds)))
          .orderBy(asc(orders.id))
          .for('update')
      : [];
    const sources = await withStops(tx, sourceRows);
    const restored: Order[] = [];
    for (const [index, id] of mergedIds.entries()) {
      const outcome = unmergeDrafts(merged.get(id) as Order, sources);
      if (!outcome.ok)
        throw ruleViolation(outcome.reason, `Load ${id} cannot be unmerged (${outcome.reason}; query.orderIds.${index})`);
      restored.push(...outcome.restored);
    }
    if (expectedSources) {
      const expected = [...new Set(expectedSources)].sort((a, b) => a - b).join(',');
      const actual = [...new Set(restored.map((load) => load.id))].sort((a, b) => a - b).join(',');
      if (expected !== actual) {
        throw ruleViolation('mergedSourcesMismatch', `The merged drafts' sources are ${actual}, not ${expected}`);
      }
    }
    const removed = mergedIds.map((id) => merged.get(id) as Order);
    const back = await writeStatuses(tx, restored);
    await recordChanges(tx, [
      ...removed.map((load) => ({
        entity: 'order' as const,
        id: load.id,
        op: 'delete' as const,
        organizationIds: organizationsSeeing(load),
      })),
      ...back.map((load) => ({
        entity: 'order' as const,
        id: load.id,
        op: 'upsert' as const,
        organizationIds: organizationsSeeing(load),
      })),
    ]);
    // After recording: the change log reads what the drafts' documents name. Stops go with their load.
    await tx.delete(orders).where(inArray(orders.id, mergedIds));
    return { removed, back };
  });
  for (const load of result.removed)
    realtime.publishOrderChange(organizationsSeeing(load), { id: load.id, version: load.version + 1 });
  for (const load of result.back) realtime.publishOrderChange(organizationsSeeing(load), load);
  return { removedOrderIds: result.removed.map((load) => load.id), sources: result.back };
}

/**
 * `GET /api/orders/merged-sources?mergedFromOrderIds=…`: the named loads of the organization that
 * are still Merged (the unmerge dialog lists them). An id of another organization is 404.
 */
export async function listMergedSources(db: Queryable, auth: AuthContext, ids: number[]): Promise<Order[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.organizationId, auth.organizationId), inArray(orders.id, ids)))
    .orderBy(asc(orders.id));
  const found = new Set(rows.map((row) => row.id));
  const missing = ids.find((id) => !found.has(id));
  if (missing !== undefined) throw notFound(`Load ${missing}`);
  return withStops(
    db,
    rows.filter((row) => row.status === 'Merged'),
  );
}

/**
 * The draft a projection config makes (spec 1 §3 "Projection config"): an Origin then a
 * Destination stop of the config's cargo type, each carrying the load size and/or weight; the site
 * is the Origin's location when `isBasedOnOrigin`, else the Destination's, the other end left to
 * the planner (the draft is incomplete until then). No arrivals yet: the draft's date is the
 * config's day, and bulk schedule or the editor times it.
 */
function projectionDraft(config: ProjectionConfig): OrderInput {
  const stop = (sequence: number, type: 'Origin' | 'Destination', atSite: boolean): StopInput => ({
    sequence,
    type,
    organizationLocationId: atSite ? config.organizationLocationId : null,
    organizationSubLocationIds: [],
    cargoTypeId: config.cargoTypeId,
    customerId: null,
    lotId: null,
    orderNumber: null,
    customerOrderNumber: null,
    quantity: config.quantityPerLoad,
    weight: config.weightPerLoad,
    notes: null,
    arrivalTime: null,
    requiredBegin: null,
    requiredEnd: null,
    durationMinutes: null,
    metadata: {},
  });
  return {
    date: config.date,
    isDraft: true,
    transportedByUserId: null,
    tractorId: null,
    trailerId: null,
    washOption: null,
    metadata: {},
    stops: [stop(1, 'Origin', config.isBasedOnOrigin), stop(2, 'Destination', !config.isBasedOnOrigin)],
  };
}

/**
 * The zone the bulk create wizard counts its days in: the user's (its contact's). Its days start at
 * 00:00 there, so judging them in another zone would move them (Wednesday 00:00 in New York is
 * Tuesday in Chicago).
 */
async function wizardTimezone(db: Queryable, auth: AuthContext): Promise<string> {
  const [contact] = await db
    .select({ timezone: contacts.timezone })
    .from(users)
    .innerJoin(contacts, eq(contacts.id, users.contactId))
    .where(eq(users.id, auth.userId));
  return contact?.timezone ?? DEFAULT_TIMEZONE;
}

/**
 * `POST /api/orders/create-projections`: `numberOfLoads` drafts per config. Each site must be a
 * location of the organization and each cargo type one it is offered (400 naming the field, the
 * contract's references); a config needs a load size or a weight (422 `loadInvalidStopValue`, `validateProjectionConfig`)
 * and loads only on today or a later day in the user's zone (422 `dayAlreadyPast`, `isPastDay`, as the wizard).
 * Answers the created drafts (an all-zero grid creates none).
 */
export async function createProjections(
  db: Database,
  realtime: RealtimePublisher,
  routing: RoutingProvider,
  auth: AuthContext,
  configs: ProjectionConfig[],
): Promise<Order[]> {
  // Sites and cargo types were checked before the handler (server/tenancy).
  configs.forEach((config, index) => {
    const error = validateProjectionConfig({ ...config, weekStart: config.date, timezone: 'UTC' });
    if (error)
      throw ruleViolation(error, `A load needs a load size (a whole number ≥ 1) or a weight (body.${index}.weightPerLoad)`);
  });
  const timezone = await wizardTimezone(db, auth);
  const now = new Date().toISOString();
  configs.forEach((config, index) => {
    if (config.numberOfLoads > 0 && isPastDay(config.date, now, timezone))
      throw ruleViolation('dayAlreadyPast', `Loads cannot be created on a day already past (body.${index}.date)`);
  });
  const drafts = configs.flatMap((config) =>
    Array.from({ length: config.numberOfLoads }, () => ({
      input: projectionDraft(config),
      status: statusAfterDriverChoice(null),
    })),
  );
  if (!drafts.length) return [];
  const created = await db.transaction(async (tx) => {
    const loads = await insertOrders(tx, routing, auth, drafts);
    await recordChanges(
      tx,
      loads.map((load) => ({ entity: 'order', id: load.id, op: 'upsert', organizationIds: organizationsSeeing(load) })),
    );
    return loads;
  });
  for (const load of created) realtime.publishOrderChange(organizationsSeeing(load), load);
  return created;
}
