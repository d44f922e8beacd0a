import type { CompanySettings } from '../company-settings.ts';

/**
 * Stop progress from site visits (spec 1 §3: Not Started → Enroute → Arrived → Complete), by the
 * organization's out-of-sequence permissions (spec 2 company settings). The load's status follows
 * from the stops with `statusAfterStopProgress` (load-rules.ts).
 */

export type StopStatus = 'Not Started' | 'Enroute' | 'Arrived' | 'Complete';

export interface ProgressStop {
  id: number;
  sequence: number;
  status: StopStatus;
  locationId: number | null;
  completedAt: string | null;
}

export type SequenceSettings = Pick<
  CompanySettings,
  'driverAllowStopStartOutOfSequence' | 'driverAllowStopCompletionOutOfSequence'
>;

/** What a device did at a site, as visit detection reports it (time ISO). */
export interface SiteVisit {
  type: 'arrived' | 'left' | 'dwelled';
  locationId: number;
  time: string;
}

const bySequence = <Stop extends ProgressStop>(stops: readonly Stop[]) => stops.toSorted((a, b) => a.sequence - b.sequence);

/** The stop due next: the first in sequence not Complete. */
export function nextStop<Stop extends ProgressStop>(stops: readonly Stop[]): Stop | null {
  return bySequence(stops).find((stop) => stop.status !== 'Complete') ?? null;
}

/** The trip starts (the truck moves on its load): its first stop goes Enroute when none has started. */
export function startTrip<Stop extends ProgressStop>(stops: readonly Stop[]): Stop[] {
  if (stops.some((stop) => stop.status !== 'Not Started')) return [...stops];
  const first = bySequence(stops)[0];
  return stops.map((stop) => (stop === first ? { ...stop, status: 'Enroute' } : stop));
}

/**
 * The stops after a site visit: arriving makes the first unfinished stop at that site Arrived (a
 * stop after an unfinished one only when starting out of sequence is allowed); leaving completes
 * the stop Arrived there (after an unfinished one only when completing out of sequence is allowed)
 * and sends the next stop Enroute; staying the inside-site inactive minutes at the last stop
 * completes it (a truck parked at its destination never leaves). Anything else changes nothing.
 */
export function progressStops<Stop extends ProgressStop>(
  stops: readonly Stop[],
  visit: SiteVisit,
  settings: SequenceSettings,
): Stop[] {
  const ordered = bySequence(stops);
  const unfinishedBefore = (stop: Stop) => ordered.some((other) => other.sequence < stop.sequence && other.status !== 'Complete');
  let changed: Stop | null = null;
  if (visit.type === 'arrived') {
    const target = ordered.find(
      (stop) => stop.locationId === visit.locationId && (stop.status === 'Not Started' || stop.status === 'Enroute'),
    );
    if (target && (!unfinishedBefore(target) || settings.driverAllowStopStartOutOfSequence)) {
      changed = { ...target, status: 'Arrived' };
    }
  } else {
    const target = ordered.find((stop) => stop.locationId === visit.locationId && stop.status === 'Arrived');
    const isLast = target === ordered.at(-1);
    const completes = visit.type === 'left' || isLast;
    if (target && completes && (!unfinishedBefore(target) || settings.driverAllowStopCompletionOutOfSequence)) {
      changed = { ...target, status: 'Complete', completedAt: visit.time };
    }
  }
  return withChange(stops, changed);
}

/** The stops with one changed; a stop completed sends the next one Enroute. */
function withChange<Stop extends ProgressStop>(stops: readonly Stop[], changed: Stop | null): Stop[] {
  if (!changed) return [...stops];
  const after = stops.map((stop) => (stop.id === changed.id ? changed : stop));
  if (changed.status !== 'Complete') return after;
  const following = nextStop(after);
  return after.map((stop) => (stop === following && stop.status === 'Not Started' ? { ...stop, status: 'Enroute' } : stop));
}

/**
 * What a driver's device reports by hand (trip events): "I am here" where the geofence did not see
 * the arrival (ArrivalOverridden), or the stop's task marked done (TaskCompleted). Time ISO.
 */
export interface StopReport {
  type: 'ArrivalOverridden' | 'TaskCompleted';
  stopId: number;
  time: string;
}

/**
 * The stop a report without a stop is about: for an arrival, the stop due next (when not yet
 * Arrived); for a completed task, the first stop Arrived (where the truck is), else the stop due next.
 */
