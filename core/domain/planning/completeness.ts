import type { StopInput } from '#core/contract/orders';
import { DEFAULT_WEIGHT_UNIT, gramsToWeightUnit, roundTo, type WeightUnit, weightPrecision } from '#core/domain/units';

/**
 * Draft completeness (spec 1 §5): what a draft still lacks before it may be published. The warning
 * tooltip of a draft row lists the missing rules (the UI translates each key), publishing refuses an
 * incomplete draft, and the server checks again before it writes (422 `draftIncomplete`).
 */

/** One key per rule of spec 1 §5, in the order the tooltip lists them. */
export const COMPLETENESS_RULES = [
  /** The draft has no stop at all. */
  'noStops',
  /** No Origin stop. */
  'noOrigin',
  /** No Destination stop. */
  'noDestination',
  /** The first Destination comes before the first Origin (nothing can be delivered before a pick-up). */
  'originAfterDestination',
  'stopWithoutLocation',
  'stopWithoutType',
  /** An Origin or Destination stop without a cargo type (Weigh and Waypoint stops carry none, spec 1 §4). */
  'cargoTypeMissing',
  /** An Origin or Destination stop has neither a quantity nor a weight. */
  'missingAmount',
  /** Some stop has a quantity but an Origin or Destination stop has none. */
  'quantityOnSomeOnly',
  /** Some stop has a weight but an Origin or Destination stop has none. */
  'weightOnSomeOnly',
  /** No stop has a quantity or a weight. */
  'noAmount',
  /** The Origin stops' total quantity differs from the Destination stops'. */
  'quantityUnbalanced',
  /** Origin minus Destination weight, in the user's weight unit rounded to its precision, is not zero. */
  'weightUnbalanced',
  'missingArrival',
  /** A stop's arrival is not after the previous stop's (same location and same time excepted). */
  'timesOutOfOrder',
] as const;
export type CompletenessRule = (typeof COMPLETENESS_RULES)[number];

/** What the rules read of a stop; a saved `Stop`, a `StopInput` and an editor stop all fit. */
export interface CompletenessStop {
  sequence: number;
  type: StopInput['type'] | null;
  organizationLocationId: number | null;
  cargoTypeId: number | null;
  quantity: number | null;
  /** Grams. */
  weight: number | null;
  arrivalTime: string | null;
}

export interface CompletenessOptions {
  /** false inside the stop editor, where the time-order check is not applied (spec 1 §5). */
  checkTimeOrder: boolean;
  /** Decimal places of the user's weight unit (`weightPrecision(unit)`: 2 for tons, 0 for lb and kg). */
  weightPrecision: number;
  /** The unit the weight difference is expressed in before rounding; the default unit (Pound) when absent. */
  weightUnit?: WeightUnit;
}

export interface CompletenessResult {
  complete: boolean;
  /** Rules the draft fails, in `COMPLETENESS_RULES` order; empty when complete. */
  missing: CompletenessRule[];
}

/** The options for a user whose weights show in `unit`. */
export function completenessOptions(unit: WeightUnit, checkTimeOrder: boolean): CompletenessOptions {
  return { checkTimeOrder, weightPrecision: weightPrecision(unit), weightUnit: unit };
}

/** Quantities are counts; six places is far below any real fraction and far above float noise. */
const QUANTITY_DECIMALS = 6;

const isCargoStop = (stop: CompletenessStop) => stop.type === 'Origin' || stop.type === 'Destination';
const hasValue = (value: number | null | undefined): value is number => value !== null && value !== undefined;

function sum(stops: readonly CompletenessStop[], type: 'Origin' | 'Destination', field: 'quantity' | 'weight'): number {
  let total = 0;
  for (const stop of stops) if (stop.type === type) total += stop[field] ?? 0;
  return total;
}

/**
 * Out of order (spec 1 §5): a stop whose arrival is not after the previous stop's, unless both are at
 * the same location at the same time. Pairs where either arrival is missing are left to 'missingArrival'.
 */
function timesOutOfOrder(stops: readonly CompletenessStop[]): boolean {
  for (let index = 1; index < stops.length; index++) {
    const previous = stops[index - 1]!;
    const stop = stops[index]!;
    if (!previous.arrivalTime || !stop.arrivalTime) continue;
    const before = Date.parse(previous.arrivalTime);
    const at = Date.parse(stop.arrivalTime);
    if (at > before) continue;
    const sameStopAgain = at === before && stop.organizationLocationId === previous.organizationLocationId;
    if (!sameStopAgain) return true;
  }
  return false;
}

