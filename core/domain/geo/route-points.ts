import { haversineMeters, type LatLng } from '../units.ts';

/**
 * Route points typed or pasted as text (the map helper, spec 3 §2): one `lat,lng` per line, blank
 * lines skipped. Lines that are not a position in range are named (1-based) instead of guessed at.
 */
export function parseRoutePoints(text: string): { points: LatLng[]; invalidLines: number[] } {
  const points: LatLng[] = [];
  const invalidLines: number[] = [];
  text.split(/\r?\n/).forEach((line, index) => {
    const trimmed = line.trim();
    if (!trimmed) return;
    const parts = trimmed.split(/[,;\s]+/).filter(Boolean);
    const [latitude, longitude] = parts.map(Number);
    const valid =
      parts.length === 2 &&
      latitude !== undefined &&
      longitude !== undefined &&
      Number.isFinite(latitude) &&
      Number.isFinite(longitude) &&
      Math.abs(latitude) <= 90 &&
      Math.abs(longitude) <= 180;
    if (valid) points.push({ latitude, longitude });
    else invalidLines.push(index + 1);
  });
  return { points, invalidLines };
}

/** Route points as the helper's text: one `lat,lng` per line. */
export function formatRoutePoints(points: readonly LatLng[]): string {
  return points.map((point) => `${point.latitude},${point.longitude}`).join('\n');
}

/**
 * The via points of a route with one more, in driving order: each sits where it comes closest to
 * the current path (a point dragged off the road's middle goes between the vias around it).
 */
export function withViaPoint(vias: readonly LatLng[], path: readonly LatLng[], added: LatLng): LatLng[] {
  const placeOnPath = (point: LatLng) => {
    let best = 0;
    let bestMeters = Number.POSITIVE_INFINITY;
    path.forEach((vertex, index) => {
      const meters = haversineMeters(vertex, point);
      if (meters < bestMeters) {
        bestMeters = meters;
        best = index;
      }
    });
    return best;
  };
  return [...vias, added]
    .map((point, order) => ({ point, place: placeOnPath(point), order }))
    .sort((a, b) => a.place - b.place || a.order - b.order)
    .map(({ point }) => point);
}
