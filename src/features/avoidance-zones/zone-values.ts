import type { AvoidanceZone, AvoidanceZoneInput, ZoneArea, ZoneRestriction } from '#core/contract/avoidance-zones';
import { restrictionOf, settleRestriction } from '#core/domain/avoidance-zones';
import { isValidLatitude, isValidLongitude } from '#core/domain/company-settings';
import { gramsToDisplayWeight, type WeightUnit, weightUnitToGrams } from '#core/domain/units';
import type { FieldError } from '#src/ui/form-fields.ts';

/** Spec 2 §5: a zone's name, description and address lines hold at most 200 characters. */
export const ZONE_TEXT_MAX = 200;

export interface ZoneValues {
  name: string;
  description: string;
  global: boolean;
  active: boolean;
  /** Null until a site, a click or an address places it. */
  area: ZoneArea | null;
  restriction: ZoneRestriction;
  /** In the user's weight unit. */
  weightThreshold: number | '';
  cargoTypeIds: string[];
}

export function zoneValues(zone: AvoidanceZone | null, weightUnit: WeightUnit): ZoneValues {
  return {
    name: zone?.name ?? '',
    description: zone?.description ?? '',
    global: zone ? zone.organizationId === null : false,
    active: zone ? zone.deactivatedAt === null : true,
    area: zone?.geoLocation ?? null,
    restriction: zone ? restrictionOf(zone) : 'none',
    weightThreshold: zone?.weightThreshold != null ? gramsToDisplayWeight(zone.weightThreshold, weightUnit) : '',
    cargoTypeIds: (zone?.cargoTypeIds ?? []).map(String),
  };
}

/** The values as the server takes them: the restriction's other value cleared (settleRestriction), grams. */
export function zoneInput(values: ZoneValues, weightUnit: WeightUnit): AvoidanceZoneInput {
  const settled = settleRestriction({
    restriction: values.restriction,
    weightThreshold: values.weightThreshold === '' ? null : Math.round(weightUnitToGrams(values.weightThreshold, weightUnit)),
    cargoTypeIds: values.cargoTypeIds.map(Number),
  });
  return {
    name: values.name.trim(),
    description: values.description.trim() || null,
    global: values.global,
    active: values.active,
    geoLocation: values.area as ZoneArea,
    restriction: values.restriction,
    weightThreshold: settled.weightThreshold,
    cargoTypeIds: settled.cargoTypeIds,
  };
}

const tooLong = (text: string): FieldError | undefined =>
  text.trim().length > ZONE_TEXT_MAX ? { key: 'errors.tooLong', values: { max: ZONE_TEXT_MAX } } : undefined;

/** The form's rules (spec 2 §5–6): keys of the `avoidance-zones` namespace. */
export function zoneErrors(values: ZoneValues): Partial<Record<keyof ZoneValues, FieldError>> {
  const settled = settleRestriction({
    restriction: values.restriction,
    weightThreshold: values.weightThreshold === '' ? null : values.weightThreshold,
    cargoTypeIds: values.cargoTypeIds.map(Number),
  });
  return {
    name: values.name.trim() === '' ? { key: 'errors.required' } : tooLong(values.name),
    description: tooLong(values.description),
    area: values.area === null ? { key: 'errors.noLocation' } : undefined,
    weightThreshold:
      settled.missing === 'weightThreshold' || (values.weightThreshold !== '' && values.weightThreshold <= 0)
        ? { key: 'errors.weightThreshold' }
        : undefined,
    cargoTypeIds: settled.missing === 'cargoTypeIds' ? { key: 'errors.cargoTypes' } : undefined,
  };
}

/** Spec 2 §5: latitude −90…90 and longitude −180…180, both non-zero (zero is "not entered"). */
export function zoneCoordinateErrors(latitude: number | '', longitude: number | '') {
  return {
    latitude: latitude !== '' && (!isValidLatitude(latitude) || latitude === 0) ? 'errors.invalidLatitude' : undefined,
    longitude: longitude !== '' && (!isValidLongitude(longitude) || longitude === 0) ? 'errors.invalidLongitude' : undefined,
  };
}

export interface ZoneAddress {
  address1: string;
  address2: string;
  city: string;
  state: string;
  postalCode: string;
}

/** Spec 2 §5: the address search needs line 1, city, state and postal code. */
export function canSearchAddress(address: ZoneAddress): boolean {
  return [address.address1, address.city, address.state, address.postalCode].every((part) => part.trim() !== '');
}

export function addressQuery(address: ZoneAddress): string {
  return [address.address1, address.address2, address.city, address.state, address.postalCode]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(', ');
}
