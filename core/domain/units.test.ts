import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_UNIT_SYSTEM,
  DEFAULT_WEIGHT_UNIT,
  distanceUnitLabel,
  distanceUnitToMeters,
  EARTH_RADIUS_KM,
  EARTH_RADIUS_MILES,
  formatDistance,
  formatDuration,
  formatDurationShort,
  formatWeight,
  GRAMS_PER_POUND,
  GRAMS_PER_US_TON,
  gramsToDisplayWeight,
  gramsToWeightUnit,
  haversineDistanceUnit,
  haversineMeters,
  kilogramsToPounds,
  METERS_PER_MILE,
  metersPerSecondToSpeedUnit,
  metersToDistanceUnit,
  poundsToKilograms,
  roundDistance,
  roundTo,
  roundTravelSecondsToFiveMinutes,
  roundUpToFiveMinutes,
  roundWeight,
  secondsToMinutes,
  speedUnitLabel,
  speedUnitToMetersPerSecond,
  UNIT_SYSTEMS,
  unitSystemSchema,
  WEIGHT_UNIT_ABBREVIATIONS,
  WEIGHT_UNITS,
  type WeightUnit,
  weightInputStep,
  weightPrecision,
  weightUnitSchema,
  weightUnitToGrams,
} from './units.ts';

describe('unit choices', () => {
  it('lists the spec units and defaults', () => {
    expect(UNIT_SYSTEMS).toEqual(['Imperial', 'Metric']);
    expect(WEIGHT_UNITS).toEqual(['USTon', 'Pound', 'MetricTon', 'Kilogram']);
    expect(DEFAULT_UNIT_SYSTEM).toBe('Imperial');
    expect(DEFAULT_WEIGHT_UNIT).toBe('Pound');
  });

  it('validates with zod', () => {
    expect(unitSystemSchema.parse('Metric')).toBe('Metric');
    expect(unitSystemSchema.safeParse('metric').success).toBe(false);
    expect(weightUnitSchema.parse('USTon')).toBe('USTon');
    expect(weightUnitSchema.safeParse('Ton').success).toBe(false);
  });
});

describe('roundTo', () => {
  it('avoids binary floating error at the half', () => {
    expect(roundTo(1.005, 2)).toBe(1.01);
    expect(roundTo(1.255, 2)).toBe(1.26);
    expect(roundTo(2.675, 2)).toBe(2.68);
    expect(roundTo(0.15, 1)).toBe(0.2);
    expect(roundTo(1234.5678, 0)).toBe(1235);
  });

  it('rounds half away from zero and never returns -0', () => {
    expect(roundTo(-1.005, 2)).toBe(-1.01);
    expect(roundTo(-2.5, 0)).toBe(-3);
    expect(Object.is(roundTo(-0.001, 2), 0)).toBe(true);
  });

  it('does not round values just below the half up', () => {
    expect(roundTo(1.004, 2)).toBe(1);
    expect(roundTo(1.0049999, 2)).toBe(1);
  });
});

