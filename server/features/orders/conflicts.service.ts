import { and, gte, inArray, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import type { SavedOrder } from '#core/contract/conflicts';
import type { Order } from '#core/contract/orders';
import { conflictFinder, loadBusyWindow } from '#core/domain/planning/index';
import type { Queryable } from '#server/db/database';
import { downtimes, orders, stops, tractors, trailers, users } from '#server/db/schema';
import { toDowntime } from '#server/features/master-data/downtime.service';
import type { OrganizationCaller } from '#server/plugins/auth';
import { visibleTo, withStops } from './orders.service.ts';

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

  const [otherRows, driverRows, tractorRows, trailerRows, downtimeRows] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(
        and(
          visibleTo(auth),
          ne(orders.status, 'Merged'),
          gte(orders.date, new Date(from.getTime() - LONGEST_LOAD_MS)),
          lt(orders.date, to),
          sharingResources,
          busyDuring(from, to),
        ),
      ),
    driverIds.length ? db.select({ id: users.id, enabled: users.enabled }).from(users).where(inArray(users.id, driverIds)) : [],
    tractorIds.length
      ? db.select({ id: tractors.id, enabled: tractors.enabled }).from(tractors).where(inArray(tractors.id, tractorIds))
      : [],
    trailerIds.length
      ? db
          .select({
            id: trailers.id,
            enabled: trailers.enabled,
            maxCargoWeight: trailers.maxCargoWeightGrams,
            trailerCargoTypes: trailers.trailerCargoTypes,
          })
          .from(trailers)
          .where(inArray(trailers.id, trailerIds))
      : [],
    db
      .select()
      .from(downtimes)
      .where(or(...downtimeOf)),
  ]);
  const savedIds = new Set(saved.map((load) => load.id));
  // The saved loads are compared as answered, not as read again.
  const others = [
    ...(await withStops(
      db,
      otherRows.filter((row) => !savedIds.has(row.id)),
    )),
    ...saved,
  ];
  const finder = conflictFinder(others, {
    drivers: driverRows,
    tractors: tractorRows,
    trailers: trailerRows,
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
