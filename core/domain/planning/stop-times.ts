import type { StopInput } from '#core/contract/orders';
import type { ThroughputRuleInput, TravelTimeEntry } from '#core/contract/planning';
import { cargoBasis } from '#core/domain/cargo';
import { roundTravelSecondsToFiveMinutes, roundUpToFiveMinutes } from '#core/domain/units';

/**
 * Stop times (spec 1 §4 "Stop arrival times can be recomputed…", §9): rounding of travel times and
 * trip totals, loading durations from throughput rules, and arrival recomputation along a load.
 */

const MINUTE_MS = 60_000;

// ---------------------------------------------------------------------------
// Travel times
// ---------------------------------------------------------------------------

/** Travel times are shown and planned to the nearest 5 minutes (300 s). */
export function roundTravelSeconds(seconds: number): number {
  return Math.max(0, roundTravelSecondsToFiveMinutes(seconds));
}

/**
 * A load's estimated total trip time: its legs' travel times plus the stop durations given (minutes),
 * rounded UP to a multiple of 5 minutes. null when a leg's travel time is unknown, so the trip-time
 * tooltip can say "travel time unavailable" instead of showing a total that is too short.
 */
export function tripTotalSeconds(
  legSeconds: readonly (number | null | undefined)[],
  stopDurationsMinutes: readonly (number | null | undefined)[] = [],
): number | null {
  if (legSeconds.some((seconds) => seconds === null || seconds === undefined)) return null;
  const travel = legSeconds.reduce<number>((total, seconds) => total + (seconds ?? 0), 0);
  const stopped = stopDurationsMinutes.reduce<number>((total, minutes) => total + (minutes ?? 0) * 60, 0);
  return roundUpToFiveMinutes(travel + stopped);
}

/** Key of a leg in a travel-time index: direction matters (roads and rules need not be symmetric). */
export function travelTimeKey(originLocationId: number, destinationLocationId: number): string {
  return `${originLocationId}>${destinationLocationId}`;
}

/** Seconds by leg key, the form `recomputeArrivals` takes (a Map survives the trip to the worker). */
export type TravelIndex = ReadonlyMap<string, number>;

export function travelTimeIndex(entries: readonly TravelTimeEntry[]): Map<string, number> {
  return new Map(
    entries.map((entry) => [
      travelTimeKey(entry.originOrganizationLocationId, entry.destinationOrganizationLocationId),
      entry.timeSeconds,
    ]),
  );
}

/** Travel seconds of a leg: 0 within one location, null when a stop has no location or the leg is unknown. */
export function travelSecondsBetween(
  travel: TravelIndex,
  originLocationId: number | null,
  destinationLocationId: number | null,
): number | null {
  if (originLocationId === null || destinationLocationId === null) return null;
  if (originLocationId === destinationLocationId) return 0;
  const seconds = travel.get(travelTimeKey(originLocationId, destinationLocationId));
  return seconds === undefined ? null : roundTravelSeconds(seconds);
}

/** What the trip time needs of a stop: its place in the load, its location and how long it takes there. */
export interface TripStop {
  sequence: number;
  organizationLocationId: number | null;
  durationMinutes: number | null;
}

/**
 * A load's estimated trip time, the one figure the server stores as the load's `timeSeconds` and the
 * table, editor and delivery log show: each leg's travel time between consecutive stops (by sequence)
 * plus every stop's duration, rounded up to 5 minutes (spec 1 §9). null when a leg is unknown.
 */
export function estimatedTripSeconds(stops: readonly TripStop[], travel: TravelIndex): number | null {
  const ordered = [...stops].sort((a, b) => a.sequence - b.sequence);
  return tripTotalSeconds(
    ordered
      .slice(1)
      .map((stop, index) => travelSecondsBetween(travel, ordered[index]!.organizationLocationId, stop.organizationLocationId)),
    ordered.map((stop) => stop.durationMinutes),
  );
}

/** A load as stored: its trip time, and its stops with the leg each one ends (`timeSeconds`, stored on save). */
export interface StoredTrip {
  timeSeconds: number | null;
  stops: readonly (TripStop & { timeSeconds: number | null })[];
}

/** The legs a stored load's stops carry, as a travel index (a carrier may not ask for the owner's travel times). */
export function storedLegIndex(stops: StoredTrip['stops']): Map<string, number> {
  const ordered = [...stops].sort((a, b) => a.sequence - b.sequence);
  const index = new Map<string, number>();
  ordered.slice(1).forEach((stop, position) => {
    const from = ordered[position]?.organizationLocationId ?? null;
    if (from !== null && stop.organizationLocationId !== null && stop.timeSeconds !== null) {
      index.set(travelTimeKey(from, stop.organizationLocationId), stop.timeSeconds);
    }
  });
  return index;
}

