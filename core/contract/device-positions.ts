import { z } from 'zod';
import { idSchema, instantSchema, text } from './limits.ts';
import { notAReference } from './references.ts';

/**
 * Device positions (spec 1 §3 "Device location", §7): the stream kind of data. A device posts its
 * fixes to `POST /api/devices/positions`; the server keeps each one, moves the device's latest
 * position only forward and pushes it on the socket (`device:locations:latest:update`); nothing
 * goes through the change log. Screens read `GET /api/devices/locations/latest` once, then follow
 * the socket, keeping the latest position per device.
 */

/** A fix more than this far in the future is refused: a device clock can run a little ahead, not hours. */
export const POSITION_FUTURE_SKEW_MS = 5 * 60_000;
/** The most fixes one request may carry (a phone sends its backlog after hours offline in batches). */
export const POSITION_BATCH_MAX = 1000;
/** Spec 1 §7: latest positions older than this many minutes are left out unless asked otherwise. */
export const DEFAULT_STALE_TIME_MINUTES = 1440;
/** Spec 1 §9: positions and trail points are shown only when their accuracy is below this (metres). */
export const SHOWN_ACCURACY_BELOW = 100;

export const devicePositionInputSchema = z.object({
  clientId: notAReference(
    text(100, { trim: true }).min(1, 'required'),
    'the identifier the device was registered with (its devices record), not a record id',
  ),
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  /** Degrees clockwise from north. */
  heading: z.number().min(0).max(360).nullable().default(null),
  /** Metres per second. */
  speed: z.number().min(0).nullable().default(null),
  /** Metres. */
  accuracy: z.number().min(0).nullable().default(null),
  timestamp: instantSchema,
});
export type DevicePositionInput = z.input<typeof devicePositionInputSchema>;

export const devicePositionsBodySchema = z.array(devicePositionInputSchema).min(1).max(POSITION_BATCH_MAX);

/** Every fix is stored (a resent one once); `latestMoved` counts the devices whose latest position moved forward. */
export const devicePositionsAnswerSchema = z.object({
  stored: z.number().int(),
  latestMoved: z.number().int(),
});

/**
 * The trip events a device reports itself (`POST /api/devices/tripevents`; the others are derived from
 * its positions): the driver marking a stop's task done (TaskCompleted), "I am here" where the
 * geofence did not see the arrival (ArrivalOverridden), a smart trailer's auger switched on (AugerOn).
 */
export const DEVICE_TRIP_EVENT_TYPES = ['TaskCompleted', 'ArrivalOverridden', 'AugerOn'] as const;
export type DeviceTripEventType = (typeof DEVICE_TRIP_EVENT_TYPES)[number];
/** The most events one request may carry (a device's backlog after hours offline). */
export const DEVICE_TRIP_EVENT_BATCH_MAX = 500;

export const deviceTripEventInputSchema = z
  .object({
    clientId: devicePositionInputSchema.shape.clientId,
    type: z.enum(DEVICE_TRIP_EVENT_TYPES),
    /** When it happened on the device: with the device and type, what makes a resent event the same one. */
    timestamp: instantSchema,
    latitude: z.number().min(-90).max(90).nullable().default(null),
    longitude: z.number().min(-180).max(180).nullable().default(null),
    /** Metres. */
    accuracy: z.number().min(0).nullable().default(null),
    stopId: notAReference(
      idSchema.nullable().default(null),
      "the stop of a load the device is on that the event is about (another organization's, or another load's, answers 404); " +
        "without it, the device's current load and the stop the event concerns there (the stop due next, or the one arrived at)",
    ),
    comment: text(500, { trim: true }).nullable().default(null),
  })
  .refine((event) => (event.latitude === null) === (event.longitude === null), {
    message: 'latitude and longitude go together',
    path: ['longitude'],
  });
export type DeviceTripEventInput = z.input<typeof deviceTripEventInputSchema>;

export const deviceTripEventsBodySchema = z.array(deviceTripEventInputSchema).min(1).max(DEVICE_TRIP_EVENT_BATCH_MAX);

/**
 * `stored`: new events kept; `alreadyStored`: resent ones (the same device, type and time), kept once;
 * `withoutLoad`: events of a device on no load now (nothing to link them to; the organization's tier
 * has no live load data, or the device's load is not today's), not kept. All answer 200.
 */
export const deviceTripEventsAnswerSchema = z.object({
  stored: z.number().int(),
  alreadyStored: z.number().int(),
  withoutLoad: z.number().int(),
});
export type DeviceTripEventsAnswer = z.infer<typeof deviceTripEventsAnswerSchema>;

export const latestPositionsQuerySchema = z.object({
  staleTimeMinutes: z.coerce
    .number()
    .int()
    .min(1)
    .max(60 * 24 * 366)
    .default(DEFAULT_STALE_TIME_MINUTES),
});

/** Spec 1 §7 `GET /api/{type}/{id}/tripevents` and `/devicelocations`: what a history is read for. */
export const TRACKED_RESOURCE_TYPES = ['driver', 'tractor', 'trailer', 'device'] as const;
export type TrackedResourceType = (typeof TRACKED_RESOURCE_TYPES)[number];

/** Without startDate, a history read covers this long before endDate (which defaults to now). */
export const HISTORY_DEFAULT_RANGE_MS = 24 * 3600_000;
/** The longest range one history read may ask for. */
export const HISTORY_MAX_RANGE_MS = 31 * 24 * 3600_000;
/** The most rows one history read answers: the newest of the range, oldest first. */
export const HISTORY_MAX_ROWS = 10_000;

/** Optional startDate/endDate (UTC ISO, spec 1 §7): endDate defaults to now, startDate to 24 h before it. */
export const historyRangeQuerySchema = z
  .object({ startDate: instantSchema.optional(), endDate: instantSchema.optional() })
  .refine((range) => !range.startDate || !range.endDate || Date.parse(range.startDate) <= Date.parse(range.endDate), {
    message: 'startDate must not be after endDate',
    path: ['endDate'],
  })
  .refine(
    (range) =>
      !range.startDate ||
      (range.endDate ? Date.parse(range.endDate) : Date.now()) - Date.parse(range.startDate) <= HISTORY_MAX_RANGE_MS,
    { message: 'the range may cover at most 31 days', path: ['startDate'] },
  );
export type HistoryRangeQuery = z.infer<typeof historyRangeQuerySchema>;

/** The range a history read covers, with its defaults applied. */
export function historyRange(query: HistoryRangeQuery, now = new Date()): { start: Date; end: Date } {
  const end = query.endDate ? new Date(query.endDate) : now;
  const start = query.startDate ? new Date(query.startDate) : new Date(end.getTime() - HISTORY_DEFAULT_RANGE_MS);
  return { start, end };
}
