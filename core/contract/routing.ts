import { z } from 'zod';
import { referenceId } from './references.ts';

/**
 * Route geometry and map matching (spec 1 §7 "Route calculation … with via points and avoid areas
 * built from avoidance-zone boxes"; spec 3 §2 map helper) and geocoding (spec 1 §7
 * `GET /locations/geocode?q`). Points are positions, not location ids: the load form routes the
 * positions it shows (a location created offline has no server id yet), the standard-route editor
 * adds the points the user dragged, and the map helper pastes raw points.
 */

export const MAX_ROUTE_POINTS = 50;
/** OSRM's default `--max-matching-size`; a longer trace is split by the map helper. */
export const MAX_MATCH_POINTS = 100;
/** Spec 2 §9 caps avoidance zones per organization well below this; the engines slow down past a few dozen. */
export const MAX_AVOID_BOXES = 100;
/** An address as the location form joins it (five lines of ≤ 200 characters). */
export const MAX_GEOCODE_QUERY_LENGTH = 1_000;

export const routePositionSchema = z.strictObject({
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
});
export type RoutePosition = z.infer<typeof routePositionSchema>;

export const routePointSchema = routePositionSchema.extend({
  /** A point the route passes through without ending a leg (a dragged point of a standard route). */
  via: z.boolean().optional(),
});

/** An area to keep out of, as avoidance zones and geofences store boxes. */
export const avoidBoxSchema = z.strictObject({ topLeft: routePositionSchema, bottomRight: routePositionSchema });
export type AvoidBox = z.infer<typeof avoidBoxSchema>;

export const routeRequestSchema = z.strictObject({
  /** In driving order: the first and last are ends; via points never are. */
  points: z
    .array(routePointSchema)
    .min(2)
    .max(MAX_ROUTE_POINTS)
    .refine((points) => !points[0]?.via && !points.at(-1)?.via, 'the first and last points cannot be via points'),
  /** Boxes the route should avoid besides the avoidance zones the server adds itself. */
  avoid: z.array(avoidBoxSchema).max(MAX_AVOID_BOXES).default([]),
  /**
   * The truck, so that only the zones that apply to it are avoided (core/domain/avoidance-zones): a
   * weight zone when heavier than its threshold or the weight is unknown, a cargo zone when carrying
   * one of its cargo types. Without it, unrestricted and weight zones are avoided.
   */
  truck: z
    .strictObject({
      grossWeightGrams: z.number().int().min(0).max(1e12).nullable(),
      cargoTypeIds: z.array(referenceId('cargoType')).max(100),
    })
    .optional(),
});
export type RouteRequest = z.input<typeof routeRequestSchema>;

export const ROUTING_ENGINES = ['embedded', 'osrm', 'valhalla'] as const;
export const routingEngineSchema = z.enum(ROUTING_ENGINES);

/**
 * What a route's user is told under the map (spec 1 §8: recalculation notices are shown; failures
 * only logged): the avoid areas were not honoured by this engine, some trace points did not match a
 * road, the matched trace broke into pieces, or the path is an estimate along great circles.
 */
export const routeNoticeSchema = z.enum(['avoidAreasNotHonoured', 'pointsNotMatched', 'routeSplit', 'estimatedPath']);
export type RouteNotice = z.infer<typeof routeNoticeSchema>;

export const routeLegSchema = z.object({ distanceMeters: z.number().int().min(0), timeSeconds: z.number().int().min(0) });

export const routeAnswerSchema = z.object({
  /** HERE flexible polyline, precision 5 (core/domain/geo/flexible-polyline.ts). */
  polyline: z.string(),
  distanceMeters: z.number().int().min(0),
  timeSeconds: z.number().int().min(0),
  /** One per pair of consecutive non-via points. */
  legs: z.array(routeLegSchema),
  engine: routingEngineSchema,
  notices: z.array(routeNoticeSchema),
});
export type RouteAnswer = z.infer<typeof routeAnswerSchema>;

export const matchRequestSchema = z.strictObject({
  points: z.array(routePositionSchema).min(2).max(MAX_MATCH_POINTS),
});

export const matchAnswerSchema = z.object({
  polyline: z.string(),
  engine: routingEngineSchema,
  notices: z.array(routeNoticeSchema),
});
export type MatchAnswer = z.infer<typeof matchAnswerSchema>;

export const geocodeQuerySchema = z.strictObject({
  q: z.string().trim().min(1).max(MAX_GEOCODE_QUERY_LENGTH),
});
/** A position, or null when nothing was found (spec 1 §7: "position lat and lng, or nothing"). */
export const geocodeAnswerSchema = routePositionSchema.nullable();
export type GeocodeAnswer = z.infer<typeof geocodeAnswerSchema>;
