import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LoadingRule } from './stop-times.ts';
import {
  canRecomputeArrivals,
  estimatedTripMeters,
  estimatedTripSeconds,
  loadTripSeconds,
  tripLegs,
  findThroughputRule,
  recomputeArrivals,
  roundTravelSeconds,
  stopDurationMinutes,
  travelSecondsBetween,
  travelTimeIndex,
  travelTimeKey,
  tripTotalSeconds,
} from './stop-times.ts';

const MILL = 11;
const FARM = 12;
const SCALE = 13;
const US_TON = 907_184; // grams per minute of the demo organization rule

describe('travel time rounding', () => {
  it('rounds to the nearest 5 minutes (300 s)', () => {
    expect(roundTravelSeconds(0)).toBe(0);
    expect(roundTravelSeconds(149)).toBe(0);
    expect(roundTravelSeconds(150)).toBe(300);
    expect(roundTravelSeconds(449)).toBe(300);
    expect(roundTravelSeconds(451)).toBe(600);
    expect(roundTravelSeconds(1_234)).toBe(1_200);
    expect(roundTravelSeconds(-20)).toBe(0);
  });

  it('rounds the trip total UP to a multiple of 5 minutes', () => {
    expect(tripTotalSeconds([1_200, 900])).toBe(2_100);
    expect(tripTotalSeconds([1_200, 901])).toBe(2_400);
    // Legs plus stop durations (minutes): 20 min + 15 min + 32 min = 67 min → 70 min.
    expect(tripTotalSeconds([1_200, 900], [32])).toBe(4_200);
    expect(tripTotalSeconds([])).toBe(0);
  });

  it('has no trip total when a leg is unknown', () => {
    expect(tripTotalSeconds([1_200, null])).toBeNull();
    expect(tripTotalSeconds([undefined])).toBeNull();
  });

  it('gives a same-location leg 0 and an unknown leg nothing', () => {
    const travel = travelTimeIndex([
      { originOrganizationLocationId: MILL, destinationOrganizationLocationId: FARM, timeSeconds: 2_700, distanceMeters: 52_000 },
    ]);
    expect(travelSecondsBetween(travel, MILL, MILL)).toBe(0);
    expect(travelSecondsBetween(travel, MILL, FARM)).toBe(2_700);
    // Direction matters.
    expect(travelSecondsBetween(travel, FARM, MILL)).toBeNull();
    expect(travelSecondsBetween(travel, null, FARM)).toBeNull();
    expect(travelTimeKey(MILL, FARM)).not.toBe(travelTimeKey(FARM, MILL));
  });
});

describe("a load's estimated trip time", () => {
  const travel = travelTimeIndex([
    { originOrganizationLocationId: MILL, destinationOrganizationLocationId: SCALE, timeSeconds: 1_234, distanceMeters: 9_000 },
    { originOrganizationLocationId: SCALE, destinationOrganizationLocationId: FARM, timeSeconds: 2_700, distanceMeters: 52_000 },
  ]);
  const stop = (sequence: number, organizationLocationId: number | null, durationMinutes: number | null) => ({
    sequence,
    organizationLocationId,
    durationMinutes,
  });

  it('is the legs in stop order (each to the nearest 5 minutes) plus every stop duration, rounded up to 5 minutes', () => {
    // Legs 1,234 s → 20 min and 45 min; stops 15 + 0 + 32 min: 112 min → 115 min.
    const stops = [stop(3, FARM, 32), stop(1, MILL, 15), stop(2, SCALE, null)];
    expect(estimatedTripSeconds(stops, travel)).toBe(115 * 60);
  });

  it('is only the stop duration for a load of one stop', () => {
    expect(estimatedTripSeconds([stop(1, MILL, 12)], travel)).toBe(15 * 60);
  });

  it('is unknown while a leg is (a stop without a location, or a pair never routed)', () => {
    expect(estimatedTripSeconds([stop(1, MILL, 15), stop(2, null, 0)], travel)).toBeNull();
    expect(estimatedTripSeconds([stop(1, FARM, 15), stop(2, MILL, 0)], travel)).toBeNull();
  });
});

