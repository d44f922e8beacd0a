import { and, eq, isNull, or } from 'drizzle-orm';
import { type AvoidBox, MAX_AVOID_BOXES, type MatchAnswer, type RouteAnswer, type RoutePosition } from '#core/contract/routing';
import { type TruckLoad, zoneApplies, zoneBox } from '#core/domain/avoidance-zones';
import type { Queryable } from '#server/db/database';
import { avoidanceZones } from '#server/features/avoidance-zones/avoidance-zones.schema';
import type { RoutingProvider } from '#server/providers/routing';

const toPosition = (point: RoutePosition) => ({ latitude: point.lat, longitude: point.lng });

/**
 * The boxes of the avoidance zones (the organization's and global ones) that apply to the truck,
 * active ones only (core/domain/avoidance-zones).
 */
export async function avoidanceZoneBoxes(
  db: Queryable,
  organizationId: number,
  truck: TruckLoad | undefined,
): Promise<AvoidBox[]> {
  const zones = await db
    .select({
      deactivatedAt: avoidanceZones.deactivatedAt,
      weightThreshold: avoidanceZones.weightThresholdGrams,
      cargoTypeIds: avoidanceZones.cargoTypeIds,
      geoLocation: avoidanceZones.geoLocation,
    })
    .from(avoidanceZones)
    .where(
      and(
        or(eq(avoidanceZones.organizationId, organizationId), isNull(avoidanceZones.organizationId)),
        isNull(avoidanceZones.deactivatedAt),
      ),
    )
    .orderBy(avoidanceZones.id)
    .limit(MAX_AVOID_BOXES);
  const profile = truck ?? { grossWeightGrams: null, cargoTypeIds: [] };
  return zones
    .filter((zone) => zoneApplies({ ...zone, deactivatedAt: null }, profile))
    .map((zone) => {
      const box = zoneBox(zone.geoLocation);
      return { topLeft: { lat: box.north, lng: box.west }, bottomRight: { lat: box.south, lng: box.east } };
    });
}

/** The route through the points, keeping out of the boxes given (the caller's and the zones'). */
export async function routeThrough(
  routing: RoutingProvider,
  request: { points: (RoutePosition & { via?: boolean | undefined })[]; avoid: AvoidBox[] },
): Promise<RouteAnswer> {
  return routing.routeGeometry({
    points: request.points.map((point) => ({ ...toPosition(point), via: point.via === true })),
    avoid: request.avoid.slice(0, MAX_AVOID_BOXES),
  });
}

export async function matchTrace(routing: RoutingProvider, points: RoutePosition[]): Promise<MatchAnswer> {
  return routing.match(points.map(toPosition));
}
