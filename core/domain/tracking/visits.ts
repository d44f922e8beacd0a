import { type GeofenceShape, geofenceContains, segmentCrossesGeofence } from '../geo/geofence.ts';
import { haversineMeters, type LatLng } from '../units.ts';

/**
 * Geofence visits from a device's fixes, one fix at a time (issue 21 "Derived on the server").
 * Traccar fires enter/exit from consecutive fixes with no dwell, no hysteresis and no accuracy check;
 * here:
 * - a fix less accurate than POOR_ACCURACY_METERS is ignored: it can make neither an entry nor an exit;
 * - a fix implying a speed above MAX_PLAUSIBLE_SPEED from the last good fix is a jump, ignored too;
 * - an entry needs ENTRY_DWELL_SECONDS inside, seen by two consecutive fixes inside, or by one fix
 *   inside and the next outside with that much time between the interpolated crossings;
 * - an exit needs a fix beyond the fence by EXIT_MARGIN_METERS plus its own accuracy (hysteresis):
 *   jitter at the edge never flaps a visit;
 * - a visit with no fix inside is found on the segment between two fixes that crosses the fence,
 *   when the time between them exceeds the time to drive it by ENTRY_DWELL_SECONDS (the truck was
 *   stopped somewhere on it, and the fence is where), or passing within NEAR_SEGMENT_METERS of it
 *   where the road bends at the site (the detour to its edge counted), over gaps up to the
 *   organization's outside-site inactive minutes (to the minute: two 300 s fixes with clock jitter) (roads wind: over longer gaps the time lost to
 *   bends and traffic looks like a stop);
 * - the time lost between two fixes outside is one stop, credited to the one fence it fits best;
 * - lost time counts as a stop with less doubt (STOOD_SPEED_UNCERTAINTY), and over a gap half as long
 *   again, when a poor fix between the two said the truck stood; over a gap MISSING_FIX_GAP_FACTOR times the phone's last with nothing
 *   heard in it, no stop is guessed: the missing fix, resent late, is replayed when it comes;
 * - arrival and departure times are interpolated along the segment at the truck's driving speed
 *   (the speed its moving fix reported), not the time of the first fix inside;
 * - a fix not newer than the last one used (late, resent, out of order) never rewinds the state; one
 *   late within the last RECENT_STEPS fixes is replayed in its place, and a visit it reveals at a
 *   fence nothing was reported of (a phone resending the one fix it took inside a site) is reported,
 *   when the replay keeps every event already reported (nothing reported can be taken back);
 * - a visit lasting the organization's inside-site inactive minutes reports it once (`dwelled`), so
 *   a truck parked at its last stop still completes it.
 */

/** A fix as detection reads it: time in ms since the epoch, accuracy in metres, speed in m/s. */
export interface TrackFix extends LatLng {
  time: number;
  accuracy: number | null;
  speed: number | null;
}

export interface Fence {
  /** Unique among the organization's fences: `location:12`, `subLocation:3`, `zone:7`. */
  id: string;
  shape: GeofenceShape;
  /**
   * Entered the moment a good fix is inside or the line between two crosses it, no dwell: an
   * avoidance zone is entered by driving through it. Sites and sub-locations wait for a visit.
   */
  entryOnCrossing?: boolean;
}

/** A fix whose accuracy is worse than this (metres) says too little to enter or leave a site. */
export const POOR_ACCURACY_METERS = 100;
/** Time inside a fence before it counts as a visit (a truck driving through stays seconds). */
export const ENTRY_DWELL_SECONDS = 120;
/** How far beyond the fence (plus the fix's accuracy) a fix must be to end a visit. */
export const EXIT_MARGIN_METERS = 50;
/** Faster than this between two good fixes (m/s, 216 km/h) is a jump, not a drive. */
export const MAX_PLAUSIBLE_SPEED = 60;
/** Below this a fix's speed says the truck stood (m/s). */
export const MOVING_SPEED = 2;
/** The longest gap between two good fixes that a visit is interpolated over (the app's 300 s, some fixes lost). */
export const MAX_BRIDGED_GAP_SECONDS = 30 * 60;
/** How far from the straight line between two fixes a site may lie and still be the place the truck stood. */
export const NEAR_SEGMENT_METERS = 2_500;
/** Share of a gap between two fixes that speed changes may account for, beyond the dwell, before a visit with no fix inside counts. */
export const SPEED_UNCERTAINTY = 0.2;
/** The same share when a fix between them, too inaccurate to place the truck, said it stood. */
export const STOOD_SPEED_UNCERTAINTY = 0.1;
/** A gap this many times the phone's last one, with no fix heard in it, is missing a fix. */
export const MISSING_FIX_GAP_FACTOR = 1.5;
/** A fix inside a fence this fast (m/s, 43 km/h) is a truck driving through: no truck turns into a yard at that speed. */
export const PASSING_SPEED = 12;
/** When no fix reports a speed: a truck on country roads (m/s, 54 km/h). */
export const DEFAULT_DRIVING_SPEED = 15;

