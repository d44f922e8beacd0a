import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { type RouteAnswer, type RoutePosition, routeAnswerSchema } from '#core/contract/routing';
import { decodeFlexiblePolyline } from '#core/domain/geo/flexible-polyline';
import type { LatLng } from '#core/domain/units';
import { apiRequest } from './api-client.ts';
import { selfQuery } from './session-queries.ts';

/**
 * The routed path through positions (`POST /routing/routes`), a server-only read kept in the
 * persisted query cache: a load whose map was drawn once shows its path offline too. The same
 * positions route the same way, so an answer is fresh for a day and kept for 20 days unused.
 */

const ONE_DAY = 24 * 60 * 60 * 1000;
const ROUTE_FRESH_MS = ONE_DAY;
/** Below setTimeout's limit (2^31 ms, 24.8 days): TanStack's removal timer fires at once past it. */
const ROUTE_KEPT_MS = 20 * ONE_DAY;

/** Positions to 5 decimals (about 1 m, the polyline's precision): a marker nudged by less is the same route. */
const keyOf = (points: readonly RoutePosition[]) =>
  points.map((point) => `${point.lat.toFixed(5)},${point.lng.toFixed(5)}`).join(';');

export function routeQuery(organizationId: number, points: readonly RoutePosition[]) {
  return queryOptions({
    // The organization's avoidance zones will shape its routes.
    queryKey: ['route', organizationId, keyOf(points)],
    queryFn: ({ signal }): Promise<RouteAnswer> =>
      apiRequest('/routing/routes', routeAnswerSchema, { method: 'POST', body: { points }, signal }),
    staleTime: ROUTE_FRESH_MS,
    gcTime: ROUTE_KEPT_MS,
  });
}

/**
 * Keeps routes in the cache (and so in the saved cache) while no map shows them. Call before the
 * persisted cache is restored, so restored routes get it too.
 */
export function registerRouteDefaults(queryClient: QueryClient) {
  queryClient.setQueryDefaults(['route'], { staleTime: ROUTE_FRESH_MS, gcTime: ROUTE_KEPT_MS });
}

/**
 * The road path through the positions in order, decoded; undefined while unknown (fewer than two
 * positions, not fetched yet, offline before a first visit, or refused): the map then joins the
 * positions with straight lines.
 */
export function useRoutedPath(points: readonly LatLng[]): readonly LatLng[] | undefined {
  const organizationId = useQuery(selfQuery).data?.activeOrganizationId ?? 0;
  const positions = points.map((point) => ({ lat: point.latitude, lng: point.longitude }));
  const route = useQuery({ ...routeQuery(organizationId, positions), enabled: organizationId > 0 && positions.length >= 2 });
  const polyline = route.data?.polyline;
  if (!polyline || positions.length < 2) return undefined;
  try {
    return decodeFlexiblePolyline(polyline);
  } catch {
    return undefined;
  }
}
