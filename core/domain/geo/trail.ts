import { SHOWN_ACCURACY_BELOW } from '../../contract/device-positions.ts';
import type { LatLng } from '../units.ts';
import { pathMeters } from './route-progress.ts';

/**
 * Spec 1 §9, spec 3: device locations, trail points and events are drawn only when their accuracy
 * is below 100 m. A point without an accuracy is drawn: gateways that report none would otherwise
 * hide their trucks, and the phone apps always report one.
 */
export function accurateEnough(point: { accuracy?: number | null }): boolean {
  return point.accuracy === null || point.accuracy === undefined || point.accuracy < SHOWN_ACCURACY_BELOW;
}

interface TrailFix extends LatLng {
  deviceId: number;
  accuracy: number | null;
}

/**
 * The distance a load's trail shows driven: per device, the path through its accurate points in
 * the order given (oldest first); the longest of them, since a driver's phone and the trailer's
 * device report the same trip. Null while no device has two accurate points.
 */
export function drivenMeters(points: readonly TrailFix[]): number | null {
  const byDevice = new Map<number, LatLng[]>();
  for (const point of points) {
    if (!accurateEnough(point)) continue;
    const path = byDevice.get(point.deviceId) ?? [];
    path.push(point);
    byDevice.set(point.deviceId, path);
  }
  let longest: number | null = null;
  for (const path of byDevice.values()) {
    if (path.length < 2) continue;
    const meters = pathMeters(path);
    if (longest === null || meters > longest) longest = meters;
  }
  return longest;
}
