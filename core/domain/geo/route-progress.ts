import { haversineMeters, type LatLng } from '../units.ts';

/**
 * Where a vehicle is along a route after driving a given distance, and which way it faces: the demo
 * simulator's stepping, and the length of a driven trail (the delivery log's actual distance).
 */

/** A route's points with the distance driven from its start to each of them, in metres. */
export interface RouteTrack {
  points: readonly LatLng[];
  /** `cumulative[i]` is the length of the route from its first point to point i. */
  cumulative: readonly number[];
  lengthMeters: number;
}

export function routeTrack(points: readonly LatLng[]): RouteTrack {
  if (points.length === 0) throw new RangeError('a route needs at least one point');
  const cumulative = [0];
  for (let index = 1; index < points.length; index++) {
    cumulative.push(cumulative[index - 1]! + haversineMeters(points[index - 1]!, points[index]!));
  }
  return { points, cumulative, lengthMeters: cumulative.at(-1)! };
}

/** The length of a path through the points in order, in metres. */
export function pathMeters(points: readonly LatLng[]): number {
  let meters = 0;
  for (let index = 1; index < points.length; index++) meters += haversineMeters(points[index - 1]!, points[index]!);
  return meters;
}

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** The initial great-circle bearing from one point to another: degrees clockwise from north, 0 ≤ b < 360. */
export function bearingDegrees(from: LatLng, to: LatLng): number {
  const lat1 = radians(from.latitude);
  const lat2 = radians(to.latitude);
  const dLng = radians(to.longitude - from.longitude);
  const y = Math.sin(dLng) * Math.cos(lat2);
  const x = Math.cos(lat1) * Math.sin(lat2) - Math.sin(lat1) * Math.cos(lat2) * Math.cos(dLng);
  const bearing = ((Math.atan2(y, x) * 180) / Math.PI + 360) % 360;
  // -0 and a rounding to exactly 360 are both north.
  return bearing >= 360 || Object.is(bearing, -0) ? 0 : bearing;
}

/** The last index i with cumulative[i] ≤ meters (binary search: routes have thousands of points). */
function segmentStart(cumulative: readonly number[], meters: number): number {
  let low = 0;
  let high = cumulative.length - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (cumulative[middle]! <= meters) low = middle;
    else high = middle - 1;
  }
  return low;
}

/**
 * The point `meters` along the track (clamped to its ends) and the heading of the segment it lies
 * on. Segments are short (routes are densified to ≤ 1 km), so interpolating latitude and longitude
 * linearly within one is metres from the great circle. A zero-length segment takes the heading of
 * the next one that goes somewhere; a track that never moves faces north.
 */
export function positionAlongTrack(track: RouteTrack, meters: number): { point: LatLng; heading: number } {
  const { points, cumulative, lengthMeters } = track;
  const along = Math.min(Math.max(meters, 0), lengthMeters);
  let index = Math.min(segmentStart(cumulative, along), points.length - 2);
  if (index < 0) return { point: points[0]!, heading: 0 };
  const from = points[index]!;
  const to = points[index + 1]!;
  const span = cumulative[index + 1]! - cumulative[index]!;
  const fraction = span > 0 ? (along - cumulative[index]!) / span : 0;
  const point = {
    latitude: from.latitude + (to.latitude - from.latitude) * fraction,
    longitude: from.longitude + (to.longitude - from.longitude) * fraction,
  };
  // Heading of the first segment from here on that has a length (or the last one that had, at the end).
  while (index < points.length - 2 && cumulative[index + 1]! - cumulative[index]! === 0) index++;
  let back = index;
  while (back > 0 && cumulative[back + 1]! - cumulative[back]! === 0) back--;
  const moving = cumulative[back + 1]! - cumulative[back]! > 0;
  return { point, heading: moving ? bearingDegrees(points[back]!, points[back + 1]!) : 0 };
}
