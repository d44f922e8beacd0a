import { z } from 'zod';
import { idSchema, instantSchema } from './limits.ts';
import { notAReference, subjectIdTextSchema } from './references.ts';

/**
 * Read-only details around loads (spec 1 §7): the resource scheduling dialog's last assignments and
 * the delivery log's trip events (spec 3 "Load detail view").
 */

/** Answers carry what the database holds; requests are held to `instantSchema`'s range. */
const instant = z.iso.datetime({ offset: true });

/** "1,2,3" → [1, 2, 3]; an absent or empty list is no ids. Only narrows the answer. */
const idList = notAReference(
  z
    .string()
    .regex(/^([1-9]\d{0,9}(,[1-9]\d{0,9}){0,199})?$/, 'a comma-separated list of at most 200 ids')
    .optional()
    .transform((value) => (value ? [...new Set(value.split(',').map(Number))] : []))
    .pipe(z.array(idSchema)),
  'only narrows the answer: ids of other organizations match nothing',
);

/** `GET /api/scheduling/resource-info?driverIds=1,2&trailerIds=3`. */
export const resourceInfoQuerySchema = z.object({ driverIds: idList, trailerIds: idList });

export const resourceInfoSchema = z.object({
  /** Per driver: the load with the latest date the driver is assigned to, and that date. */
  driverTimestamps: z.array(z.object({ driverId: z.number().int(), orderId: z.number().int(), timestamp: instant })),
  /** Per trailer: its load with the latest date, and that load's production plans (stop order, distinct). */
  latestTrailerProductionPlan: z.array(
    z.object({ trailerId: z.number().int(), orderId: z.number().int(), productionPlans: z.array(z.string()) }),
  ),
});
export type ResourceInfo = z.infer<typeof resourceInfoSchema>;

/** Trip event types the delivery log shows (spec 3 "Load detail view"). */
export const TRIP_EVENT_TYPES = [
  'SiteArrived',
  'SiteLeft',
  'SubLocationArrived',
  'SubLocationLeft',
  'TaskCompleted',
  'StopStarted',
  'UnscheduledStop',
  'ArrivalOverridden',
  'AvoidanceZoneEntered',
  'TripResumed',
  'AugerOn',
] as const;
export const tripEventTypeSchema = z.enum(TRIP_EVENT_TYPES);
export type TripEventType = z.infer<typeof tripEventTypeSchema>;

/** What a driver's device reported during a trip (spec 1 §3 "Trip event"). Accuracy in metres; 0 means unreliable. */
export const tripEventSchema = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  stopId: z.number().int().nullable(),
  type: tripEventTypeSchema,
  timestamp: instant,
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  accuracy: z.number().nullable(),
  userId: z.number().int().nullable(),
  organizationLocationId: z.number().int().nullable(),
  initiatingId: z.number().int().nullable(),
  /** comment, method, duration (minutes, for TripResumed). */
  metadata: z.record(z.string(), z.unknown()),
});
export type TripEvent = z.infer<typeof tripEventSchema>;

/** `GET /api/orders/:id/tripevents?startDate&endDate` (both optional). */
export const tripEventsQuerySchema = z
  .object({ startDate: instantSchema.optional(), endDate: instantSchema.optional() })
  .refine((range) => !range.startDate || !range.endDate || Date.parse(range.startDate) <= Date.parse(range.endDate), {
    message: 'startDate must not be after endDate',
    path: ['endDate'],
  });

/** The most trail points one answer carries: a day of fixes every 5 s from two devices, and then some. */
export const LOAD_TRAIL_MAX_POINTS = 50_000;

/** One point of a load's device trail (spec 1 §7 `GET /order/{orderId}/devicelocations`, spec 3 "Load detail view"). */
export const loadTrailPointSchema = z.object({
  deviceId: z.number().int(),
  deviceType: z.enum(['mobile', 'trailer']),
  latitude: z.number(),
  longitude: z.number(),
  /** Degrees clockwise from north. */
  heading: z.number().nullable(),
  /** Metres per second. */
  speed: z.number().nullable(),
  /** Metres; screens draw only points under SHOWN_ACCURACY_BELOW (core/contract/device-positions.ts). */
  accuracy: z.number().nullable(),
  timestamp: instant,
});
export type LoadTrailPoint = z.infer<typeof loadTrailPointSchema>;

/** `GET /api/order/:orderId/devicelocations`: the load's trail, oldest first. */
export const loadTrailParamsSchema = z.object({ orderId: subjectIdTextSchema });
export const loadTrailSchema = z.array(loadTrailPointSchema);
