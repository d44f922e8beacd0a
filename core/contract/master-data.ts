import { z } from 'zod';
import {
  DOWNTIME_DEFAULT_DURATION_MINUTES,
  DOWNTIME_MASK_PATTERN,
  DOWNTIME_TIME_PATTERN,
  isCalendarDate,
  isValidCompartmentCount,
  isValidVin,
  normalizeStartTime,
  ONE_TIME_MASK,
  VIN_LENGTH,
} from '#core/domain/master-data/index';
import { organizationParamsSchema } from './common.ts';
import { gramsSchema, idTextSchema, int, text, versionSchema } from './limits.ts';
import { customerSchema, tractorSchema, trailerSchema } from './reference-lists.ts';
import { notAReference, referenceId, subjectIdTextSchema } from './references.ts';
import { timezoneSchema } from './user.ts';

/**
 * Bodies and answers of the master-data writes (spec 2 §3, §5, §7): tractors, trailers, customers and
 * the downtime of tractors, trailers and drivers, under `/api/organizations/{orgId}/…`. Weights travel
 * in grams (the forms convert with core/domain/units.ts). Rules needing the user's weight unit, the
 * tier or the cargo types' labels (max cargo weight ≥ 2 in the user's unit, a cargo type at most once)
 * are core/domain/master-data, which the server runs again and answers 400 naming the field.
 * Answers are the rows the reference lists and the change feed carry (core/contract/reference-lists.ts).
 */

export { customerSchema, tractorSchema, trailerSchema };
export type Tractor = z.infer<typeof tractorSchema>;
export type Trailer = z.infer<typeof trailerSchema>;
export type Customer = z.infer<typeof customerSchema>;

const NAME_MAX = 200;
const name = text(NAME_MAX, { trim: true }).min(1, 'required');
const optionalText = text(NAME_MAX, { trim: true }).nullable().optional();
const vin = text(NAME_MAX, { trim: true })
  .nullable()
  .optional()
  .refine(isValidVin, `a VIN has exactly ${VIN_LENGTH} characters, or is empty`);

/**
 * Standard-tier fields (spec 2 §6: weight, cargo, contract) are optional: a Freemium organization's
 * forms do not show them, and the server keeps what is stored (or the defaults) for it.
 */
export const tractorInputSchema = z.object({
  userDisplayName: name,
  vinNumber: vin,
  licensePlate: optionalText,
  make: optionalText,
  model: optionalText,
  enabled: z.boolean().default(true),
  contract: z.boolean().optional(),
  /** Grams, ≥ 0; null clears it. */
  weight: gramsSchema.nullable().optional(),
});
export type TractorInput = z.input<typeof tractorInputSchema>;

export const trailerCargoTypeInputSchema = z.object({
  cargoTypeId: referenceId('cargoType'),
  compartmentCount: int(1, 100).refine(isValidCompartmentCount, 'an integer of at least 1'),
});

export const trailerInputSchema = z.object({
  userDisplayName: name,
  vinNumber: vin,
  licensePlate: optionalText,
  enabled: z.boolean().default(true),
  contract: z.boolean().optional(),
  weight: gramsSchema.nullable().optional(),
  /** Grams; required for a Standard organization and at least 2 in the user's weight unit. */
  maxCargoWeight: gramsSchema.nullable().optional(),
  /** Each cargo type at most once (the server names a repeated one). */
  trailerCargoTypes: z.array(trailerCargoTypeInputSchema).max(50).optional(),
  /** The smart trailer's device: one of kind 'trailer'; null unlinks it, absent keeps it. */
  deviceId: referenceId('device').nullable().optional(),
});
export type TrailerInput = z.input<typeof trailerInputSchema>;

export const customerInputSchema = z.object({ customerName: name });
export type CustomerInput = z.input<typeof customerInputSchema>;

