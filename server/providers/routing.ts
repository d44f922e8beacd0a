import type { FastifyBaseLogger } from 'fastify';
import type { AvoidBox, RouteNotice } from '#core/contract/routing';
import { encodeFlexiblePolyline } from '#core/domain/geo/flexible-polyline';
import { densifyGreatCircle } from '#core/domain/geo/route-gaps';
import { roundTravelSeconds } from '#core/domain/planning/stop-times';
import { decodeEncodedPolyline } from './encoded-polyline.ts';

/**
 * Road travel and route geometry (DESIGN §6, spec 1 §7, §9). The embedded default needs nothing
 * outside the server: great-circle legs times a road factor, driven at a steady speed. With
 * ROUTING_URL set, an OSRM or Valhalla server (ROUTING_ENGINE) answers instead; when it fails or is
 * slow, the embedded answer stands in (logged, never shown: spec 1 §8 says routing failures are only
 * logged).
 *
 * Avoid areas: Valhalla honours them (`exclude_polygons`). OSRM cannot: it has no polygon avoidance
 * at query time (only `exclude=` classes fixed when the map is prepared, Project-OSRM/osrm-backend
 * #892), so with OSRM, and with the embedded estimate, a route asked to avoid boxes carries the
 * `avoidAreasNotHonoured` notice.
 */

export interface Position {
  latitude: number;
  longitude: number;
}

export interface RouteEstimate {
  timeSeconds: number;
  distanceMeters: number;
}

export interface RoutePoint extends Position {
  /** Passed through without ending a leg. */
  via?: boolean;
}

export interface RouteGeometryRequest {
  points: RoutePoint[];
  avoid: AvoidBox[];
}

export type RoutingEngine = 'embedded' | 'osrm' | 'valhalla';

export interface RouteGeometry {
  /** HERE flexible polyline of the whole route. */
  polyline: string;
  distanceMeters: number;
  /** Whole seconds, not rounded to 5 minutes: the planning rounds legs itself. */
  timeSeconds: number;
  legs: RouteEstimate[];
  engine: RoutingEngine;
  notices: RouteNotice[];
}

export interface MatchedTrace {
  polyline: string;
  engine: RoutingEngine;
  notices: RouteNotice[];
}

export interface RoutingProvider {
  /** Time rounded to the nearest 300 s, distance to the metre (travel times of the planning). */
  route(from: Position, to: Position): Promise<RouteEstimate>;
  /** The path through ordered points, avoiding the boxes where the engine can. */
  routeGeometry(request: RouteGeometryRequest): Promise<RouteGeometry>;
  /** The roads a trace of points followed (the map helper's import). */
  match(points: Position[]): Promise<MatchedTrace>;
}

/** Spec 1 §9. */
export const EARTH_RADIUS_METERS = 6_371_000;
/** Roads are longer than the straight line. */
export const ROAD_FACTOR = 1.3;
export const ROAD_SPEED_KMH = 70;
/** An engine answer slower than this is not worth waiting for: the estimate is good enough to plan with. */
export const ROUTING_TIMEOUT_MS = 5_000;

const ROAD_SPEED_METERS_PER_SECOND = (ROAD_SPEED_KMH * 1000) / 3600;

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
  const seconds = meters / ROAD_SPEED_METERS_PER_SECOND;
  return { timeSeconds: roundTravelSeconds(seconds), distanceMeters: Math.round(meters) };
}

/** The legs' totals and the route as one record. */
function routeOf(path: readonly Position[], legs: RouteEstimate[], engine: RoutingEngine, notices: RouteNotice[]): RouteGeometry {
  return {
    polyline: encodeFlexiblePolyline(path),
    distanceMeters: legs.reduce((sum, leg) => sum + leg.distanceMeters, 0),
    timeSeconds: legs.reduce((sum, leg) => sum + leg.timeSeconds, 0),
    legs,
    engine,
    notices,
  };
}

