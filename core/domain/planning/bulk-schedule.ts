import type { TravelTimePair } from '#core/contract/planning';
import { type DriverChoice, driverAssignmentFor } from '#core/domain/load-actions';
import { type LoadStatus, loadDateFromStops, statusAfterDriverChoice } from '#core/domain/load-rules';
import { type EditableStop, moveStop } from '#core/domain/stop-editing';
import { type DurationStop, type LoadingRule, recomputeArrivals, stopDurationMinutes, type TravelIndex } from './stop-times.ts';

/**
 * Bulk schedule (spec 1 §4, §5; feature BulkScheduling). One driver takes the drafts one after the
 * other, in the order of the dialog's list (which the user reorders by drag): the drafts' stops form
 * one chain, the last stop of a draft leading to the first stop of the next. Forward, the first stop of
 * the first draft gets the reference time; backward, the last stop of the last draft does. The chain
 * is timed by `recomputeArrivals` (arrival + travel + the previous stop's duration, or by subtraction),
 * so the rules are the stop editor's. Each draft's date becomes its first stop's arrival.
 */

/** The driver, tractor and trailer selectors' "none" (spec 1 §4: the choice defaults to none, -1). */
export const NO_RESOURCE_CHOICE = -1;

export type ScheduleDirection = 'forward' | 'backward';

export interface ScheduleStop extends DurationStop {
  sequence: number;
  arrivalTime: string | null;
  durationMinutes: number | null;
}

export interface ScheduleDraft {
  date?: string;
  stops: readonly ScheduleStop[];
}

export interface ScheduleOptions {
  direction: ScheduleDirection;
  referenceTime: string;
  travel: TravelIndex;
  /**
   * The throughput rules stop durations come from (`stopDurationMinutes`); a stop no rule applies to
   * keeps its own `durationMinutes` (else 0), as in the stop editor's auto-calculation.
   */
  durations: readonly LoadingRule[];
}

export interface ScheduleResult<Draft> {
  /** The drafts in the same order: stops in sequence order, arrivals and durations set, dates updated. */
  drafts: Draft[];
  /** Stops left untimed because a travel time was unknown (`recomputeArrivals`' `unavailable`). */
  unavailable: { draftIndex: number; stopIndex: number }[];
}

/** A draft whose date follows its first stop's arrival (spec 1 §4); a draft without a date field stays so. */
export function withLoadDate<Draft extends { date?: string; stops: readonly { sequence: number; arrivalTime: string | null }[] }>(
  draft: Draft,
): Draft {
  if (typeof draft.date !== 'string') return draft;
  const date = loadDateFromStops(draft.stops, draft.date);
  return date === draft.date ? draft : { ...draft, date };
}

function bySequence<Stop extends { sequence: number }>(stops: readonly Stop[]): Stop[] {
  return [...stops].sort((a, b) => a.sequence - b.sequence);
}

/** Calculate and save need a reference time and a driver choice of 1 or more (spec 1 §5); the reason is the tooltip's key. */
export function canCalculateSchedule(choice: { referenceTime: string | null; driverChoice: number | null }): {
  allowed: boolean;
  reason: 'noReferenceTime' | 'noDriverChoice' | null;
} {
  if (!choice.referenceTime || Number.isNaN(Date.parse(choice.referenceTime)))
    return { allowed: false, reason: 'noReferenceTime' };
  if (choice.driverChoice === null || !(choice.driverChoice >= 1)) return { allowed: false, reason: 'noDriverChoice' };
  return { allowed: true, reason: null };
}

/** Schedules the drafts as one chain (see the module comment). */
export function scheduleDrafts<Draft extends ScheduleDraft>(
  drafts: readonly Draft[],
  options: ScheduleOptions,
): ScheduleResult<Draft> {
  const owners: { draftIndex: number; stopIndex: number }[] = [];
  const chain: ScheduleStop[] = [];
  const durations: number[] = [];
  drafts.forEach((draft, draftIndex) => {
    bySequence(draft.stops).forEach((stop, stopIndex) => {
      const ruled = stopDurationMinutes(stop, options.durations);
      const timed = ruled === null ? stop : { ...stop, durationMinutes: ruled };
      owners.push({ draftIndex, stopIndex });
      chain.push(timed);
      durations.push(timed.durationMinutes ?? 0);
    });
  });
  const referenceMs = Date.parse(options.referenceTime);
  if (chain.length === 0 || Number.isNaN(referenceMs)) return { drafts: [...drafts], unavailable: [] };

  const anchorIndex = options.direction === 'forward' ? 0 : chain.length - 1;
  chain[anchorIndex] = { ...chain[anchorIndex]!, arrivalTime: new Date(referenceMs).toISOString() };
  const { stops: timed, unavailable } = recomputeArrivals(chain, anchorIndex, options.travel, durations);

  const stopsByDraft = drafts.map((): ScheduleStop[] => []);
  for (const [index, stop] of timed.entries()) stopsByDraft[owners[index]!.draftIndex]!.push(stop);
  return {
    // The stops are the drafts' own objects with new times, so each draft keeps its stop type.
    drafts: drafts.map((draft, draftIndex) => withLoadDate({ ...draft, stops: stopsByDraft[draftIndex]! }) as Draft),
    unavailable: unavailable.map((index) => owners[index]!),
  };
}

