/**
 * The per-load actions of spec 1 §7: delete, assign drivers, assign carriers, complete manually,
 * plus the resource scheduling figures and the delivery log's trip events. Every write locks the
 * loads it names (in id order, so two lists cannot deadlock), applies the same core/domain
 * functions the UI applied optimistically, and either all of the list is stored or none of it.
 */
import { and, asc, desc, eq, gte, inArray, isNotNull, lte, ne, type SQL, sql } from 'drizzle-orm';
import {
  type CarrierAssignment,
  carrierAssignmentsBodySchema,
  type DriverAssignment,
  driverAssignmentsBodySchema,
  type LoadCompletion,
} from '#core/contract/load-actions';
import type { ResourceInfo, TripEvent } from '#core/contract/load-details';
import type { Order } from '#core/contract/orders';
import {
  applyCarrierAssignment,
  applyDriverAssignment,
  applyManualCompletion,
  canAssignDriver,
  canAssignCarrier,
  canCompleteLoads,
  canDeleteLoads,
  carrierAssignmentFor,
  carrierUnassignmentFor,
  RESOURCE_FIELDS,
  RESOURCE_KINDS,
} from '#core/domain/load-actions';
import { statusAfterDriverChoice } from '#core/domain/load-rules';
import type { Database, Queryable, Transaction } from '#server/db/database';
import { carrierLinks, orders, stops, trailers, tripEvents, users } from '#server/db/schema';
import type { AuthContext } from '#server/plugins/auth';
import { notFound } from '#server/plugins/error-handler';
import type { RealtimePublisher } from '#server/plugins/realtime';
import { recordChanges } from '#server/features/sync/change-log';
import { assertReferencesBelong, heldByItem } from '#server/tenancy/references';
import {
  assertChosenDriverEnabled,
  assertResourceChangesPermitted,
  badReference,
  carrierRelationOf,
  keptByLoad,
  type OrderRow,
  organizationsSeeing,
  ruleViolation,
  visibleTo,
  withStops,
} from './orders.service.ts';

/** Which loads an action may touch: the owner's only, or also those the organization transports. */
type Scope = 'owned' | 'visible';

function scoped(auth: AuthContext, scope: Scope): SQL | undefined {
  return scope === 'owned' ? eq(orders.organizationId, auth.organizationId) : visibleTo(auth);
}

/** The same load twice in one list would make the answer ambiguous. */
function assertUniqueIds(ids: readonly number[], path = (index: number) => `body.${index}.id`) {
  const seen = new Set<number>();
  ids.forEach((id, index) => {
    if (seen.has(id)) throw badReference(path(index), 'this load is already in the list');
    seen.add(id);
  });
}

/**
 * Locks the named loads for this transaction and answers them whole, in the order named; an id
 * not in scope (another organization's, or gone) is 404 like everywhere else.
 */
async function lockLoads(tx: Transaction, auth: AuthContext, ids: readonly number[], scope: Scope) {
  const rows = await tx
    .select()
    .from(orders)
    .where(and(scoped(auth, scope), inArray(orders.id, [...ids])))
    .orderBy(asc(orders.id))
    .for('update');
  const byId = new Map(rows.map((row) => [row.id, row]));
  const missing = ids.find((id) => !byId.has(id));
  if (missing !== undefined) throw notFound(`Load ${missing}`);
  const loads = new Map((await withStops(tx, rows)).map((load) => [load.id, load]));
  return ids.map((id) => ({ row: byId.get(id) as OrderRow, load: loads.get(id) as Order }));
}

/** Stores the load-level fields an action changed; +1 version. */
async function writeLoad(tx: Transaction, next: Order): Promise<OrderRow> {
  const [row] = await tx
    .update(orders)
    .set({
      status: next.status,
      transportedByUserId: next.transportedByUserId,
      acceptedByUserId: next.acceptedByUserId,
      tractorId: next.tractorId,
      trailerId: next.trailerId,
      transportingOrganizationId: next.transportingOrganizationId,
      version: next.version + 1,
      updatedAt: new Date(),
    })
    .where(eq(orders.id, next.id))
    .returning();
  if (!row) throw notFound(`Load ${next.id}`);
  return row;
}

const deliveredLocked = () => ruleViolation('deliveredLoadLocked', 'Delivered loads cannot be changed');

interface Written {
  load: Order;
  /** Everyone whose mirror must hear of it: owner, transporter, and a transporter it left. */
  organizationIds: number[];
  /** Stops whose own state changed (manual completion): announced as `orders:stops:update` too. */
  stopIds?: number[];
  /** Who changed those stops, so their own screens do not mark the change as someone else's. */
  changedByUserId?: number;
}

