import type { Readable } from 'node:stream';
import { and, asc, eq, getTableColumns, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { ERROR_CODES } from '#core/contract/errors';
import { type CarrierResources, type Order, type OrderInput, orderInputSchema, type StopInput } from '#core/contract/orders';
import { type CarrierRelation, mayChooseResource, ownershipOf, RESOURCE_FIELDS, RESOURCE_KINDS } from '#core/domain/load-actions';
import { loadDateFromStops, statusAfterDriverChoice } from '#core/domain/load-rules';
import { completenessOptions, draftCompleteness } from '#core/domain/planning/index';
import { DEFAULT_WEIGHT_UNIT, weightUnitSchema } from '#core/domain/units';
import type { Database, Queryable, Transaction } from '#server/db/database';
import { contacts, carrierLinks, orders, organizations, stops, users } from '#server/db/schema';
import type { AuthContext, OrganizationCaller } from '#server/plugins/auth';
import type { RealtimePublisher } from '#server/plugins/realtime';
import type { RoutingProvider } from '#server/providers/routing';
import { badRequest, HttpError, notFound } from '#server/plugins/error-handler';
import { assertReferencesBelong, type HeldReference } from '#server/tenancy/references';
import { carrierResourcesByOrder, ordersAsJson, streamOrdersJson } from './orders-json.ts';
import { legOf, tripFiguresOf } from './trip-time.ts';
import { recordChanges } from '#server/features/sync/change-log';

export type OrderRow = typeof orders.$inferSelect;
type StopRow = typeof stops.$inferSelect;

const iso = (value: Date | null) => (value ? value.toISOString() : null);

function toStop(row: StopRow): Order['stops'][number] {
  return {
    id: row.id,
    orderId: row.orderId,
    sequence: row.sequence,
    type: row.type,
    status: row.status,
    organizationLocationId: row.locationId,
    organizationSubLocationIds: row.subLocationIds,
    cargoTypeId: row.cargoTypeId,
    customerId: row.customerId,
    lotId: row.lotId,
    productionPlan: row.productionPlan,
    orderNumber: row.orderNumber,
    customerOrderNumber: row.customerOrderNumber,
    quantity: row.quantity,
    actualQuantity: row.actualQuantity,
    weight: row.weightGrams,
    actualWeight: row.actualWeightGrams,
    notes: row.notes,
    arrivalTime: iso(row.arrivalTime),
    requiredBegin: iso(row.requiredBegin),
    requiredEnd: iso(row.requiredEnd),
    completedAt: iso(row.completedAt),
    estimatedArrivalAt: iso(row.estimatedArrivalAt),
    durationMinutes: row.durationMinutes,
    distanceMeters: row.distanceMeters,
    timeSeconds: row.timeSeconds,
    originalStopId: row.originalStopId,
    metadata: row.metadata,
  };
}

export function toOrder(row: OrderRow, orderStops: StopRow[], carrierResources: CarrierResources | null = null): Order {
  return {
    id: row.id,
    date: row.date.toISOString(),
    status: row.status,
    isDraft: row.isDraft,
    organizationId: row.organizationId,
    owningOrganizationId: row.organizationId,
    transportingOrganizationId: row.transportingOrganizationId,
    transportedByUserId: row.transportedByUserId,
    acceptedByUserId: row.acceptedByUserId,
    tractorId: row.tractorId,
    trailerId: row.trailerId,
    washOption: row.washOption,
    metadata: row.metadata,
    mergedFromOrderIds: row.mergedFromOrderIds,
    timeSeconds: row.timeSeconds,
    distanceMeters: row.distanceMeters,
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
    carrierResources,
    stops: orderStops.sort((a, b) => a.sequence - b.sequence).map(toStop),
  };
}

/** Loads the active organization owns, or transports for another (carriers). */
export function visibleTo(auth: OrganizationCaller) {
  return or(eq(orders.organizationId, auth.organizationId), eq(orders.transportingOrganizationId, auth.organizationId));
}

export async function withStops(db: Queryable, rows: OrderRow[]): Promise<Order[]> {
  if (!rows.length) return [];
  const stopRows = await db
    .select()
    .from(stops)
    .where(
      inArray(
        stops.orderId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(stops.sequence));
  // Grouped once: a feed page holds 1,000 loads, and filtering the stops per load would be quadratic.
  const stopsByOrder = new Map<number, StopRow[]>();
  for (const stop of stopRows) {
    const group = stopsByOrder.get(stop.orderId);
    if (group) group.push(stop);
    else stopsByOrder.set(stop.orderId, [stop]);
  }
  const carried = rows.filter((row) => row.transportingOrganizationId !== row.organizationId).map((row) => row.id);
  const carrierResources = await carrierResourcesByOrder(db, carried);
  return rows.map((row) => toOrder(row, stopsByOrder.get(row.id) ?? [], carrierResources.get(row.id) ?? null));
}

/** Loads by id as the active organization sees them (the change feed's rows). */
export async function loadOrdersByIds(db: Queryable, auth: AuthContext, ids: number[]): Promise<Order[]> {
  if (!ids.length) return [];
  return JSON.parse(await ordersAsJson(db, visibleTo(auth), sql`${orders.id} = any(${sql.param(ids)}::int[])`)) as Order[];
}

/** A list of loads (GET /self/orders, /self/drafts) as a stream of JSON text, ready to send. */
export async function streamOrderList(
  db: Database,
  auth: OrganizationCaller,
  filter: { isDraft: boolean; startDate?: string; endDate?: string; status?: OrderRow['status'] },
): Promise<Readable> {
  const conditions: (SQL | undefined)[] = [visibleTo(auth), eq(orders.isDraft, filter.isDraft), ne(orders.status, 'Merged')];
  if (filter.startDate && filter.endDate) {
    conditions.push(sql`${orders.date} between ${filter.startDate} and ${filter.endDate}`);
  }
  if (filter.status) conditions.push(eq(orders.status, filter.status));
  // Drafts are planning material of the owner: carriers never see them.
  if (filter.isDraft) conditions.push(eq(orders.organizationId, auth.organizationId));
  return streamOrdersJson(db.$client, conditions);
}

export function badReference(path: string, message: string) {
  return badRequest([{ path, message }]);
}

export function ruleViolation(rule: string, message: string) {
  return new HttpError(422, ERROR_CODES.ruleViolation, message, { rule });
}

export type LoadResources = Pick<OrderInput, 'transportedByUserId' | 'tractorId' | 'trailerId'>;

/**
 * The load's own fields naming what it holds now (its driver, tractor and trailer): a save may keep
 * them whichever organization they belong to (a carried load may hold the other side's); only a
 * change must name the active organization's.
 */
export function keptByLoad(current: LoadResources): HeldReference {
  return (reference) => {
    const [field] = reference.path;
    return reference.path.length === 1 && current[field as keyof LoadResources] === reference.id;
  };
}

/** A newly chosen driver must be enabled (spec 1 §5: disabled drivers are offered only to the load they already drive). */
export async function assertChosenDriverEnabled(db: Queryable, resources: LoadResources, current: LoadResources | null) {
  const driverId = resources.transportedByUserId;
  if (!driverId || driverId === current?.transportedByUserId) return;
  const [driver] = await db.select({ enabled: users.enabled }).from(users).where(eq(users.id, driverId));
  if (driver && !driver.enabled) throw ruleViolation('driverDisabled', 'A disabled driver cannot be assigned');
}

/** The owner's relation with the carrier transporting a load, or null when the owner transports it. */
export async function carrierRelationOf(
  db: Queryable,
  load: { organizationId: number; transportingOrganizationId: number },
): Promise<CarrierRelation | null> {
  if (load.transportingOrganizationId === load.organizationId) return null;
  const [link] = await db
    .select({
      carrierOrganizationId: carrierLinks.carrierOrganizationId,
      loadDriver: carrierLinks.loadDriver,
      loadTractor: carrierLinks.loadTractor,
      loadTrailer: carrierLinks.loadTrailer,
    })
    .from(carrierLinks)
    .where(
      and(
        eq(carrierLinks.organizationId, load.organizationId),
        eq(carrierLinks.carrierOrganizationId, load.transportingOrganizationId),
      ),
    );
  // A carried load whose relation is gone lets neither side change resources.
  return (
    link ?? {
      carrierOrganizationId: load.transportingOrganizationId,
      loadDriver: 'Owning',
      loadTractor: 'Owning',
      loadTrailer: 'Owning',
    }
  );
}

/**
 * On a load transported by a carrier, each resource may be changed only by the side the relation
 * lets choose it (core/domain/load-actions.ts `mayChooseResource`); 422 `carrierResourceNotPermitted`.
 */
export function assertResourceChangesPermitted(
  relation: CarrierRelation | null,
  party: 'owner' | 'carrier',
  current: LoadResources,
  next: LoadResources,
  path: string,
) {
  for (const kind of RESOURCE_KINDS) {
    const field = RESOURCE_FIELDS[kind];
    if (next[field] === current[field]) continue;
    const permitted = relation ? mayChooseResource(ownershipOf(relation, kind), party) : party === 'owner';
    if (!permitted) {
      throw ruleViolation(
        'carrierResourceNotPermitted',
        `The carrier relation does not let the ${party === 'owner' ? 'owning organization' : 'carrier'} choose the ${kind} (${path}.${field})`,
      );
    }
  }
}

/** The fields of a stop a client sends, as the stop holds them now. */
const STOP_INPUT_FIELDS = [
  'sequence',
  'type',
  'organizationLocationId',
  'organizationSubLocationIds',
  'cargoTypeId',
  'customerId',
  'lotId',
  'orderNumber',
  'customerOrderNumber',
  'quantity',
  'weight',
  'notes',
  'arrivalTime',
  'requiredBegin',
  'requiredEnd',
  'durationMinutes',
  'metadata',
] as const satisfies readonly (keyof StopInput & keyof Order['stops'][number])[];
const TIME_FIELDS = new Set<string>(['arrivalTime', 'requiredBegin', 'requiredEnd']);

/** Structural equality, ignoring key order (jsonb does not keep it). */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, index) => sameValue(item, b[index]));
  if (a && b && typeof a === 'object' && typeof b === 'object' && !Array.isArray(a) && !Array.isArray(b)) {
    const left = a as Record<string, unknown>;
    const right = b as Record<string, unknown>;
    const keys = new Set([...Object.keys(left), ...Object.keys(right)]);
    return [...keys].every((key) => sameValue(left[key], right[key]));
  }
  return false;
}