describe('weights', () => {
  it('converts 1 lb = 453.59237 g both ways', () => {
    expect(gramsToWeightUnit(453.59237, 'Pound')).toBe(1);
    expect(weightUnitToGrams(1, 'Pound')).toBe(454);
    expect(weightUnitToGrams(1000, 'Pound')).toBe(453_592);
    expect(gramsToWeightUnit(weightUnitToGrams(1000, 'Pound'), 'Pound')).toBeCloseTo(1000, 2);
  });

  it('converts 1 US ton = 907184.74 g = 2000 lb', () => {
    expect(weightUnitToGrams(1, 'USTon')).toBe(907_185);
    expect(gramsToWeightUnit(907_184.74, 'USTon')).toBe(1);
    expect(GRAMS_PER_US_TON / GRAMS_PER_POUND).toBeCloseTo(2000, 9);
    expect(gramsToWeightUnit(907_184.74, 'Pound')).toBeCloseTo(2000, 9);
  });

  it('converts 1 t = 1,000,000 g and 1 kg = 1000 g', () => {
    expect(weightUnitToGrams(1, 'MetricTon')).toBe(1_000_000);
    expect(gramsToWeightUnit(1_000_000, 'MetricTon')).toBe(1);
    expect(weightUnitToGrams(1, 'Kilogram')).toBe(1000);
    expect(gramsToWeightUnit(2500, 'Kilogram')).toBe(2.5);
  });

  it('returns integer grams', () => {
    expect(Number.isInteger(weightUnitToGrams(12.34, 'USTon'))).toBe(true);
    expect(weightUnitToGrams(12.34, 'USTon')).toBe(Math.round(12.34 * 907_184.74));
  });

  it('uses the 2.20462 pound/kilogram factor', () => {
    expect(kilogramsToPounds(1)).toBe(2.20462);
    expect(poundsToKilograms(2.20462)).toBe(1);
    expect(poundsToKilograms(100)).toBeCloseTo(45.3593, 4);
  });

  it('has 2 decimals for ton units and 0 for lb/kg', () => {
    expect(weightPrecision('MetricTon')).toBe(2);
    expect(weightPrecision('USTon')).toBe(2);
    expect(weightPrecision('Pound')).toBe(0);
    expect(weightPrecision('Kilogram')).toBe(0);
    expect(weightInputStep('MetricTon')).toBe(0.01);
    expect(weightInputStep('USTon')).toBe(0.01);
    expect(weightInputStep('Pound')).toBe(1);
    expect(weightInputStep('Kilogram')).toBe(1);
  });

  it('rounds to the unit precision', () => {
    expect(roundWeight(1234.5678, 'Pound')).toBe(1235);
    expect(roundWeight(1234.5678, 'Kilogram')).toBe(1235);
    expect(roundWeight(1.005, 'MetricTon')).toBe(1.01);
    expect(roundWeight(1.005, 'USTon')).toBe(1.01);
    expect(roundWeight(1.004, 'MetricTon')).toBe(1);
  });

  it('shows stored grams in user units', () => {
    expect(gramsToDisplayWeight(453_592, 'Pound')).toBe(1000);
    expect(gramsToDisplayWeight(907_185, 'USTon')).toBe(1);
    expect(gramsToDisplayWeight(1_234_567, 'MetricTon')).toBe(1.23);
  });

  it('formats with the unit precision and suffix', () => {
    expect(WEIGHT_UNIT_ABBREVIATIONS).toEqual({ USTon: 'tn', Pound: 'lb', MetricTon: 't', Kilogram: 'kg' });
    expect(formatWeight(weightUnitToGrams(1234.5678, 'Pound'), 'Pound', 'en-US')).toBe('1,235 lb');
    expect(formatWeight(1_005_000, 'MetricTon', 'en-US')).toBe('1.01 t');
    expect(formatWeight(1_500_000, 'MetricTon', 'en-US')).toBe('1.5 t');
    expect(formatWeight(907_184.74 * 2, 'USTon', 'en-US')).toBe('2 tn');
    expect(formatWeight(1_234_567, 'Kilogram', 'en-US')).toBe('1,235 kg');
    expect(formatWeight(1_234_567, 'MetricTon', 'nl-NL')).toBe('1,23 t');
    expect(formatWeight(-1, 'MetricTon', 'en-US')).toBe('0 t');
  });

  it('round-trips grams through every unit', () => {
    for (const unit of WEIGHT_UNITS) {
      for (const grams of [0, 1, 453_592, 907_185, 1_000_000, 27_215_542, 123_456_789]) {
        expect(weightUnitToGrams(gramsToWeightUnit(grams, unit), unit)).toBe(grams);
      }
    }
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e11 }), fc.constantFrom(...WEIGHT_UNITS), (grams, unit) => {
        expect(weightUnitToGrams(gramsToWeightUnit(grams, unit), unit)).toBe(grams);
      }),
    );
  });

  it('round-trips user values at the unit precision', () => {
    const cases: [number, WeightUnit][] = [
      [0.01, 'USTon'],
      [24.37, 'USTon'],
      [0.01, 'MetricTon'],
      [31.99, 'MetricTon'],
      [1, 'Pound'],
      [80_000, 'Pound'],
      [1, 'Kilogram'],
      [36_287, 'Kilogram'],
    ];
    for (const [value, unit] of cases) {
      expect(gramsToDisplayWeight(weightUnitToGrams(value, unit), unit)).toBe(value);
    }
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.constantFrom(...WEIGHT_UNITS), (steps, unit) => {
        const value = roundWeight(steps * weightInputStep(unit), unit);
        expect(gramsToDisplayWeight(weightUnitToGrams(value, unit), unit)).toBe(value);
      }),
    );
  });
});

describe('distance', () => {
  it('uses 1 mile = 1609.3445 m', () => {
    expect(METERS_PER_MILE).toBe(1609.3445);
    expect(metersToDistanceUnit(1609.3445, 'Imperial')).toBe(1);
    expect(distanceUnitToMeters(1, 'Imperial')).toBe(1609.3445);
    expect(metersToDistanceUnit(2500, 'Metric')).toBe(2.5);
    expect(distanceUnitToMeters(2.5, 'Metric')).toBe(2500);
  });

  it('matches the spec pair 30 km ≈ 18.6 miles', () => {
    expect(roundDistance(metersToDistanceUnit(30_000, 'Imperial'))).toBe(18.6);
  });

  it('labels and formats to 1 decimal', () => {
    expect(distanceUnitLabel('Imperial')).toBe('mi');
    expect(distanceUnitLabel('Metric')).toBe('km');
    expect(formatDistance(16_093.445, 'Imperial', 'en-US')).toBe('10 mi');
    expect(formatDistance(12_345, 'Metric', 'en-US')).toBe('12.3 km');
    expect(formatDistance(1_234_567, 'Metric', 'en-US')).toBe('1,234.6 km');
    expect(formatDistance(12_350, 'Metric', 'fr-CA')).toBe(`12,4 km`);
    expect(formatDistance(0, 'Imperial', 'en-US')).toBe('0 mi');
  });
});