function sameTripStops(a: readonly TripStop[], b: readonly TripStop[]): boolean {
  const key = (stops: readonly TripStop[]) =>
    [...stops]
      .sort((x, y) => x.sequence - y.sequence)
      .map((stop) => `${stop.sequence}:${stop.organizationLocationId}:${stop.durationMinutes}`)
      .join('|');
  return a.length === b.length && key(a) === key(b);
}

/**
 * The trip time a load shows, the one decision behind its row, its expansion and its editor: while
 * the stops are the stored ones, the figure the server stored (`estimatedTripSeconds` on save); for
 * stops being edited, or a load stored without one, the same rule over the travel times at hand and
 * the legs the stored stops carry. null while a leg is unknown.
 */
export function loadTripSeconds(stops: readonly TripStop[], travel: TravelIndex, stored?: StoredTrip | null): number | null {
  // The same array is the stored stops (a table row asks so for each of 10,000 loads): no comparison needed.
  if (stored && stored.timeSeconds !== null && (stops === stored.stops || sameTripStops(stops, stored.stops))) {
    return stored.timeSeconds;
  }
  const known = stored ? new Map([...storedLegIndex(stored.stops), ...travel]) : travel;
  return estimatedTripSeconds(stops, known);
}

/** Metres by leg key, like `TravelIndex`. */
export type DistanceIndex = ReadonlyMap<string, number>;

/** The travel time and distance of the leg that ends at a stop (none for the first stop). */
export interface LegFigures {
  timeSeconds: number | null;
  distanceMeters: number | null;
}

/**
 * Each stop's leg from the stop before it (by sequence), by sequence: 0 within one location, null
 * when unknown; the first stop has no leg (both null).
 */
export function tripLegs(stops: readonly TripStop[], travel: TravelIndex, distances: DistanceIndex): Map<number, LegFigures> {
  const ordered = [...stops].sort((a, b) => a.sequence - b.sequence);
  return new Map(
    ordered.map((stop, index) => {
      const previous = ordered[index - 1];
      if (!previous) return [stop.sequence, { timeSeconds: null, distanceMeters: null }];
      const from = previous.organizationLocationId;
      const to = stop.organizationLocationId;
      const meters = from === null || to === null ? undefined : from === to ? 0 : distances.get(travelTimeKey(from, to));
      return [
        stop.sequence,
        { timeSeconds: travelSecondsBetween(travel, from, to), distanceMeters: meters === undefined ? null : meters },
      ];
    }),
  );
}

/** A load's estimated distance: the sum of its legs' distances, null when a leg is unknown. */
export function estimatedTripMeters(stops: readonly TripStop[], distances: DistanceIndex): number | null {
  const legs = [...tripLegs(stops, new Map(), distances).values()].slice(1);
  if (legs.some((leg) => leg.distanceMeters === null)) return null;
  return legs.reduce((total, leg) => total + (leg.distanceMeters ?? 0), 0);
}

// ---------------------------------------------------------------------------
// Loading durations
// ---------------------------------------------------------------------------

/** What a throughput rule needs to be matched and applied (a saved row also carries its id). */
export type LoadingRule = ThroughputRuleInput;

export interface DurationStop {
  type: StopInput['type'];
  organizationLocationId: number | null;
  cargoTypeId: number | null;
  quantity: number | null;
  /** Grams. */
  weight: number | null;
}

/**
 * The rule that sets a stop's loading duration, among the rules of its stop type, first match of:
 * the stop's location with its cargo type, that location for any cargo type, the organization with
 * the cargo type, the organization for any cargo type (spec 1 §9). null when none applies.
 */
export function findThroughputRule<Rule extends LoadingRule>(
  rules: readonly Rule[],
  stop: Pick<DurationStop, 'type' | 'organizationLocationId' | 'cargoTypeId'>,
): Rule | null {
  const ofType = rules.filter((rule) => rule.stopType === stop.type);
  const atLocation = ofType.filter(
    (rule) =>
      rule.loadingEntityType === 'Location' &&
      stop.organizationLocationId !== null &&
      rule.locationId === stop.organizationLocationId,
  );
  const organizationWide = ofType.filter((rule) => rule.loadingEntityType === 'Organization');
  const withCargo = (list: Rule[]) =>
    stop.cargoTypeId === null ? undefined : list.find((rule) => rule.cargoTypeId === stop.cargoTypeId);
  const anyCargo = (list: Rule[]) => list.find((rule) => rule.cargoTypeId === null);
  return withCargo(atLocation) ?? anyCargo(atLocation) ?? withCargo(organizationWide) ?? anyCargo(organizationWide) ?? null;
}

/**
 * Whether a throughput row holds a baseline, a units rate or a weight rate (spec 2 §5): a row with
 * none is dropped by the forms and refused by the server, since it could time no stop.
 */
