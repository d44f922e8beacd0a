import { and, asc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { ERROR_CODES } from '#core/contract/errors';
import type { Order, OrderInput, StopInput } from '#core/contract/orders';
import { ROLE_IDS } from '#core/domain/access';
import { loadDateFromStops, statusAfterDriverChoice } from '#core/domain/load-rules';
import type { Database, Queryable } from '#server/db/database';
import {
  cargoTypes,
  locations,
  orders,
  organizationCargoTypes,
  stops,
  tractors,
  trailers,
  userRoles,
  users,
} from '#server/db/schema';
import type { AuthContext } from '#server/plugins/auth';
import type { RealtimePublisher } from '#server/plugins/realtime';
import { forbidden, HttpError, notFound } from '#server/plugins/error-handler';
import { recordChanges } from '#server/features/sync/change-log';

type OrderRow = typeof orders.$inferSelect;
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
    durationMinutes: row.durationMinutes,
    distanceMeters: row.distanceMeters,
    timeSeconds: row.timeSeconds,
    originalStopId: row.originalStopId,
    metadata: row.metadata,
  };
}

function toOrder(row: OrderRow, orderStops: StopRow[]): Order {
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
    stops: orderStops.sort((a, b) => a.sequence - b.sequence).map(toStop),
  };
}

/** Loads the active organization owns, or transports for another (carriers). */
function visibleTo(auth: AuthContext) {
  return or(eq(orders.organizationId, auth.organizationId), eq(orders.transportingOrganizationId, auth.organizationId));
}

async function withStops(db: Queryable, rows: OrderRow[]) {
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
  return rows.map((row) =>
    toOrder(
      row,
      stopRows.filter((stop) => stop.orderId === row.id),
    ),
  );
}

export async function loadOrdersByIds(db: Queryable, auth: AuthContext, ids: number[]) {
  if (!ids.length) return [];
  return withStops(
    db,
    await db
      .select()
      .from(orders)
      .where(and(visibleTo(auth), inArray(orders.id, ids))),
  );
}

export async function listOrders(
  db: Queryable,
  auth: AuthContext,
  filter: { isDraft: boolean; startDate?: string; endDate?: string; status?: OrderRow['status'] },
) {
  const conditions: (SQL | undefined)[] = [visibleTo(auth), eq(orders.isDraft, filter.isDraft), ne(orders.status, 'Merged')];
  if (filter.startDate && filter.endDate) {
    conditions.push(sql`${orders.date} between ${filter.startDate} and ${filter.endDate}`);
  }
  if (filter.status) conditions.push(eq(orders.status, filter.status));
  // Drafts are planning material of the owner: carriers never see them.
  if (filter.isDraft) conditions.push(eq(orders.organizationId, auth.organizationId));
  const rows = await db
    .select()
    .from(orders)
    .where(and(...conditions))
    .orderBy(asc(orders.date), asc(orders.id));
  return withStops(db, rows);
}

function badReference(path: string, message: string) {
  return new HttpError(400, ERROR_CODES.badRequest, `Invalid ${path}`, { issues: [{ path, message }] });
}

/** Every id a load names must belong to the active organization; others are "unknown" (never "forbidden"). */
async function assertReferences(db: Queryable, auth: AuthContext, input: OrderInput) {
  const org = auth.organizationId;
  const locationIds = [
    ...new Set(input.stops.flatMap((stop) => (stop.organizationLocationId ? [stop.organizationLocationId] : []))),
  ];
  const known = locationIds.length
    ? new Set(
        (
          await db
            .select({ id: locations.id })
            .from(locations)
            .where(and(eq(locations.organizationId, org), inArray(locations.id, locationIds)))
        ).map((row) => row.id),
      )
    : new Set<number>();
  const cargoIds = [...new Set(input.stops.flatMap((stop) => (stop.cargoTypeId ? [stop.cargoTypeId] : [])))];
  const knownCargo = cargoIds.length
    ? new Set(
        (
          await db
            .select({ id: cargoTypes.id })
            .from(organizationCargoTypes)
            .innerJoin(cargoTypes, eq(cargoTypes.id, organizationCargoTypes.cargoTypeId))
            .where(and(eq(organizationCargoTypes.organizationId, org), inArray(cargoTypes.id, cargoIds)))
        ).map((row) => row.id),
      )
    : new Set<number>();
  input.stops.forEach((stop, index) => {
    if (stop.organizationLocationId && !known.has(stop.organizationLocationId)) {
      throw badReference(`body.stops.${index}.organizationLocationId`, 'unknown location');
    }
    if (stop.cargoTypeId && !knownCargo.has(stop.cargoTypeId)) {
      throw badReference(`body.stops.${index}.cargoTypeId`, 'unknown cargo type');
    }
  });
  if (input.transportedByUserId) {
    const [driver] = await db
      .select({ id: users.id })
      .from(users)
      .innerJoin(userRoles, and(eq(userRoles.userId, users.id), eq(userRoles.roleId, ROLE_IDS.Driver)))
      .where(and(eq(users.id, input.transportedByUserId), eq(users.organizationId, org)));
    if (!driver) throw badReference('body.transportedByUserId', 'unknown driver');
  }
  const equipment = [
    { table: tractors, id: input.tractorId, field: 'tractorId', label: 'unknown tractor' },
    { table: trailers, id: input.trailerId, field: 'trailerId', label: 'unknown trailer' },
  ] as const;
  for (const item of equipment) {
    if (!item.id) continue;
    const [found] = await db
      .select({ id: item.table.id })
      .from(item.table)
      .where(and(eq(item.table.id, item.id), eq(item.table.organizationId, org)));
    if (!found) throw badReference(`body.${item.field}`, item.label);
  }
}