describe('speed', () => {
  it('converts 10 m/s to 36 km/h and 22.37 mph', () => {
    expect(metersPerSecondToSpeedUnit(10, 'Metric')).toBe(36);
    expect(metersPerSecondToSpeedUnit(10, 'Imperial')).toBeCloseTo(22.37, 10);
    expect(speedUnitToMetersPerSecond(36, 'Metric')).toBe(10);
    expect(speedUnitToMetersPerSecond(22.37, 'Imperial')).toBeCloseTo(10, 10);
    expect(speedUnitLabel('Metric')).toBe('km/h');
    expect(speedUnitLabel('Imperial')).toBe('mph');
  });
});

describe('haversine', () => {
  it('uses the spec earth radii', () => {
    expect(EARTH_RADIUS_KM).toBe(6371);
    expect(EARTH_RADIUS_MILES).toBe(3958.8);
  });

  it('is 0 for the same point', () => {
    const point = { latitude: 41.8781, longitude: -87.6298 };
    expect(haversineMeters(point, point)).toBe(0);
  });

  it('measures one degree of latitude as R·π/180', () => {
    const meters = haversineMeters({ latitude: 0, longitude: 0 }, { latitude: 1, longitude: 0 });
    expect(meters).toBeCloseTo((6_371_000 * Math.PI) / 180, 3);
    expect(meters).toBeCloseTo(111_194.93, 1);
  });

  it('matches the classic BNA→LAX distance', () => {
    // Reference: 2887.26 km with R = 6372.8 km, rescaled to the spec's 6371 km.
    const bna = { latitude: 36.12, longitude: -86.67 };
    const lax = { latitude: 33.94, longitude: -118.4 };
    const expectedMeters = (2_887_259.95 * 6371) / 6372.8;
    expect(Math.abs(haversineMeters(bna, lax) - expectedMeters)).toBeLessThan(1);
    expect(haversineMeters(lax, bna)).toBeCloseTo(haversineMeters(bna, lax), 6);
    expect(haversineDistanceUnit(bna, lax, 'Metric')).toBeCloseTo(expectedMeters / 1000, 3);
    // 3958.8 mi radius vs 6371 km / 1609.3445 differ by <0.01 %.
    expect(haversineDistanceUnit(bna, lax, 'Imperial')).toBeCloseTo(1793.55, 0);
  });

  it('handles antipodal points', () => {
    const meters = haversineMeters({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 180 });
    expect(meters).toBeCloseTo(Math.PI * 6_371_000, 3);
  });
});

describe('durations', () => {
  it('rounds travel time to the nearest 5 minutes', () => {
    expect(roundTravelSecondsToFiveMinutes(0)).toBe(0);
    expect(roundTravelSecondsToFiveMinutes(149)).toBe(0);
    expect(roundTravelSecondsToFiveMinutes(150)).toBe(300);
    expect(roundTravelSecondsToFiveMinutes(151)).toBe(300);
    expect(roundTravelSecondsToFiveMinutes(299)).toBe(300);
    expect(roundTravelSecondsToFiveMinutes(449)).toBe(300);
    expect(roundTravelSecondsToFiveMinutes(3725)).toBe(3600);
  });

  it('rounds trip totals up to a multiple of 5 minutes', () => {
    expect(roundUpToFiveMinutes(0)).toBe(0);
    expect(roundUpToFiveMinutes(1)).toBe(300);
    expect(roundUpToFiveMinutes(300)).toBe(300);
    expect(roundUpToFiveMinutes(301)).toBe(600);
    expect(roundUpToFiveMinutes(3601)).toBe(3900);
  });

  it('converts seconds to minutes', () => {
    expect(secondsToMinutes(300)).toBe(5);
    expect(secondsToMinutes(90)).toBe(1.5);
  });

  it('splits minutes into days, hours and minutes', () => {
    expect(formatDuration(0)).toEqual({ days: 0, hours: 0, minutes: 0 });
    expect(formatDuration(125)).toEqual({ days: 0, hours: 2, minutes: 5 });
    expect(formatDuration(1440 + 125)).toEqual({ days: 1, hours: 2, minutes: 5 });
    expect(formatDuration(2 * 1440 + 59.6)).toEqual({ days: 2, hours: 1, minutes: 0 });
    expect(formatDuration(-10)).toEqual({ days: 0, hours: 0, minutes: 0 });
    expect(formatDuration(Number.NaN)).toEqual({ days: 0, hours: 0, minutes: 0 });
  });

  it('formats short durations', () => {
    expect(formatDurationShort(0)).toBe('0m');
    expect(formatDurationShort(5)).toBe('5m');
    expect(formatDurationShort(120)).toBe('2h 0m');
    expect(formatDurationShort(1440 + 125)).toBe('1d 2h 5m');
    expect(formatDurationShort(1440 + 5)).toBe('1d 0h 5m');
    expect(formatDurationShort(1440)).toBe('1d 0h 0m');
    expect(formatDurationShort(secondsToMinutes(roundUpToFiveMinutes(3601)))).toBe('1h 5m');
  });
});