export interface DetectionSettings {
  insideSiteInactiveMinutes: number;
  outsideSiteInactiveMinutes: number;
}

export interface FenceVisit {
  /** candidate: seen inside, not yet long enough; inside: a visit. */
  phase: 'candidate' | 'inside';
  arrivedAt: number;
  lastInsideAt: number;
  insideFixes: number;
  dwelled: boolean;
}

/** How many of its last fixes a device's state keeps (over three hours at the app's 300 s), to replay one that arrives late in its place. */
export const RECENT_STEPS = 40;

/** A replayed event this close to one already reported (ms) is that event, not a new one. */
const LATE_REPLAY_TOLERANCE_MS = 60_000;

interface DetectionCore {
  lastFix: TrackFix | null;
  visits: Record<string, FenceVisit>;
  /** When a fix too inaccurate to place the truck said it stood, since the last good fix (ms). */
  stoodHeardAt?: number;
  /** A fix too inaccurate to place the truck came since the last good fix. */
  poorHeard?: boolean;
  /** Seconds between the last two good fixes: the phone's interval, roughly. */
  lastGapSeconds?: number;
}

/** One fix used and the events it made: what a late fix is replayed over. */
interface RecentStep {
  fix: TrackFix;
  events: readonly VisitEvent[];
}

/** The last fixes used and the state before the first of them (the rest is replayed from it). */
interface RecentFixes {
  base: DetectionCore;
  steps: RecentStep[];
}

/** What one device's detection keeps between fixes (JSON: persisted as is). */
export interface VisitState extends DetectionCore {
  /** Absent in states saved before late fixes were replayed. */
  recent?: RecentFixes;
}

export const emptyVisitState = (): VisitState => ({ lastFix: null, visits: {} });

export interface VisitEvent {
  type: 'arrived' | 'left' | 'dwelled';
  fenceId: string;
  /** The interpolated moment (ms). */
  time: number;
  fix: TrackFix;
}

/** What most fixes make: shared, never written to. */
const NO_EVENTS: readonly VisitEvent[] = Object.freeze([]);

/** The fences within `reachMeters` of a segment's bounding box (the spatial index answers it). */
export type FencesNear = (from: LatLng, to: LatLng, reachMeters: number) => readonly Fence[];

const lerp = (from: LatLng, to: LatLng, fraction: number): LatLng => ({
  latitude: from.latitude + (to.latitude - from.latitude) * fraction,
  longitude: from.longitude + (to.longitude - from.longitude) * fraction,
});

const movingSpeed = (fix: TrackFix) => (fix.speed !== null && fix.speed >= MOVING_SPEED ? fix.speed : null);

/** Metres from a point to the fence's edge when outside it (0 inside). */
export function metersOutside(fence: GeofenceShape, point: LatLng): number {
  if (geofenceContains(fence, point)) return 0;
  if (fence.bbox) {
    const south = Math.min(fence.bbox.topLeft.latitude, fence.bbox.bottomRight.latitude);
    const north = Math.max(fence.bbox.topLeft.latitude, fence.bbox.bottomRight.latitude);
    const west = Math.min(fence.bbox.topLeft.longitude, fence.bbox.bottomRight.longitude);
    const east = Math.max(fence.bbox.topLeft.longitude, fence.bbox.bottomRight.longitude);
    const nearest = {
      latitude: Math.min(Math.max(point.latitude, south), north),
      longitude: Math.min(Math.max(point.longitude, west), east),
    };
    return haversineMeters(point, nearest);
  }
  if (fence.radius !== null && fence.radius > 0) return Math.max(0, haversineMeters(fence, point) - fence.radius);
  return haversineMeters(fence, point);
}