/**
 * The embedded route: great-circle legs densified to points at most 1 km apart, each leg (between
 * consecutive non-via points) 1.3 × its great-circle length at 70 km/h.
 */
export function estimateRouteGeometry({ points, avoid }: RouteGeometryRequest): RouteGeometry {
  const legs: RouteEstimate[] = [];
  let legMeters = 0;
  points.forEach((point, index) => {
    if (index === 0) return;
    legMeters += greatCircleMeters(points[index - 1]!, point) * ROAD_FACTOR;
    if (point.via && index < points.length - 1) return;
    legs.push({ distanceMeters: Math.round(legMeters), timeSeconds: Math.round(legMeters / ROAD_SPEED_METERS_PER_SECOND) });
    legMeters = 0;
  });
  const notices: RouteNotice[] = avoid.length ? ['estimatedPath', 'avoidAreasNotHonoured'] : ['estimatedPath'];
  return routeOf(densifyGreatCircle(points), legs, 'embedded', notices);
}

/** The embedded "match": the trace itself, densified like an embedded route. */
export function estimateMatch(points: readonly Position[]): MatchedTrace {
  return { polyline: encodeFlexiblePolyline(densifyGreatCircle(points)), engine: 'embedded', notices: ['estimatedPath'] };
}

export const embeddedRouting: RoutingProvider = {
  route: async (from, to) => estimateRoute(from, to),
  routeGeometry: async (request) => estimateRouteGeometry(request),
  match: async (points) => estimateMatch(points),
};

type WarnLog = Pick<FastifyBaseLogger, 'warn'>;

async function fetchJson(
  url: URL,
  timeoutMs: number,
  init: RequestInit = {},
): Promise<{ status: number; ok: boolean; body: unknown }> {
  const response = await fetch(url, {
    ...init,
    signal: AbortSignal.timeout(timeoutMs),
    headers: { Accept: 'application/json', ...(init.body ? { 'Content-Type': 'application/json' } : {}) },
  });
  return { status: response.status, ok: response.ok, body: await response.json().catch(() => null) };
}

/** Runs an engine call; any failure (timeout, refusal, an answer of the wrong shape) is logged and answered by the fallback. */
async function orFallback<T>(
  log: WarnLog,
  engine: RoutingEngine,
  url: URL,
  call: () => Promise<T>,
  fallback: () => T,
): Promise<T> {
  try {
    return await call();
  } catch (error) {
    log.warn({ err: error, engine, url: url.toString() }, 'routing engine failed; using the great-circle estimate');
    return fallback();
  }
}

/** Joins leg shapes end to start, dropping each later leg's first point (the previous leg's last). */
function joinShapes(shapes: Position[][]): Position[] {
  return shapes.flatMap((shape, index) => (index === 0 ? shape : shape.slice(1)));
}

function nonNegativeNumber(value: unknown, what: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) throw new Error(`engine answer without ${what}`);
  return value;
}

interface OsrmRoute {
  distance?: number;
  duration?: number;
  geometry?: string;
  legs?: { distance?: number; duration?: number }[];
}
interface OsrmAnswer {
  code?: string;
  routes?: OsrmRoute[];
  matchings?: OsrmRoute[];
  tracepoints?: (object | null)[];
}

const lonLatList = (points: readonly Position[]) => points.map((point) => `${point.longitude},${point.latitude}`).join(';');
const withSlash = (baseUrl: string) => (baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);

function osrmAnswer(answer: { ok: boolean; status: number; body: unknown }): OsrmAnswer {
  const body = answer.body as OsrmAnswer | null;
  if (!answer.ok || body?.code !== 'Ok') throw new Error(`OSRM answered ${answer.status} ${body?.code ?? 'without a route'}`);
  return body;
}

/**
 * OSRM (`ROUTING_ENGINE=osrm`): `GET {ROUTING_URL}/route/v1/driving/lon,lat;…`; route geometry with
 * `overview=full&geometries=polyline6`, via points through `waypoints=` (only the stops end legs);
 * map matching with `/match/v1/driving`. Avoid areas are not honoured (see the top of this file).
 */