describe('throughput rule lookup', () => {
  const rule = (overrides: Partial<LoadingRule>): LoadingRule => ({
    stopType: 'Origin',
    cargoTypeId: null,
    loadingEntityType: 'Organization',
    locationId: null,
    baselineLoadingMinutes: 15,
    cargoUnitsPerMinute: 200,
    weightPerMinute: US_TON,
    ...overrides,
  });
  const organizationAny = rule({ baselineLoadingMinutes: 15 });
  const organizationCargo = rule({ cargoTypeId: 2, baselineLoadingMinutes: 16 });
  const locationAny = rule({ loadingEntityType: 'Location', locationId: MILL, baselineLoadingMinutes: 17 });
  const locationCargo = rule({ loadingEntityType: 'Location', locationId: MILL, cargoTypeId: 2, baselineLoadingMinutes: 18 });
  const destination = rule({ stopType: 'Destination', baselineLoadingMinutes: 19 });
  const all = [organizationAny, organizationCargo, locationAny, locationCargo, destination];
  const at = (organizationLocationId: number | null, cargoTypeId: number | null, type: LoadingRule['stopType'] = 'Origin') => ({
    type,
    organizationLocationId,
    cargoTypeId,
  });

  it('prefers the location rule with the cargo type', () => {
    expect(findThroughputRule(all, at(MILL, 2))).toBe(locationCargo);
  });

  it('then the location rule for any cargo type', () => {
    expect(findThroughputRule(all, at(MILL, 9))).toBe(locationAny);
    expect(findThroughputRule([organizationCargo, locationAny], at(MILL, 2))).toBe(locationAny);
  });

  it('then the organization rule with the cargo type, then for any cargo type', () => {
    expect(findThroughputRule(all, at(FARM, 2))).toBe(organizationCargo);
    expect(findThroughputRule(all, at(FARM, 9))).toBe(organizationAny);
    expect(findThroughputRule(all, at(null, null))).toBe(organizationAny);
  });

  it('only looks at rules of the stop type', () => {
    expect(findThroughputRule(all, at(MILL, 2, 'Destination'))).toBe(destination);
    expect(findThroughputRule(all, at(MILL, 2, 'Weigh'))).toBeNull();
    expect(findThroughputRule([], at(MILL, 2))).toBeNull();
  });
});

describe('stop loading duration', () => {
  const organizationRule: LoadingRule = {
    stopType: 'Origin',
    cargoTypeId: null,
    loadingEntityType: 'Organization',
    locationId: null,
    baselineLoadingMinutes: 15,
    cargoUnitsPerMinute: 200,
    weightPerMinute: US_TON,
  };
  const origin = { type: 'Origin' as const, organizationLocationId: MILL, quantity: null, weight: null };

  it('counts quantity-based cargo by units per minute', () => {
    // Bagged feed (id 1, by quantity): 15 + ceil(450 / 200) = 18 → 20.
    expect(stopDurationMinutes({ ...origin, cargoTypeId: 1, quantity: 450 }, [organizationRule])).toBe(20);
    // 15 + ceil(200 / 200) = 16 → 15.
    expect(stopDurationMinutes({ ...origin, cargoTypeId: 1, quantity: 200 }, [organizationRule])).toBe(15);
  });

  it('counts weight-based cargo by grams per minute', () => {
    // Bulk feed (id 2, by weight): 24 US tons = 21,772,434 g; 15 + ceil(24.0000…) = 40.
    expect(stopDurationMinutes({ ...origin, cargoTypeId: 2, weight: 21_772_434 }, [organizationRule])).toBe(40);
    // 12 tons exactly at the rule's rate: 15 + 12 = 27 → 25.
    expect(stopDurationMinutes({ ...origin, cargoTypeId: 2, weight: 12 * US_TON }, [organizationRule])).toBe(25);
    // A weight-based cargo ignores a quantity.
    expect(stopDurationMinutes({ ...origin, cargoTypeId: 9, quantity: 5_000, weight: 0 }, [organizationRule])).toBe(15);
  });

  it('is the baseline alone without an amount or a rate', () => {
    expect(stopDurationMinutes({ ...origin, cargoTypeId: 1 }, [organizationRule])).toBe(15);
    expect(
      stopDurationMinutes({ ...origin, cargoTypeId: 1, quantity: 450 }, [{ ...organizationRule, cargoUnitsPerMinute: null }]),
    ).toBe(15);
  });

  it('uses the amount given when the stop has no cargo type', () => {
    expect(stopDurationMinutes({ ...origin, cargoTypeId: null, weight: 12 * US_TON }, [organizationRule])).toBe(25);
    expect(stopDurationMinutes({ ...origin, cargoTypeId: null, quantity: 450 }, [organizationRule])).toBe(20);
  });

  it('is unknown without a matching rule', () => {
    expect(stopDurationMinutes({ ...origin, type: 'Destination', cargoTypeId: 1, quantity: 1 }, [organizationRule])).toBeNull();
  });
});

