/**
 * Company settings rules (spec 2 §3, §5, §6, §9): the organization's defaults, the 0–600 minute
 * thresholds, coordinates, and which settings a Freemium or carrier organization does not see.
 */

export const THRESHOLD_MIN_MINUTES = 0;
export const THRESHOLD_MAX_MINUTES = 600;

export const YES_NO_REQUIRED = ['no', 'yes', 'required'] as const;
export type YesNoRequired = (typeof YES_NO_REQUIRED)[number];

/** Audio warning distances are whole metres; the cap keeps a typo from warning a whole county. */
export const AUDIO_WARNING_MAX_METERS = 100_000;

export interface CompanySettings {
  etaDelayThresholdMinutes: number;
  insideSiteInactiveMinutes: number;
  outsideSiteInactiveMinutes: number;
  driverReportStopActuals: boolean;
  driverReportWeighStopWeight: YesNoRequired;
  enforceSameCustomerSplitLocations: boolean;
  driverAllowStopStartOutOfSequence: boolean;
  driverAllowStopCompletionOutOfSequence: boolean;
  driverAssignCompartments: YesNoRequired;
  avoidanceZoneAudioWarningEnabled: boolean;
  avoidanceZoneAudioWarningDistanceMeters: number;
  avoidanceZoneAudioWarningResetDistanceMeters: number;
}

export const DEFAULT_ETA_THRESHOLD_MINUTES = 30;

/** What an organization has before anyone saves its settings (the spec's defaults; the rest off). */
export const DEFAULT_COMPANY_SETTINGS: CompanySettings = {
  etaDelayThresholdMinutes: 60,
  insideSiteInactiveMinutes: 30,
  outsideSiteInactiveMinutes: 10,
  driverReportStopActuals: false,
  driverReportWeighStopWeight: 'no',
  enforceSameCustomerSplitLocations: false,
  driverAllowStopStartOutOfSequence: false,
  driverAllowStopCompletionOutOfSequence: false,
  driverAssignCompartments: 'no',
  avoidanceZoneAudioWarningEnabled: false,
  avoidanceZoneAudioWarningDistanceMeters: 800,
  avoidanceZoneAudioWarningResetDistanceMeters: 1600,
};

/** The stored settings completed with the defaults, so an organization saved before a setting existed still has it. */
export function withDefaultSettings(stored: Partial<Record<string, unknown>>): CompanySettings {
  const settings = { ...DEFAULT_COMPANY_SETTINGS };
  for (const key of Object.keys(settings) as (keyof CompanySettings)[]) {
    const value = stored[key];
    if (typeof value === typeof settings[key]) Object.assign(settings, { [key]: value });
  }
  return settings;
}

/** A threshold (ETA, ETA delay, inside/outside-site inactive): a whole number of minutes from 0 to 600. */
export function isValidThreshold(minutes: unknown): minutes is number {
  return (
    typeof minutes === 'number' &&
    Number.isInteger(minutes) &&
    minutes >= THRESHOLD_MIN_MINUTES &&
    minutes <= THRESHOLD_MAX_MINUTES
  );
}

export const isValidLatitude = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= -90 && value <= 90;
export const isValidLongitude = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= -180 && value <= 180;

/** The settings of ETA, inactivity (unscheduled stops) and driver reporting: Standard, non-carrier organizations only (§6). */
export const STANDARD_ONLY_SETTINGS = [
  'etaThresholdMinutes',
  'etaDelayThresholdMinutes',
  'insideSiteInactiveMinutes',
  'outsideSiteInactiveMinutes',
  'driverReportStopActuals',
  'driverReportWeighStopWeight',
] as const;
export type StandardOnlySetting = (typeof STANDARD_ONLY_SETTINGS)[number];

/** Whether the organization sees (and may change) the Standard-only settings. */
export function showsStandardOnlySettings(organization: { tier: string; isCarrier: boolean }): boolean {
  return organization.tier !== 'Freemium' && !organization.isCarrier;
}

/** Save waits for both ETA thresholds to be valid (spec 2 §5); hidden ones are not the user's to fix. */
export function etaThresholdsValid(
  values: { etaThresholdMinutes: unknown; etaDelayThresholdMinutes: unknown },
  organization: { tier: string; isCarrier: boolean },
): boolean {
  if (!showsStandardOnlySettings(organization)) return true;
  return isValidThreshold(values.etaThresholdMinutes) && isValidThreshold(values.etaDelayThresholdMinutes);
}
