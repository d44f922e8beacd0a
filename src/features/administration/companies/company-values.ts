import type { CompanyProfile, CompanyProfileInput } from '#core/contract/companies';
import { carrierFlagFor, isCarrierFlagLocked } from '#core/domain/master-data/companies';

/** A new company starts as the spec's defaults: English (US), Central time, imperial, Standard, not a carrier. */
export const NEW_COMPANY_VALUES: CompanyProfileInput = {
  name: '',
  language: 'en-US',
  timezone: 'America/Chicago',
  units: 'Imperial',
  unitsWeight: 'Pound',
  tier: 'Standard',
  isCarrier: false,
};

export function companyFormValues(company: CompanyProfile | null): CompanyProfileInput {
  if (!company) return NEW_COMPANY_VALUES;
  const { id: _id, version: _version, ...values } = company;
  return values;
}

/** Values after a change: choosing Freemium clears the carrier flag unless the stored company is a carrier. */
export function changeCompanyValues(
  values: CompanyProfileInput,
  change: Partial<CompanyProfileInput>,
  stored: CompanyProfile | null,
): CompanyProfileInput {
  const next = { ...values, ...change };
  return { ...next, isCarrier: carrierFlagFor(next.tier, next.isCarrier, stored?.isCarrier) };
}

/** The carrier checkbox is off for Freemium and locked once the stored company is a carrier. */
export function carrierCheckboxDisabled(values: CompanyProfileInput, stored: CompanyProfile | null): boolean {
  return isCarrierFlagLocked(stored?.isCarrier) || values.tier === 'Freemium';
}

export const canSaveCompany = (values: CompanyProfileInput) => values.name.trim().length > 0;
