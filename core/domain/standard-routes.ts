import { decodeFlexiblePolyline, isRoutePolyline } from './geo/flexible-polyline.ts';
import { haversineMeters, type LatLng } from './units.ts';

/**
 * Standard-route rules (spec 1 §2, §5), shared by the editor, the load form's map, travel times and
 * the server: one active route per ordered pair of locations, and a deleted route (deletedAt set)
 * counts nowhere.
 */

export interface StandardRouteEnds {
  id: number;
  originId: number;
  destinationId: number;
  deletedAt: string | null;
}

export function isActiveStandardRoute(route: { deletedAt: string | Date | null }): boolean {
  return route.deletedAt === null;
}

/** Why Generate is disabled (spec 1 §5), or null when it may run. */
export type StandardRoutePairProblem = 'missingEnd' | 'sameLocations' | 'existingRoute';

export function standardRoutePairProblem(
  routes: readonly StandardRouteEnds[],
  originId: number | null,
  destinationId: number | null,
  /** The route being edited: its own pair is no duplicate. */
  editingId: number | null = null,
): StandardRoutePairProblem | null {
  if (originId === null || destinationId === null) return 'missingEnd';
  if (originId === destinationId) return 'sameLocations';
  const taken = routes.some(
    (route) =>
      isActiveStandardRoute(route) &&
      route.id !== editingId &&
      route.originId === originId &&
      route.destinationId === destinationId,
  );
  return taken ? 'existingRoute' : null;
}

/** The active route from `originId` to `destinationId` (routes are directed: the way back is another). */
export function standardRouteBetween<Route extends StandardRouteEnds>(
  routes: readonly Route[],
  originId: number,
  destinationId: number,
): Route | undefined {
  return routes.find(
    (route) => isActiveStandardRoute(route) && route.originId === originId && route.destinationId === destinationId,
  );
}

/** Whether a location ends an active route (its geofence must then stay where it is, spec 2 §5). */
export function endsStandardRoute(routes: readonly StandardRouteEnds[], locationId: number): boolean {
  return routes.some(
    (route) => isActiveStandardRoute(route) && (route.originId === locationId || route.destinationId === locationId),
  );
}

/** Length of a path along its points, in metres. */
export function pathLengthMeters(points: readonly LatLng[]): number {
  let meters = 0;
  for (let index = 1; index < points.length; index++) meters += haversineMeters(points[index - 1]!, points[index]!);
  return meters;
}

/** The points of a stored route's polyline, or null when it does not decode to a route. */
export function standardRoutePoints(flexiblePolyline: string): readonly LatLng[] | null {
  return isRoutePolyline(flexiblePolyline) ? decodeFlexiblePolyline(flexiblePolyline) : null;
}

export interface PathStop extends LatLng {
  /** The stop's location; null for a stop without one (it joins its neighbours by routing). */
  locationId: number | null;
}

/**
 * The pieces of a path through stops in order (spec 1 §2: where a standard route exists between two
 * stops, the load's map and travel times use it): runs of stops to route through, and the stored
 * road of each leg a standard route joins.
 */
export type PathPiece = { through: PathStop[] } | { standard: readonly LatLng[] };

export function pathPieces(
  stops: readonly PathStop[],
  routes: readonly (StandardRouteEnds & { flexiblePolyline: string })[],
): PathPiece[] {
  const pieces: PathPiece[] = [];
  let run: PathStop[] = stops.slice(0, 1);
  for (const stop of stops.slice(1)) {
    const previous = run.at(-1) as PathStop;
    const route =
      previous.locationId !== null && stop.locationId !== null
        ? standardRouteBetween(routes, previous.locationId, stop.locationId)
        : undefined;
    const road = route ? standardRoutePoints(route.flexiblePolyline) : null;
    if (road) {
      if (run.length >= 2) pieces.push({ through: run });
      pieces.push({ standard: road });
      run = [stop];
    } else {
      run.push(stop);
    }
  }
  if (run.length >= 2) pieces.push({ through: run });
  return pieces;
}
