import { describe, expect, it } from 'vitest';
import {
  DEFAULT_COMPANY_SETTINGS,
  etaThresholdsValid,
  isValidLatitude,
  isValidLongitude,
  isValidThreshold,
  showsStandardOnlySettings,
  withDefaultSettings,
} from './company-settings.ts';

const standard = { tier: 'Standard', isCarrier: false };

describe('company settings', () => {
  it('take the spec defaults: ETA delay 60, inside-site inactive 30, outside-site inactive 10', () => {
    expect(DEFAULT_COMPANY_SETTINGS).toMatchObject({
      etaDelayThresholdMinutes: 60,
      insideSiteInactiveMinutes: 30,
      outsideSiteInactiveMinutes: 10,
    });
    expect(withDefaultSettings({ insideSiteInactiveMinutes: 45, driverAssignCompartments: 'required', unknown: 1 })).toEqual({
      ...DEFAULT_COMPANY_SETTINGS,
      insideSiteInactiveMinutes: 45,
      driverAssignCompartments: 'required',
    });
    // A stored value of the wrong type falls back to the default.
    expect(withDefaultSettings({ etaDelayThresholdMinutes: '90' }).etaDelayThresholdMinutes).toBe(60);
  });

  it('accept thresholds of 0 to 600 whole minutes', () => {
    for (const minutes of [0, 1, 30, 600]) expect(isValidThreshold(minutes)).toBe(true);
    for (const minutes of [-1, 601, 30.5, Number.NaN, '30', null]) expect(isValidThreshold(minutes)).toBe(false);
  });

  it('accept latitudes of -90 to 90 and longitudes of -180 to 180', () => {
    expect([-90, 0, 90].every(isValidLatitude)).toBe(true);
    expect([-90.0001, 90.0001, Number.NaN].some(isValidLatitude)).toBe(false);
    expect([-180, 180].every(isValidLongitude)).toBe(true);
    expect([-180.5, 181].some(isValidLongitude)).toBe(false);
  });

  it('hide ETA, inactivity and driver reporting from Freemium and carrier organizations', () => {
    expect(showsStandardOnlySettings(standard)).toBe(true);
    expect(showsStandardOnlySettings({ tier: 'Freemium', isCarrier: false })).toBe(false);
    expect(showsStandardOnlySettings({ tier: 'Standard', isCarrier: true })).toBe(false);
  });

  it('let Save wait while either ETA threshold is invalid, unless the organization does not see them', () => {
    expect(etaThresholdsValid({ etaThresholdMinutes: 30, etaDelayThresholdMinutes: 60 }, standard)).toBe(true);
    expect(etaThresholdsValid({ etaThresholdMinutes: 601, etaDelayThresholdMinutes: 60 }, standard)).toBe(false);
    expect(etaThresholdsValid({ etaThresholdMinutes: 30, etaDelayThresholdMinutes: -1 }, standard)).toBe(false);
    expect(
      etaThresholdsValid({ etaThresholdMinutes: 601, etaDelayThresholdMinutes: 60 }, { tier: 'Freemium', isCarrier: false }),
    ).toBe(true);
  });
});
