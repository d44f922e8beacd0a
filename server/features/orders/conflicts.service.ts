import { gte, inArray, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import type { SavedOrder } from '#core/contract/conflicts';
import type { Order } from '#core/contract/orders';
import { type ConflictResources, conflictFinder, loadBusyWindow } from '#core/domain/planning/index';
import type { Queryable } from '#server/db/database';
import { downtimes, orders, stops, tractors, trailers, users } from '#server/db/schema';
import { toDowntime } from '#server/features/master-data/downtime.service';
import type { OrganizationCaller } from '#server/plugins/auth';
import { ordersAsJson } from './orders-json.ts';
import { visibleTo } from './orders.service.ts';

/** Loads are dated by their first stop; one that began this long before another's start may still run into it. */
const LONGEST_LOAD_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Loads whose busy window (`loadBusyWindow`, the same terms in SQL) meets [from, to): a resource's other
 * loads of the week are read with their stops only when they may overlap, since every save asks.
 */
const busyDuring = (from: Date, to: Date) => sql`exists (
  select 1 from (
    select coalesce(min(${stops.arrivalTime}), ${orders.date}) as busy_start,
           max(coalesce(${stops.completedAt}, ${stops.arrivalTime} + coalesce(${stops.durationMinutes}, 0) * interval '1 minute')) as stops_end
      from ${stops} where ${stops.orderId} = ${orders.id}
  ) busy
  where busy.busy_start < ${to}
    and greatest(busy.busy_start + interval '1 minute',
                 busy.busy_start + coalesce(${orders.timeSeconds}, 0) * interval '1 second',
                 busy.stops_end) > ${from})`;

const idsOf = (loads: readonly Order[], pick: (load: Order) => number | null) => [
  ...new Set(loads.flatMap((load) => (pick(load) === null ? [] : [pick(load) as number]))),
];

type TrailerState = ConflictResources['trailers'][number];

/** Whether each driver, tractor and trailer is enabled, and what each trailer carries: one query for the three. */
async function resourceStates(
  db: Queryable,
  driverIds: number[],
  tractorIds: number[],
  trailerIds: number[],
): Promise<Pick<ConflictResources, 'drivers' | 'tractors' | 'trailers'>> {
  const ids = (list: number[]) => sql`${sql.param(list)}::int[]`;
  const { rows } = await db.execute<{
    kind: 'driver' | 'tractor' | 'trailer';
    id: number;
    enabled: boolean;
    max_cargo_weight: number | null;
    trailer_cargo_types: TrailerState['trailerCargoTypes'];
  }>(sql`
    select 'driver' as kind, id, enabled, null::float8 as max_cargo_weight, null::jsonb as trailer_cargo_types
      from ${users} where id = any(${ids(driverIds)})
    union all
    select 'tractor', id, enabled, null, null from ${tractors} where id = any(${ids(tractorIds)})
    union all
    select 'trailer', id, enabled, max_cargo_weight_grams::float8, trailer_cargo_types from ${trailers} where id = any(${ids(trailerIds)})`);
  const of = (kind: (typeof rows)[number]['kind']) => rows.filter((row) => row.kind === kind);
  return {
    drivers: of('driver').map(({ id, enabled }) => ({ id, enabled })),
    tractors: of('tractor').map(({ id, enabled }) => ({ id, enabled })),
    trailers: of('trailer').map((row) => ({
      id: row.id,
      enabled: row.enabled,
      maxCargoWeight: row.max_cargo_weight,
      trailerCargoTypes: row.trailer_cargo_types,
    })),
  };
}

/**
 * The saved loads with their planning conflicts (core/domain/planning/conflicts.ts): the other loads
 * the caller sees that hold the same driver, tractor or trailer around the same time, their
 * downtimes, whether they are enabled and what the trailer carries. Read after the save: a conflict
 * warns, it never refuses a write.
 */
export async function withWarnings(db: Queryable, auth: OrganizationCaller, saved: readonly Order[]): Promise<SavedOrder[]> {
  const driverIds = idsOf(saved, (load) => load.transportedByUserId);
  const tractorIds = idsOf(saved, (load) => load.tractorId);
  const trailerIds = idsOf(saved, (load) => load.trailerId);
  if (!driverIds.length && !tractorIds.length && !trailerIds.length) return saved.map((load) => ({ ...load, warnings: [] }));

  const windows = saved.map(loadBusyWindow);
  const from = new Date(Math.min(...windows.map((window) => window.start)));
  const to = new Date(Math.max(...windows.map((window) => window.end)));
  const sharing: SQL[] = [];
  if (driverIds.length) sharing.push(inArray(orders.transportedByUserId, driverIds));
  if (tractorIds.length) sharing.push(inArray(orders.tractorId, tractorIds));
  if (trailerIds.length) sharing.push(inArray(orders.trailerId, trailerIds));
  const sharingResources = or(...sharing);
  const downtimeOf: SQL[] = [];
  if (driverIds.length) downtimeOf.push(inArray(downtimes.driverId, driverIds));
  if (tractorIds.length) downtimeOf.push(inArray(downtimes.tractorId, tractorIds));
  if (trailerIds.length) downtimeOf.push(inArray(downtimes.trailerId, trailerIds));

  const savedIds = saved.map((load) => load.id);
  const [otherLoads, states, downtimeRows] = await Promise.all([
    // The other loads with their stops, as their stored documents: one query.
    ordersAsJson(
      db,
      visibleTo(auth),
      ne(orders.status, 'Merged'),
      gte(orders.date, new Date(from.getTime() - LONGEST_LOAD_MS)),
      lt(orders.date, to),
      sharingResources,
      busyDuring(from, to),
      sql`${orders.id} <> all(${sql.param(savedIds)}::int[])`,
    ),
    resourceStates(db, driverIds, tractorIds, trailerIds),
    db
      .select()
      .from(downtimes)
      .where(or(...downtimeOf)),
  ]);
  // The saved loads are compared as answered, not as read again.
  const others = [...(JSON.parse(otherLoads) as Order[]), ...saved];
  const finder = conflictFinder(others, {
    ...states,
    downtimes: downtimeRows.map(toDowntime),
  });
  return saved.map((load) => ({ ...load, warnings: finder.conflictsOf(load) }));
}

/** One saved load with its conflicts. */
export async function withWarning(db: Queryable, auth: OrganizationCaller, saved: Order): Promise<SavedOrder> {
  const [answer] = await withWarnings(db, auth, [saved]);
  if (!answer) throw new Error('no answer for the saved load');
  return answer;
}