/** Change log in the transaction, then the answer; the pokes go out only after the commit. */
async function finish(
  tx: Transaction,
  written: Written[],
  op: 'upsert' | 'delete' = 'upsert',
): Promise<{ loads: Order[]; pokes: Written[] }> {
  await recordChanges(
    tx,
    written.map((item) => ({ entity: 'order', id: item.load.id, op, organizationIds: item.organizationIds })),
  );
  return { loads: written.map((item) => item.load), pokes: written };
}

function poke(realtime: RealtimePublisher, result: { loads: Order[]; pokes: Written[] }, deleted = false) {
  for (const item of result.pokes) {
    realtime.publishOrderChange(item.organizationIds, {
      id: item.load.id,
      version: deleted ? item.load.version + 1 : item.load.version,
    });
    for (const stopId of item.stopIds ?? []) {
      realtime.publishStopChange(item.organizationIds, {
        orderId: item.load.id,
        stopId,
        changedByUserId: item.changedByUserId ?? null,
      });
    }
  }
  return result.loads;
}

/**
 * The Merged sources kept for unmerge behind the loads given, and theirs in turn (a merged draft can
 * be merged again), locked: nothing else reaches them, so they are deleted with the load they made.
 */
async function lockMergedSources(tx: Transaction, auth: AuthContext, loads: readonly OrderRow[]): Promise<OrderRow[]> {
  const found: OrderRow[] = [];
  let pending = loads.flatMap((load) => load.mergedFromOrderIds ?? []);
  while (pending.length) {
    const rows = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.organizationId, auth.organizationId), inArray(orders.id, pending), eq(orders.status, 'Merged')))
      .orderBy(asc(orders.id))
      .for('update');
    found.push(...rows);
    pending = rows.flatMap((row) => row.mergedFromOrderIds ?? []);
  }
  return found;
}

/**
 * `DELETE /api/orders`: only when every named load is Open or Assigned; a load that came out of a
 * merge takes its Merged sources with it. Answers the named loads as they were.
 */
export async function deleteOrders(db: Database, realtime: RealtimePublisher, auth: AuthContext, ids: number[]) {
  assertUniqueIds(ids, (index) => `body.${index}`);
  const result = await db.transaction(async (tx) => {
    const locked = await lockLoads(tx, auth, ids, 'owned');
    if (!canDeleteLoads(locked.map((item) => item.load))) {
      throw ruleViolation('onlyOpenOrAssignedDeletable', 'Only Open or Assigned loads can be deleted');
    }
    const sources = await lockMergedSources(
      tx,
      auth,
      locked.map((item) => item.row),
    );
    const sourceLoads = await withStops(tx, sources);
    // Recorded first: the change log reads what the loads' documents name. Stops and trip events go
    // with their load (ON DELETE CASCADE).
    const result = await finish(
      tx,
      [
        ...locked.map(({ row, load }) => ({ load, organizationIds: organizationsSeeing(row) })),
        ...sourceLoads.map((load) => ({ load, organizationIds: organizationsSeeing(load) })),
      ],
      'delete',
    );
    await tx.delete(orders).where(inArray(orders.id, [...ids, ...sources.map((row) => row.id)]));
    return { ...result, loads: result.loads.slice(0, ids.length) };
  });
  return poke(realtime, result, true);
}

/**
 * `POST /api/drivers/assign-orders` (driver panel, resource scheduling): the load must be
 * transported by the active organization and not Delivered; on a carried load each resource may be
 * changed only by the side the carrier relation lets choose it.
 */
export async function assignDrivers(
  db: Database,
  realtime: RealtimePublisher,
  auth: AuthContext,
  assignments: DriverAssignment[],
) {
  assertUniqueIds(assignments.map((assignment) => assignment.id));
  const result = await db.transaction(async (tx) => {
    const locked = await lockLoads(
      tx,
      auth,
      assignments.map((assignment) => assignment.id),
      'visible',
    );
    await assertReferencesBelong(tx, auth, driverAssignmentsBodySchema, assignments, {
      held: heldByItem((index) => keptByLoad((locked[index] as (typeof locked)[number]).row)),
    });
    const written: Written[] = [];
    for (const [index, assignment] of assignments.entries()) {
      const { row, load } = locked[index] as (typeof locked)[number];
      if (!canCompleteLoads([load])) throw deliveredLocked();
      if (!canAssignDriver([load], auth.organizationId)) {
        throw ruleViolation('notTransportedByOrganization', 'Drivers are assigned only to loads your organization transports');
      }
      await assertChosenDriverEnabled(tx, assignment, row);
      const party = row.organizationId === auth.organizationId ? 'owner' : 'carrier';
      assertResourceChangesPermitted(await carrierRelationOf(tx, row), party, row, assignment, `body.${index}`);
      const saved = await writeLoad(tx, applyDriverAssignment(load, assignment, auth.userId));
      const [answer] = await withStops(tx, [saved]);
      written.push({ load: answer as Order, organizationIds: organizationsSeeing(saved) });
    }
    return finish(tx, written);
  });
  return poke(realtime, result);
}

