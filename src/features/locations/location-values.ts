import type { z } from 'zod';
import type { LocationInput, LocationThroughputRow } from '#core/contract/locations';
import type { ThroughputRule } from '#core/contract/planning';
import type { locationSchema } from '#core/contract/reference-lists';
import { isValidLatitude, isValidLongitude } from '#core/domain/company-settings';
import {
  type GeofenceShape,
  isGeofencePlaced,
  LOCATION_TEXT_MAX,
  PREMISE_ID_MAX,
  UNPLACED_LATITUDE,
} from '#core/domain/master-data/locations';
import { hasLoadingTerm } from '#core/domain/planning/stop-times';
import { gramsToDisplayWeight, type WeightUnit, weightUnitToGrams } from '#core/domain/units';
import type { FieldError } from '#src/ui/form-fields.ts';

export type Location = z.infer<typeof locationSchema>;

export interface SubLocationValues {
  /** Stable while the form is open (new sub-locations have no id yet). */
  key: string;
  id: number | null;
  name: string;
  latitude: number;
  longitude: number;
}

export interface LocationValues {
  name: string;
  description: string;
  organizationLocationTypeId: string;
  customerId: string | null;
  loadingTeamId: string | null;
  userIds: string[];
  premiseId: string;
  hasScale: boolean;
  enabled: boolean;
  address1: string;
  address2: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
  groupColor: string | null;
  siteInstructions: string;
  customGeofence: GeofenceShape;
  subLocations: SubLocationValues[];
}

/** Spec 2 §4: a new location is of type 1, enabled, without scale, its geofence not placed (latitude 1). */
export const UNPLACED_GEOFENCE: GeofenceShape = { latitude: UNPLACED_LATITUDE, longitude: 0, radius: null, bbox: null };

let nextKey = 0;
export const newSubLocationKey = () => `new-${++nextKey}`;

export function locationValues(location: Location | null): LocationValues {
  return {
    name: location?.name ?? '',
    description: location?.description ?? '',
    organizationLocationTypeId: String(location?.organizationLocationTypeId ?? 1),
    customerId: location?.customerId == null ? null : String(location.customerId),
    loadingTeamId: location?.loadingTeamId == null ? null : String(location.loadingTeamId),
    userIds: (location?.userIds ?? []).map(String),
    premiseId: location?.premiseId ?? '',
    hasScale: location?.hasScale ?? false,
    enabled: location?.enabled ?? true,
    address1: location?.address1 ?? '',
    address2: location?.address2 ?? '',
    city: location?.city ?? '',
    state: location?.state ?? '',
    postalCode: location?.postalCode ?? '',
    country: location?.country ?? 'US',
    groupColor: location?.groupColor ?? null,
    siteInstructions: location?.siteInstructions ?? '',
    customGeofence: location?.customGeofence ?? UNPLACED_GEOFENCE,
    subLocations: (location?.orgSubLocations ?? []).map((sub) => ({
      key: `sub-${sub.id ?? newSubLocationKey()}`,
      id: sub.id ?? null,
      name: sub.name,
      latitude: sub.customGeofence?.latitude ?? location?.customGeofence.latitude ?? 0,
      longitude: sub.customGeofence?.longitude ?? location?.customGeofence.longitude ?? 0,
    })),
  };
}

const optional = (value: string) => (value.trim() === '' ? null : value.trim());
const idOrNull = (value: string | null) => (value === null ? null : Number(value));

export function locationInput(values: LocationValues): LocationInput {
  return {
    name: values.name.trim(),
    description: optional(values.description),
    organizationLocationTypeId: Number(values.organizationLocationTypeId),
    customerId: idOrNull(values.customerId),
    loadingTeamId: idOrNull(values.loadingTeamId),
    userIds: values.userIds.map(Number),
    premiseId: optional(values.premiseId),
    hasScale: values.hasScale,
    enabled: values.enabled,
    address1: values.address1.trim(),
    address2: optional(values.address2),
    city: values.city.trim(),
    state: values.state.trim(),
    postalCode: values.postalCode.trim(),
    country: values.country.trim() || 'US',
    groupColor: values.groupColor as LocationInput['groupColor'],
    siteInstructions: optional(values.siteInstructions),
    customGeofence: values.customGeofence,
    orgSubLocations: values.subLocations.map((sub) => ({
      id: sub.id,
      name: sub.name.trim(),
      latitude: sub.latitude,
      longitude: sub.longitude,
    })),
  };
}

