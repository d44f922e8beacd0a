import { decode, encode } from '@here/flexpolyline';
import type { LatLng } from '../units.ts';

/**
 * Route geometry is stored and sent as a HERE flexible polyline (spec 1 §3 `flexiblePolyline`):
 * about a sixth of the same points as GeoJSON. The package speaks `[lat, lng]` arrays; the product
 * speaks `{ latitude, longitude }`, so only this file sees the arrays.
 */

/** Five decimals: about 1.1 m, finer than any road map draws and the format's default. */
export const POLYLINE_PRECISION = 5;

export function encodeFlexiblePolyline(points: readonly LatLng[], precision = POLYLINE_PRECISION): string {
  return encode({ polyline: points.map((point) => [point.latitude, point.longitude]), precision });
}

/** Decoding 6,000 points costs ~20 ms, and one route is drawn again and again: answers are kept. */
const DECODED_KEPT = 256;
const decoded = new Map<string, readonly LatLng[]>();

/**
 * The points of a flexible polyline, rounded to its precision (the published 0.1.0 package adds
 * float deltas, so 50.09878 would come back as 50.098780000000005). Throws on a string that is not
 * one (wrong version, truncated). The answer is shared between callers: never mutate it.
 */
export function decodeFlexiblePolyline(encoded: string): readonly LatLng[] {
  const kept = decoded.get(encoded);
  if (kept) {
    // Most recently used last, so the oldest is the one dropped.
    decoded.delete(encoded);
    decoded.set(encoded, kept);
    return kept;
  }
  const { polyline, precision } = decode(encoded);
  const factor = 10 ** precision;
  const round = (value: number) => Math.round(value * factor) / factor;
  const points = Object.freeze(
    polyline.map(([latitude = Number.NaN, longitude = Number.NaN]) =>
      Object.freeze({ latitude: round(latitude), longitude: round(longitude) }),
    ),
  );
  decoded.set(encoded, points);
  if (decoded.size > DECODED_KEPT) decoded.delete(decoded.keys().next().value as string);
  return points;
}

/** Whether a string decodes as a flexible polyline of at least two points (a route). */
export function isRoutePolyline(encoded: string): boolean {
  try {
    const points = decodeFlexiblePolyline(encoded);
    return points.length >= 2 && points.every((point) => Number.isFinite(point.latitude) && Number.isFinite(point.longitude));
  } catch {
    return false;
  }
}
