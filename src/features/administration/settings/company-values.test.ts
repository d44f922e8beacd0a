import { describe, expect, it } from 'vitest';
import type { Company } from '#core/contract/company';
import { DEFAULT_COMPANY_SETTINGS } from '#core/domain/company-settings';
import { canSaveCompany, companyErrors, companyUpdate, companyValues } from './company-values.ts';

const company: Company = {
  id: 1,
  name: 'Prairie Feed Co.',
  language: 'en-US',
  timezone: 'America/Chicago',
  units: 'Imperial',
  unitsWeight: 'Pound',
  tier: 'Standard',
  isCarrier: false,
  latitude: 42.02,
  longitude: -93.45,
  etaThresholdMinutes: 30,
  settings: DEFAULT_COMPANY_SETTINGS,
  version: 3,
};
const standard = { tier: 'Standard', isCarrier: false };
const freemium = { tier: 'Freemium', isCarrier: false };

describe('the company settings form', () => {
  it('waits for both ETA thresholds, naming the broken one', () => {
    const values = companyValues(company);
    expect(canSaveCompany(values, standard)).toBe(true);
    const tooLate = { ...values, etaThresholdMinutes: 601 };
    expect(companyErrors(tooLate, standard)).toEqual({ etaThresholdMinutes: 'invalidThresholdNumber' });
    expect(canSaveCompany(tooLate, standard)).toBe(false);
    const typing = { ...values, settings: { ...values.settings, etaDelayThresholdMinutes: '' } };
    expect(canSaveCompany(typing, standard)).toBe(false);
    // A Freemium company does not see the thresholds, so they never hold its Save back.
    expect(canSaveCompany(tooLate, freemium)).toBe(true);
  });

  it('needs coordinates on the globe', () => {
    const values = { ...companyValues(company), latitude: 91, longitude: '' };
    expect(companyErrors(values, standard)).toEqual({ latitude: 'invalidLatitude', longitude: 'invalidLongitude' });
  });

  it('sends every setting with its base version, leaving out what a Freemium or carrier company does not see', () => {
    const values = companyValues(company);
    expect(companyUpdate(values, company.version, standard)).toEqual({
      name: 'Prairie Feed Co.',
      language: 'en-US',
      timezone: 'America/Chicago',
      units: 'Imperial',
      unitsWeight: 'Pound',
      latitude: 42.02,
      longitude: -93.45,
      etaThresholdMinutes: 30,
      settings: DEFAULT_COMPANY_SETTINGS,
      version: 3,
    });
    const hidden = companyUpdate(values, company.version, { tier: 'Standard', isCarrier: true });
    expect(hidden).not.toHaveProperty('etaThresholdMinutes');
    expect(Object.keys(hidden.settings)).not.toContain('etaDelayThresholdMinutes');
    expect(Object.keys(hidden.settings)).not.toContain('driverReportStopActuals');
    expect(hidden.settings).toMatchObject({ driverAssignCompartments: 'no', avoidanceZoneAudioWarningDistanceMeters: 800 });
  });
});