/**
 * The legs a schedule of these drafts needs travel times for (to ask the server before calculating):
 * each pair of consecutive stops along the chain, the hop from one draft to the next included; legs
 * within one location (always 0) and repeats left out.
 */
export function scheduleLegPairs(drafts: readonly ScheduleDraft[]): TravelTimePair[] {
  const locations = drafts.flatMap((draft) => bySequence(draft.stops).map((stop) => stop.organizationLocationId));
  const pairs = new Map<string, TravelTimePair>();
  for (let index = 1; index < locations.length; index++) {
    const origin = locations[index - 1];
    const destination = locations[index];
    if (origin === null || origin === undefined || destination === null || destination === undefined || origin === destination)
      continue;
    pairs.set(`${origin}>${destination}`, {
      originOrganizationLocationId: origin,
      destinationOrganizationLocationId: destination,
    });
  }
  return [...pairs.values()];
}

/** Whether a load's arrivals never go back in time along its stops (those without an arrival are skipped). */
export function isMonotone(draft: { stops: readonly { sequence: number; arrivalTime: string | null }[] }): boolean {
  let previousMs = Number.NEGATIVE_INFINITY;
  for (const stop of bySequence(draft.stops)) {
    if (!stop.arrivalTime) continue;
    const at = Date.parse(stop.arrivalTime);
    if (Number.isNaN(at)) return false;
    if (at < previousMs) return false;
    previousMs = at;
  }
  return true;
}

/** Drag and drop of a draft in the schedule list: it moves from one position to another. */
export function reorderDrafts<Draft>(drafts: readonly Draft[], from: number, to: number): Draft[] {
  const moving = drafts[from];
  if (moving === undefined || to < 0 || to >= drafts.length) return [...drafts];
  const rest = drafts.filter((_, position) => position !== from);
  return [...rest.slice(0, to), moving, ...rest.slice(to)];
}

/** Drag and drop of a stop within a draft: the stop editor's `moveStop`, sequences renumbered from 1. */
export function reorderStops<Draft extends { stops: readonly EditableStop[] }>(draft: Draft, from: number, to: number): Draft {
  return { ...draft, stops: moveStop(draft.stops, from, to) as unknown as Draft['stops'] };
}

export interface ResourceChoice {
  /** The chosen driver; null for none. */
  driver: DriverChoice | null;
  /** A tractor changed for all drafts; absent = the driver's default tractor (none without a driver). */
  tractorId?: number | null;
  /** A trailer changed for all drafts; absent = the driver's default trailer (none without a driver). */
  trailerId?: number | null;
}

/**
 * Sets the driver on every draft with his or her default tractor and trailer, or the tractor and
 * trailer chosen for all (spec 1 §4); the status follows the driver (Assigned, or Open without one).
 */
export function applyResourcesToAll<
  Draft extends {
    id: number;
    status?: LoadStatus;
    transportedByUserId: number | null;
    tractorId: number | null;
    trailerId: number | null;
  },
>(drafts: readonly Draft[], choice: ResourceChoice): Draft[] {
  return drafts.map((draft) => {
    const assignment = driverAssignmentFor(draft, choice.driver);
    return {
      ...draft,
      transportedByUserId: assignment.transportedByUserId,
      tractorId: choice.tractorId === undefined ? assignment.tractorId : choice.tractorId,
      trailerId: choice.trailerId === undefined ? assignment.trailerId : choice.trailerId,
      ...(draft.status === undefined ? {} : { status: statusAfterDriverChoice(assignment.transportedByUserId, draft.status) }),
    };
  });
}
