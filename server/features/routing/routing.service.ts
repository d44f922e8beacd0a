import type { AvoidBox, MatchAnswer, RouteAnswer, RoutePosition } from '#core/contract/routing';
import type { RoutingProvider } from '#server/providers/routing';

const toPosition = (point: RoutePosition) => ({ latitude: point.lat, longitude: point.lng });

/**
 * The route through the points. Avoid boxes come from the caller for now; once avoidance zones are
 * stored, the organization's active zones are added here (and a caller's own boxes kept).
 */
export async function routeThrough(
  routing: RoutingProvider,
  request: { points: (RoutePosition & { via?: boolean | undefined })[]; avoid: AvoidBox[] },
): Promise<RouteAnswer> {
  return routing.routeGeometry({
    points: request.points.map((point) => ({ ...toPosition(point), via: point.via === true })),
    avoid: request.avoid,
  });
}

export async function matchTrace(routing: RoutingProvider, points: RoutePosition[]): Promise<MatchAnswer> {
  return routing.match(points.map(toPosition));
}