/**
 * `POST /api/carriers/assign-loads`: hands the owner's loads to an active carrier, or back to the
 * owner (`transportingOrganizationId` = the owner: unassign). What the load may keep is recomputed
 * here with the same `carrierAssignmentFor` / `carrierUnassignmentFor` the panel used: a body may
 * keep a resource only where the relation keeps it (else 422 `carrierResourceNotPermitted`), may
 * clear any, and its status must be what that driver choice gives (else 422 `carrierStatusMismatch`).
 */
export async function assignCarriers(
  db: Database,
  realtime: RealtimePublisher,
  auth: AuthContext,
  assignments: CarrierAssignment[],
) {
  assertUniqueIds(assignments.map((assignment) => assignment.id));
  const result = await db.transaction(async (tx) => {
    const locked = await lockLoads(
      tx,
      auth,
      assignments.map((assignment) => assignment.id),
      'owned',
    );
    // A body may keep what the load holds (the carrier relation decides below); anything else is the organization's.
    await assertReferencesBelong(tx, auth, carrierAssignmentsBodySchema, assignments, {
      held: heldByItem((index) => keptByLoad((locked[index] as (typeof locked)[number]).row)),
    });
    const targets = [
      ...new Set(assignments.map((item) => item.transportingOrganizationId).filter((id) => id !== auth.organizationId)),
    ];
    const links = targets.length
      ? await tx
          .select()
          .from(carrierLinks)
          .where(
            and(
              eq(carrierLinks.organizationId, auth.organizationId),
              eq(carrierLinks.isActive, true),
              inArray(carrierLinks.carrierOrganizationId, targets),
            ),
          )
      : [];
    const written: Written[] = [];
    for (const [index, assignment] of assignments.entries()) {
      const { row, load } = locked[index] as (typeof locked)[number];
      const path = `body.${index}`;
      let permitted: CarrierAssignment;
      if (assignment.transportingOrganizationId === auth.organizationId) {
        permitted = carrierUnassignmentFor(load);
      } else {
        const link = links.find((item) => item.carrierOrganizationId === assignment.transportingOrganizationId);
        if (!link) throw badReference(`${path}.transportingOrganizationId`, 'not an active carrier of your organization');
        permitted = carrierAssignmentFor(load, link);
      }
      if (!canAssignCarrier([load], auth.organizationId)) throw deliveredLocked();
      for (const kind of RESOURCE_KINDS) {
        const field = RESOURCE_FIELDS[kind];
        if (assignment[field] !== null && assignment[field] !== permitted[field]) {
          throw ruleViolation(
            'carrierResourceNotPermitted',
            `The carrier relation does not let this load keep that ${kind} (${path}.${field})`,
          );
        }
      }
      const status = statusAfterDriverChoice(assignment.transportedByUserId, load.status);
      if (assignment.status !== status) {
        throw ruleViolation('carrierStatusMismatch', `The load would be ${status}, not ${assignment.status} (${path}.status)`);
      }
      const saved = await writeLoad(tx, applyCarrierAssignment(load, { ...assignment, status }));
      const [answer] = await withStops(tx, [saved]);
      // The carrier it leaves must hear of it too: its mirror drops the load (sync.service: no longer visible = delete).
      written.push({ load: answer as Order, organizationIds: [...organizationsSeeing(saved), row.transportingOrganizationId] });
    }
    return finish(
      tx,
      written.map((item) => ({ ...item, organizationIds: [...new Set(item.organizationIds)] })),
    );
  });
  return poke(realtime, result);
}

/**
 * `PUT /api/orders/complete`: each load becomes Delivered and each stop not yet complete gets its
 * completion (a stop left out gets its default time). Stops must be the load's own.
 */
