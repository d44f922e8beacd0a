import { z } from 'zod';
import { instantSchema } from './limits.ts';
import { referenceId } from './references.ts';

/**
 * Standard routes (spec 1 §2, §3): the road from one of the organization's locations to another, as
 * a HERE flexible polyline (core/domain/geo/flexible-polyline.ts). Written through
 * `/api/organizations/{orgId}/standard-routes[/{id}]`; deleting stamps `deletedAt` and the row stays
 * in the feed, so the mirrors learn of it like an edit.
 */

/** A flexible polyline of a few thousand points is some tens of kilobytes; a route across a continent stays below this. */
export const MAX_STANDARD_ROUTE_POLYLINE_LENGTH = 200_000;

/** The issue messages of the pair rules (spec 1 §8 "same standard route locations", "existing standard route"). */
export const SAME_STANDARD_ROUTE_LOCATIONS = 'sameStandardRouteLocations';
export const EXISTING_STANDARD_ROUTE = 'existingStandardRoute';
export const INVALID_POLYLINE = 'invalidPolyline';

export const standardRouteInputSchema = z
  .object({
    originId: referenceId('location'),
    destinationId: referenceId('location'),
    flexiblePolyline: z.string().trim().min(1, 'required').max(MAX_STANDARD_ROUTE_POLYLINE_LENGTH),
  })
  .superRefine((input, context) => {
    if (input.originId === input.destinationId) {
      context.addIssue({ code: 'custom', path: ['destinationId'], message: SAME_STANDARD_ROUTE_LOCATIONS });
    }
  });
export type StandardRouteInput = z.input<typeof standardRouteInputSchema>;

export const standardRouteSchema = z.object({
  id: z.number().int(),
  organizationId: z.number().int(),
  originId: z.number().int(),
  destinationId: z.number().int(),
  flexiblePolyline: z.string(),
  /** Set when deleted: the route no longer counts, and no list shows it. */
  deletedAt: instantSchema.nullable(),
  version: z.number().int(),
});
export type StandardRoute = z.infer<typeof standardRouteSchema>;