/** An update carries the version it was based on; a stale one answers 409 with the current row in `error.current`. */
const versioned = <Shape extends z.ZodRawShape>(schema: z.ZodObject<Shape>) => schema.extend({ version: versionSchema });
export const tractorUpdateSchema = versioned(tractorInputSchema);
export const trailerUpdateSchema = versioned(trailerInputSchema);
export const customerUpdateSchema = versioned(customerInputSchema);
export type TractorUpdate = z.input<typeof tractorUpdateSchema>;
export type TrailerUpdate = z.input<typeof trailerUpdateSchema>;
export type CustomerUpdate = z.input<typeof customerUpdateSchema>;

/**
 * A delete of a record still named elsewhere answers 409 with `rule: 'inUse'` and one issue per kind
 * of record naming it (a declared kind), `{ path: 'uses.order', message: '3' }`, so the client can say "used by 3 loads" in its
 * language. Tractors and trailers can be disabled instead (their `enabled` flag); customers have none.
 */
export const IN_USE_RULE = 'inUse';

/** `/organizations/{orgId}/{collection}/{id}`. */
export const organizationRecordParamsSchema = organizationParamsSchema.extend({ id: subjectIdTextSchema });

// ── Downtime ─────────────────────────────────────────────────────────────────────────────────────

export const DOWNTIME_RESOURCE_TYPES = ['tractor', 'trailer', 'driver'] as const;
export const downtimeResourceTypeSchema = z.enum(DOWNTIME_RESOURCE_TYPES);
export type DowntimeResourceType = z.infer<typeof downtimeResourceTypeSchema>;
/** The path collection of each resource type: `/organizations/{orgId}/{collection}/{resourceId}/downtime`. */
export const DOWNTIME_COLLECTIONS = { tractor: 'tractors', trailer: 'trailers', driver: 'drivers' } as const;

const calendarDate = z.string().refine(isCalendarDate, 'a date as YYYY-MM-DD between 1900 and 2199');

export const downtimeInputSchema = z.object({
  description: text(1000, { trim: true }).min(1, 'required'),
  startDate: calendarDate,
  /** `HH:mm:00` (`HH:mm` is accepted and stored with :00). */
  startTime: z.string().regex(DOWNTIME_TIME_PATTERN, 'a time as HH:mm:00').transform(normalizeStartTime),
  durationMinutes: int(1, 366 * 24 * 60).default(DOWNTIME_DEFAULT_DURATION_MINUTES),
  /** Absent: the user's contact's zone, else the organization's. */
  timezone: timezoneSchema.optional(),
  /** Sunday first; all zeros is one time. */
  recurrenceDaysOfWeek: z.string().regex(DOWNTIME_MASK_PATTERN, '7 characters 0 or 1, Sunday first').default(ONE_TIME_MASK),
});
export type DowntimeInput = z.input<typeof downtimeInputSchema>;
export const downtimeUpdateSchema = versioned(downtimeInputSchema);
export type DowntimeUpdate = z.input<typeof downtimeUpdateSchema>;

export const downtimeSchema = z.object({
  id: z.number().int(),
  organizationId: z.number().int(),
  resourceType: downtimeResourceTypeSchema,
  /** The tractor's, trailer's or driver's (user) id. */
  resourceId: z.number().int(),
  description: z.string(),
  startDate: z.string(),
  startTime: z.string(),
  durationMinutes: z.number().int(),
  timezone: z.string(),
  recurrenceDaysOfWeek: z.string(),
  version: z.number().int(),
});
export type Downtime = z.infer<typeof downtimeSchema>;

/** `/organizations/{orgId}/{collection}/{resourceId}/downtime`: the resource is known only from the path. */
export const downtimeCollectionParamsSchema = organizationParamsSchema.extend({
  resourceId: notAReference(
    idTextSchema,
    'the tractor, trailer or driver whose downtime this is; another organization’s is not found (404)',
  ),
});
/** `/organizations/{orgId}/{collection}/{resourceId}/downtime/{id}`. */
export const downtimeRecordParamsSchema = downtimeCollectionParamsSchema.extend({ id: subjectIdTextSchema });

/** `GET /organizations/{orgId}/downtime?startDate`: every recurring downtime, and one-time ones not ended before the date. */
export const downtimeQuerySchema = z.object({
  startDate: calendarDate.optional(),
});
