import { and, eq, sql } from 'drizzle-orm';
import { type LoadStatus, statusAfterStopProgress } from '#core/domain/load-rules';
import { type ProgressStop, startedStops } from '#core/domain/tracking/stop-progress';
import type { ResumedTrip } from '#core/domain/tracking/unscheduled-stops';
import type { Transaction } from '#server/db/database';
import { orders, stops, tripEvents } from '#server/db/schema';
import { organizationsSeeing } from '#server/features/orders/orders.service';
import { recordChanges } from '#server/features/sync/change-log';
import type { RealtimePublisher } from '#server/plugins/realtime';

/**
 * What live tracking writes on a load besides the events of its fences: the stop progress and load
 * status both derivations (fixes, and what a device reports) make, and the trip events that follow
 * from progress and standing (StopStarted, TripResumed). The rules are core/domain/tracking's.
 */

export type TripEventRow = typeof tripEvents.$inferInsert;

/** A load whose stops or status were written, to announce once the transaction committed. */
export interface LoadWrite {
  orderId: number;
  version: number;
  organizationIds: number[];
  stopIds: number[];
  /** Who made the change (a driver reporting by hand), for the stop change's `changedByUserId`. */
  changedByUserId?: number | null;
}

type LoadRow = typeof orders.$inferSelect;

/** The load's stops as stop progress reads them, in sequence. */
export function progressOf(stopRows: readonly (typeof stops.$inferSelect)[]): ProgressStop[] {
  return stopRows.map((row) => ({
    id: row.id,
    sequence: row.sequence,
    status: row.status,
    locationId: row.locationId,
    completedAt: row.completedAt?.toISOString() ?? null,
  }));
}

/**
 * Writes the stops whose status changed and the load's status that follows from them
 * (`statusAfterStopProgress`), with the change log, in the caller's transaction (the load locked).
 * Answers null when nothing changed.
 */
export async function writeStopProgress(
  tx: Transaction,
  load: LoadRow,
  before: readonly ProgressStop[],
  progress: readonly ProgressStop[],
): Promise<LoadWrite | null> {
  const changedStops = progress.filter((stop, index) => stop.status !== before[index]?.status);
  const status = statusAfterStopProgress(load.status as LoadStatus, progress);
  if (!changedStops.length && status === load.status) return null;
  const now = new Date();
  for (const stop of changedStops) {
    await tx
      .update(stops)
      .set({
        status: stop.status,
        completedAt: stop.completedAt ? new Date(stop.completedAt) : null,
        // A stop reached has no expected arrival left.
        ...(stop.status === 'Arrived' || stop.status === 'Complete' ? { estimatedArrivalAt: null } : {}),
        version: sql`${stops.version} + 1`,
        updatedAt: now,
      })
      .where(eq(stops.id, stop.id));
  }
  const [saved] = await tx
    .update(orders)
    .set({ status, version: sql`${orders.version} + 1`, updatedAt: now })
    .where(eq(orders.id, load.id))
    .returning({ version: orders.version });
  const organizationIds = organizationsSeeing(load);
  await recordChanges(tx, [{ entity: 'order', id: load.id, op: 'upsert', organizationIds }]);
  return {
    orderId: load.id,
    version: saved?.version ?? load.version + 1,
    organizationIds,
    stopIds: changedStops.map((stop) => stop.id),
  };
}

/** `orders:update` for each load written, `orders:stops:update` for each of its stops whose progress changed. */
export function announceLoadWrites(realtime: RealtimePublisher, writes: readonly LoadWrite[]) {
  for (const write of writes) {
    realtime.publishOrderChange(write.organizationIds, { id: write.orderId, version: write.version });
    for (const stopId of write.stopIds) {
      realtime.publishStopChange(write.organizationIds, {
        orderId: write.orderId,
        stopId,
        changedByUserId: write.changedByUserId ?? null,
      });
    }
  }
}

/** Where and when a change was seen, and the load's fields every event of it carries. */
export type EventBase = Pick<
  TripEventRow,
  'organizationId' | 'orderId' | 'timestamp' | 'latitude' | 'longitude' | 'accuracy' | 'userId'
>;

/** A StopStarted event for each stop the change from `before` to `after` started (left Not Started). */
export function stopStartedEvents(
  before: readonly ProgressStop[],
  after: readonly ProgressStop[],
  base: EventBase,
): TripEventRow[] {
  return startedStops(before, after).map((stop) => ({
    ...base,
    type: 'StopStarted',
    stopId: stop.id,
    locationId: stop.locationId,
  }));
}

/**
 * A TripResumed event (metadata `duration` in minutes) for each stop the truck moved on from that
 * was recorded as an UnscheduledStop on this load: the standing state also marks stops it was not
 * (at one of the load's sites, or before the load started), which end in nothing.
 */
export async function tripResumedEvents(
  tx: Transaction,
  base: Omit<EventBase, 'timestamp' | 'latitude' | 'longitude' | 'accuracy'>,
  resumed: readonly ResumedTrip[],
  recordedNow: readonly TripEventRow[],
): Promise<TripEventRow[]> {
  const rows: TripEventRow[] = [];
  for (const trip of resumed) {
    const since = new Date(trip.since);
    const recorded =
      recordedNow.some((event) => event.type === 'UnscheduledStop' && event.timestamp.getTime() === trip.since) ||
      (
        await tx
          .select({ id: tripEvents.id })
          .from(tripEvents)
          .where(
            and(eq(tripEvents.orderId, base.orderId), eq(tripEvents.timestamp, since), eq(tripEvents.type, 'UnscheduledStop')),
          )
          .limit(1)
      ).length > 0;
    if (!recorded) continue;
    rows.push({
      ...base,
      type: 'TripResumed',
      timestamp: new Date(trip.at),
      latitude: trip.latitude,
      longitude: trip.longitude,
      accuracy: trip.accuracy,
      metadata: { duration: trip.minutes },
    });
  }
  return rows;
}