/**
 * Feeds one fix into `state`, which it changes in place, and answers the visit events the fix
 * completes, in time order. In place because a server holds a fleet's states for good and feeds
 * each several fixes a second: a new state per fix was most of what its garbage collector promoted
 * and then stalled on (bench `ingest`). Only `state` and its `recent` are written; the fixes,
 * visits and events it holds are never changed, so a copy of those two levels is a snapshot.
 */
export function advanceVisits(
  state: VisitState,
  fix: TrackFix,
  fencesNear: FencesNear,
  settings: DetectionSettings,
): readonly VisitEvent[] {
  if (state.lastFix && fix.time < state.lastFix.time) {
    return state.recent ? replayLate(state, state.recent, fix, fencesNear, settings) : NO_EVENTS;
  }
  const step = stepVisits(state, fix, fencesNear, settings);
  if (step.state === state) return NO_EVENTS;
  state.recent ??= { base: copyCore(state), steps: [] };
  assignCore(state, step.state);
  state.recent.steps.push({ fix, events: step.events });
  trim(state.recent, fencesNear, settings);
  return step.events;
}

function copyCore({ lastFix, visits, stoodHeardAt, poorHeard, lastGapSeconds }: DetectionCore): DetectionCore {
  return { lastFix, visits, stoodHeardAt, poorHeard, lastGapSeconds };
}

function assignCore(target: DetectionCore, from: DetectionCore) {
  target.lastFix = from.lastFix;
  target.visits = from.visits;
  target.stoodHeardAt = from.stoodHeardAt;
  target.poorHeard = from.poorHeard;
  target.lastGapSeconds = from.lastGapSeconds;
}

/** The recent steps cut to the last RECENT_STEPS, the base moved past those dropped (in place). */
function trim(recent: RecentFixes, fencesNear: FencesNear, settings: DetectionSettings) {
  while (recent.steps.length > RECENT_STEPS) {
    const dropped = recent.steps.shift() as RecentStep;
    assignCore(recent.base, stepVisits(recent.base, dropped.fix, fencesNear, settings).state);
  }
}

/**
 * A late fix replayed in its place among the recent ones: when the replay reveals a visit at a fence
 * nothing was reported of and keeps every event reported, the visit is reported and the replay's
 * state kept; otherwise the late fix is ignored and the state left as it was.
 */
function replayLate(
  state: VisitState,
  recent: RecentFixes,
  late: TrackFix,
  fencesNear: FencesNear,
  settings: DetectionSettings,
): readonly VisitEvent[] {
  const from = recent.steps.findIndex((step) => step.fix.time >= late.time);
  if (from < 0 || recent.steps.some((step) => step.fix.time === late.time)) return NO_EVENTS;
  let core = recent.base;
  for (const step of recent.steps.slice(0, from)) core = stepVisits(core, step.fix, fencesNear, settings).state;
  const replayed: RecentStep[] = [];
  for (const fix of [late, ...recent.steps.slice(from).map((step) => step.fix)]) {
    const step = stepVisits(core, fix, fencesNear, settings);
    if (step.state !== core) replayed.push({ fix, events: step.events });
    core = step.state;
  }
  const added = replayed.flatMap((step) => step.events);
  const reportedEvents = recent.steps.slice(from).flatMap((step) => step.events);
  for (const reported of reportedEvents) {
    const same = added.findIndex(
      (event) =>
        event.type === reported.type &&
        event.fenceId === reported.fenceId &&
        Math.abs(event.time - reported.time) <= LATE_REPLAY_TOLERANCE_MS,
    );
    if (same < 0) return NO_EVENTS;
    added.splice(same, 1);
  }
  // Only a visit to a fence this stretch said nothing of: one reported would be split or moved.
  const known = new Set([...Object.keys(state.visits), ...reportedEvents.map((event) => event.fenceId)]);
  if (!added.length || added.some((event) => known.has(event.fenceId))) return NO_EVENTS;
  assignCore(state, core);
  recent.steps.splice(from, recent.steps.length - from, ...replayed);
  trim(recent, fencesNear, settings);
  return added;
}

