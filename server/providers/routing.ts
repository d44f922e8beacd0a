import type { FastifyBaseLogger } from 'fastify';
import { roundTravelSeconds } from '#core/domain/planning/stop-times';

/**
 * Road travel between two positions (DESIGN §6, spec 1 §9). The embedded default needs nothing
 * outside the server: the great-circle distance times a road factor, driven at a steady speed. With
 * ROUTING_URL set, an OSRM server answers instead; when it fails or is slow, the estimate stands in
 * (logged, never shown: spec 1 §8 says routing failures are only logged).
 */

export interface Position {
  latitude: number;
  longitude: number;
}

export interface RouteEstimate {
  timeSeconds: number;
  distanceMeters: number;
}

export interface RoutingProvider {
  /** Time rounded to the nearest 300 s, distance to the metre. */
  route(from: Position, to: Position): Promise<RouteEstimate>;
}

/** Spec 1 §9. */
export const EARTH_RADIUS_METERS = 6_371_000;
/** Roads are longer than the straight line. */
export const ROAD_FACTOR = 1.3;
export const ROAD_SPEED_KMH = 70;
/** An OSRM answer slower than this is not worth waiting for: the estimate is good enough to plan with. */
export const ROUTING_TIMEOUT_MS = 5_000;

export function greatCircleMeters(from: Position, to: Position): number {
  const radians = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = radians(to.latitude - from.latitude);
  const dLng = radians(to.longitude - from.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(from.latitude)) * Math.cos(radians(to.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_METERS * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The embedded estimate: 1.3 × the great-circle distance at 70 km/h. */
export function estimateRoute(from: Position, to: Position): RouteEstimate {
  const meters = greatCircleMeters(from, to) * ROAD_FACTOR;
  const seconds = meters / ((ROAD_SPEED_KMH * 1000) / 3600);
  return { timeSeconds: roundTravelSeconds(seconds), distanceMeters: Math.round(meters) };
}

export const embeddedRouting: RoutingProvider = {
  route: async (from, to) => estimateRoute(from, to),
};

interface OsrmAnswer {
  code?: string;
  routes?: { distance?: number; duration?: number }[];
}

/** `GET {ROUTING_URL}/route/v1/driving/lon,lat;lon,lat?overview=false` of an OSRM server. */
export function osrmRouting(
  baseUrl: string,
  log: Pick<FastifyBaseLogger, 'warn'>,
  timeoutMs = ROUTING_TIMEOUT_MS,
): RoutingProvider {
  const base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  return {
    route: async (from, to) => {
      const coordinates = `${from.longitude},${from.latitude};${to.longitude},${to.latitude}`;
      const url = new URL(`route/v1/driving/${coordinates}`, base);
      url.searchParams.set('overview', 'false');
      try {
        const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { Accept: 'application/json' } });
        const answer = (await response.json().catch(() => null)) as OsrmAnswer | null;
        const route = answer?.routes?.[0];
        if (!response.ok || answer?.code !== 'Ok' || typeof route?.duration !== 'number' || typeof route.distance !== 'number') {
          throw new Error(`OSRM answered ${response.status} ${answer?.code ?? 'without a route'}`);
        }
        return { timeSeconds: roundTravelSeconds(route.duration), distanceMeters: Math.round(route.distance) };
      } catch (error) {
        log.warn({ err: error, url: url.toString() }, 'routing engine failed; using the great-circle estimate');
        return estimateRoute(from, to);
      }
    },
  };
}

export function createRoutingProvider(routingUrl: string | undefined, log: Pick<FastifyBaseLogger, 'warn'>): RoutingProvider {
  return routingUrl ? osrmRouting(routingUrl, log) : embeddedRouting;
}