/** Checks a draft against every completeness rule of spec 1 §5; stops are taken in sequence order. */
export function draftCompleteness(
  draft: { stops: readonly CompletenessStop[] },
  options: CompletenessOptions,
): CompletenessResult {
  const failed = new Set<CompletenessRule>();
  const stops = [...draft.stops].sort((a, b) => a.sequence - b.sequence);
  if (stops.length === 0) return { complete: false, missing: ['noStops'] };

  const firstOrigin = stops.findIndex((stop) => stop.type === 'Origin');
  const firstDestination = stops.findIndex((stop) => stop.type === 'Destination');
  if (firstOrigin === -1) failed.add('noOrigin');
  if (firstDestination === -1) failed.add('noDestination');
  if (firstOrigin !== -1 && firstDestination !== -1 && firstDestination < firstOrigin) failed.add('originAfterDestination');

  const cargoStops = stops.filter(isCargoStop);
  const anyQuantity = stops.some((stop) => hasValue(stop.quantity));
  const anyWeight = stops.some((stop) => hasValue(stop.weight));
  for (const stop of stops) {
    if (!hasValue(stop.organizationLocationId) || stop.organizationLocationId <= 0) failed.add('stopWithoutLocation');
    if (!stop.type) failed.add('stopWithoutType');
    if (stop.arrivalTime === null || stop.arrivalTime === undefined || stop.arrivalTime === '') failed.add('missingArrival');
  }
  for (const stop of cargoStops) {
    if (!hasValue(stop.cargoTypeId) || stop.cargoTypeId <= 0) failed.add('cargoTypeMissing');
    if (!hasValue(stop.quantity) && !hasValue(stop.weight)) failed.add('missingAmount');
    if (anyQuantity && !hasValue(stop.quantity)) failed.add('quantityOnSomeOnly');
    if (anyWeight && !hasValue(stop.weight)) failed.add('weightOnSomeOnly');
  }
  if (!anyQuantity && !anyWeight) failed.add('noAmount');

  // Rounded so that decimal quantities summed in another order (0.1 + 0.2) still balance.
  const quantityDifference = sum(stops, 'Origin', 'quantity') - sum(stops, 'Destination', 'quantity');
  if (roundTo(quantityDifference, QUANTITY_DECIMALS) !== 0) failed.add('quantityUnbalanced');
  const differenceGrams = sum(stops, 'Origin', 'weight') - sum(stops, 'Destination', 'weight');
  const difference = gramsToWeightUnit(differenceGrams, options.weightUnit ?? DEFAULT_WEIGHT_UNIT);
  if (roundTo(difference, options.weightPrecision) !== 0) failed.add('weightUnbalanced');

  if (options.checkTimeOrder && timesOutOfOrder(stops)) failed.add('timesOutOfOrder');

  const missing = COMPLETENESS_RULES.filter((rule) => failed.has(rule));
  return { complete: missing.length === 0, missing };
}

/** Completeness of many drafts in one call (one worker round trip for a whole drafts table). */
export function completenessOfDrafts(
  drafts: readonly { stops: readonly CompletenessStop[] }[],
  options: CompletenessOptions,
): CompletenessResult[] {
  return drafts.map((draft) => draftCompleteness(draft, options));
}

/**
 * The server's publish check: every draft named for publishing passes the completeness check, time
 * order included (spec 1 §4); an incomplete draft named explicitly is refused with what it lacks.
 */
export function canPublish(drafts: readonly { stops: readonly CompletenessStop[] }[], options: CompletenessOptions): boolean {
  return drafts.length > 0 && drafts.every((draft) => draftCompleteness(draft, options).complete);
}

/** What publishing a selection does: the complete drafts are published, the others stay drafts. */
export interface PublishSelection<Draft> {
  complete: Draft[];
  /** In selection order, each with the rules it fails. */
  incomplete: { draft: Draft; missing: CompletenessRule[] }[];
}

/**
 * Splits a selection by each draft's completeness (`results[i]` is `drafts[i]`'s, as
 * `completenessOfDrafts` answers them): one incomplete draft no longer holds back the others.
 */
export function publishSelection<Draft>(
  drafts: readonly Draft[],
  results: readonly CompletenessResult[],
): PublishSelection<Draft> {
  const selection: PublishSelection<Draft> = { complete: [], incomplete: [] };
  drafts.forEach((draft, index) => {
    const result = results[index];
    if (result?.complete) selection.complete.push(draft);
    else selection.incomplete.push({ draft, missing: result?.missing ?? [] });
  });
  return selection;
}