export function reportedStop<Stop extends ProgressStop>(stops: readonly Stop[], type: StopReport['type']): Stop | null {
  const next = nextStop(stops);
  if (type === 'ArrivalOverridden') return next && next.status !== 'Arrived' ? next : null;
  return bySequence(stops).find((stop) => stop.status === 'Arrived') ?? next;
}

/**
 * The stops after a driver's report, by the same out-of-sequence permissions as a site visit: an
 * overridden arrival makes a stop not yet Arrived Arrived (after an unfinished one only when starting
 * out of sequence is allowed); a completed task makes a stop not Complete Complete, arrived or not
 * (after an unfinished one only when completing out of sequence is allowed), and sends the next stop
 * Enroute. A report on a stop already past that changes nothing.
 */
export function progressStopsByReport<Stop extends ProgressStop>(
  stops: readonly Stop[],
  report: StopReport,
  settings: SequenceSettings,
): Stop[] {
  const ordered = bySequence(stops);
  const target = ordered.find((stop) => stop.id === report.stopId);
  if (!target) return [...stops];
  const unfinishedBefore = ordered.some((other) => other.sequence < target.sequence && other.status !== 'Complete');
  if (report.type === 'ArrivalOverridden') {
    const arrives =
      (target.status === 'Not Started' || target.status === 'Enroute') &&
      (!unfinishedBefore || settings.driverAllowStopStartOutOfSequence);
    return withChange(stops, arrives ? { ...target, status: 'Arrived' } : null);
  }
  const completes = target.status !== 'Complete' && (!unfinishedBefore || settings.driverAllowStopCompletionOutOfSequence);
  return withChange(stops, completes ? { ...target, status: 'Complete', completedAt: report.time } : null);
}

/** The stop of a load at a site (an auger switched on there): the first not yet Complete, else the last completed. */
export function stopAtSite<Stop extends ProgressStop>(stops: readonly Stop[], locationId: number): Stop | null {
  const atSite = bySequence(stops).filter((stop) => stop.locationId === locationId);
  return atSite.find((stop) => stop.status !== 'Complete') ?? atSite.at(-1) ?? null;
}

/** The stops a change started (left Not Started): each is a StopStarted trip event. */
export function startedStops<Stop extends ProgressStop>(before: readonly Stop[], after: readonly Stop[]): Stop[] {
  const was = new Map(before.map((stop) => [stop.id, stop.status]));
  return after.filter((stop) => was.get(stop.id) === 'Not Started' && stop.status !== 'Not Started');
}

/** An expected arrival is shown to the minute: now plus the travel time, rounded to the nearest minute. */
export function estimatedArrival(nowMs: number, travelSeconds: number): string {
  return new Date(Math.round((nowMs + travelSeconds * 1000) / 60_000) * 60_000).toISOString();
}

/** A stored expected arrival is rewritten only when it moves this much: each rewrite is a change for every client. */
export const ETA_REWRITE_MINUTES = 2;

export function etaMoved(stored: string | null, next: string | null): boolean {
  if (stored === null || next === null) return stored !== next;
  return Math.abs(Date.parse(next) - Date.parse(stored)) >= ETA_REWRITE_MINUTES * 60_000;
}

/** The first estimate of the trip to a stop, against which the truck's own pace is measured. */
export interface EtaBaseline {
  stopId: number;
  /** When it was asked (ms). */
  askedAt: number;
  travelSeconds: number;
}

/** Progress needed before the truck's pace corrects the routing estimate (s), and how far it may correct it. */
export const PACE_MIN_ELAPSED_SECONDS = 10 * 60;
export const PACE_BOUNDS = { slowest: 1.5, fastest: 0.7 } as const;

/**
 * The routing provider's travel time corrected by the truck's pace on this trip: the seconds that
 * passed per second of estimated travel it covered since the first estimate (bounded, and only
 * after 10 minutes on the way). A truck slower than the engine's assumptions (traffic, winding
 * roads, a slow driver) keeps being slower; the engine alone is off by that much on every ETA.
 */
export function paceCorrectedSeconds(baseline: EtaBaseline | null, nowMs: number, travelSeconds: number): number {
  if (!baseline) return travelSeconds;
  const elapsed = (nowMs - baseline.askedAt) / 1000;
  const covered = baseline.travelSeconds - travelSeconds;
  if (elapsed < PACE_MIN_ELAPSED_SECONDS || covered <= 0) return travelSeconds;
  const pace = Math.min(PACE_BOUNDS.slowest, Math.max(PACE_BOUNDS.fastest, elapsed / covered));
  return travelSeconds * pace;
}
