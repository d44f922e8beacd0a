import type { TripEvent } from '#core/contract/load-details';
import type { Order, Stop } from '#core/contract/orders';
import { secondsToMinutes } from '#core/domain/units';

/** What the delivery log's stop-actuals table shows for one stop (spec 3 "Load detail view"). */
export interface StopActuals {
  stop: Stop;
  /** When the stop started (went Enroute: its StopStarted event), else its first arrival at the site. */
  startedAt: string | null;
  completedAt: string | null;
  /** Completed minus started, in whole minutes; null while either is unknown. */
  actualMinutes: number | null;
  /** Metres driven to the stop as the server recorded it on the stop. */
  actualMeters: number | null;
  /** Cargo actual weight plus tractor and trailer weight; null when not computable. */
  grossWeightGrams: number | null;
  /** True when the stop is complete but one of the three weights is missing (the error text shows). */
  grossWeightMissing: boolean;
  /** The user who reported the stop done (its TaskCompleted event). */
  completedByUserId: number | null;
  manuallyCompleted: boolean;
}

export interface LoadFigures {
  /** The load's estimated trip time (legs and stop durations), whole trip like the actual it is compared with. */
  estimatedMinutes: number | null;
  estimatedMeters: number | null;
  /** First stop start (or first completion) to last completion, while the load has completed stops. */
  actualMinutes: number | null;
  /** The trail's driven distance, else the sum of the completed stops' recorded distances. */
  actualMeters: number | null;
}

export interface EquipmentWeights {
  tractorGrams: number | null;
  trailerGrams: number | null;
}

const MINUTE_MS = 60_000;

function earliest(events: readonly TripEvent[], stopId: number, type: TripEvent['type']): string | null {
  const times = events
    .filter((event) => event.stopId === stopId && event.type === type)
    .map((event) => event.timestamp)
    .sort();
  return times[0] ?? null;
}

function latest(events: readonly TripEvent[], stopId: number, type: TripEvent['type']): TripEvent | null {
  return (
    events
      .filter((event) => event.stopId === stopId && event.type === type)
      .sort((a, b) => a.timestamp.localeCompare(b.timestamp))
      .at(-1) ?? null
  );
}

function minutesBetween(from: string | null, to: string | null): number | null {
  if (!from || !to) return null;
  const span = Date.parse(to) - Date.parse(from);
  return Number.isFinite(span) && span >= 0 ? Math.round(span / MINUTE_MS) : null;
}

/** The stop-actuals rows, in stop order, from the load, its trip events and its equipment's weights. */
export function stopActuals(order: Order, events: readonly TripEvent[], weights: EquipmentWeights): StopActuals[] {
  return [...order.stops]
    .sort((a, b) => a.sequence - b.sequence)
    .map((stop) => {
      const startedAt = earliest(events, stop.id, 'StopStarted') ?? earliest(events, stop.id, 'SiteArrived');
      const complete = stop.status === 'Complete' || stop.completedAt !== null;
      const parts = [stop.actualWeight, weights.tractorGrams, weights.trailerGrams];
      const computable = parts.every((part) => typeof part === 'number');
      return {
        stop,
        startedAt,
        completedAt: stop.completedAt,
        actualMinutes: minutesBetween(startedAt, stop.completedAt),
        actualMeters: complete ? stop.distanceMeters : null,
        grossWeightGrams: computable ? parts.reduce<number>((sum, part) => sum + (part ?? 0), 0) : null,
        grossWeightMissing: complete && !computable,
        completedByUserId: latest(events, stop.id, 'TaskCompleted')?.userId ?? null,
        manuallyCompleted: stop.metadata.manuallyCompleted === true,
      };
    });
}

/**
 * Estimated (planned on the load) against actual duration and distance: the duration from the trip
 * events; the distance as the device trail shows it driven (`drivenMeters`, core/domain/geo/trail.ts)
 * when there is a trail, else the completed stops' recorded distances.
 */
export function loadFigures(order: Order, actuals: readonly StopActuals[], trailMeters: number | null = null): LoadFigures {
  const completed = actuals.filter((row) => row.completedAt !== null);
  const first = actuals.find((row) => row.startedAt !== null || row.completedAt !== null);
  const last = completed.at(-1);
  const distances = completed.flatMap((row) => (row.actualMeters === null ? [] : [row.actualMeters]));
  return {
    estimatedMinutes: order.timeSeconds === null ? null : secondsToMinutes(order.timeSeconds),
    estimatedMeters: order.distanceMeters,
    actualMinutes: first && last ? minutesBetween(first.startedAt ?? first.completedAt, last.completedAt) : null,
    actualMeters: trailMeters ?? (distances.length ? distances.reduce((sum, meters) => sum + meters, 0) : null),
  };
}

/** Spec 3: an event with accuracy 0 carries a warning that its position data cannot be trusted. */
export function hasAccuracyWarning(event: Pick<TripEvent, 'accuracy'>): boolean {
  return event.accuracy === 0;
}

/**
 * Whether a TaskCompleted event was marked by hand (complete manually) rather than reported by the
 * device. The event's own method decides; an event without one follows its stop's manuallyCompleted marker.
 */
export function isManualCompletion(
  event: Pick<TripEvent, 'type' | 'metadata'>,
  stop: Pick<Stop, 'metadata'> | undefined,
): boolean {
  if (event.type !== 'TaskCompleted') return false;
  if (event.metadata.method === 'manual') return true;
  if (event.metadata.method === 'device') return false;
  return stop?.metadata.manuallyCompleted === true;
}
