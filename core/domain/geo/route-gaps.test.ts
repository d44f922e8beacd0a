import { describe, expect, it } from 'vitest';
import { haversineMeters } from '../units.ts';
import {
  densifyGreatCircle,
  greatCirclePoint,
  MAP_HELPER_WARNING_GAP,
  mapHelperGapWarning,
  routeSpacing,
  STANDARD_ROUTE_MAX_GAP,
  standardRouteGapTooLarge,
} from './route-gaps.ts';

/** 1° of latitude on the 6371 km sphere, and on the 3958.8 mi one. */
const KM_PER_DEGREE = (6371 * Math.PI) / 180; // 111.195 km
const MI_PER_DEGREE = (3958.8 * Math.PI) / 180; // 69.093 mi

/** Points due north of (42, -93), `km` apart on the kilometre sphere. */
const northward = (...kmSteps: number[]) => {
  const points = [{ latitude: 42, longitude: -93 }];
  for (const km of kmSteps) points.push({ latitude: points.at(-1)!.latitude + km / KM_PER_DEGREE, longitude: -93 });
  return points;
};

describe('route spacing', () => {
  it('counts the points and finds the largest gap between consecutive ones', () => {
    const spacing = routeSpacing(northward(5, 12, 3), 'Metric');
    expect(spacing.pointCount).toBe(4);
    expect(spacing.largestGap).toBeCloseTo(12, 9);
    expect(spacing.largestGapStartIndex).toBe(1);
  });

  it('answers 0 and no index for fewer than two points', () => {
    expect(routeSpacing([], 'Metric')).toEqual({ pointCount: 0, largestGap: 0, largestGapStartIndex: null });
    expect(routeSpacing(northward(), 'Imperial')).toEqual({ pointCount: 1, largestGap: 0, largestGapStartIndex: null });
  });

  it('gives the gap in miles on the 3958.8 mi sphere for Imperial', () => {
    expect(routeSpacing(northward(KM_PER_DEGREE), 'Imperial').largestGap).toBeCloseTo(MI_PER_DEGREE, 9);
  });
});

describe('the 30 km (18.6 mi) standard-route rule', () => {
  it('is the spec constant in each unit system', () => {
    expect(STANDARD_ROUTE_MAX_GAP).toEqual({ Metric: 30, Imperial: 18.6 });
  });

  it('flags a gap above 30 km in Metric, not one of exactly 30 km', () => {
    expect(standardRouteGapTooLarge(northward(10, 30.01), 'Metric')).toBe(true);
    expect(standardRouteGapTooLarge(northward(10, 29.99, 30 - 1e-9), 'Metric')).toBe(false);
  });

  it('flags a gap above 18.6 mi in Imperial', () => {
    const degreesFor = (miles: number) => miles / MI_PER_DEGREE;
    const at = (miles: number) => [
      { latitude: 42, longitude: -93 },
      { latitude: 42 + degreesFor(miles), longitude: -93 },
    ];
    expect(standardRouteGapTooLarge(at(18.61), 'Imperial')).toBe(true);
    expect(standardRouteGapTooLarge(at(18.59), 'Imperial')).toBe(false);
  });

  it('judges each limit as the user reads it: 29.95 km is above 18.6 mi but not above 30 km', () => {
    // 18.6 mi on the mile sphere is 29.93 km on the kilometre sphere.
    const points = northward(29.95);
    expect(standardRouteGapTooLarge(points, 'Metric')).toBe(false);
    expect(standardRouteGapTooLarge(points, 'Imperial')).toBe(true);
  });
});

describe('the 25 km map-helper warning', () => {
  it('is 25 km, 15.5 mi', () => {
    expect(MAP_HELPER_WARNING_GAP).toEqual({ Metric: 25, Imperial: 15.5 });
  });

  it('warns above 25 km in Metric', () => {
    expect(mapHelperGapWarning(northward(25.01), 'Metric')).toBe(true);
    expect(mapHelperGapWarning(northward(24.99, 3), 'Metric')).toBe(false);
  });

  it('warns above 15.5 mi in Imperial', () => {
    expect(mapHelperGapWarning(northward((15.51 / MI_PER_DEGREE) * KM_PER_DEGREE), 'Imperial')).toBe(true);
    expect(mapHelperGapWarning(northward((15.49 / MI_PER_DEGREE) * KM_PER_DEGREE), 'Imperial')).toBe(false);
  });
});

describe('great-circle densify', () => {
  it('keeps every point at most 1 km from the next, and the given points in place', () => {
    const given = [
      { latitude: 41.5868, longitude: -93.625 },
      { latitude: 42.0347, longitude: -93.62 },
      { latitude: 42.0347, longitude: -93.62 },
      { latitude: 43.1536, longitude: -93.201 },
    ];
    const dense = densifyGreatCircle(given);
    for (let index = 1; index < dense.length; index++) {
      expect(haversineMeters(dense[index - 1]!, dense[index]!)).toBeLessThanOrEqual(1_000 + 1e-6);
    }
    for (const point of given) expect(dense).toContainEqual(point);
    expect(dense[0]).toEqual(given[0]);
    expect(dense.at(-1)).toEqual(given.at(-1));
    const total = haversineMeters(given[0]!, given[1]!) + haversineMeters(given[2]!, given[3]!);
    expect(dense.length).toBe(
      Math.ceil(haversineMeters(given[0]!, given[1]!) / 1000) + Math.ceil(haversineMeters(given[2]!, given[3]!) / 1000) + 2,
    );
    expect(total).toBeGreaterThan(150_000);
  });

  it('follows the great circle, not the straight line of latitude', () => {
    // Along the 60th parallel the great circle bulges north of it.
    const middle = greatCirclePoint({ latitude: 60, longitude: 0 }, { latitude: 60, longitude: 40 }, 0.5);
    expect(middle.longitude).toBeCloseTo(20, 9);
    expect(middle.latitude).toBeGreaterThan(61);
  });

  it('adds nothing between points closer than the gap, and refuses a gap of 0', () => {
    const close = northward(0.4, 0.9);
    expect(densifyGreatCircle(close)).toEqual(close);
    expect(() => densifyGreatCircle(close, 0)).toThrow(RangeError);
  });
});
