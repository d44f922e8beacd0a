import { z } from 'zod';

/** Unit systems, weight units, conversions and display precision (spec 1 §1, §5, §9; spec 2 §5, §9). */

// ---------------------------------------------------------------------------
// Unit choices
// ---------------------------------------------------------------------------

export const UNIT_SYSTEMS = ['Imperial', 'Metric'] as const;
export type UnitSystem = (typeof UNIT_SYSTEMS)[number];
export const unitSystemSchema = z.enum(UNIT_SYSTEMS);
export const DEFAULT_UNIT_SYSTEM: UnitSystem = 'Imperial';

export const WEIGHT_UNITS = ['USTon', 'Pound', 'MetricTon', 'Kilogram'] as const;
export type WeightUnit = (typeof WEIGHT_UNITS)[number];
export const weightUnitSchema = z.enum(WEIGHT_UNITS);
export const DEFAULT_WEIGHT_UNIT: WeightUnit = 'Pound';

// ---------------------------------------------------------------------------
// Rounding
// ---------------------------------------------------------------------------

/**
 * Rounds half away from zero to `decimals` places. The relative EPSILON nudge
 * absorbs binary representation error, so 1.005 → 1.01 rather than 1.
 */
export function roundTo(value: number, decimals: number): number {
  if (!Number.isFinite(value)) return value;
  const factor = 10 ** decimals;
  const rounded = (Math.sign(value) * Math.round(Math.abs(value) * factor * (1 + Number.EPSILON))) / factor;
  // Avoid "-0" reaching Intl.NumberFormat.
  return rounded === 0 ? 0 : rounded;
}

// ---------------------------------------------------------------------------
// Weight (stored as integer grams)
// ---------------------------------------------------------------------------

export const GRAMS_PER_POUND = 453.59237;
export const GRAMS_PER_US_TON = 907_184.74;
export const GRAMS_PER_METRIC_TON = 1_000_000;
export const GRAMS_PER_KILOGRAM = 1000;

export const GRAMS_PER_WEIGHT_UNIT: Readonly<Record<WeightUnit, number>> = {
  USTon: GRAMS_PER_US_TON,
  Pound: GRAMS_PER_POUND,
  MetricTon: GRAMS_PER_METRIC_TON,
  Kilogram: GRAMS_PER_KILOGRAM,
};

export const WEIGHT_UNIT_ABBREVIATIONS: Readonly<Record<WeightUnit, string>> = {
  USTon: 'tn',
  Pound: 'lb',
  MetricTon: 't',
  Kilogram: 'kg',
};

/** Decimal places shown and accepted per weight unit: tons need cents, lb/kg are whole. */
export const WEIGHT_PRECISION: Readonly<Record<WeightUnit, number>> = {
  USTon: 2,
  Pound: 0,
  MetricTon: 2,
  Kilogram: 0,
};

/** The spec's pound↔kilogram factor (pounds per kilogram). */
export const POUNDS_PER_KILOGRAM = 2.20462;

export function gramsToWeightUnit(grams: number, unit: WeightUnit): number {
  return grams / GRAMS_PER_WEIGHT_UNIT[unit];
}

/** User-entered weight to stored grams; whole grams so the stored value is an integer. */
export function weightUnitToGrams(value: number, unit: WeightUnit): number {
  return Math.round(value * GRAMS_PER_WEIGHT_UNIT[unit]);
}

export function weightPrecision(unit: WeightUnit): number {
  return WEIGHT_PRECISION[unit];
}

export function roundWeight(value: number, unit: WeightUnit): number {
  return roundTo(value, weightPrecision(unit));
}

/** Step for weight number inputs: 0.01 for ton units, 1 for lb/kg. */
export function weightInputStep(unit: WeightUnit): number {
  return weightPrecision(unit) === 2 ? 0.01 : 1;
}

/** Stored grams as the value a weight input should show (converted and rounded). */
export function gramsToDisplayWeight(grams: number, unit: WeightUnit): number {
  return roundWeight(gramsToWeightUnit(grams, unit), unit);
}

/** e.g. formatWeight(453592.37, 'Pound', 'en-US') → "1,000 lb". */
export function formatWeight(grams: number, unit: WeightUnit, locale: string): string {
  const precision = weightPrecision(unit);
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: precision }).format(
    roundTo(gramsToWeightUnit(grams, unit), precision),
  );
  return `${number} ${WEIGHT_UNIT_ABBREVIATIONS[unit]}`;
}

export function poundsToKilograms(pounds: number): number {
  return pounds / POUNDS_PER_KILOGRAM;
}

export function kilogramsToPounds(kilograms: number): number {
  return kilograms * POUNDS_PER_KILOGRAM;
}

// ---------------------------------------------------------------------------
// Distance (stored as metres)
// ---------------------------------------------------------------------------

/** The spec names both 1609 and 1609.3445; every conversion here uses 1609.3445. */
export const METERS_PER_MILE = 1609.3445;
export const METERS_PER_KILOMETER = 1000;
export const DISTANCE_DECIMALS = 1;