/** The fields `input` would change on `stop` (times compared as instants, whatever their offset). */
function changedStopFields(stop: Order['stops'][number], input: StopInput): string[] {
  return STOP_INPUT_FIELDS.filter((field) => {
    const before = stop[field];
    const after = input[field];
    if (TIME_FIELDS.has(field) && typeof before === 'string' && typeof after === 'string') {
      return Date.parse(before) !== Date.parse(after);
    }
    return !sameValue(before, after);
  });
}

/** A completed stop locks all its fields (spec 1 §4, §5): it can be neither changed nor removed. */
function assertCompletedStopsUnchanged(existing: Order['stops'], input: OrderInput, path: string) {
  const sent = new Map(input.stops.flatMap((stop, index) => (stop.id ? [[stop.id, { stop, index }] as const] : [])));
  for (const stop of existing) {
    if (stop.status !== 'Complete') continue;
    const given = sent.get(stop.id);
    if (!given) throw ruleViolation('completedStopLocked', 'Completed stops cannot be removed');
    const changed = changedStopFields(stop, given.stop);
    if (changed.length) {
      throw ruleViolation(
        'completedStopLocked',
        `Completed stops cannot be edited (${changed.map((field) => `${path}.stops.${given.index}.${field}`).join(', ')})`,
      );
    }
  }
}

