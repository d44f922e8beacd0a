import type { LatLng } from '#core/domain/units';
import { positionAlongTrack, type RouteTrack, routeTrack } from '#core/domain/geo/route-progress';

/**
 * A demo truck's journey, pure: the track through its remaining stops, driven at a steady road speed
 * with a dwell at each stop, then started again (the demo keeps moving while the load stays In
 * Transit). `demoFixAt` says where the device is after a number of seconds, as a phone would report it.
 */

/** 80 km/h: a feed truck on a county highway. */
export const DEMO_SPEED_MPS = 80 / 3.6;
/** Long enough at a stop for a geofence entry to count as a visit, short enough to watch. */
export const DEMO_DWELL_SECONDS = 10 * 60;

export interface DemoJourney {
  track: RouteTrack;
  /** Distance along the track of each stop driven to (the start excluded), ascending. */
  stopMeters: readonly number[];
  speedMps: number;
  dwellSeconds: number;
}

/**
 * The journey along `path` (the routed path from the start through the stops), with each stop
 * placed at the path point nearest to it, searched forward from the previous stop so a route that
 * passes a later stop first still visits them in order.
 */
export function demoJourney(
  path: readonly LatLng[],
  stops: readonly LatLng[],
  options: { speedMps?: number; dwellSeconds?: number } = {},
): DemoJourney {
  const track = routeTrack(path);
  const stopMeters: number[] = [];
  let from = 0;
  for (const stop of stops) {
    let nearest = from;
    let nearestDistance = Number.POSITIVE_INFINITY;
    for (let index = from; index < path.length; index++) {
      const point = path[index]!;
      // Squared degrees, scaled for longitude: only which point is nearest matters.
      const dLat = point.latitude - stop.latitude;
      const dLng = (point.longitude - stop.longitude) * Math.cos((stop.latitude * Math.PI) / 180);
      const distance = dLat * dLat + dLng * dLng;
      if (distance < nearestDistance) {
        nearest = index;
        nearestDistance = distance;
      }
    }
    stopMeters.push(track.cumulative[nearest]!);
    from = nearest;
  }
  return {
    track,
    stopMeters,
    speedMps: options.speedMps ?? DEMO_SPEED_MPS,
    dwellSeconds: options.dwellSeconds ?? DEMO_DWELL_SECONDS,
  };
}

/** Seconds from the start to the end of the last dwell: the journey starts again after it. */
export function journeyCycleSeconds(journey: DemoJourney): number {
  return journey.track.lengthMeters / journey.speedMps + journey.stopMeters.length * journey.dwellSeconds;
}

/** How far along the track the truck is `elapsedSeconds` after starting, and whether it is driving. */
export function journeyProgressAt(journey: DemoJourney, elapsedSeconds: number): { meters: number; moving: boolean } {
  const cycle = journeyCycleSeconds(journey);
  if (!(cycle > 0)) return { meters: 0, moving: false };
  let left = ((elapsedSeconds % cycle) + cycle) % cycle;
  let at = 0;
  for (const stopAt of journey.stopMeters) {
    const drive = (stopAt - at) / journey.speedMps;
    if (left < drive) return { meters: at + left * journey.speedMps, moving: true };
    left -= drive;
    if (left < journey.dwellSeconds) return { meters: stopAt, moving: false };
    left -= journey.dwellSeconds;
    at = stopAt;
  }
  // Past the last stop (a path running on beyond it): drive on to the end.
  return { meters: Math.min(at + left * journey.speedMps, journey.track.lengthMeters), moving: true };
}

export interface DemoFix {
  latitude: number;
  longitude: number;
  /** Degrees clockwise from north. */
  heading: number;
  /** Metres per second. */
  speed: number;
  /** Metres. */
  accuracy: number;
}

/**
 * What the device reports `elapsedSeconds` into the journey: its place and heading on the track,
 * its speed (a few per cent around the steady speed while driving, 0 at a stop) and a GPS accuracy
 * of 4 to 12 m. `seed` (the device id) keeps two devices from reporting identical noise; the noise is
 * a function of time, so the same call answers the same fix.
 */
export function demoFixAt(journey: DemoJourney, elapsedSeconds: number, seed = 0): DemoFix {
  const { meters, moving } = journeyProgressAt(journey, elapsedSeconds);
  const { point, heading } = positionAlongTrack(journey.track, meters);
  const wave = Math.sin(elapsedSeconds / 37 + seed);
  return {
    latitude: point.latitude,
    longitude: point.longitude,
    heading: Math.round(heading * 10) / 10,
    speed: moving ? Math.round(journey.speedMps * (1 + 0.05 * wave) * 100) / 100 : 0,
    accuracy: 4 + Math.round(4 + 4 * Math.sin(elapsedSeconds / 11 + seed * 3)),
  };
}
