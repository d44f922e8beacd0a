import { haversineMeters, type LatLng } from '../units.ts';
import { MOVING_SPEED, POOR_ACCURACY_METERS, type TrackFix } from './visits.ts';

/**
 * Unscheduled stops (spec 3, trip event "unscheduled stop"): a truck on a load standing for the
 * organization's outside-site inactive minutes in one place. Reported once per stop, dated when it
 * began; whether the place is one of the load's sites (then it is a visit, not this) is for the caller,
 * which knows the load. A light or a jam (a minute or two) never reaches the threshold.
 */

/** How far a parked phone's fixes wander (GPS drift) before the truck counts as moved on. */
export const STANDING_RADIUS_METERS = 100;

/** Where and since when the truck has stood (JSON: persisted with the device's tracking). */
export interface StandingState extends LatLng {
  since: number;
  lastAt: number;
  reported: boolean;
}

export interface UnscheduledStop extends LatLng {
  /** When the truck stopped (ms). */
  since: number;
  accuracy: number | null;
}

/** Feeds one fix; answers the new standing state and the stop it makes reportable, if any. */
export function trackStanding(
  standing: StandingState | null,
  fix: TrackFix,
  settings: { outsideSiteInactiveMinutes: number },
): { standing: StandingState | null; stop: UnscheduledStop | null } {
  if (fix.accuracy !== null && fix.accuracy > POOR_ACCURACY_METERS) return { standing, stop: null };
  if (standing && fix.time <= standing.lastAt) return { standing, stop: null };
  const stands = fix.speed === null || fix.speed < MOVING_SPEED;
  if (!stands) return { standing: null, stop: null };
  if (!standing || haversineMeters(standing, fix) > STANDING_RADIUS_METERS) {
    return {
      standing: { latitude: fix.latitude, longitude: fix.longitude, since: fix.time, lastAt: fix.time, reported: false },
      stop: null,
    };
  }
  const next = { ...standing, lastAt: fix.time };
  if (standing.reported || fix.time - standing.since < settings.outsideSiteInactiveMinutes * 60_000) {
    return { standing: next, stop: null };
  }
  return {
    standing: { ...next, reported: true },
    stop: { latitude: standing.latitude, longitude: standing.longitude, since: standing.since, accuracy: fix.accuracy },
  };
}