/** A carrier sees the owner's stops but cannot change them, nor the load's own fields; only resources. */
function assertCarrierChangesOnlyResources(current: OrderRow, existing: Order['stops'], input: OrderInput) {
  const sent = new Map(input.stops.flatMap((stop) => (stop.id ? [[stop.id, stop] as const] : [])));
  const stopsChanged =
    input.stops.length !== existing.length ||
    existing.some((stop) => {
      const given = sent.get(stop.id);
      return !given || changedStopFields(stop, given).length > 0;
    });
  if (stopsChanged) throw ruleViolation('carrierStopsLocked', 'Carriers cannot change the stops of loads they carry');
  const fieldsChanged =
    input.isDraft !== current.isDraft ||
    input.washOption !== current.washOption ||
    !sameValue(input.metadata, current.metadata) ||
    loadDate(input).getTime() !== current.date.getTime();
  if (fieldsChanged) {
    throw ruleViolation('carrierStopsLocked', 'Carriers change only the driver, tractor and trailer of loads they carry');
  }
}

export function stopValues(stop: StopInput) {
  const date = (value: string | null) => (value ? new Date(value) : null);
  return {
    sequence: stop.sequence,
    type: stop.type,
    locationId: stop.organizationLocationId,
    subLocationIds: stop.organizationSubLocationIds,
    cargoTypeId: stop.cargoTypeId,
    customerId: stop.customerId,
    lotId: stop.lotId,
    orderNumber: stop.orderNumber,
    customerOrderNumber: stop.customerOrderNumber,
    ...(stop.productionPlan === undefined ? {} : { productionPlan: stop.productionPlan }),
    quantity: stop.quantity,
    weightGrams: stop.weight,
    notes: stop.notes,
    arrivalTime: date(stop.arrivalTime),
    requiredBegin: date(stop.requiredBegin),
    requiredEnd: date(stop.requiredEnd),
    durationMinutes: stop.durationMinutes,
    metadata: stop.metadata,
  };
}