export function osrmRouting(baseUrl: string, log: WarnLog, timeoutMs = ROUTING_TIMEOUT_MS): RoutingProvider {
  const base = withSlash(baseUrl);
  return {
    route: async (from, to) => {
      const url = new URL(`route/v1/driving/${lonLatList([from, to])}`, base);
      url.searchParams.set('overview', 'false');
      return orFallback(
        log,
        'osrm',
        url,
        async () => {
          const route = osrmAnswer(await fetchJson(url, timeoutMs)).routes?.[0];
          const duration = nonNegativeNumber(route?.duration, 'a duration');
          const distance = nonNegativeNumber(route?.distance, 'a distance');
          return { timeSeconds: roundTravelSeconds(duration), distanceMeters: Math.round(distance) };
        },
        () => estimateRoute(from, to),
      );
    },
    routeGeometry: async (request) => {
      const url = new URL(`route/v1/driving/${lonLatList(request.points)}`, base);
      url.searchParams.set('overview', 'full');
      url.searchParams.set('geometries', 'polyline6');
      if (request.points.some((point) => point.via)) {
        const stops = request.points.flatMap((point, index) => (point.via ? [] : [index]));
        url.searchParams.set('waypoints', stops.join(';'));
      }
      return orFallback(
        log,
        'osrm',
        url,
        async () => {
          const route = osrmAnswer(await fetchJson(url, timeoutMs)).routes?.[0];
          if (typeof route?.geometry !== 'string') throw new Error('OSRM route without geometry');
          const legs = (route.legs ?? []).map((leg) => ({
            distanceMeters: Math.round(nonNegativeNumber(leg.distance, 'a leg distance')),
            timeSeconds: Math.round(nonNegativeNumber(leg.duration, 'a leg duration')),
          }));
          const notices: RouteNotice[] = request.avoid.length ? ['avoidAreasNotHonoured'] : [];
          return routeOf(decodeEncodedPolyline(route.geometry, 6), legs, 'osrm', notices);
        },
        () => estimateRouteGeometry(request),
      );
    },
    match: async (points) => {
      const url = new URL(`match/v1/driving/${lonLatList(points)}`, base);
      url.searchParams.set('overview', 'full');
      url.searchParams.set('geometries', 'polyline6');
      return orFallback(
        log,
        'osrm',
        url,
        async () => {
          const answer = osrmAnswer(await fetchJson(url, timeoutMs));
          const matchings = answer.matchings ?? [];
          if (!matchings.length || matchings.some((matching) => typeof matching.geometry !== 'string')) {
            throw new Error('OSRM match without geometry');
          }
          const notices: RouteNotice[] = [];
          if ((answer.tracepoints ?? []).some((point) => point === null)) notices.push('pointsNotMatched');
          if (matchings.length > 1) notices.push('routeSplit');
          const path = joinShapes(matchings.map((matching) => decodeEncodedPolyline(matching.geometry as string, 6)));
          return { polyline: encodeFlexiblePolyline(path), engine: 'osrm' as const, notices };
        },
        () => estimateMatch(points),
      );
    },
  };
}

interface ValhallaLeg {
  shape?: string;
  summary?: { length?: number; time?: number };
}
interface ValhallaAnswer {
  trip?: { status?: number; legs?: ValhallaLeg[] };
  error?: string;
}

/** A box as Valhalla's exclude ring: longitude first, closed. */
export function valhallaRing(box: AvoidBox): [number, number][] {
  const north = Math.max(box.topLeft.lat, box.bottomRight.lat);
  const south = Math.min(box.topLeft.lat, box.bottomRight.lat);
  const west = Math.min(box.topLeft.lng, box.bottomRight.lng);
  const east = Math.max(box.topLeft.lng, box.bottomRight.lng);
  return [
    [west, north],
    [east, north],
    [east, south],
    [west, south],
    [west, north],
  ];
}

