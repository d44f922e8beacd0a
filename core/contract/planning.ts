import { z } from 'zod';
import { idSchema, int } from './limits.ts';
import { referenceId } from './references.ts';
import { hasLoadingTerm } from '#core/domain/planning/stop-times';

/**
 * Travel times between an organization's locations and the loading-duration (throughput) rules
 * that stop times are planned with (spec 1 §3, §7, §9; spec 2 "Throughput entry", §5).
 */

/** One leg asked for: from one location of the active organization to another (or the same). */
export const travelTimePairSchema = z.object({
  originOrganizationLocationId: referenceId('location'),
  destinationOrganizationLocationId: referenceId('location'),
});
export type TravelTimePair = z.infer<typeof travelTimePairSchema>;

/** Most pairs one request may ask for; an editor asks for its stops' legs, bulk planning for a few hundred. */
export const MAX_TRAVEL_TIME_PAIRS = 500;

/** `POST /api/organizations/:orgId/locations/travel-times` body. */
export const travelTimePairsBodySchema = z.array(travelTimePairSchema).max(MAX_TRAVEL_TIME_PAIRS);

/**
 * A travel-time entry: rounded to the nearest 300 s; a same-location pair is 0 s and 0 m. A pair whose
 * location has no position yet is left out of the answer (the client shows "travel time unavailable").
 */
export const travelTimeEntrySchema = travelTimePairSchema.extend({
  timeSeconds: z.number().int().min(0),
  distanceMeters: z.number().int().min(0),
});
export type TravelTimeEntry = z.infer<typeof travelTimeEntrySchema>;

export const THROUGHPUT_STOP_TYPES = ['Origin', 'Destination', 'Weigh'] as const;
export type ThroughputStopType = (typeof THROUGHPUT_STOP_TYPES)[number];
export const LOADING_ENTITY_TYPES = ['Organization', 'Location'] as const;

/** Upper bound of a weight rate in grams per minute: 100,000 metric tons, the largest unit the form allows. */
const MAX_WEIGHT_PER_MINUTE_GRAMS = 100_000 * 1_000_000;

/** A throughput row's fields and their limits (spec 2 §5), shared by the organization's and a location's rules. */
export const throughputRuleFields = z.object({
  stopType: z.enum(THROUGHPUT_STOP_TYPES),
  /** null = the rule for any cargo type (the "default" row). */
  cargoTypeId: referenceId('cargoType').nullable(),
  /** 'Organization' rules apply at every location; 'Location' rules at `locationId` only. */
  loadingEntityType: z.enum(LOADING_ENTITY_TYPES),
  locationId: referenceId('location').nullable(),
  baselineLoadingMinutes: int(1, 600).nullable(),
  cargoUnitsPerMinute: z.number().min(1).max(100_000).nullable(),
  /** Grams per minute; the form converts from the user's weight unit (0 means no weight term). */
  weightPerMinute: z.number().min(0).max(MAX_WEIGHT_PER_MINUTE_GRAMS).nullable(),
});

type RuleFields = z.infer<typeof throughputRuleFields>;

/** A location rule names its location, an organization rule none; a row needs at least one number (spec 2 §5). */
function checkRule(rule: RuleFields, ctx: z.RefinementCtx) {
  if (rule.loadingEntityType === 'Location' && rule.locationId === null) {
    ctx.addIssue({ code: 'custom', path: ['locationId'], message: 'a location rule needs its location' });
  }
  if (rule.loadingEntityType === 'Organization' && rule.locationId !== null) {
    ctx.addIssue({ code: 'custom', path: ['locationId'], message: 'an organization rule has no location' });
  }
  if (!hasLoadingTerm(rule)) {
    ctx.addIssue({ code: 'custom', path: ['baselineLoadingMinutes'], message: 'give a baseline, a units rate or a weight rate' });
  }
}

/** A throughput row as a client sends it (the administration issue saves them). */
export const throughputRuleInputSchema = throughputRuleFields.superRefine(checkRule);
export type ThroughputRuleInput = z.infer<typeof throughputRuleInputSchema>;

/** A throughput row as `GET /api/throughput` answers it (checked when written, not again when read). */
export const throughputRuleSchema = throughputRuleFields.extend({ id: idSchema });
export type ThroughputRule = z.infer<typeof throughputRuleSchema>;