describe('arrival recomputation', () => {
  // Mill → scale → farm → mill; travel 45 min, 15 min, 50 min.
  const travel = travelTimeIndex([
    { originOrganizationLocationId: MILL, destinationOrganizationLocationId: SCALE, timeSeconds: 2_700, distanceMeters: 50_000 },
    { originOrganizationLocationId: SCALE, destinationOrganizationLocationId: FARM, timeSeconds: 900, distanceMeters: 15_000 },
    { originOrganizationLocationId: FARM, destinationOrganizationLocationId: MILL, timeSeconds: 3_000, distanceMeters: 60_000 },
  ]);
  const stops = [
    { id: 1, organizationLocationId: MILL, arrivalTime: '2026-11-24T13:00:00.000Z' },
    { id: 2, organizationLocationId: SCALE, arrivalTime: null },
    { id: 3, organizationLocationId: FARM, arrivalTime: null },
    { id: 4, organizationLocationId: MILL, arrivalTime: '2026-11-25T08:00:00.000Z' },
  ];
  const durations = [30, 15, 20, 10];

  it('goes forward: previous arrival + travel + previous duration', () => {
    const { stops: result, unavailable } = recomputeArrivals(stops, 0, travel, durations);
    expect(result.map((stop) => stop.arrivalTime)).toEqual([
      '2026-11-24T13:00:00.000Z',
      '2026-11-24T14:15:00.000Z', // 13:00 + 45 + 30
      '2026-11-24T14:45:00.000Z', // 14:15 + 15 + 15
      '2026-11-24T15:55:00.000Z', // 14:45 + 50 + 20
    ]);
    expect(unavailable).toEqual([]);
    expect(result[1]?.id).toBe(2);
  });

  it('goes backward by subtraction and keeps the chosen stop', () => {
    const from = stops.map((stop, index) => (index === 2 ? { ...stop, arrivalTime: '2026-11-24T14:45:00.000Z' } : stop));
    const { stops: result } = recomputeArrivals(from, 2, travel, durations);
    expect(result.map((stop) => stop.arrivalTime)).toEqual([
      '2026-11-24T13:00:00.000Z', // 14:15 − 45 − 30
      '2026-11-24T14:15:00.000Z', // 14:45 − 15 − 15
      '2026-11-24T14:45:00.000Z',
      '2026-11-24T15:55:00.000Z',
    ]);
  });

  it('is the inverse of itself: backward from the forward result gives the start back', () => {
    const forward = recomputeArrivals(stops, 0, travel, durations).stops;
    const cleared = forward.map((stop, index) => (index < 3 ? { ...stop, arrivalTime: null } : stop));
    expect(recomputeArrivals(cleared, 3, travel, durations).stops[0]?.arrivalTime).toBe('2026-11-24T13:00:00.000Z');
  });

  it('treats missing durations as 0 and a same-location leg as 0', () => {
    const sameSite = [
      { organizationLocationId: MILL, arrivalTime: '2026-11-24T13:00:00.000Z' },
      { organizationLocationId: MILL, arrivalTime: null },
    ];
    expect(recomputeArrivals(sameSite, 0, new Map(), []).stops[1]?.arrivalTime).toBe('2026-11-24T13:00:00.000Z');
  });

  it('leaves a stop with no travel time unchanged, reports it, and goes on from its own arrival', () => {
    const gap = new Map(travel);
    gap.delete(travelTimeKey(SCALE, FARM));
    const withArrival = stops.map((stop, index) => (index === 2 ? { ...stop, arrivalTime: '2026-11-24T16:00:00.000Z' } : stop));
    const { stops: result, unavailable } = recomputeArrivals(withArrival, 0, gap, durations);
    expect(unavailable).toEqual([2]);
    expect(result.map((stop) => stop.arrivalTime)).toEqual([
      '2026-11-24T13:00:00.000Z',
      '2026-11-24T14:15:00.000Z',
      '2026-11-24T16:00:00.000Z', // kept
      '2026-11-24T17:10:00.000Z', // 16:00 + 50 + 20
    ]);
  });

  it('reports the stops beyond an unavailable one that has no arrival to count from', () => {
    const gap = new Map(travel);
    gap.delete(travelTimeKey(MILL, SCALE));
    const { stops: result, unavailable } = recomputeArrivals(stops, 0, gap, durations);
    expect(unavailable).toEqual([1, 2, 3]);
    expect(result[1]?.arrivalTime).toBeNull();
    expect(result[2]?.arrivalTime).toBeNull();
    // Stop 4 counts from stop 3, which has no arrival either: kept as it was, and reported.
    expect(result[3]?.arrivalTime).toBe('2026-11-25T08:00:00.000Z');
    // A stop without a location has no leg either.
    const noLocation = [stops[0]!, { id: 9, organizationLocationId: null, arrivalTime: null }];
    expect(recomputeArrivals(noLocation, 0, travel, durations).unavailable).toEqual([1]);
  });

  it('changes nothing without an arrival on the chosen stop', () => {
    expect(canRecomputeArrivals(stops, 1)).toBe(false);
    expect(canRecomputeArrivals(stops, 0)).toBe(true);
    const result = recomputeArrivals(stops, 1, travel, durations);
    expect(result.stops).toEqual(stops);
    expect(result.unavailable).toEqual([]);
  });

  it('does not modify the stops it is given', () => {
    const copy = stops.map((stop) => ({ ...stop }));
    recomputeArrivals(stops, 0, travel, durations);
    expect(stops).toEqual(copy);
  });
});