function isEmpty(record: Record<string, unknown>) {
  for (const _ in record) return false;
  return true;
}

/** One fix over `state`, which it never changes: the state it leads to (`state` itself when the fix is not used) and its events. */
function stepVisits(
  state: DetectionCore,
  fix: TrackFix,
  fencesNear: FencesNear,
  settings: DetectionSettings,
): { state: DetectionCore; events: readonly VisitEvent[] } {
  const prev = state.lastFix;
  if (prev && fix.time <= prev.time) return { state, events: NO_EVENTS };
  if (fix.accuracy !== null && fix.accuracy > POOR_ACCURACY_METERS) {
    // Where it is is unknown, but that the truck stood is not: lost time before the next fix is a stop.
    const stood = prev && fix.speed !== null && fix.speed < MOVING_SPEED;
    if (!prev) return { state, events: NO_EVENTS };
    return { state: { ...copyCore(state), poorHeard: true, ...(stood ? { stoodHeardAt: fix.time } : {}) }, events: NO_EVENTS };
  }
  const dt = prev ? (fix.time - prev.time) / 1000 : 0;
  const segmentMeters = prev ? haversineMeters(prev, fix) : 0;
  if (prev && segmentMeters / dt > MAX_PLAUSIBLE_SPEED) return { state, events: NO_EVENTS };

  const bridgeable = prev !== null && dt <= MAX_BRIDGED_GAP_SECONDS;
  const averageSpeed = dt > 0 ? segmentMeters / dt : 0;
  /** The speed the truck drove the moving part of the segment at: what a moving fix reported. */
  const arrivalSpeed = Math.max(averageSpeed, (prev && movingSpeed(prev)) ?? movingSpeed(fix) ?? DEFAULT_DRIVING_SPEED);
  const departureSpeed = Math.max(averageSpeed, movingSpeed(fix) ?? (prev && movingSpeed(prev)) ?? DEFAULT_DRIVING_SPEED);

  const near = fencesNear(prev ?? fix, fix, NEAR_SEGMENT_METERS);
  // Most fixes of a fleet are on the road, in no fence and near none: nothing to look at or copy.
  if (!near.length && isEmpty(state.visits)) {
    return { state: { lastFix: fix, visits: state.visits, ...(prev ? { lastGapSeconds: dt } : {}) }, events: NO_EVENTS };
  }
  const visits: Record<string, FenceVisit> = { ...state.visits };
  const events: VisitEvent[] = [];
  const candidates = new Map(near.map((fence) => [fence.id, fence]));
  const fenceIds = new Set([...candidates.keys(), ...Object.keys(visits)]);

  // The time lost between two fixes outside is one stop: credited to the one fence it fits best.
  let bridged: { stood: number; arrived: VisitEvent; left: VisitEvent } | null = null;
  for (const fenceId of fenceIds) {
    const fence = candidates.get(fenceId);
    const visit = visits[fenceId];
    const inside = fence ? geofenceContains(fence.shape, fix) : false;
    if (!visit) {
      if (!fence || !prev) {
        if (fence && inside) visits[fenceId] = newCandidate(fix.time, fix.time);
        continue;
      }
      const crossing = segmentCrossesGeofence(fence.shape, prev, fix);
      if (inside) {
        const entry = crossing && bridgeable ? lerp(prev, fix, crossing.enters) : null;
        // A fix inside at driving speed dates the crossing back from itself, and so does one moving after a
        // fix standing (the truck stood there, not on the way); one slower (turning in, standing), forward from the fix before.
        const insideSpeed =
          (fix.speed ?? 0) >= PASSING_SPEED || (movingSpeed(prev) === null && movingSpeed(fix) !== null) ? fix.speed : null;
        const arrivedAt = !entry
          ? fix.time
          : insideSpeed
            ? Math.max(prev.time, fix.time - (haversineMeters(entry, fix) / insideSpeed) * 1000)
            : Math.min(fix.time, prev.time + (haversineMeters(prev, entry) / arrivalSpeed) * 1000);
        visits[fenceId] = newCandidate(arrivedAt, fix.time);
        if (fence.entryOnCrossing) {
          visits[fenceId] = { ...(visits[fenceId] as FenceVisit), phase: 'inside' };
          events.push({ type: 'arrived', fenceId, time: arrivedAt, fix });
        }
        continue;
      }
      if (fence.entryOnCrossing && crossing && bridgeable) {
        const entry = lerp(prev, fix, crossing.enters);
        const exit = lerp(prev, fix, crossing.leaves);
        const arrivedAt = prev.time + (haversineMeters(prev, entry) / arrivalSpeed) * 1000;
        const leftAt = Math.max(arrivedAt, fix.time - (haversineMeters(exit, fix) / departureSpeed) * 1000);
        events.push({ type: 'arrived', fenceId, time: arrivedAt, fix: { ...fix, ...entry } });
        events.push({ type: 'left', fenceId, time: leftAt, fix: { ...fix, ...exit } });
        continue;
      }
      if (fence.entryOnCrossing) continue;
      // Standing at either fix explains lost time there, not at the fence.
      const bothMoving = movingSpeed(prev) !== null && movingSpeed(fix) !== null;
      // A poor fix that said the truck stood stretches the gap a stop is found over by half.
      const longestGap = (settings.outsideSiteInactiveMinutes * (state.stoodHeardAt === undefined ? 1 : 1.5) + 1) * 60;
      if (dt >= longestGap || !bothMoving) continue;
      // A gap well over the phone's interval with nothing heard in it: a fix is missing, most often one
      // resent late, which says where the time went (replayed then); a stop is not guessed without it.
      if (!state.poorHeard && state.lastGapSeconds !== undefined && dt > MISSING_FIX_GAP_FACTOR * state.lastGapSeconds) continue;
      // Both fixes outside: a visit if the truck lost the dwell time on the way between them, driving
      // through the fence or, where the road bends at the site, to the fence's nearest edge and back out.
      const via = crossing
        ? { entry: lerp(prev, fix, crossing.enters), exit: lerp(prev, fix, crossing.leaves) }
        : detourPoint(fence.shape, prev, fix);
      if (!via) continue;
      const toEntry = haversineMeters(prev, via.entry) / arrivalSpeed;
      const fromExit = haversineMeters(via.exit, fix) / departureSpeed;
      const through = haversineMeters(via.entry, via.exit) / Math.max(arrivalSpeed, departureSpeed);
      const stood = dt - toEntry - through - fromExit;
      // Speeds change between two fixes: the longer the gap, the more lost time it takes to be sure.
      const uncertainty = state.stoodHeardAt === undefined ? SPEED_UNCERTAINTY : STOOD_SPEED_UNCERTAINTY;
      if (stood >= ENTRY_DWELL_SECONDS + uncertainty * dt && (!bridged || stood > bridged.stood)) {
        bridged = {
          stood,
          arrived: { type: 'arrived', fenceId, time: prev.time + toEntry * 1000, fix: { ...fix, ...via.entry } },
          left: { type: 'left', fenceId, time: fix.time - fromExit * 1000, fix: { ...fix, ...via.exit } },
        };
      }
      continue;
    }

    if (inside) {
      const next = { ...visit, lastInsideAt: fix.time, insideFixes: visit.insideFixes + 1 };
      if (next.phase === 'candidate' && fix.time - next.arrivedAt >= ENTRY_DWELL_SECONDS * 1000 && next.insideFixes >= 2) {
        next.phase = 'inside';
        events.push({ type: 'arrived', fenceId, time: next.arrivedAt, fix });
      }
      if (next.phase === 'inside' && !next.dwelled && fix.time - next.arrivedAt >= settings.insideSiteInactiveMinutes * 60_000) {
        next.dwelled = true;
        events.push({ type: 'dwelled', fenceId, time: next.arrivedAt + settings.insideSiteInactiveMinutes * 60_000, fix });
      }
      visits[fenceId] = next;
      continue;
    }

    const shape = fence?.shape;
    const beyond = shape ? metersOutside(shape, fix) : Number.POSITIVE_INFINITY;
    if (visit.phase === 'inside' && beyond <= EXIT_MARGIN_METERS + (fix.accuracy ?? 0)) continue;
    // Out: when it left is where the segment from the last fix crosses the fence, at the speed it drove away.
    const crossing = shape && prev ? segmentCrossesGeofence(shape, prev, fix) : null;
    const exit = crossing && prev && crossing.leaves < 1 ? lerp(prev, fix, crossing.leaves) : null;
    // Or, when the last fix was already out (within the margin), before it.
    const prevOutside = prev && shape && !exit ? metersOutside(shape, prev) : 0;
    const departedAt = exit
      ? Math.max(visit.lastInsideAt, fix.time - (haversineMeters(exit, fix) / departureSpeed) * 1000)
      : prev && prevOutside > 0
        ? Math.max(visit.lastInsideAt, prev.time - (prevOutside / (movingSpeed(prev) ?? DEFAULT_DRIVING_SPEED)) * 1000)
        : visit.lastInsideAt;
    delete visits[fenceId];
    if (visit.phase === 'inside') {
      events.push({ type: 'left', fenceId, time: departedAt, fix });
    } else if (
      judgedDeparture(visit, prev, fix, exit, departedAt, averageSpeed) - visit.arrivedAt >=
      ENTRY_DWELL_SECONDS * 1000
    ) {
      // One fix inside, the next outside: a visit if the crossings are the dwell apart.
      events.push({ type: 'arrived', fenceId, time: visit.arrivedAt, fix: prev ?? fix });
      events.push({ type: 'left', fenceId, time: departedAt, fix });
    }
  }
  if (bridged) events.push(bridged.arrived, bridged.left);
  events.sort((a, b) => a.time - b.time);
  return { state: { lastFix: fix, visits, ...(prev ? { lastGapSeconds: dt } : {}) }, events };
}

