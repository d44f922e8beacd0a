import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { ThroughputRule, TravelTimeEntry, TravelTimePair } from '#core/contract/planning';
import { roundTravelSeconds, travelTimeKey } from '#core/domain/planning/stop-times';
import { pathLengthMeters, standardRoutePoints } from '#core/domain/standard-routes';
import type { Queryable } from '#server/db/database';
import { type Geofence, locations, throughputRules, travelTimes } from '#server/db/schema';
import type { AuthContext } from '#server/plugins/auth';
import { activeStandardRoutesOf } from '#server/features/standard-routes/standard-routes.routes';
import { type Position, ROAD_SPEED_KMH, type RouteEstimate, type RoutingProvider } from '#server/providers/routing';

/** Routing calls in flight at once for one request: enough to fill an editor fast, few enough for an OSRM box. */
const ROUTING_CONCURRENCY = 8;

/** A location not yet placed on the map carries geofence latitude 1 (spec 2 §5): it has no position. */
function positionOf(geofence: Geofence | null): Position | null {
  if (!geofence || geofence.latitude === 1) return null;
  const { latitude, longitude } = geofence;
  return Number.isFinite(latitude) && Number.isFinite(longitude) ? { latitude, longitude } : null;
}

function toEntry(row: typeof travelTimes.$inferSelect): TravelTimeEntry {
  return {
    originOrganizationLocationId: row.originLocationId,
    destinationOrganizationLocationId: row.destinationLocationId,
    timeSeconds: row.timeSeconds,
    distanceMeters: row.distanceMeters,
  };
}

/**
 * A standard route's leg (spec 1 §2): the road it draws, driven at the routing's steady speed —
 * its length is already the road's, so no road factor.
 */
export function standardRouteEstimate(flexiblePolyline: string): RouteEstimate | null {
  const points = standardRoutePoints(flexiblePolyline);
  if (!points) return null;
  const meters = pathLengthMeters(points);
  return { distanceMeters: Math.round(meters), timeSeconds: roundTravelSeconds(meters / ((ROAD_SPEED_KMH * 1000) / 3600)) };
}

/** Runs `work` over `items`, at most `limit` at a time, keeping the order. */
async function mapLimited<Item, Result>(items: Item[], limit: number, work: (item: Item) => Promise<Result>): Promise<Result[]> {
  const results: Result[] = [];
  for (let start = 0; start < items.length; start += limit) {
    results.push(...(await Promise.all(items.slice(start, start + limit).map(work))));
  }
  return results;
}

/**
 * Travel times of the pairs asked for, each pair once, in the order first asked. Cached entries are
 * answered as they are; missing ones are routed and cached. Every location belongs to the active
 * organization (the contract's references, checked before the handler). A same-location
 * pair is 0 s and 0 m; a pair with a location not yet placed is left out.
 */
/** The organization's cached travel times between any two of `locationIds`. */
export async function cachedTravelTimes(db: Queryable, organizationId: number, locationIds: readonly number[]) {
  if (!locationIds.length) return [];
  return db
    .select()
    .from(travelTimes)
    .where(
      and(
        eq(travelTimes.organizationId, organizationId),
        inArray(travelTimes.originLocationId, [...locationIds]),
        inArray(travelTimes.destinationLocationId, [...locationIds]),
      ),
    );
}

export function travelTimesFor(
  db: Queryable,
  routing: RoutingProvider,
  auth: AuthContext,
  pairs: TravelTimePair[],
): Promise<TravelTimeEntry[]> {
  return travelTimesOf(db, routing, auth.organizationId, pairs);
}