/** Whether saving `values` would change the stored stop (dates by instant, arrays and metadata by value). */
function stopDiffers(
  row: StopRow,
  values: ReturnType<typeof stopValues> & Partial<Pick<StopRow, 'timeSeconds' | 'distanceMeters'>>,
): boolean {
  return (Object.keys(values) as (keyof typeof values)[]).some((key) => {
    const stored: unknown = row[key];
    const next: unknown = values[key];
    if (stored instanceof Date || next instanceof Date) {
      return (stored instanceof Date ? stored.getTime() : stored) !== (next instanceof Date ? next.getTime() : next);
    }
    if (typeof stored === 'object' && stored !== null) return JSON.stringify(stored) !== JSON.stringify(next);
    return stored !== next;
  });
}

/**
 * The caller's weight unit: publishing checks weight balance at its precision (spec 1 §5). A person
 * has their own; a service account, which has no contact, takes its organization's.
 */
export async function userWeightUnit(db: Queryable, caller: OrganizationCaller) {
  const [row] =
    'userId' in caller && typeof caller.userId === 'number'
      ? await db
          .select({ unitsWeight: contacts.unitsWeight })
          .from(users)
          .innerJoin(contacts, eq(contacts.id, users.contactId))
          .where(eq(users.id, caller.userId))
      : await db
          .select({ unitsWeight: organizations.unitsWeight })
          .from(organizations)
          .where(eq(organizations.id, caller.organizationId));
  return weightUnitSchema.catch(DEFAULT_WEIGHT_UNIT).parse(row?.unitsWeight);
}

function loadDate(input: OrderInput) {
  return new Date(loadDateFromStops(input.stops, input.date));
}

/** The columns a client sets on a load; status, owner and version are the server's. */
export function orderValues(input: OrderInput) {
  return {
    date: loadDate(input),
    isDraft: input.isDraft,
    transportedByUserId: input.transportedByUserId,
    tractorId: input.tractorId,
    trailerId: input.trailerId,
    washOption: input.washOption,
    metadata: input.metadata,
  };
}

export function organizationsSeeing(row: { organizationId: number; transportingOrganizationId: number }) {
  return [row.organizationId, row.transportingOrganizationId];
}

/**
 * The organization's load already carrying one of `input`'s customer order numbers, or null. Takes a
 * transaction-scoped lock per number first, so two copies of one export arriving together make one load.
 */
