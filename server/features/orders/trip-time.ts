import type { TravelTimePair } from '#core/contract/planning';
import {
  estimatedTripMeters,
  estimatedTripSeconds,
  type LegFigures,
  type TripStop,
  travelTimeKey,
  tripLegs,
} from '#core/domain/planning/stop-times';
import type { Queryable } from '#server/db/database';
import { travelTimesOf } from '#server/features/travel-times/travel-times.service';
import type { RoutingProvider } from '#server/providers/routing';

/** What a save stores of a load's travel: the trip time, the distance, and each stop's leg by sequence. */
export interface TripFigures {
  timeSeconds: number | null;
  distanceMeters: number | null;
  legs: Map<number, LegFigures>;
}

/**
 * Each load's trip figures as they are stored on save (`orders.time_seconds`, `distance_meters`,
 * and each stop's leg): the core rules over the owning organization's travel times, those the
 * editor was shown, never a client's figure. Legs not cached yet (a load written through the API)
 * are routed by the app's `routing` and cached first; a leg with an unplaced location stays unknown (null).
 */
export async function tripFiguresOf(
  db: Queryable,
  routing: RoutingProvider,
  organizationId: number,
  loads: readonly { stops: readonly TripStop[] }[],
): Promise<TripFigures[]> {
  const pairs = new Map<string, TravelTimePair>();
  for (const load of loads) {
    const ordered = [...load.stops].sort((a, b) => a.sequence - b.sequence);
    ordered.slice(1).forEach((stop, index) => {
      const from = ordered[index]?.organizationLocationId ?? null;
      const to = stop.organizationLocationId;
      if (from === null || to === null || from === to) return;
      pairs.set(travelTimeKey(from, to), { originOrganizationLocationId: from, destinationOrganizationLocationId: to });
    });
  }
  const entries = await travelTimesOf(db, routing, organizationId, [...pairs.values()]);
  const key = (entry: (typeof entries)[number]) =>
    travelTimeKey(entry.originOrganizationLocationId, entry.destinationOrganizationLocationId);
  const travel = new Map(entries.map((entry) => [key(entry), entry.timeSeconds]));
  const distances = new Map(entries.map((entry) => [key(entry), entry.distanceMeters]));
  return loads.map((load) => ({
    timeSeconds: estimatedTripSeconds(load.stops, travel),
    distanceMeters: estimatedTripMeters(load.stops, distances),
    legs: tripLegs(load.stops, travel, distances),
  }));
}

/** A stop's stored leg columns from its load's figures. */
export function legOf(figures: TripFigures | undefined, sequence: number): LegFigures {
  return figures?.legs.get(sequence) ?? { timeSeconds: null, distanceMeters: null };
}
