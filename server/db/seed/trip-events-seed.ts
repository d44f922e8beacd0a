/**
 * Demo trip events for the delivery log (spec 3 "Load detail view"): what the drivers' devices
 * would have reported on the demo's Delivered and In Transit loads, derived from their completed
 * stops so the times agree with the stops table. Trip events are not synced rows (no change log).
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { TripEventType } from '#core/contract/load-details';
import type { Transaction } from '#server/db/database';
import { locations, orders, stops, tripEvents } from '#server/db/schema';

const MINUTE = 60_000;

type EventRow = typeof tripEvents.$inferInsert;

function at(time: Date, minutes: number): Date {
  return new Date(time.getTime() + minutes * MINUTE);
}

/** A few metres around the site's centre, so the events map does not stack every marker on one point. */
function near(center: { latitude: number; longitude: number } | null, step: number) {
  if (!center) return { latitude: null, longitude: null };
  const offset = ((step % 5) - 2) * 0.0001;
  return {
    latitude: Math.round((center.latitude + offset) * 1e6) / 1e6,
    longitude: Math.round((center.longitude - offset) * 1e6) / 1e6,
  };
}

/** Inserts the events; call after the loads and stops exist. */
export async function insertDemoTripEvents(tx: Transaction): Promise<void> {
  const loads = await tx
    .select({
      id: orders.id,
      organizationId: orders.organizationId,
      status: orders.status,
      driverId: orders.transportedByUserId,
    })
    .from(orders)
    .where(and(inArray(orders.status, ['Delivered', 'In Transit']), eq(orders.isDraft, false)))
    .orderBy(asc(orders.id));
  if (!loads.length) return;
  const stopRows = await tx
    .select({ stop: stops, geofence: locations.geofence })
    .from(stops)
    .leftJoin(locations, eq(locations.id, stops.locationId))
    .where(
      inArray(
        stops.orderId,
        loads.map((load) => load.id),
      ),
    )
    .orderBy(asc(stops.orderId), asc(stops.sequence));

  const events: EventRow[] = [];
  const firstDelivered = loads.find((load) => load.status === 'Delivered')?.id;
  const firstInTransit = loads.find((load) => load.status === 'In Transit')?.id;
  for (const load of loads) {
    const loadStops = stopRows.filter((row) => row.stop.orderId === load.id);
    let step = 0;
    const event = (
      type: TripEventType,
      timestamp: Date,
      stop: (typeof loadStops)[number],
      extra: Partial<EventRow> = {},
    ): EventRow => {
      step += 1;
      return {
        organizationId: load.organizationId,
        orderId: load.id,
        stopId: stop.stop.id,
        type,
        timestamp,
        ...near(stop.geofence, step),
        accuracy: 4 + ((load.id + step) % 9),
        userId: load.driverId,
        locationId: stop.stop.locationId,
        metadata: {},
        ...extra,
      };
    };
    for (const [index, row] of loadStops.entries()) {
      const { arrivalTime, completedAt, status, metadata } = row.stop;
      if (status !== 'Complete' || !arrivalTime || !completedAt) continue;
      // One reading the device could not place: the delivery log warns about accuracy 0.
      const unreliable = load.id === firstDelivered && index === loadStops.length - 1;
      // A stop starts when it goes Enroute, as live tracking records it: when the stop before was completed
      // (the truck leaving it), the first stop some minutes before its arrival (the truck setting off).
      const previousCompletedAt = loadStops[index - 1]?.stop.completedAt;
      events.push(event('StopStarted', previousCompletedAt ?? at(arrivalTime, -25), row));
      events.push(event('SiteArrived', arrivalTime, row, unreliable ? { accuracy: 0 } : {}));
      const manual = metadata.manuallyCompleted === true;
      events.push(
        event('TaskCompleted', manual ? completedAt : at(completedAt, -1), row, {
          metadata: manual ? { method: 'manual', comment: 'Marked complete by dispatch' } : { method: 'device' },
        }),
      );
      events.push(event('SiteLeft', completedAt, row));
      if (load.id === firstInTransit && index === 0) {
        // A short stop on the road after leaving the mill, then the trip resumed.
        events.push(
          event('UnscheduledStop', at(completedAt, 18), row, { stopId: null, locationId: null, latitude: null, longitude: null }),
        );
        events.push(
          event('TripResumed', at(completedAt, 30), row, {
            stopId: null,
            locationId: null,
            latitude: null,
            longitude: null,
            metadata: { duration: 12 },
          }),
        );
      }
    }
  }
  if (events.length) await tx.insert(tripEvents).values(events);
}
