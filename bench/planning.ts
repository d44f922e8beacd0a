import type { LoadingRule } from '#core/domain/planning/stop-times';
import { recomputeArrivals, stopDurationMinutes, travelTimeIndex } from '#core/domain/planning/stop-times';
import { medianAndP90 } from './stats.ts';

/**
 * Planning arithmetic in Node, without the worker hop: what the planner worker spends on a large
 * planning board. 10,000 loads of 5 stops (origin, weigh, three destinations) over 40 locations.
 */

const LOADS = 10_000;
const STOPS_PER_LOAD = 5;
const LOCATIONS = 40;
const RUNS = 7;
const START = Date.parse('2026-11-24T12:00:00.000Z');

const RULES: LoadingRule[] = [
  {
    stopType: 'Origin',
    cargoTypeId: null,
    loadingEntityType: 'Organization',
    locationId: null,
    baselineLoadingMinutes: 15,
    cargoUnitsPerMinute: 200,
    weightPerMinute: 907_184,
  },
  {
    stopType: 'Destination',
    cargoTypeId: 2,
    loadingEntityType: 'Location',
    locationId: 3,
    baselineLoadingMinutes: 10,
    cargoUnitsPerMinute: null,
    weightPerMinute: 1_360_777,
  },
];

function board() {
  const entries = [];
  for (let origin = 1; origin <= LOCATIONS; origin++) {
    for (let destination = 1; destination <= LOCATIONS; destination++) {
      if (origin !== destination) {
        entries.push({
          originOrganizationLocationId: origin,
          destinationOrganizationLocationId: destination,
          timeSeconds: 300 * (1 + ((origin * 7 + destination * 3) % 24)),
          distanceMeters: 5_000 * (1 + ((origin + destination) % 30)),
        });
      }
    }
  }
  const loads = Array.from({ length: LOADS }, (_, load) =>
    Array.from({ length: STOPS_PER_LOAD }, (_, position) => ({
      type: position === 0 ? ('Origin' as const) : position === 1 ? ('Weigh' as const) : ('Destination' as const),
      organizationLocationId: 1 + ((load * 5 + position * 11) % LOCATIONS),
      cargoTypeId: 2,
      quantity: null,
      weight: position === 1 ? null : 21_772_434,
      arrivalTime: position === 0 ? new Date(START + (load % 500) * 60_000).toISOString() : null,
    })),
  );
  return { travel: travelTimeIndex(entries), loads };
}

function time(work: () => void): number {
  const started = performance.now();
  work();
  return performance.now() - started;
}

/** Median and p90 (ms) over 7 runs after a warm-up, for the whole board at once. */
export async function measurePlanning(): Promise<Record<string, number>> {
  const { travel, loads } = board();
  let durations: (number | null)[][] = [];
  const computeDurations = () => {
    durations = loads.map((stops) => stops.map((stop) => stopDurationMinutes(stop, RULES)));
  };
  const forward = () => {
    for (const [index, stops] of loads.entries()) recomputeArrivals(stops, 0, travel, durations[index] ?? []);
  };
  computeDurations();
  // Every stop timed once, so recomputing from the middle stop walks both ways from a real arrival.
  const planned = loads.map((stops, index) => recomputeArrivals(stops, 0, travel, durations[index] ?? []).stops);
  const fromMiddle = () => {
    for (const [index, stops] of planned.entries()) recomputeArrivals(stops, 2, travel, durations[index] ?? []);
  };
  forward();
  fromMiddle();
  const samples = { durations: [] as number[], forward: [] as number[], fromMiddle: [] as number[] };
  for (let run = 0; run < RUNS; run++) {
    samples.durations.push(time(computeDurations));
    samples.forward.push(time(forward));
    samples.fromMiddle.push(time(fromMiddle));
  }
  const durationsMs = medianAndP90(samples.durations);
  const forwardMs = medianAndP90(samples.forward);
  const fromMiddleMs = medianAndP90(samples.fromMiddle);
  return {
    loads: LOADS,
    stopsPerLoad: STOPS_PER_LOAD,
    stopDurationsMedianMs: durationsMs.median,
    stopDurationsP90Ms: durationsMs.p90,
    recomputeArrivalsForwardMedianMs: forwardMs.median,
    recomputeArrivalsForwardP90Ms: forwardMs.p90,
    // From the third stop: two stops backward, two forward.
    recomputeArrivalsFromMiddleMedianMs: fromMiddleMs.median,
    recomputeArrivalsFromMiddleP90Ms: fromMiddleMs.p90,
  };
}
