import { EARTH_RADIUS_KM, haversineMeters, type LatLng } from '../units.ts';

/**
 * Geofences as locations store them (core/contract/reference-lists.ts `geofenceSchema`): a circle
 * (centre and `radius` in metres; GeoJSON cannot hold a circle) or a box in latitude/longitude
 * (`bbox`, top-left and bottom-right corners). A fence with neither is only a point: nothing is inside.
 */
export interface GeofenceShape {
  latitude: number;
  longitude: number;
  radius: number | null;
  bbox: { topLeft: LatLng; bottomRight: LatLng } | null;
}

/** The box's edges, whichever corner the user dragged where. */
function boxBounds(bbox: NonNullable<GeofenceShape['bbox']>) {
  return {
    south: Math.min(bbox.topLeft.latitude, bbox.bottomRight.latitude),
    north: Math.max(bbox.topLeft.latitude, bbox.bottomRight.latitude),
    west: Math.min(bbox.topLeft.longitude, bbox.bottomRight.longitude),
    east: Math.max(bbox.topLeft.longitude, bbox.bottomRight.longitude),
  };
}

/** Whether a position is inside the fence (its edge counts as inside). A box takes precedence over a radius. */
export function geofenceContains(fence: GeofenceShape, point: LatLng): boolean {
  if (fence.bbox) {
    const { south, north, west, east } = boxBounds(fence.bbox);
    return point.latitude >= south && point.latitude <= north && point.longitude >= west && point.longitude <= east;
  }
  if (fence.radius !== null && fence.radius > 0) return haversineMeters(fence, point) <= fence.radius;
  return false;
}

/** The part of a segment inside a fence, as fractions of the way from its first point to its second. */
export interface SegmentCrossing {
  /** 0 when the first point is inside already. */
  enters: number;
  /** 1 when the second point is still inside. */
  leaves: number;
}

/**
 * Where the straight segment between two fixes (moments apart, so short) passes through the fence,
 * or null when it does not touch it. A truck seen outside then outside again may still have crossed
 * the yard between the two fixes; `enters` says how far along, for interpolating the time.
 * Distances are taken on a local flat projection around the fence (metres), exact enough for
 * segments of a few kilometres.
 */
export function segmentCrossesGeofence(fence: GeofenceShape, from: LatLng, to: LatLng): SegmentCrossing | null {
  if (fence.bbox) {
    const { south, north, west, east } = boxBounds(fence.bbox);
    // Liang–Barsky clipping in degrees: the box's edges are lines of latitude and longitude.
    return clipToInterval(
      [
        [from.longitude, to.longitude, west, east],
        [from.latitude, to.latitude, south, north],
      ],
      0,
      1,
    );
  }
  if (fence.radius === null || !(fence.radius > 0)) return null;
  const metresPerDegreeLatitude = (Math.PI * EARTH_RADIUS_KM * 1000) / 180;
  const metresPerDegreeLongitude = metresPerDegreeLatitude * Math.cos((fence.latitude * Math.PI) / 180);
  const fx = (from.longitude - fence.longitude) * metresPerDegreeLongitude;
  const fy = (from.latitude - fence.latitude) * metresPerDegreeLatitude;
  const dx = (to.longitude - from.longitude) * metresPerDegreeLongitude;
  const dy = (to.latitude - from.latitude) * metresPerDegreeLatitude;
  // |f + t·d|² = r²  →  a t² + b t + c = 0
  const a = dx * dx + dy * dy;
  const b = 2 * (fx * dx + fy * dy);
  const c = fx * fx + fy * fy - fence.radius * fence.radius;
  if (a === 0) return c <= 0 ? { enters: 0, leaves: 1 } : null;
  const discriminant = b * b - 4 * a * c;
  if (discriminant < 0) return null;
  const root = Math.sqrt(discriminant);
  const first = (-b - root) / (2 * a);
  const second = (-b + root) / (2 * a);
  if (second < 0 || first > 1) return null;
  return { enters: Math.max(0, first), leaves: Math.min(1, second) };
}

/** Liang–Barsky: the fractions of the segment within every [low, high] band, or null. */
function clipToInterval(axes: [number, number, number, number][], start: number, end: number): SegmentCrossing | null {
  let enters = start;
  let leaves = end;
  for (const [origin, target, low, high] of axes) {
    const delta = target - origin;
    if (delta === 0) {
      if (origin < low || origin > high) return null;
      continue;
    }
    let near = (low - origin) / delta;
    let far = (high - origin) / delta;
    if (near > far) [near, far] = [far, near];
    enters = Math.max(enters, near);
    leaves = Math.min(leaves, far);
    if (enters > leaves) return null;
  }
  return { enters, leaves };
}
