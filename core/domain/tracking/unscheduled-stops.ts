import { haversineMeters, type LatLng } from '../units.ts';
import { MOVING_SPEED, POOR_ACCURACY_METERS, type TrackFix } from './visits.ts';

/**
 * Unscheduled stops (spec 3, trip event "unscheduled stop"): a truck on a load standing for the
 * organization's outside-site inactive minutes in one place. Reported once per stop, dated when it
 * began; whether the place is one of the load's sites (then it is a visit, not this) is for the caller,
 * which knows the load. A light or a jam (a minute or two) never reaches the threshold. When a truck
 * whose stop was reported moves on, the trip resumes (trip event "trip resumed", with its minutes).
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

/** A reported stop the truck moved on from. */
export interface ResumedTrip extends LatLng {
  /** When the stop began (ms): the `since` of the UnscheduledStop it ends. */
  since: number;
  /** When the truck moved off (ms), estimated from the first fix away (see `departureTime`). */
  at: number;
  /** Whole minutes stood, as the delivery log shows them ("trip resumed after N min"). */
  minutes: number;
  accuracy: number | null;
}

export interface StandingStep {
  standing: StandingState | null;
  stop: UnscheduledStop | null;
  resumed: ResumedTrip | null;
}

/**
 * When a truck left the place it stood: the first fix away minus the time its distance takes at
 * that fix's speed, kept between the last fix standing and the fix away (with fixes every 300 s,
 * the fix's own time would add up to five minutes to every stop).
 */
export function departureTime(standing: StandingState, fix: TrackFix): number {
  if (fix.speed === null || fix.speed <= 0) return fix.time;
  const travelled = (haversineMeters(standing, fix) / fix.speed) * 1000;
  return Math.min(fix.time, Math.max(standing.lastAt, Math.round(fix.time - travelled)));
}

function resumedFrom(standing: StandingState | null, fix: TrackFix): ResumedTrip | null {
  if (!standing?.reported) return null;
  const at = departureTime(standing, fix);
  return {
    latitude: fix.latitude,
    longitude: fix.longitude,
    since: standing.since,
    at,
    minutes: Math.round((at - standing.since) / 60_000),
    accuracy: fix.accuracy,
  };
}

/** Feeds one fix; answers the new standing state, the stop it makes reportable and the stop it ends, if any. */
export function trackStanding(
  standing: StandingState | null,
  fix: TrackFix,
  settings: { outsideSiteInactiveMinutes: number },
): StandingStep {
  if (fix.accuracy !== null && fix.accuracy > POOR_ACCURACY_METERS) return { standing, stop: null, resumed: null };
  if (standing && fix.time <= standing.lastAt) return { standing, stop: null, resumed: null };
  const stands = fix.speed === null || fix.speed < MOVING_SPEED;
  if (!stands) return { standing: null, stop: null, resumed: resumedFrom(standing, fix) };
  if (!standing || haversineMeters(standing, fix) > STANDING_RADIUS_METERS) {
    return {
      standing: { latitude: fix.latitude, longitude: fix.longitude, since: fix.time, lastAt: fix.time, reported: false },
      stop: null,
      resumed: resumedFrom(standing, fix),
    };
  }
  const next = { ...standing, lastAt: fix.time };
  if (standing.reported || fix.time - standing.since < settings.outsideSiteInactiveMinutes * 60_000) {
    return { standing: next, stop: null, resumed: null };
  }
  return {
    standing: { ...next, reported: true },
    stop: { latitude: standing.latitude, longitude: standing.longitude, since: standing.since, accuracy: fix.accuracy },
    resumed: null,
  };
}
