import { withLoadDate } from './bulk-schedule.ts';

/**
 * Cascade stop times (spec 1 §4, §9; feature CascadingStopScheduling): drafts that all pass one basis
 * location (a mill, say) are spread over time so their stops there follow each other at a fixed
 * interval.
 *
 * Meaning: the drafts are taken in the order given (the table's order). Draft i's first stop at the
 * basis location gets the arrival `start + offset + i × interval`; every other stop of that draft moves
 * by the same amount, so each draft keeps its stops' order, relative times and windows (required
 * begin/end are the customers' and are not moved). A stop without an arrival keeps none.
 */

export const CASCADE_INTERVALS = [15, 30, 45, 60, 75, 90] as const;
export type CascadeInterval = (typeof CASCADE_INTERVALS)[number];
export const CASCADE_DEFAULT_INTERVAL: CascadeInterval = 60;
/** The offset is chosen in steps of 15 minutes. */
export const CASCADE_OFFSET_STEP = 15;
export const CASCADE_MIN_DRAFTS = 2;

const MINUTE_MS = 60_000;

export interface CascadeStop {
  sequence: number;
  organizationLocationId: number | null;
  arrivalTime: string | null;
}

export interface CascadeDraft {
  /** Absent counts as a draft (a preview of a new one). */
  isDraft?: boolean;
  stops: readonly CascadeStop[];
}

/** Why a set of drafts cannot be cascaded; keys the UI translates to explain it. */
export type CascadeIneligibility =
  | 'fewerThanTwoDrafts'
  | 'notADraft'
  | 'noBasisLocation'
  | 'basisLocationNotOnEveryDraft'
  /** A draft's stop at the basis location has no arrival to move from. */
  | 'basisStopWithoutArrival';

export interface CascadeOptions {
  basisLocationId: number;
  /** The instant the cascade counts from (the chosen start date, e.g. its 00:00 in the user's zone). */
  start: string;
  /** One of `CASCADE_INTERVALS`. */
  intervalMinutes: number;
  /** A multiple of `CASCADE_OFFSET_STEP`, ≥ 0, added to `start` for the first draft. */
  offsetMinutes: number;
}

export type CascadeOptionsError = 'noStartDate' | 'intervalNotOffered' | 'offsetNotInSteps';

function bySequence<Stop extends CascadeStop>(stops: readonly Stop[]): Stop[] {
  return [...stops].sort((a, b) => a.sequence - b.sequence);
}

/** The stop a draft is cascaded by: its first stop (by sequence) at the basis location. */
function basisStop(draft: CascadeDraft, basisLocationId: number): CascadeStop | undefined {
  return bySequence(draft.stops).find((stop) => stop.organizationLocationId === basisLocationId);
}

/**
 * The locations every draft has a stop at (the basis locations the dialog offers), in the order of the
 * first draft's stops.
 */
export function cascadeBasisLocations(drafts: readonly CascadeDraft[]): number[] {
  const [first, ...rest] = drafts;
  if (!first) return [];
  const sets = rest.map((draft) => new Set(draft.stops.map((stop) => stop.organizationLocationId)));
  const candidates = bySequence(first.stops)
    .map((stop) => stop.organizationLocationId)
    .filter((id): id is number => id !== null);
  return [...new Set(candidates)].filter((id) => sets.every((set) => set.has(id)));
}

/**
 * Whether the drafts can be cascaded on a basis location: at least 2 drafts, all still drafts, a basis
 * location chosen, a stop there on every draft, and an arrival on that stop. The first failing rule
 * is the reason.
 */
export function cascadeEligibility(
  drafts: readonly CascadeDraft[],
  basisLocationId: number | null,
): { eligible: boolean; reason: CascadeIneligibility | null } {
  const refuse = (reason: CascadeIneligibility) => ({ eligible: false, reason });
  if (drafts.length < CASCADE_MIN_DRAFTS) return refuse('fewerThanTwoDrafts');
  if (drafts.some((draft) => draft.isDraft === false)) return refuse('notADraft');
  if (basisLocationId === null) return refuse('noBasisLocation');
  const anchors = drafts.map((draft) => basisStop(draft, basisLocationId));
  if (anchors.some((stop) => !stop)) return refuse('basisLocationNotOnEveryDraft');
  if (anchors.some((stop) => !stop?.arrivalTime || Number.isNaN(Date.parse(stop.arrivalTime)))) {
    return refuse('basisStopWithoutArrival');
  }
  return { eligible: true, reason: null };
}

/** Checks the dialog's start, interval and offset (spec 1 §4: a start date, 15–90 minutes, 15-minute offset steps). */
export function cascadeOptionsError(
  options: Pick<CascadeOptions, 'start' | 'intervalMinutes' | 'offsetMinutes'>,
): CascadeOptionsError | null {
  if (!options.start || Number.isNaN(Date.parse(options.start))) return 'noStartDate';
  if (!(CASCADE_INTERVALS as readonly number[]).includes(options.intervalMinutes)) return 'intervalNotOffered';
  if (
    !Number.isInteger(options.offsetMinutes) ||
    options.offsetMinutes < 0 ||
    options.offsetMinutes % CASCADE_OFFSET_STEP !== 0
  ) {
    return 'offsetNotInSteps';
  }
  return null;
}

/**
 * Cascades the drafts (see the module comment); a draft's date follows its first stop's arrival.
 * Callers check `cascadeEligibility` and `cascadeOptionsError` first; a draft that is not eligible
 * (no basis stop or no arrival on it) is returned unchanged.
 */
export function cascadeDrafts<Draft extends CascadeDraft & { date?: string }>(
  drafts: readonly Draft[],
  options: CascadeOptions,
): Draft[] {
  const firstMs = Date.parse(options.start) + options.offsetMinutes * MINUTE_MS;
  return drafts.map((draft, index) => {
    const anchor = basisStop(draft, options.basisLocationId);
    const anchorMs = anchor?.arrivalTime ? Date.parse(anchor.arrivalTime) : Number.NaN;
    if (Number.isNaN(anchorMs) || Number.isNaN(firstMs)) return draft;
    const shiftMs = firstMs + index * options.intervalMinutes * MINUTE_MS - anchorMs;
    const stops = draft.stops.map((stop) => {
      if (!stop.arrivalTime) return stop;
      const at = Date.parse(stop.arrivalTime);
      return Number.isNaN(at) ? stop : { ...stop, arrivalTime: new Date(at + shiftMs).toISOString() };
    });
    return withLoadDate({ ...draft, stops });
  });
}
