import { describe, expect, it } from 'vitest';
import type { CompanyProfile } from '#core/contract/companies';
import {
  canSaveCompany,
  carrierCheckboxDisabled,
  changeCompanyValues,
  companyFormValues,
  companyInput,
  companyPositionErrors,
  NEW_COMPANY_VALUES,
} from './company-values.ts';

const carrier: CompanyProfile = {
  ...NEW_COMPANY_VALUES,
  latitude: 41.6,
  longitude: -93.6,
  id: 7,
  name: 'Swift Haul',
  isCarrier: true,
  version: 3,
};

describe('company form values', () => {
  it('choosing Freemium clears the carrier flag and disables the checkbox', () => {
    const values = changeCompanyValues({ ...NEW_COMPANY_VALUES, isCarrier: true }, { tier: 'Freemium' }, null);
    expect(values).toMatchObject({ tier: 'Freemium', isCarrier: false });
    expect(carrierCheckboxDisabled(values, null)).toBe(true);
    expect(carrierCheckboxDisabled(NEW_COMPANY_VALUES, null)).toBe(false);
  });

  it('a stored carrier keeps its flag and its checkbox is locked', () => {
    const values = changeCompanyValues(companyFormValues(carrier), { isCarrier: false }, carrier);
    expect(values.isCarrier).toBe(true);
    expect(carrierCheckboxDisabled(values, carrier)).toBe(true);
  });

  it('needs a name', () => {
    expect(canSaveCompany({ ...companyFormValues(carrier), name: '  ' })).toBe(false);
    expect(canSaveCompany(companyFormValues(carrier))).toBe(true);
  });

  it('asks a new company for its latitude and longitude, each in range', () => {
    const named = { ...NEW_COMPANY_VALUES, name: 'Hilltop Grain' };
    expect(canSaveCompany(named)).toBe(false);
    expect(companyPositionErrors(named)).toEqual({ latitude: 'invalidLatitude', longitude: 'invalidLongitude' });
    expect(companyPositionErrors({ ...named, latitude: 90.5, longitude: -180 })).toEqual({
      latitude: 'invalidLatitude',
      longitude: undefined,
    });
    const placed = { ...named, latitude: 42.03, longitude: -93.62 };
    expect(canSaveCompany(placed)).toBe(true);
    expect(companyInput(placed)).toMatchObject({ latitude: 42.03, longitude: -93.62 });
  });

  it('shows a stored company without a position with empty fields, to be filled before saving', () => {
    const unplaced = companyFormValues({ ...carrier, latitude: null, longitude: null });
    expect(unplaced).toMatchObject({ latitude: '', longitude: '' });
    expect(canSaveCompany(unplaced)).toBe(false);
  });
});