type TextField = 'name' | 'description' | 'address1' | 'address2' | 'city' | 'state' | 'postalCode' | 'premiseId';
export type LocationErrors = Partial<Record<TextField | 'customGeofence' | 'subLocations', FieldError>>;

/** Spec 2 §5: required fields, 200 characters, premiseId 7, and a geofence placed before saving. */
export function locationErrors(values: LocationValues): LocationErrors {
  const errors: LocationErrors = {};
  const check = (field: TextField, required: boolean, max = LOCATION_TEXT_MAX) => {
    const value = values[field].trim();
    if (required && value === '') errors[field] = { key: 'errors.required' };
    else if (value.length > max) errors[field] = { key: 'errors.tooLong', values: { max } };
  };
  check('name', true);
  check('description', false);
  check('address1', true);
  check('address2', false);
  check('city', true);
  check('state', true);
  check('postalCode', true, 20);
  check('premiseId', false, PREMISE_ID_MAX);
  if (!isGeofencePlaced(values.customGeofence)) errors.customGeofence = { key: 'warningCreateGeozone' };
  if (values.subLocations.some((sub) => sub.name.trim() === '' || sub.name.length > LOCATION_TEXT_MAX)) {
    errors.subLocations = { key: 'errors.subLocationName' };
  }
  return errors;
}

/** Coordinates typed by hand: each within its range (spec 2 §5's invalid latitude / longitude). */
export function coordinateErrors(latitude: number | '', longitude: number | '') {
  return {
    latitude: latitude !== '' && !isValidLatitude(latitude) ? 'errors.invalidLatitude' : undefined,
    longitude: longitude !== '' && !isValidLongitude(longitude) ? 'errors.invalidLongitude' : undefined,
  };
}

// ── Throughput ───────────────────────────────────────────────────────────────────────────────────

export interface ThroughputRowValues {
  key: string;
  stopType: 'Origin' | 'Destination';
  cargoTypeId: string | null;
  baselineLoadingMinutes: number | '';
  cargoUnitsPerMinute: number | '';
  /** In the user's weight unit. */
  weightPerMinute: number | '';
}

export function throughputValues(rules: readonly ThroughputRule[], unit: WeightUnit): ThroughputRowValues[] {
  return rules
    .filter((rule): rule is ThroughputRule & { stopType: 'Origin' | 'Destination' } => rule.stopType !== 'Weigh')
    .map((rule) => ({
      key: `rule-${rule.id}`,
      stopType: rule.stopType,
      cargoTypeId: rule.cargoTypeId === null ? null : String(rule.cargoTypeId),
      baselineLoadingMinutes: rule.baselineLoadingMinutes ?? '',
      cargoUnitsPerMinute: rule.cargoUnitsPerMinute ?? '',
      weightPerMinute: rule.weightPerMinute === null ? '' : gramsToDisplayWeight(rule.weightPerMinute, unit),
    }));
}

const numberOrNull = (value: number | '') => (value === '' ? null : value);

/** The rows to save: weights in grams, and rows with no number dropped (spec 2 §5, as stop times read them). */
export function throughputInput(rows: readonly ThroughputRowValues[], unit: WeightUnit): LocationThroughputRow[] {
  return rows
    .map((row) => ({
      stopType: row.stopType,
      cargoTypeId: row.cargoTypeId === null ? null : Number(row.cargoTypeId),
      baselineLoadingMinutes: numberOrNull(row.baselineLoadingMinutes),
      cargoUnitsPerMinute: numberOrNull(row.cargoUnitsPerMinute),
      weightPerMinute: row.weightPerMinute === '' ? null : weightUnitToGrams(row.weightPerMinute, unit),
    }))
    .filter(hasLoadingTerm);
}

/** Spec 2 §5: baseline 1–600 minutes, units and weight per minute 1–100,000; one row per stop type and cargo type. */
export function throughputErrors(rows: readonly ThroughputRowValues[]): string | null {
  const outside = (value: number | '', min: number, max: number) => value !== '' && (value < min || value > max);
  if (rows.some((row) => outside(row.baselineLoadingMinutes, 1, 600))) return 'throughput.baselineRange';
  if (rows.some((row) => outside(row.cargoUnitsPerMinute, 1, 100_000) || outside(row.weightPerMinute, 0, 100_000))) {
    return 'throughput.rateRange';
  }
  const kept = rows.filter(
    (row) => row.baselineLoadingMinutes !== '' || row.cargoUnitsPerMinute !== '' || row.weightPerMinute !== '',
  );
  const pairs = kept.map((row) => `${row.stopType}:${row.cargoTypeId}`);
  return new Set(pairs).size === pairs.length ? null : 'throughput.duplicate';
}
