import { type QueryClient, queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { type RouteAnswer, type RoutePosition, routeAnswerSchema } from '#core/contract/routing';
import { decodeFlexiblePolyline } from '#core/domain/geo/flexible-polyline';
import { type PathStop, pathPieces, type StandardRouteEnds } from '#core/domain/standard-routes';
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

/** A routed answer's path, decoded; undefined while unknown or not a polyline. */
function decodedPath(polyline: string | undefined): readonly LatLng[] | undefined {
  if (!polyline) return undefined;
  try {
    return decodeFlexiblePolyline(polyline);
  } catch {
    return undefined;
  }
}

/**
 * The road path through the stops in order, decoded; undefined while unknown (fewer than two
 * positions, not fetched yet, offline before a first visit, or refused): the map then joins the
 * positions with straight lines. A leg a standard route joins (spec 1 §2) follows the route's own
 * road from the mirror, and only the runs of stops between such legs are asked of the server.
 */
export function useRoutedPath(
  stops: readonly PathStop[],
  standardRoutes: readonly (StandardRouteEnds & { flexiblePolyline: string })[] = [],
): readonly LatLng[] | undefined {
  const organizationId = useQuery(selfQuery).data?.activeOrganizationId ?? 0;
  const pieces = useMemo(() => pathPieces(stops, standardRoutes), [stops, standardRoutes]);
  const runs = pieces.flatMap((piece) =>
    'through' in piece ? [piece.through.map((stop) => ({ lat: stop.latitude, lng: stop.longitude }))] : [],
  );
  const routed = useQueries({
    queries: runs.map((positions) => ({ ...routeQuery(organizationId, positions), enabled: organizationId > 0 })),
  });
  const polylines = routed.map((answer) => answer.data?.polyline ?? '').join(' ');
  // The same path while nothing changed, so the map does not redraw on every render of the form.
  return useMemo(() => {
    const answers = polylines.split(' ');
    let known = false;
    let runIndex = 0;
    const path: LatLng[] = [];
    for (const piece of pieces) {
      if ('standard' in piece) {
        known = true;
        path.push(...piece.standard);
        continue;
      }
      const road = decodedPath(answers[runIndex++] || undefined);
      if (road) known = true;
      // A run not routed yet is drawn straight between its stops, beside the standard routes.
      path.push(...(road ?? piece.through.map(({ latitude, longitude }) => ({ latitude, longitude }))));
    }
    return known ? path : undefined;
  }, [pieces, polylines]);
}
