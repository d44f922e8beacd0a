import { z } from 'zod';
import { isValidLatitude, isValidLongitude } from '#core/domain/company-settings';
import {
  GROUP_COLORS,
  isGeofencePlaced,
  LOCATION_TEXT_MAX,
  MAX_LOCATION_IMAGE_BYTES,
  MAX_LOCATION_IMAGES,
  PREMISE_ID_MAX,
} from '#core/domain/master-data/locations';
import { idSchema, text } from './limits.ts';
import { throughputRuleFields, throughputRuleSchema } from './planning.ts';
import { hasLoadingTerm } from '#core/domain/planning/stop-times';
import { organizationRecordParamsSchema } from './master-data.ts';
import { notAReference, referenceId, subjectIdTextSchema } from './references.ts';

/**
 * Locations (sites) as written through `/api/organizations/{orgId}/locations[/{id}]` (spec 2 §3–5),
 * their images and their throughput rules. The row is `locationSchema` (reference-lists.ts).
 */

/** The issue of a geofence moved on a site that ends a standard route (spec 2: a red error in the form). */
export const STANDARD_ROUTE_END = 'standardRouteEnd';
/** The issue of a geofence not drawn yet: the form shows spec 2's warningCreateGeozone. */
export const GEOFENCE_NOT_PLACED = 'warningCreateGeozone';

const latitude = z.number().refine(isValidLatitude, 'invalid latitude');
const longitude = z.number().refine(isValidLongitude, 'invalid longitude');
const point = z.object({ latitude, longitude });

/** A rectangle (bbox, its centre in latitude/longitude) or a circle (centre and radius in metres), as stored. */
export const geofenceInputSchema = z
  .object({
    latitude,
    longitude,
    radius: z.number().positive().max(100_000).nullable().default(null),
    bbox: z.object({ topLeft: point, bottomRight: point }).nullable().default(null),
  })
  .refine(isGeofencePlaced, GEOFENCE_NOT_PLACED);
export type GeofenceInput = z.input<typeof geofenceInputSchema>;

/** A sub-location: a name and the centre of its circle (radius 6.096 m, set by the server). */
export const subLocationInputSchema = z.object({
  /** One of the location's own sub-locations, kept (stops name it); none for a new one. */
  id: notAReference(idSchema, 'a sub-location of the location written, kept; a new one has none').nullable().default(null),
  name: text(LOCATION_TEXT_MAX, { trim: true }).min(1, 'required'),
  latitude,
  longitude,
});
export type SubLocationInput = z.input<typeof subLocationInputSchema>;

const optionalText = (max: number) =>
  text(max, { trim: true })
    .nullable()
    .default(null)
    .transform((value) => value || null);

export const locationInputSchema = z.object({
  name: text(LOCATION_TEXT_MAX, { trim: true }).min(1, 'required'),
  description: optionalText(LOCATION_TEXT_MAX),
  organizationLocationTypeId: notAReference(idSchema, 'a location type, shared by every organization'),
  customerId: referenceId('customer').nullable().default(null),
  /** Site-type locations only; cleared for the others. */
  loadingTeamId: referenceId('loadingTeam').nullable().default(null),
  /** Site managers: users holding a management role, each once (site-type locations only). */
  userIds: z
    .array(referenceId('user'))
    .max(100)
    .default([])
    .refine((ids) => new Set(ids).size === ids.length, 'each user once'),
  premiseId: notAReference(optionalText(PREMISE_ID_MAX), 'the site’s livestock premise identifier, not a record id'),
  hasScale: z.boolean().default(false),
  enabled: z.boolean().default(true),
  address1: text(LOCATION_TEXT_MAX, { trim: true }).min(1, 'required'),
  address2: optionalText(LOCATION_TEXT_MAX),
  city: text(LOCATION_TEXT_MAX, { trim: true }).min(1, 'required'),
  state: text(LOCATION_TEXT_MAX, { trim: true }).min(1, 'required'),
  postalCode: text(20, { trim: true }).min(1, 'required'),
  country: text(LOCATION_TEXT_MAX, { trim: true }).min(1).default('US'),
  groupColor: z.enum(GROUP_COLORS).nullable().default(null),
  siteInstructions: optionalText(4000),
  customGeofence: geofenceInputSchema,
  orgSubLocations: z.array(subLocationInputSchema).max(200).default([]),
});
export type LocationInput = z.input<typeof locationInputSchema>;

// ── Images ───────────────────────────────────────────────────────────────────────────────────────

/** Base64 characters of the largest image, plus the data URL's prefix. */
const MAX_DATA_URL_LENGTH = Math.ceil(MAX_LOCATION_IMAGE_BYTES / 3) * 4 + 64;

/** An image as the form sends it: a JPEG data URL (the server checks the bytes, not only the type). */
export const locationImageUploadSchema = z.object({
  blob: z.string().max(MAX_DATA_URL_LENGTH * 2),
  type: z.string().max(100),
});
export const locationImagesUploadSchema = z.array(locationImageUploadSchema).min(1).max(MAX_LOCATION_IMAGES);
export type LocationImageUpload = z.infer<typeof locationImageUploadSchema>;

/** An image as `GET …/locations/{id}/images` answers it. */
export const locationImageSchema = z.object({ id: z.number().int(), type: z.string(), blob: z.string() });
export type LocationImage = z.infer<typeof locationImageSchema>;

/** The issues of a refused image: the form words each, with the limit. */
export const IMAGE_ISSUES = { notJpeg: 'notJpeg', tooLarge: 'tooLarge', tooMany: 'tooMany' } as const;

/** The request body the image upload route reads at most: five images at their largest. */
export const MAX_IMAGES_BODY_BYTES = MAX_LOCATION_IMAGES * MAX_DATA_URL_LENGTH * 2 + 4096;

/** `…/locations/{id}/images/{imageId}`: an image of that location; another's is not found (404). */
export const locationImageParamsSchema = organizationRecordParamsSchema.extend({ imageId: subjectIdTextSchema });

// ── Throughput ───────────────────────────────────────────────────────────────────────────────────

/** A location's throughput row as the form sends it: its location is the path's; limits as every rule's. */
const ruleField = throughputRuleFields.shape;
export const locationThroughputRowSchema = z
  .object({
    stopType: z.enum(['Origin', 'Destination']),
    // Defaults rather than a transform: the tenancy check finds the cargo type's reference mark through them.
    cargoTypeId: ruleField.cargoTypeId.default(null),
    baselineLoadingMinutes: ruleField.baselineLoadingMinutes.default(null),
    cargoUnitsPerMinute: ruleField.cargoUnitsPerMinute.default(null),
    weightPerMinute: ruleField.weightPerMinute.default(null),
  })
  .refine(hasLoadingTerm, 'give a baseline, a units rate or a weight rate');
export type LocationThroughputRow = z.input<typeof locationThroughputRowSchema>;

export const locationThroughputBodySchema = z
  .array(locationThroughputRowSchema)
  .max(200)
  .refine(
    (rows) => new Set(rows.map((row) => `${row.stopType}:${row.cargoTypeId}`)).size === rows.length,
    'one row per stop type and cargo type',
  );

export const locationThroughputSchema = z.array(throughputRuleSchema);