describe('arrival recomputation properties', () => {
  // Loads of 2–8 stops over 5 locations, every leg known (multiples of 5 minutes), durations 0–120 min.
  const load = fc
    .record({
      locations: fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 2, maxLength: 8 }),
      legMinutes: fc.array(fc.integer({ min: 0, max: 48 }), { minLength: 25, maxLength: 25 }),
      durations: fc.array(fc.integer({ min: 0, max: 120 }), { minLength: 8, maxLength: 8 }),
      start: fc.integer({ min: 0, max: 10_000 }),
    })
    .map(({ locations, legMinutes, durations, start }) => {
      const entries = [];
      for (let origin = 1; origin <= 5; origin++) {
        for (let destination = 1; destination <= 5; destination++) {
          const timeSeconds = (legMinutes[(origin - 1) * 5 + destination - 1] ?? 0) * 5 * 60;
          entries.push({
            originOrganizationLocationId: origin,
            destinationOrganizationLocationId: destination,
            timeSeconds,
            distanceMeters: 0,
          });
        }
      }
      const stops = locations.map((organizationLocationId, index) => ({
        organizationLocationId,
        arrivalTime: index === 0 ? new Date(Date.UTC(2026, 10, 24) + start * 60_000).toISOString() : null,
      }));
      return { stops, travel: travelTimeIndex(entries), durations };
    });

  it('forward arrivals never go back in time and every stop is timed', () => {
    fc.assert(
      fc.property(load, ({ stops, travel, durations }) => {
        const { stops: result, unavailable } = recomputeArrivals(stops, 0, travel, durations);
        expect(unavailable).toEqual([]);
        const times = result.map((stop) => Date.parse(stop.arrivalTime ?? ''));
        for (let index = 1; index < times.length; index++) expect(times[index]).toBeGreaterThanOrEqual(times[index - 1]!);
      }),
    );
  });

  it('recomputing backward from any stop of a forward plan gives the same plan', () => {
    fc.assert(
      fc.property(load, fc.nat(), ({ stops, travel, durations }, pick) => {
        const planned = recomputeArrivals(stops, 0, travel, durations).stops;
        const from = pick % planned.length;
        const cleared = planned.map((stop, index) => (index === from ? stop : { ...stop, arrivalTime: null }));
        expect(recomputeArrivals(cleared, from, travel, durations).stops).toEqual(planned);
      }),
    );
  });
});