/**
 * Where a truck that bent off the straight line between two fixes would have touched the fence: its
 * edge point nearest the line, if the line passes within NEAR_SEGMENT_METERS of it (flat projection
 * around the fence, metres).
 */
function detourPoint(fence: GeofenceShape, from: LatLng, to: LatLng): { entry: LatLng; exit: LatLng } | null {
  const perLatitude = 111_195;
  const perLongitude = perLatitude * Math.cos((fence.latitude * Math.PI) / 180);
  const ax = (from.longitude - fence.longitude) * perLongitude;
  const ay = (from.latitude - fence.latitude) * perLatitude;
  const bx = (to.longitude - fence.longitude) * perLongitude;
  const by = (to.latitude - fence.latitude) * perLatitude;
  const length2 = (bx - ax) ** 2 + (by - ay) ** 2;
  const t = length2 === 0 ? 0 : Math.min(1, Math.max(0, -(ax * (bx - ax) + ay * (by - ay)) / length2));
  const cx = ax + t * (bx - ax);
  const cy = ay + t * (by - ay);
  const closest = { latitude: fence.latitude + cy / perLatitude, longitude: fence.longitude + cx / perLongitude };
  const gap = metersOutside(fence, closest);
  if (gap > NEAR_SEGMENT_METERS) return null;
  // Step from the line's closest point toward the fence's centre until inside.
  const distance = Math.hypot(cx, cy);
  const reach = distance === 0 ? 0 : Math.min(1, (gap + 1) / distance);
  const edge = {
    latitude: closest.latitude - (cy * reach) / perLatitude,
    longitude: closest.longitude - (cx * reach) / perLongitude,
  };
  return { entry: edge, exit: edge };
}

/**
 * The departure a visit seen by one fix inside is judged by: when that fix was at driving speed
 * (passing through), the departure as early as the slower of the two speeds and SPEED_UNCERTAINTY
 * allow, so a truck that drove through slower than it drove away is not taken for one that stood.
 */
function judgedDeparture(
  visit: FenceVisit,
  prev: TrackFix | null,
  fix: TrackFix,
  exit: LatLng | null,
  departedAt: number,
  averageSpeed: number,
): number {
  if (!prev || !exit || (movingSpeed(prev) ?? 0) < PASSING_SPEED) return departedAt;
  const slower = Math.max(averageSpeed, Math.min(prev.speed ?? 0, movingSpeed(fix) ?? DEFAULT_DRIVING_SPEED));
  const uncertainty = SPEED_UNCERTAINTY * (fix.time - prev.time);
  return Math.max(visit.lastInsideAt, fix.time - (haversineMeters(exit, fix) / slower) * 1000 - uncertainty);
}

function newCandidate(arrivedAt: number, seenAt: number): FenceVisit {
  return { phase: 'candidate', arrivedAt, lastInsideAt: seenAt, insideFixes: 1, dwelled: false };
}
