import { z } from 'zod';
import {
  AUDIO_WARNING_MAX_METERS,
  isValidLatitude,
  isValidLongitude,
  isValidThreshold,
  YES_NO_REQUIRED,
} from '#core/domain/company-settings';
import { unitSystemSchema, weightUnitSchema } from '#core/domain/units';
import { int, text, versionSchema } from './limits.ts';
import { languageSchema, tierSchema, timezoneSchema } from './user.ts';

/**
 * Company settings (spec 2 §3, §5): `GET`/`PUT /api/organizations/{orgId}` with EditCompany, for the
 * active organization. Rule messages are keys the page translates (`invalidThresholdNumber`,
 * `invalidLatitude`, `invalidLongitude`). Tier and carrier flag are company administration's, not
 * settings: answered, never written here.
 */

export const THRESHOLD_MESSAGE = 'invalidThresholdNumber';
export const LATITUDE_MESSAGE = 'invalidLatitude';
export const LONGITUDE_MESSAGE = 'invalidLongitude';

const threshold = z.number().refine(isValidThreshold, THRESHOLD_MESSAGE);
const yesNoRequired = z.enum(YES_NO_REQUIRED);
const meters = int(0, AUDIO_WARNING_MAX_METERS);

/**
 * Every setting; the Standard-only ones (ETA, inactivity, driver reporting) are optional because a
 * Freemium or carrier organization's page does not show them, and the server then keeps what is stored.
 */
export const companySettingsInputSchema = z.object({
  etaDelayThresholdMinutes: threshold.optional(),
  insideSiteInactiveMinutes: threshold.optional(),
  outsideSiteInactiveMinutes: threshold.optional(),
  driverReportStopActuals: z.boolean().optional(),
  driverReportWeighStopWeight: yesNoRequired.optional(),
  enforceSameCustomerSplitLocations: z.boolean(),
  driverAllowStopStartOutOfSequence: z.boolean(),
  driverAllowStopCompletionOutOfSequence: z.boolean(),
  driverAssignCompartments: yesNoRequired,
  avoidanceZoneAudioWarningEnabled: z.boolean(),
  avoidanceZoneAudioWarningDistanceMeters: meters,
  avoidanceZoneAudioWarningResetDistanceMeters: meters,
});

export const companyUpdateSchema = z.object({
  name: text(200, { trim: true }).min(1, 'required'),
  language: languageSchema,
  timezone: timezoneSchema,
  units: unitSystemSchema,
  unitsWeight: weightUnitSchema,
  latitude: z.number().refine(isValidLatitude, LATITUDE_MESSAGE),
  longitude: z.number().refine(isValidLongitude, LONGITUDE_MESSAGE),
  etaThresholdMinutes: threshold.optional(),
  settings: companySettingsInputSchema,
  /** The version the edit is based on; a stale one answers 409 with the stored company in `error.current`. */
  version: versionSchema,
});
export type CompanyUpdate = z.input<typeof companyUpdateSchema>;

export const companySettingsSchema = z.object({
  etaDelayThresholdMinutes: z.number(),
  insideSiteInactiveMinutes: z.number(),
  outsideSiteInactiveMinutes: z.number(),
  driverReportStopActuals: z.boolean(),
  driverReportWeighStopWeight: yesNoRequired,
  enforceSameCustomerSplitLocations: z.boolean(),
  driverAllowStopStartOutOfSequence: z.boolean(),
  driverAllowStopCompletionOutOfSequence: z.boolean(),
  driverAssignCompartments: yesNoRequired,
  avoidanceZoneAudioWarningEnabled: z.boolean(),
  avoidanceZoneAudioWarningDistanceMeters: z.number(),
  avoidanceZoneAudioWarningResetDistanceMeters: z.number(),
});

export const companySchema = z.object({
  id: z.number(),
  name: z.string(),
  language: languageSchema,
  timezone: timezoneSchema,
  units: unitSystemSchema,
  unitsWeight: weightUnitSchema,
  tier: tierSchema,
  isCarrier: z.boolean(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  etaThresholdMinutes: z.number(),
  settings: companySettingsSchema,
  version: z.number(),
});
export type Company = z.infer<typeof companySchema>;