async function loadWithCustomerOrderNumber(tx: Transaction, organizationId: number, input: OrderInput) {
  const numbers = [
    ...new Set(input.stops.flatMap((stop) => (stop.customerOrderNumber?.trim() ? [stop.customerOrderNumber.trim()] : []))),
  ].sort();
  if (!numbers.length) return null;
  for (const number of numbers) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`customer-order-number:${organizationId}:${number}`}))`);
  }
  const [row] = await tx
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.organizationId, organizationId),
        ne(orders.status, 'Merged'),
        inArray(
          orders.id,
          tx
            .select({ id: stops.orderId })
            .from(stops)
            .where(and(eq(stops.organizationId, organizationId), inArray(stops.customerOrderNumber, numbers))),
        ),
      ),
    )
    .orderBy(asc(orders.id))
    .limit(1);
  if (!row) return null;
  const [existing] = await withStops(tx, [row]);
  return existing ?? null;
}

/** Rows inserted per statement (STACK.md: batches of 1,000 are ~10× faster than single rows). */
const INSERT_BATCH = 1000;

/**
 * Inserts new loads of the caller's organization with their stops and trip figures (batched),
 * inside the caller's transaction, and answers them whole in the order given; the caller logs
 * them for the change feed and publishes after the commit. Every creation of loads goes through
 * here: a single load, merged drafts, projections and production planning's drafts.
 */
export async function insertOrders(
  tx: Transaction,
  routing: RoutingProvider,
  caller: OrganizationCaller,
  loads: readonly { input: OrderInput; status?: Order['status']; mergedFromOrderIds?: number[] }[],
): Promise<Order[]> {
  if (!loads.length) return [];
  const created: OrderRow[] = [];
  const trips = await tripFiguresOf(
    tx,
    routing,
    caller.organizationId,
    loads.map((load) => load.input),
  );
  for (let start = 0; start < loads.length; start += INSERT_BATCH) {
    const batch = loads.slice(start, start + INSERT_BATCH);
    created.push(
      ...(await tx
        .insert(orders)
        .values(
          batch.map((load, index) => ({
            organizationId: caller.organizationId,
            transportingOrganizationId: caller.organizationId,
            ...orderValues(load.input),
            timeSeconds: trips[start + index]?.timeSeconds ?? null,
            distanceMeters: trips[start + index]?.distanceMeters ?? null,
            status: load.status ?? statusAfterDriverChoice(load.input.transportedByUserId),
            mergedFromOrderIds: load.mergedFromOrderIds ?? null,
          })),
        )
        .returning()),
    );
  }
  // RETURNING keeps the VALUES order, so the n-th row is the n-th load.
  const stopValuesList = loads.flatMap((load, index) =>
    load.input.stops.map((stop) => ({
      ...stopValues(stop),
      ...legOf(trips[index], stop.sequence),
      orderId: (created[index] as OrderRow).id,
      organizationId: caller.organizationId,
    })),
  );
  // The stops as written (RETURNING), not read again: a single load's save stays one statement per table.
  const stopsByOrder = new Map<number, StopRow[]>();
  for (let start = 0; start < stopValuesList.length; start += INSERT_BATCH) {
    for (const stop of await tx
      .insert(stops)
      .values(stopValuesList.slice(start, start + INSERT_BATCH))
      .returning()) {
      const group = stopsByOrder.get(stop.orderId);
      if (group) group.push(stop);
      else stopsByOrder.set(stop.orderId, [stop]);
    }
  }
  // New loads are the caller's own: no carrier's resources to name.
  return created.map((row) =>
    toOrder(
      row,
      (stopsByOrder.get(row.id) ?? []).sort((a, b) => a.sequence - b.sequence),
      null,
    ),
  );
}

/**
 * Creates a load. With `reuseByCustomerOrderNumber` (a service account's export), a load of the
 * organization already carrying one of its stops' customer order numbers is answered instead, and
 * `created` is false: a retried export never makes two loads.
 */
export async function createOrder(
  db: Database,
  realtime: RealtimePublisher,
  routing: RoutingProvider,
  caller: OrganizationCaller,
  input: OrderInput,
  options: { reuseByCustomerOrderNumber?: boolean } = {},
): Promise<{ order: Order; created: boolean }> {
  // The references were checked before the handler (server/tenancy).
  await assertChosenDriverEnabled(db, input, null);
  const result = await db.transaction(async (tx) => {
    if (options.reuseByCustomerOrderNumber) {
      const existing = await loadWithCustomerOrderNumber(tx, caller.organizationId, input);
      if (existing) return { order: existing, created: false };
    }
    const [order] = await insertOrders(tx, routing, caller, [{ input }]);
    if (!order) throw new Error('insert returned no order');
    await recordChanges(tx, [{ entity: 'order', id: order.id, op: 'upsert', organizationIds: organizationsSeeing(order) }]);
    return { order, created: true };
  });
  // Only after the commit: a browser poked earlier would refetch and not yet see the load.
  if (result.created) realtime.publishOrderChange(organizationsSeeing(result.order), result.order);
  return result;
}

/**
 * Replaces a load and its stops when `baseVersion` is still current; a stale version answers 409
 * with the current load and writes nothing.
 */
export async function updateOrder(
  db: Database,
  realtime: RealtimePublisher,
  routing: RoutingProvider,
  auth: OrganizationCaller,
  id: number,
  input: OrderInput,
  baseVersion: number,
): Promise<Order> {
  const saved = await db.transaction((tx) => updateOrderInTransaction(tx, routing, auth, id, input, baseVersion));
  realtime.publishOrderChange(organizationsSeeing(saved), saved);
  return saved;
}

/**
 * `updateOrder`'s checks and writes inside the caller's transaction (the list save of
 * planning.service.ts stores many loads all or nothing); the caller publishes after the commit.
 * It locks the load (`for update`) itself.
 */
export async function updateOrderInTransaction(
  tx: Transaction,
  routing: RoutingProvider,
  auth: OrganizationCaller,
  id: number,
  input: OrderInput,
  baseVersion: number,
  /** Where the load sits in the request, for 400s naming the field ('body', or 'body.3' in a list). */
  path = 'body',
): Promise<Order> {
  const [current] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), visibleTo(auth)))
    .for('update');
  if (!current) throw notFound('Load');
  // The transporting carrier may edit too, within the limits checked below.
  const party = current.organizationId === auth.organizationId ? 'owner' : 'carrier';
  if (current.version !== baseVersion) {
    const [latest] = await withStops(tx, [current]);
    throw new HttpError(409, ERROR_CODES.conflict, 'The load was changed by someone else', { current: latest });
  }
  if (current.status === 'Delivered') {
    throw new HttpError(422, ERROR_CODES.ruleViolation, 'Delivered loads cannot be edited', { rule: 'deliveredLoadLocked' });
  }
  if (current.status === 'Merged') {
    throw ruleViolation('mergedLoadLocked', `Draft ${id} was merged into another; unmerge it first (${path}.id)`);
  }
  // Publishing is the same rule whichever route carries it (PUT /orders or PUT /orders/{id}).
  if (current.isDraft && !input.isDraft) {
    const options = completenessOptions(await userWeightUnit(tx, auth), true);
    const { missing } = draftCompleteness(input, options);
    if (missing.length) {
      throw new HttpError(422, ERROR_CODES.ruleViolation, `An incomplete draft cannot be published (load ${id})`, {
        rule: 'draftIncomplete',
        issues: missing.map((rule) => ({ path, message: rule })),
      });
    }
  }
  const existingRows = await tx.select().from(stops).where(eq(stops.orderId, id));
  const existing = existingRows.map(toStop);
  const existingIds = new Set(existing.map((stop) => stop.id));
  input.stops.forEach((stop, index) => {
    if (stop.id && !existingIds.has(stop.id)) throw badReference(`${path}.stops.${index}.id`, 'not a stop of this load');
  });
  if (party === 'carrier') assertCarrierChangesOnlyResources(current, existing, input);
  assertCompletedStopsUnchanged(existing, input, path);
  assertResourceChangesPermitted(await carrierRelationOf(tx, current), party, current, input, path);
  // A carrier's stops are the owner's, unchanged (checked above).
  const keptResources = keptByLoad(current);
  await assertReferencesBelong(tx, auth, orderInputSchema, input, {
    path,
    held: (reference) => keptResources(reference) || (party === 'carrier' && reference.path[0] === 'stops'),
  });
  await assertChosenDriverEnabled(tx, input, current);
  const kept = new Set(input.stops.flatMap((stop) => (stop.id ? [stop.id] : [])));
  const removed = existing.filter((stop) => !kept.has(stop.id));
  const [trip] = await tripFiguresOf(tx, routing, current.organizationId, [input]);
  const [row] = await tx
    .update(orders)
    .set({
      ...orderValues(input),
      timeSeconds: trip?.timeSeconds ?? null,
      distanceMeters: trip?.distanceMeters ?? null,
      status: statusAfterDriverChoice(input.transportedByUserId, current.status),
      version: sql`${orders.version} + 1`,
      updatedAt: new Date(),
    })
    .where(eq(orders.id, id))
    .returning();
  if (!row) throw notFound('Load');
  if (removed.length)
    await tx.delete(stops).where(
      inArray(
        stops.id,
        removed.map((stop) => stop.id),
      ),
    );
  const rowsById = new Map(existingRows.map((stop) => [stop.id, stop]));
  // Most saves change the load, not every stop (a driver choice changes none): untouched stops keep their version.
  const changed = input.stops.flatMap((stop) => {
    const before = stop.id ? rowsById.get(stop.id) : undefined;
    const values = { ...stopValues(stop), ...legOf(trip, stop.sequence) };
    return stop.id && before && stopDiffers(before, values) ? [{ id: stop.id, ...values }] : [];
  });
  const rewritten = await updateStops(tx, changed);
  const added = input.stops.filter((stop) => !stop.id);
  const inserted = added.length
    ? await tx
        .insert(stops)
        .values(
          added.map((stop) => ({
            ...stopValues(stop),
            ...legOf(trip, stop.sequence),
            orderId: id,
            organizationId: row.organizationId,
          })),
        )
        .returning()
    : [];
  await recordChanges(tx, [{ entity: 'order', id, op: 'upsert', organizationIds: organizationsSeeing(row) }]);
  // The answer from the rows just written, instead of reading the stops back.
  const removedIds = new Set(removed.map((stop) => stop.id));
  const rewrittenIds = new Set(rewritten.map((stop) => stop.id));
  const stopRows = [
    ...existingRows.filter((stop) => !removedIds.has(stop.id) && !rewrittenIds.has(stop.id)),
    ...rewritten,
    ...inserted,
  ];
  const carried = row.transportingOrganizationId !== row.organizationId;
  const carrierResources = carried ? ((await carrierResourcesByOrder(tx, [id])).get(id) ?? null) : null;
  return toOrder(row, stopRows, carrierResources);
}

/**
 * Writes each changed stop's values (and its leg) in one statement, version + 1; answers the rows as
 * stored. A save rewriting five stops paid five round trips inside its transaction before.
 */
async function updateStops(
  tx: Transaction,
  changed: (ReturnType<typeof stopValues> & { id: number; timeSeconds: number | null; distanceMeters: number | null })[],
): Promise<StopRow[]> {
  if (!changed.length) return [];
  const rows = changed.map((stop) => ({
    id: stop.id,
    sequence: stop.sequence,
    type: stop.type,
    location_id: stop.locationId,
    sub_location_ids: stop.subLocationIds,
    cargo_type_id: stop.cargoTypeId,
    customer_id: stop.customerId,
    lot_id: stop.lotId,
    order_number: stop.orderNumber,
    customer_order_number: stop.customerOrderNumber,
    quantity: stop.quantity,
    weight_grams: stop.weightGrams,
    notes: stop.notes,
    arrival_time: stop.arrivalTime?.toISOString() ?? null,
    required_begin: stop.requiredBegin?.toISOString() ?? null,
    required_end: stop.requiredEnd?.toISOString() ?? null,
    duration_minutes: stop.durationMinutes,
    metadata: stop.metadata,
    time_seconds: stop.timeSeconds,
    distance_meters: stop.distanceMeters,
  }));
  const value = (column: keyof (typeof rows)[number]) => sql.raw(`v.${column}`);
  return tx
    .update(stops)
    .set({
      sequence: sql`${value('sequence')}`,
      type: sql`${value('type')}`,
      locationId: sql`${value('location_id')}`,
      subLocationIds: sql`${value('sub_location_ids')}`,
      cargoTypeId: sql`${value('cargo_type_id')}`,
      customerId: sql`${value('customer_id')}`,
      lotId: sql`${value('lot_id')}`,
      orderNumber: sql`${value('order_number')}`,
      customerOrderNumber: sql`${value('customer_order_number')}`,
      quantity: sql`${value('quantity')}`,
      weightGrams: sql`${value('weight_grams')}`,
      notes: sql`${value('notes')}`,
      arrivalTime: sql`${value('arrival_time')}`,
      requiredBegin: sql`${value('required_begin')}`,
      requiredEnd: sql`${value('required_end')}`,
      durationMinutes: sql`${value('duration_minutes')}`,
      metadata: sql`${value('metadata')}`,
      timeSeconds: sql`${value('time_seconds')}`,
      distanceMeters: sql`${value('distance_meters')}`,
      version: sql`${stops.version} + 1`,
      updatedAt: new Date(),
    })
    .from(
      sql`jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(
        id int, sequence int, type text, location_id int, sub_location_ids int[], cargo_type_id int, customer_id int,
        lot_id text, order_number text, customer_order_number text, quantity float8, weight_grams bigint, notes text,
        arrival_time timestamptz, required_begin timestamptz, required_end timestamptz, duration_minutes int,
        metadata jsonb, time_seconds int, distance_meters int)`,
    )
    .where(eq(stops.id, sql`v.id`))
    .returning(getTableColumns(stops));
}