function stopValues(stop: StopInput) {
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

function loadDate(input: OrderInput) {
  return new Date(loadDateFromStops(input.stops, input.date));
}

/** The columns a client sets on a load; status, owner and version are the server's. */
function orderValues(input: OrderInput) {
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

function organizationsSeeing(row: { organizationId: number; transportingOrganizationId: number }) {
  return [row.organizationId, row.transportingOrganizationId];
}

export async function createOrder(
  db: Database,
  realtime: RealtimePublisher,
  auth: AuthContext,
  input: OrderInput,
): Promise<Order> {
  await assertReferences(db, auth, input);
  const created = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(orders)
      .values({
        organizationId: auth.organizationId,
        transportingOrganizationId: auth.organizationId,
        ...orderValues(input),
        status: statusAfterDriverChoice(input.transportedByUserId),
      })
      .returning();
    if (!row) throw new Error('insert returned no order');
    const stopRows = await tx
      .insert(stops)
      .values(input.stops.map((stop) => ({ ...stopValues(stop), orderId: row.id, organizationId: auth.organizationId })))
      .returning();
    await recordChanges(tx, [{ entity: 'order', id: row.id, op: 'upsert', organizationIds: organizationsSeeing(row) }]);
    return toOrder(row, stopRows);
  });
  // Only after the commit: a browser poked earlier would refetch and not yet see the load.
  realtime.publishOrderChange(organizationsSeeing(created), created);
  return created;
}

/**
 * Replaces a load and its stops when `baseVersion` is still current; a stale version answers 409
 * with the current load and writes nothing.
 */
export async function updateOrder(
  db: Database,
  realtime: RealtimePublisher,
  auth: AuthContext,
  id: number,
  input: OrderInput,
  baseVersion: number,
): Promise<Order> {
  const saved = await db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, id), visibleTo(auth)))
      .for('update');
    if (!current) throw notFound('Load');
    if (current.organizationId !== auth.organizationId) throw forbidden('Only the owning organization edits this load');
    if (current.version !== baseVersion) {
      const [latest] = await withStops(tx, [current]);
      throw new HttpError(409, ERROR_CODES.conflict, 'The load was changed by someone else', { current: latest });
    }
    if (current.status === 'Delivered') {
      throw new HttpError(422, ERROR_CODES.ruleViolation, 'Delivered loads cannot be edited', { rule: 'deliveredLoadLocked' });
    }
    await assertReferences(tx, auth, input);
    const existing = await tx.select().from(stops).where(eq(stops.orderId, id));
    const existingIds = new Set(existing.map((stop) => stop.id));
    input.stops.forEach((stop, index) => {
      if (stop.id && !existingIds.has(stop.id)) throw badReference(`body.stops.${index}.id`, 'not a stop of this load');
    });
    const kept = new Set(input.stops.flatMap((stop) => (stop.id ? [stop.id] : [])));
    const removed = existing.filter((stop) => !kept.has(stop.id));
    if (removed.some((stop) => stop.status === 'Complete')) {
      throw new HttpError(422, ERROR_CODES.ruleViolation, 'Completed stops cannot be removed', { rule: 'completedStopLocked' });
    }
    const [row] = await tx
      .update(orders)
      .set({
        ...orderValues(input),
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
    for (const stop of input.stops) {
      if (stop.id) {
        await tx
          .update(stops)
          .set({ ...stopValues(stop), version: sql`${stops.version} + 1`, updatedAt: new Date() })
          .where(eq(stops.id, stop.id));
      }
    }
    const added = input.stops.filter((stop) => !stop.id);
    if (added.length) {
      await tx
        .insert(stops)
        .values(added.map((stop) => ({ ...stopValues(stop), orderId: id, organizationId: row.organizationId })));
    }
    await recordChanges(tx, [{ entity: 'order', id, op: 'upsert', organizationIds: organizationsSeeing(row) }]);
    const [updated] = await withStops(tx, [row]);
    if (!updated) throw notFound('Load');
    return updated;
  });
  realtime.publishOrderChange(organizationsSeeing(saved), saved);
  return saved;
}
