import { z } from 'zod';
import { gramsSchema, instantSchema, text } from './limits.ts';
import { latLngSchema } from './reference-lists.ts';
import { referenceId } from './references.ts';

/**
 * Avoidance zones (spec 2 "Avoidance zone"): areas routes keep out of, for every truck or only for
 * those above a weight or carrying given cargo types. A zone belongs to an organization, or to none
 * (global: every organization's routes avoid it; only the modify-global permission writes it).
 * Written through `/api/organizations/{orgId}/avoidance-zones[/{id}]` like every record type.
 */

export const ZONE_RESTRICTIONS = ['none', 'weight', 'cargoType'] as const;
export type ZoneRestriction = (typeof ZONE_RESTRICTIONS)[number];

/** Spec 2: latitude −90…90 and longitude −180…180, both non-zero. */
const zoneLatitude = z
  .number()
  .min(-90)
  .max(90)
  .refine((value) => value !== 0, 'invalidLatitude');
const zoneLongitude = z
  .number()
  .min(-180)
  .max(180)
  .refine((value) => value !== 0, 'invalidLongitude');

/** A zone is a rectangle (its box) or a circle (centre and radius in metres), as a location's geofence. */
export const zoneAreaSchema = z
  .object({
    latitude: zoneLatitude,
    longitude: zoneLongitude,
    /** Metres, for a circle; null for a rectangle. */
    radius: z.number().positive().max(100_000).nullable(),
    bbox: z.object({ topLeft: latLngSchema, bottomRight: latLngSchema }).nullable(),
  })
  .superRefine((area, context) => {
    if ((area.radius === null) === (area.bbox === null)) {
      context.addIssue({ code: 'custom', path: ['radius'], message: 'circleOrRectangle' });
    } else if (area.bbox) {
      const { topLeft, bottomRight } = area.bbox;
      if (topLeft.latitude <= bottomRight.latitude || topLeft.longitude >= bottomRight.longitude) {
        context.addIssue({ code: 'custom', path: ['bbox'], message: 'invalidBox' });
      }
    }
  });
export type ZoneArea = z.infer<typeof zoneAreaSchema>;

export const avoidanceZoneInputSchema = z.object({
  name: text(200, { trim: true }).min(1, 'required'),
  description: text(200, { trim: true }).nullable().default(null),
  /** No organization: every organization's routes avoid it (modify-global permission). */
  global: z.boolean().default(false),
  /** Deactivating stamps the time; activating clears it. */
  active: z.boolean().default(true),
  geoLocation: zoneAreaSchema,
  restriction: z.enum(ZONE_RESTRICTIONS).default('none'),
  /** Grams; trucks heavier than this avoid the zone (restriction weight). */
  weightThreshold: gramsSchema.min(1).nullable().default(null),
  /** Trucks carrying one of these avoid the zone (restriction cargoType). */
  cargoTypeIds: z.array(referenceId('cargoType')).max(100).nullable().default(null),
});
export type AvoidanceZoneInput = z.input<typeof avoidanceZoneInputSchema>;

export const avoidanceZoneSchema = z.object({
  id: z.number().int(),
  /** Null for a global zone. */
  organizationId: z.number().int().nullable(),
  name: z.string(),
  description: z.string().nullable(),
  deactivatedAt: instantSchema.nullable(),
  geoLocation: zoneAreaSchema,
  weightThreshold: z.number().nullable(),
  cargoTypeIds: z.array(z.number().int()).nullable(),
  version: z.number().int(),
});
export type AvoidanceZone = z.infer<typeof avoidanceZoneSchema>;
