import { estimatedTripSeconds, type TripStop, travelTimeKey } from '#core/domain/planning/stop-times';
import type { Queryable } from '#server/db/database';
import { cachedTravelTimes } from '#server/features/travel-times/travel-times.service';

/**
 * Each load's estimated trip time as it is stored on save (`orders.time_seconds`): the core rule over
 * the owning organization's cached travel times, the ones the editor was shown, never a client's figure.
 * A leg not cached yet leaves the trip time unknown (null), as the editor shows it.
 */
export async function tripSecondsOf(
  db: Queryable,
  organizationId: number,
  loads: readonly { stops: readonly TripStop[] }[],
): Promise<(number | null)[]> {
  const locationIds = [...new Set(loads.flatMap((load) => load.stops.flatMap((stop) => stop.organizationLocationId ?? [])))];
  const rows = await cachedTravelTimes(db, organizationId, locationIds);
  const travel = new Map(rows.map((row) => [travelTimeKey(row.originLocationId, row.destinationLocationId), row.timeSeconds]));
  return loads.map((load) => estimatedTripSeconds(load.stops, travel));
}