export function distanceUnitLabel(system: UnitSystem): 'mi' | 'km' {
  return system === 'Imperial' ? 'mi' : 'km';
}

function metersPerDistanceUnit(system: UnitSystem): number {
  return system === 'Imperial' ? METERS_PER_MILE : METERS_PER_KILOMETER;
}

/** Metres to miles (Imperial) or kilometres (Metric), unrounded. */
export function metersToDistanceUnit(meters: number, system: UnitSystem): number {
  return meters / metersPerDistanceUnit(system);
}

/** Miles or kilometres to metres, unrounded (callers storing whole metres round). */
export function distanceUnitToMeters(value: number, system: UnitSystem): number {
  return value * metersPerDistanceUnit(system);
}

export function roundDistance(value: number): number {
  return roundTo(value, DISTANCE_DECIMALS);
}

/** e.g. formatDistance(16093.445, 'Imperial', 'en-US') → "10 mi". */
export function formatDistance(meters: number, system: UnitSystem, locale: string): string {
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: DISTANCE_DECIMALS }).format(
    roundDistance(metersToDistanceUnit(meters, system)),
  );
  return `${number} ${distanceUnitLabel(system)}`;
}

// ---------------------------------------------------------------------------
// Speed (devices report metres per second)
// ---------------------------------------------------------------------------

export const KMH_PER_METER_PER_SECOND = 3.6;
export const MPH_PER_METER_PER_SECOND = 2.237;

export function speedUnitLabel(system: UnitSystem): 'mph' | 'km/h' {
  return system === 'Imperial' ? 'mph' : 'km/h';
}

// Direction: display = m/s × factor; the spec's "divisors" apply going back (display ÷ factor = m/s).
export function metersPerSecondToSpeedUnit(metersPerSecond: number, system: UnitSystem): number {
  return metersPerSecond * (system === 'Imperial' ? MPH_PER_METER_PER_SECOND : KMH_PER_METER_PER_SECOND);
}

export function speedUnitToMetersPerSecond(speed: number, system: UnitSystem): number {
  return speed / (system === 'Imperial' ? MPH_PER_METER_PER_SECOND : KMH_PER_METER_PER_SECOND);
}

// ---------------------------------------------------------------------------
// Great-circle distance
// ---------------------------------------------------------------------------

export const EARTH_RADIUS_KM = 6371;
export const EARTH_RADIUS_MILES = 3958.8;

export interface LatLng {
  latitude: number;
  longitude: number;
}

function haversineCentralAngle(a: LatLng, b: LatLng): number {
  const toRadians = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = toRadians(b.latitude - a.latitude);
  const dLng = toRadians(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(a.latitude)) * Math.cos(toRadians(b.latitude)) * Math.sin(dLng / 2) ** 2;
  // Clamp: rounding can push h a hair above 1 for antipodal points.
  return 2 * Math.asin(Math.sqrt(Math.min(1, h)));
}

export function haversineMeters(a: LatLng, b: LatLng): number {
  return haversineCentralAngle(a, b) * EARTH_RADIUS_KM * 1000;
}

/** Great-circle distance in miles (3958.8 mi radius) or kilometres (6371 km radius). */
export function haversineDistanceUnit(a: LatLng, b: LatLng, system: UnitSystem): number {
  return haversineCentralAngle(a, b) * (system === 'Imperial' ? EARTH_RADIUS_MILES : EARTH_RADIUS_KM);
}

// ---------------------------------------------------------------------------
// Durations
// ---------------------------------------------------------------------------

export const FIVE_MINUTES_SECONDS = 300;

/** Leg travel time to the nearest 5 minutes (149 s → 0, 150 s → 300). */
export function roundTravelSecondsToFiveMinutes(seconds: number): number {
  return Math.round(seconds / FIVE_MINUTES_SECONDS) * FIVE_MINUTES_SECONDS;
}

/** Trip total rounds up so the estimate never undercuts the legs (301 s → 600). */
export function roundUpToFiveMinutes(seconds: number): number {
  return Math.ceil(seconds / FIVE_MINUTES_SECONDS) * FIVE_MINUTES_SECONDS;
}

export function secondsToMinutes(seconds: number): number {
  return seconds / 60;
}

export interface DurationParts {
  days: number;
  hours: number;
  minutes: number;
}

/** Whole-minute d/h/m parts; negative or non-finite input counts as 0. */
export function formatDuration(totalMinutes: number): DurationParts {
  const whole = Number.isFinite(totalMinutes) ? Math.max(0, Math.round(totalMinutes)) : 0;
  return {
    days: Math.floor(whole / 1440),
    hours: Math.floor((whole % 1440) / 60),
    minutes: whole % 60,
  };
}

/** "1d 2h 5m", "2h 0m", "5m", "0m": leading zero parts dropped, minutes always shown. */
export function formatDurationShort(totalMinutes: number): string {
  const { days, hours, minutes } = formatDuration(totalMinutes);
  const parts: string[] = [];
  if (days > 0) parts.push(`${days}d`);
  if (days > 0 || hours > 0) parts.push(`${hours}h`);
  parts.push(`${minutes}m`);
  return parts.join(' ');
}
