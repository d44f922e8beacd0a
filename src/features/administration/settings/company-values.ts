import type { Company, CompanyUpdate } from '#core/contract/company';
import { LATITUDE_MESSAGE, LONGITUDE_MESSAGE, THRESHOLD_MESSAGE } from '#core/contract/company';
import {
  type CompanySettings,
  etaThresholdsValid,
  isValidLatitude,
  isValidLongitude,
  isValidThreshold,
  showsStandardOnlySettings,
} from '#core/domain/company-settings';

/** A number field as Mantine's NumberInput holds it: a number, or the text typed while it is not one. */
type NumberField = number | string;

export interface CompanyValues
  extends Omit<Company, 'id' | 'tier' | 'isCarrier' | 'version' | 'latitude' | 'longitude' | 'etaThresholdMinutes' | 'settings'> {
  latitude: NumberField;
  longitude: NumberField;
  etaThresholdMinutes: NumberField;
  settings: Omit<CompanySettings, 'etaDelayThresholdMinutes' | 'insideSiteInactiveMinutes' | 'outsideSiteInactiveMinutes'> & {
    etaDelayThresholdMinutes: NumberField;
    insideSiteInactiveMinutes: NumberField;
    outsideSiteInactiveMinutes: NumberField;
  };
}

export function companyValues(company: Company): CompanyValues {
  const { id: _id, tier: _tier, isCarrier: _isCarrier, version: _version, latitude, longitude, ...rest } = company;
  return { ...rest, latitude: latitude ?? '', longitude: longitude ?? '' };
}

export type CompanyErrorField =
  | 'latitude'
  | 'longitude'
  | 'etaThresholdMinutes'
  | 'etaDelayThresholdMinutes'
  | 'insideSiteInactiveMinutes'
  | 'outsideSiteInactiveMinutes'
  | 'name';

/** Each field's broken rule, as the message key the page shows (the server refuses the same). */
export function companyErrors(values: CompanyValues, organization: { tier: string; isCarrier: boolean }) {
  const errors: Partial<Record<CompanyErrorField, string>> = {};
  if (!values.name.trim()) errors.name = 'required';
  if (!isValidLatitude(values.latitude)) errors.latitude = LATITUDE_MESSAGE;
  if (!isValidLongitude(values.longitude)) errors.longitude = LONGITUDE_MESSAGE;
  if (showsStandardOnlySettings(organization)) {
    if (!isValidThreshold(values.etaThresholdMinutes)) errors.etaThresholdMinutes = THRESHOLD_MESSAGE;
    for (const field of ['etaDelayThresholdMinutes', 'insideSiteInactiveMinutes', 'outsideSiteInactiveMinutes'] as const) {
      if (!isValidThreshold(values.settings[field])) errors[field] = THRESHOLD_MESSAGE;
    }
  }
  return errors;
}

/** Save waits for both ETA thresholds (spec 2 §5) and every other rule. */
export function canSaveCompany(values: CompanyValues, organization: { tier: string; isCarrier: boolean }) {
  const thresholds = {
    etaThresholdMinutes: values.etaThresholdMinutes,
    etaDelayThresholdMinutes: values.settings.etaDelayThresholdMinutes,
  };
  return etaThresholdsValid(thresholds, organization) && Object.keys(companyErrors(values, organization)).length === 0;
}

/** The body of the save; the Standard-only settings are left out where the organization does not see them. */
export function companyUpdate(
  values: CompanyValues,
  version: number,
  organization: { tier: string; isCarrier: boolean },
): CompanyUpdate {
  const {
    etaDelayThresholdMinutes,
    insideSiteInactiveMinutes,
    outsideSiteInactiveMinutes,
    driverReportStopActuals,
    driverReportWeighStopWeight,
    ...shared
  } = values.settings;
  const base = {
    name: values.name,
    language: values.language,
    timezone: values.timezone,
    units: values.units,
    unitsWeight: values.unitsWeight,
    latitude: Number(values.latitude),
    longitude: Number(values.longitude),
    version,
  };
  if (!showsStandardOnlySettings(organization)) return { ...base, settings: shared };
  return {
    ...base,
    etaThresholdMinutes: Number(values.etaThresholdMinutes),
    settings: {
      ...shared,
      etaDelayThresholdMinutes: Number(etaDelayThresholdMinutes),
      insideSiteInactiveMinutes: Number(insideSiteInactiveMinutes),
      outsideSiteInactiveMinutes: Number(outsideSiteInactiveMinutes),
      driverReportStopActuals,
      driverReportWeighStopWeight,
    },
  };
}