describe('one trip time for a load: loadTripSeconds, tripLegs, estimatedTripMeters', () => {
  const stop = (
    sequence: number,
    location: number | null,
    durationMinutes: number | null,
    timeSeconds: number | null = null,
  ) => ({
    sequence,
    organizationLocationId: location,
    durationMinutes,
    timeSeconds,
  });
  // A carrier's PF-24025: stored 1h 15m, its legs carried by the stops, no travel times of its own.
  const carried = { timeSeconds: 4500, stops: [stop(1, 10, 15, null), stop(2, 20, 20, 2400)] };

  it('is the stored figure while the stops are the stored ones, even with no travel time at hand (the row and the expansion agree)', () => {
    expect(loadTripSeconds(carried.stops, new Map(), carried)).toBe(4500);
    expect(
      loadTripSeconds(
        carried.stops.map(({ timeSeconds: _, ...rest }) => rest),
        new Map(),
        carried,
      ),
    ).toBe(4500);
  });

  it('follows edited stops with the rule over the travel times at hand and the legs the stored stops carry', () => {
    const edited = [stop(1, 10, 15), stop(2, 20, 45)];
    // 2400 s leg + 60 min of stops = 100 min.
    expect(loadTripSeconds(edited, new Map(), carried)).toBe(6000);
    const moved = [stop(1, 10, 15), stop(2, 30, 20)];
    expect(loadTripSeconds(moved, new Map(), carried)).toBeNull();
    expect(loadTripSeconds(moved, new Map([['10>30', 1800]]), carried)).toBe(65 * 60);
  });

  it('computes a load stored without a figure (a merged draft) the same way in its row and its editor', () => {
    const merged = { timeSeconds: null, stops: [stop(1, 10, 10), stop(2, 20, 10, 2100)] };
    const row = loadTripSeconds(merged.stops, new Map(), merged);
    const editor = loadTripSeconds(merged.stops, new Map([['10>20', 2100]]), merged);
    expect(row).toBe(55 * 60);
    expect(editor).toBe(row);
  });

  it('gives each stop the leg from the stop before it, and sums the distance only when every leg is known', () => {
    const stops = [stop(2, 20, 0), stop(1, 10, 0), stop(3, 20, 0)];
    const travel = new Map([['10>20', 1790]]);
    const distances = new Map([['10>20', 41_000]]);
    expect([...tripLegs(stops, travel, distances)]).toEqual([
      [1, { timeSeconds: null, distanceMeters: null }],
      [2, { timeSeconds: 1800, distanceMeters: 41_000 }],
      [3, { timeSeconds: 0, distanceMeters: 0 }],
    ]);
    expect(estimatedTripMeters(stops, distances)).toBe(41_000);
    expect(estimatedTripMeters([stop(1, 10, 0), stop(2, 30, 0)], distances)).toBeNull();
  });
});