function valhallaLegs(answer: { ok: boolean; status: number; body: unknown }): ValhallaLeg[] {
  const body = answer.body as ValhallaAnswer | null;
  const legs = body?.trip?.legs;
  if (!answer.ok || !legs?.length) throw new Error(`Valhalla answered ${answer.status} ${body?.error ?? 'without a trip'}`);
  if (legs.some((leg) => typeof leg.shape !== 'string')) throw new Error('Valhalla leg without a shape');
  return legs;
}

/**
 * Valhalla (`ROUTING_ENGINE=valhalla`): `POST {ROUTING_URL}/route` with `costing: auto`, stops as
 * `break` and via points as `through` locations, avoid boxes as `exclude_polygons`; map matching with
 * `POST /trace_route` (`shape_match: map_snap`). Lengths come back in kilometres, shapes as
 * polyline6.
 */
export function valhallaRouting(baseUrl: string, log: WarnLog, timeoutMs = ROUTING_TIMEOUT_MS): RoutingProvider {
  const base = withSlash(baseUrl);
  const routeUrl = new URL('route', base);
  const traceUrl = new URL('trace_route', base);
  const routeGeometry = (request: RouteGeometryRequest) =>
    orFallback(
      log,
      'valhalla',
      routeUrl,
      async () => {
        const body = {
          locations: request.points.map((point) => ({
            lat: point.latitude,
            lon: point.longitude,
            type: point.via ? 'through' : 'break',
          })),
          costing: 'auto',
          units: 'kilometers',
          directions_type: 'none',
          ...(request.avoid.length ? { exclude_polygons: request.avoid.map(valhallaRing) } : {}),
        };
        const legs = valhallaLegs(await fetchJson(routeUrl, timeoutMs, { method: 'POST', body: JSON.stringify(body) }));
        const path = joinShapes(legs.map((leg) => decodeEncodedPolyline(leg.shape as string, 6)));
        const estimates = legs.map((leg) => ({
          distanceMeters: Math.round(nonNegativeNumber(leg.summary?.length, 'a leg length') * 1000),
          timeSeconds: Math.round(nonNegativeNumber(leg.summary?.time, 'a leg time')),
        }));
        return routeOf(path, estimates, 'valhalla', []);
      },
      () => estimateRouteGeometry(request),
    );
  return {
    route: async (from, to) => {
      const route = await routeGeometry({ points: [from, to], avoid: [] });
      return { timeSeconds: roundTravelSeconds(route.timeSeconds), distanceMeters: route.distanceMeters };
    },
    routeGeometry,
    match: async (points) =>
      orFallback(
        log,
        'valhalla',
        traceUrl,
        async () => {
          const body = {
            shape: points.map((point) => ({ lat: point.latitude, lon: point.longitude })),
            costing: 'auto',
            shape_match: 'map_snap',
            directions_type: 'none',
          };
          const legs = valhallaLegs(await fetchJson(traceUrl, timeoutMs, { method: 'POST', body: JSON.stringify(body) }));
          const path = joinShapes(legs.map((leg) => decodeEncodedPolyline(leg.shape as string, 6)));
          return { polyline: encodeFlexiblePolyline(path), engine: 'valhalla' as const, notices: [] };
        },
        () => estimateMatch(points),
      ),
  };
}

export interface RoutingConfig {
  ROUTING_URL?: string | undefined;
  ROUTING_ENGINE?: 'osrm' | 'valhalla' | undefined;
}

export function createRoutingProvider(config: RoutingConfig, log: WarnLog): RoutingProvider {
  if (!config.ROUTING_URL) return embeddedRouting;
  return config.ROUTING_ENGINE === 'valhalla' ? valhallaRouting(config.ROUTING_URL, log) : osrmRouting(config.ROUTING_URL, log);
}
