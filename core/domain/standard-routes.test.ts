import { describe, expect, it } from 'vitest';
import { encodeFlexiblePolyline } from './geo/flexible-polyline.ts';
import { endsStandardRoute, pathPieces, standardRoutePairProblem } from './standard-routes.ts';

const ROAD = [
  { latitude: 42.0, longitude: -93.0 },
  { latitude: 42.2, longitude: -93.1 },
  { latitude: 42.1, longitude: -93.3 },
];
const route = (id: number, originId: number, destinationId: number, deletedAt: string | null = null) => ({
  id,
  originId,
  destinationId,
  deletedAt,
  flexiblePolyline: encodeFlexiblePolyline(ROAD),
});
const stop = (locationId: number | null, latitude: number) => ({ locationId, latitude, longitude: -93 });

describe('standard routes', () => {
  it('say why Generate waits: a missing end, the same location twice, or an active route of the pair', () => {
    const routes = [route(1, 10, 20), route(2, 30, 40, '2026-11-01T00:00:00.000Z')];
    expect(standardRoutePairProblem(routes, null, 20)).toBe('missingEnd');
    expect(standardRoutePairProblem(routes, 10, 10)).toBe('sameLocations');
    expect(standardRoutePairProblem(routes, 10, 20)).toBe('existingRoute');
    // The route being edited is no duplicate of itself; a deleted route frees its pair; the way back is another pair.
    expect(standardRoutePairProblem(routes, 10, 20, 1)).toBeNull();
    expect(standardRoutePairProblem(routes, 30, 40)).toBeNull();
    expect(standardRoutePairProblem(routes, 20, 10)).toBeNull();
    expect(endsStandardRoute(routes, 20)).toBe(true);
    expect(endsStandardRoute(routes, 40)).toBe(false);
  });

  it('cut a path through stops where a standard route joins two of them, routing the rest', () => {
    const stops = [stop(1, 41), stop(10, 42), stop(20, 42.1), stop(null, 43), stop(5, 44)];
    expect(pathPieces(stops, [route(1, 10, 20), route(2, 1, 10, '2026-11-01T00:00:00.000Z')])).toEqual([
      { through: [stops[0], stops[1]] },
      { standard: ROAD },
      { through: [stops[2], stops[3], stops[4]] },
    ]);
    expect(pathPieces(stops.slice(1, 3), [route(1, 10, 20)])).toEqual([{ standard: ROAD }]);
    expect(pathPieces(stops.slice(1, 3), [route(1, 20, 10)])).toEqual([{ through: stops.slice(1, 3) }]);
  });
});