/** `travelTimesFor` of an organization's locations (a save computes its load's legs with it). */
export async function travelTimesOf(
  db: Queryable,
  routing: RoutingProvider,
  organizationId: number,
  pairs: readonly TravelTimePair[],
): Promise<TravelTimeEntry[]> {
  const locationIds = [
    ...new Set(pairs.flatMap((pair) => [pair.originOrganizationLocationId, pair.destinationOrganizationLocationId])),
  ];
  const distinct = new Map<string, TravelTimePair>();
  for (const pair of pairs) {
    distinct.set(travelTimeKey(pair.originOrganizationLocationId, pair.destinationOrganizationLocationId), pair);
  }
  const cached = new Map<string, TravelTimeEntry>();
  for (const row of await cachedTravelTimes(db, organizationId, locationIds)) {
    cached.set(travelTimeKey(row.originLocationId, row.destinationLocationId), toEntry(row));
  }
  // A standard route between two stops is the road taken: it wins over the cache and the routing.
  for (const route of await activeStandardRoutesOf(db, organizationId, locationIds)) {
    const key = travelTimeKey(route.originId, route.destinationId);
    const estimate = distinct.has(key) ? standardRouteEstimate(route.flexiblePolyline) : null;
    if (estimate) {
      cached.set(key, {
        originOrganizationLocationId: route.originId,
        destinationOrganizationLocationId: route.destinationId,
        ...estimate,
      });
    }
  }

  const toRoute = [...distinct.entries()].filter(([key, pair]) => {
    if (cached.has(key)) return false;
    return pair.originOrganizationLocationId !== pair.destinationOrganizationLocationId;
  });
  // Positions only when something must be routed: most saves find every leg cached.
  const known = new Map(
    toRoute.length
      ? (
          await db
            .select({ id: locations.id, geofence: locations.geofence })
            .from(locations)
            .where(and(eq(locations.organizationId, organizationId), inArray(locations.id, locationIds)))
        ).map((row) => [row.id, positionOf(row.geofence)] as const)
      : [],
  );
  const routed = await mapLimited(toRoute, ROUTING_CONCURRENCY, async ([key, pair]) => {
    const from = known.get(pair.originOrganizationLocationId);
    const to = known.get(pair.destinationOrganizationLocationId);
    if (!from || !to) return null;
    const estimate = await routing.route(from, to);
    return [key, { ...pair, ...estimate }] as const;
  });
  const fresh = routed.filter((item) => item !== null);
  if (fresh.length) {
    // Two editors asking at once may both route a pair: the first answer cached stays.
    await db
      .insert(travelTimes)
      .values(
        fresh.map(([, entry]) => ({
          organizationId,
          originLocationId: entry.originOrganizationLocationId,
          destinationLocationId: entry.destinationOrganizationLocationId,
          timeSeconds: entry.timeSeconds,
          distanceMeters: entry.distanceMeters,
        })),
      )
      .onConflictDoNothing();
    for (const [key, entry] of fresh) cached.set(key, entry);
  }

  return [...distinct.entries()].flatMap(([key, pair]) => {
    if (pair.originOrganizationLocationId === pair.destinationOrganizationLocationId) {
      return [{ ...pair, timeSeconds: 0, distanceMeters: 0 }];
    }
    const entry = cached.get(key);
    return entry ? [entry] : [];
  });
}

/** Every cached travel time of the active organization. */
export async function listTravelTimes(db: Queryable, auth: AuthContext): Promise<TravelTimeEntry[]> {
  const rows = await db
    .select()
    .from(travelTimes)
    .where(eq(travelTimes.organizationId, auth.organizationId))
    .orderBy(asc(travelTimes.originLocationId), asc(travelTimes.destinationLocationId));
  // The legs standard routes join, as `travelTimesOf` answers them.
  const entries = new Map(rows.map((row) => [travelTimeKey(row.originLocationId, row.destinationLocationId), toEntry(row)]));
  for (const route of await activeStandardRoutesOf(db, auth.organizationId)) {
    const estimate = standardRouteEstimate(route.flexiblePolyline);
    if (!estimate) continue;
    entries.set(travelTimeKey(route.originId, route.destinationId), {
      originOrganizationLocationId: route.originId,
      destinationOrganizationLocationId: route.destinationId,
      ...estimate,
    });
  }
  return [...entries.values()];
}

/** The active organization's loading-duration rules: organization-wide ones first, then per location. */
export async function listThroughputRules(db: Queryable, auth: AuthContext): Promise<ThroughputRule[]> {
  const rows = await db
    .select()
    .from(throughputRules)
    .where(eq(throughputRules.organizationId, auth.organizationId))
    .orderBy(sql`${throughputRules.locationId} nulls first`, asc(throughputRules.id));
  return rows.map((row) => ({
    id: row.id,
    stopType: row.stopType,
    cargoTypeId: row.cargoTypeId,
    loadingEntityType: row.locationId === null ? 'Organization' : 'Location',
    locationId: row.locationId,
    baselineLoadingMinutes: row.baselineLoadingMinutes,
    cargoUnitsPerMinute: row.cargoUnitsPerMinute,
    weightPerMinute: row.weightPerMinuteGrams,
  }));
}
