import { describe, expect, it } from 'vitest';
import type { CompanyProfile } from '#core/contract/companies';
import {
  canSaveCompany,
  carrierCheckboxDisabled,
  changeCompanyValues,
  companyFormValues,
  NEW_COMPANY_VALUES,
} from './company-values.ts';

const carrier: CompanyProfile = { ...NEW_COMPANY_VALUES, id: 7, name: 'Swift Haul', isCarrier: true, version: 3 };

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
    expect(canSaveCompany({ ...NEW_COMPANY_VALUES, name: '  ' })).toBe(false);
    expect(canSaveCompany(companyFormValues(carrier))).toBe(true);
  });
});