export function hasLoadingTerm(
  rule: Pick<LoadingRule, 'baselineLoadingMinutes' | 'cargoUnitsPerMinute' | 'weightPerMinute'>,
): boolean {
  return rule.baselineLoadingMinutes !== null || rule.cargoUnitsPerMinute !== null || rule.weightPerMinute !== null;
}

/** Whole minutes to move `amount` at `perMinute`; no term without a positive amount and rate. */
function minutesAt(amount: number | null, perMinute: number | null): number {
  if (amount === null || perMinute === null || amount <= 0 || perMinute <= 0) return 0;
  return Math.ceil(amount / perMinute);
}

/**
 * A stop's loading duration in minutes: the rule's baseline plus ceil(quantity / units per minute)
 * or ceil(weight / grams per minute), by the cargo type's measurement basis, rounded to the nearest
 * 5 minutes (spec 1 §9). A stop without a cargo type is timed by the amount it has (quantity first).
 * null when no rule applies.
 */
export function stopDurationMinutes(stop: DurationStop, rules: readonly LoadingRule[]): number | null {
  const rule = findThroughputRule(rules, stop);
  if (!rule) return null;
  const basis =
    stop.cargoTypeId !== null
      ? cargoBasis(stop.cargoTypeId)
      : stop.quantity === null && stop.weight !== null
        ? 'weight'
        : 'quantity';
  const moving =
    basis === 'weight' ? minutesAt(stop.weight, rule.weightPerMinute) : minutesAt(stop.quantity, rule.cargoUnitsPerMinute);
  const total = (rule.baselineLoadingMinutes ?? 0) + moving;
  return Math.round(total / 5) * 5;
}

// ---------------------------------------------------------------------------
// Arrival recomputation
// ---------------------------------------------------------------------------

export interface TimedStop {
  organizationLocationId: number | null;
  arrivalTime: string | null;
}

export interface RecomputedArrivals<Stop extends TimedStop> {
  /** The stops in the same order, arrivals recomputed where possible. */
  stops: Stop[];
  /** Indexes of stops left unchanged because a travel time (or the arrival to count from) was unavailable. */
  unavailable: number[];
}

/** Auto-calculating stop times needs an arrival on the stop it counts from (spec 1 §5). */
export function canRecomputeArrivals(stops: readonly TimedStop[], fromIndex: number): boolean {
  return Boolean(stops[fromIndex]?.arrivalTime);
}

function instantMs(value: string | null): number | null {
  if (!value) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
}

/**
 * Recomputes arrivals around the stop at `fromIndex`, which keeps its own. Forward: each next arrival
 * is the previous arrival + travel(previous → next) + the previous stop's duration. Backward: each
 * earlier arrival is the next arrival − travel(earlier → next) − the earlier stop's duration.
 * `durations` are minutes by stop index (missing = 0). A stop whose leg has no travel time keeps its
 * arrival and is reported in `unavailable`; the chain goes on from that kept arrival (and, when it has
 * none, the stops beyond are reported too). Without an arrival on the chosen stop nothing changes.
 */
export function recomputeArrivals<Stop extends TimedStop>(
  stops: readonly Stop[],
  fromIndex: number,
  travel: TravelIndex,
  durations: readonly (number | null | undefined)[],
): RecomputedArrivals<Stop> {
  const result = [...stops];
  const unavailable: number[] = [];
  const anchor = stops[fromIndex];
  const anchorMs = anchor ? instantMs(anchor.arrivalTime) : null;
  if (!anchor || anchorMs === null) return { stops: result, unavailable };
  const durationMs = (index: number) => (durations[index] ?? 0) * MINUTE_MS;

  let previousMs: number | null = anchorMs;
  for (let index = fromIndex + 1; index < stops.length; index++) {
    const stop = stops[index]!;
    const seconds = travelSecondsBetween(travel, stops[index - 1]!.organizationLocationId, stop.organizationLocationId);
    if (previousMs === null || seconds === null) {
      unavailable.push(index);
      previousMs = instantMs(stop.arrivalTime);
      continue;
    }
    previousMs = previousMs + seconds * 1000 + durationMs(index - 1);
    result[index] = { ...stop, arrivalTime: new Date(previousMs).toISOString() };
  }

  let nextMs: number | null = anchorMs;
  for (let index = fromIndex - 1; index >= 0; index--) {
    const stop = stops[index]!;
    const seconds = travelSecondsBetween(travel, stop.organizationLocationId, stops[index + 1]!.organizationLocationId);
    if (nextMs === null || seconds === null) {
      unavailable.push(index);
      nextMs = instantMs(stop.arrivalTime);
      continue;
    }
    nextMs = nextMs - seconds * 1000 - durationMs(index);
    result[index] = { ...stop, arrivalTime: new Date(nextMs).toISOString() };
  }
  unavailable.sort((a, b) => a - b);
  return { stops: result, unavailable };
}