export async function completeOrders(
  db: Database,
  realtime: RealtimePublisher,
  auth: AuthContext,
  completions: LoadCompletion[],
  now = new Date(),
) {
  assertUniqueIds(completions.map((completion) => completion.id));
  const result = await db.transaction(async (tx) => {
    const locked = await lockLoads(
      tx,
      auth,
      completions.map((completion) => completion.id),
      'owned',
    );
    const written: Written[] = [];
    for (const [index, completion] of completions.entries()) {
      const { load } = locked[index] as (typeof locked)[number];
      const own = new Set(load.stops.map((stop) => stop.id));
      const seen = new Set<number>();
      completion.stops.forEach((stop, stopIndex) => {
        if (!own.has(stop.id)) throw badReference(`body.${index}.stops.${stopIndex}.id`, 'not a stop of this load');
        if (seen.has(stop.id)) throw badReference(`body.${index}.stops.${stopIndex}.id`, 'this stop is already in the list');
        seen.add(stop.id);
      });
      if (!canCompleteLoads([load])) throw deliveredLocked();
      const next = applyManualCompletion(load, completion, now.toISOString());
      const saved = await writeLoad(tx, next);
      const stopIds: number[] = [];
      for (const [stopIndex, stop] of next.stops.entries()) {
        if (stop === load.stops[stopIndex]) continue;
        stopIds.push(stop.id);
        await tx
          .update(stops)
          .set({
            status: stop.status,
            completedAt: stop.completedAt ? new Date(stop.completedAt) : null,
            metadata: stop.metadata,
            version: sql`${stops.version} + 1`,
            updatedAt: now,
          })
          .where(eq(stops.id, stop.id));
      }
      const [answer] = await withStops(tx, [saved]);
      written.push({ load: answer as Order, organizationIds: organizationsSeeing(saved), stopIds, changedByUserId: auth.userId });
    }
    return finish(tx, written);
  });
  return poke(realtime, result);
}

/** Loads that count as a resource's assignments: published, not merged away, visible to the organization. */
function assignedLoads(auth: AuthContext) {
  return and(visibleTo(auth), eq(orders.isDraft, false), ne(orders.status, 'Merged'));
}

/**
 * `GET /api/scheduling/resource-info`: for each of the organization's drivers named, its load with
 * the latest date (and that date); for each trailer named, its latest load's production plans.
 * Ids of other organizations simply have no entry.
 */
export async function resourceInfo(
  db: Queryable,
  auth: AuthContext,
  driverIds: number[],
  trailerIds: number[],
): Promise<ResourceInfo> {
  const driverRows = driverIds.length
    ? await db
        .selectDistinctOn([orders.transportedByUserId], {
          driverId: orders.transportedByUserId,
          orderId: orders.id,
          date: orders.date,
        })
        .from(orders)
        .innerJoin(users, eq(users.id, orders.transportedByUserId))
        .where(
          and(assignedLoads(auth), eq(users.organizationId, auth.organizationId), inArray(orders.transportedByUserId, driverIds)),
        )
        .orderBy(orders.transportedByUserId, desc(orders.date), desc(orders.id))
    : [];
  const trailerRows = trailerIds.length
    ? await db
        .selectDistinctOn([orders.trailerId], { trailerId: orders.trailerId, orderId: orders.id })
        .from(orders)
        .innerJoin(trailers, eq(trailers.id, orders.trailerId))
        .where(and(assignedLoads(auth), eq(trailers.organizationId, auth.organizationId), inArray(orders.trailerId, trailerIds)))
        .orderBy(orders.trailerId, desc(orders.date), desc(orders.id))
    : [];
  const plans = trailerRows.length
    ? await db
        .select({ orderId: stops.orderId, productionPlan: stops.productionPlan })
        .from(stops)
        .where(
          and(
            inArray(
              stops.orderId,
              trailerRows.map((row) => row.orderId),
            ),
            isNotNull(stops.productionPlan),
          ),
        )
        .orderBy(asc(stops.orderId), asc(stops.sequence))
    : [];
  return {
    driverTimestamps: driverRows.map((row) => ({
      driverId: row.driverId as number,
      orderId: row.orderId,
      timestamp: row.date.toISOString(),
    })),
    latestTrailerProductionPlan: trailerRows.map((row) => ({
      trailerId: row.trailerId as number,
      orderId: row.orderId,
      productionPlans: [
        ...new Set(plans.filter((plan) => plan.orderId === row.orderId).map((plan) => plan.productionPlan as string)),
      ],
    })),
  };
}

/** `GET /api/orders/:id/tripevents`: the events of a load the organization sees, in time order. */
export async function listTripEvents(
  db: Queryable,
  auth: AuthContext,
  orderId: number,
  range: { startDate?: string; endDate?: string },
): Promise<TripEvent[]> {
  const [load] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), visibleTo(auth)));
  if (!load) throw notFound('Load');
  const rows = await db
    .select()
    .from(tripEvents)
    .where(
      and(
        eq(tripEvents.orderId, orderId),
        range.startDate ? gte(tripEvents.timestamp, new Date(range.startDate)) : undefined,
        range.endDate ? lte(tripEvents.timestamp, new Date(range.endDate)) : undefined,
      ),
    )
    .orderBy(asc(tripEvents.timestamp), asc(tripEvents.id));
  return rows.map((row) => ({
    id: row.id,
    orderId: row.orderId,
    stopId: row.stopId,
    type: row.type as TripEvent['type'],
    timestamp: row.timestamp.toISOString(),
    latitude: row.latitude,
    longitude: row.longitude,
    accuracy: row.accuracy,
    userId: row.userId,
    organizationLocationId: row.locationId,
    initiatingId: row.initiatingId,
    metadata: row.metadata,
  }));
}
