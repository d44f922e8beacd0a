import type { CompanyProfile, CompanyProfileInput } from '#core/contract/companies';
import { LATITUDE_MESSAGE, LONGITUDE_MESSAGE } from '#core/contract/company';
import { isValidLatitude, isValidLongitude } from '#core/domain/company-settings';
import { carrierFlagFor, isCarrierFlagLocked } from '#core/domain/master-data/companies';

/** The company form's values: latitude and longitude as their inputs hold them (empty until typed). */
export type CompanyFormValues = Omit<CompanyProfileInput, 'latitude' | 'longitude'> & {
  latitude: number | string;
  longitude: number | string;
};

/**
 * A new company starts as the spec's defaults: English (US), Central time, imperial, Standard, not a
 * carrier; its position has no default, it is asked for (spec 2: latitude and longitude are required).
 */
export const NEW_COMPANY_VALUES: CompanyFormValues = {
  name: '',
  language: 'en-US',
  timezone: 'America/Chicago',
  units: 'Imperial',
  unitsWeight: 'Pound',
  latitude: '',
  longitude: '',
  tier: 'Standard',
  isCarrier: false,
};

export function companyFormValues(company: CompanyProfile | null): CompanyFormValues {
  if (!company) return NEW_COMPANY_VALUES;
  const { id: _id, version: _version, latitude, longitude, ...values } = company;
  return { ...values, latitude: latitude ?? '', longitude: longitude ?? '' };
}

/** Values after a change: choosing Freemium clears the carrier flag unless the stored company is a carrier. */
export function changeCompanyValues(
  values: CompanyFormValues,
  change: Partial<CompanyFormValues>,
  stored: CompanyProfile | null,
): CompanyFormValues {
  const next = { ...values, ...change };
  return { ...next, isCarrier: carrierFlagFor(next.tier, next.isCarrier, stored?.isCarrier) };
}

/** The carrier checkbox is off for Freemium and locked once the stored company is a carrier. */
export function carrierCheckboxDisabled(values: CompanyFormValues, stored: CompanyProfile | null): boolean {
  return isCarrierFlagLocked(stored?.isCarrier) || values.tier === 'Freemium';
}

/** The rule each position field breaks, as the company settings page names it (`invalidLatitude`…). */
export function companyPositionErrors(values: CompanyFormValues): {
  latitude: typeof LATITUDE_MESSAGE | undefined;
  longitude: typeof LONGITUDE_MESSAGE | undefined;
} {
  return {
    latitude: isValidLatitude(values.latitude) ? undefined : LATITUDE_MESSAGE,
    longitude: isValidLongitude(values.longitude) ? undefined : LONGITUDE_MESSAGE,
  };
}

export const canSaveCompany = (values: CompanyFormValues) => {
  const position = companyPositionErrors(values);
  return values.name.trim().length > 0 && !position.latitude && !position.longitude;
};

/** What the form sends; only called once `canSaveCompany` holds, so the position is numbers. */
export function companyInput(values: CompanyFormValues): CompanyProfileInput {
  return { ...values, latitude: Number(values.latitude), longitude: Number(values.longitude) };
}
