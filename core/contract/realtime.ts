import { z } from 'zod';
import { changeEntitySchema } from './change-feed.ts';

/**
 * Socket.io events (spec 1 §7, DESIGN §5). They are pokes: each says what changed so a client
 * knows what to refetch; the change feed (`GET /api/sync/changes`) stays the source of truth.
 */
export const REALTIME_PATH = '/socket.io';

export const REALTIME_EVENTS = {
  orderChanged: 'orders:update',
  stopChanged: 'orders:stops:update',
  deviceLocation: 'device:locations:latest:update',
  mirrorChanged: 'sync:changes',
  companyChanged: 'organizations:update',
} as const;

export const orderChangedEventSchema = z.object({ id: z.number().int(), version: z.number().int() });
export type OrderChangedEvent = z.infer<typeof orderChangedEventSchema>;

/** Rows other than loads changed (master data, downtime): the mirror pulls the feed for them. */
export const mirrorChangedEventSchema = z.object({ entities: z.array(changeEntitySchema) });
export type MirrorChangedEvent = z.infer<typeof mirrorChangedEventSchema>;

/** The company's settings were saved (they are read from the server, not the mirror): read them again. */
export const companyChangedEventSchema = z.object({ id: z.number().int(), version: z.number().int() });
export type CompanyChangedEvent = z.infer<typeof companyChangedEventSchema>;

export const stopChangedEventSchema = z.object({
  orderId: z.number().int(),
  stopId: z.number().int(),
  /** The signed-in person whose request changed the stop; null when a device or the system did. */
  changedByUserId: z.number().int().nullable(),
});
export type StopChangedEvent = z.infer<typeof stopChangedEventSchema>;

/** A device's latest position (spec 1 §3 "Device location"): the stream of core/contract/device-positions. */
export const deviceLocationEventSchema = z.object({
  deviceId: z.number().int(),
  deviceType: z.enum(['mobile', 'trailer']),
  userId: z.number().int().nullable(),
  orderId: z.number().int().nullable(),
  tractorId: z.number().int().nullable(),
  trailerId: z.number().int().nullable(),
  latitude: z.number(),
  longitude: z.number(),
  heading: z.number().nullable(),
  speed: z.number().nullable(),
  accuracy: z.number().nullable(),
  timestamp: z.iso.datetime({ offset: true }),
});
export type DeviceLocationEvent = z.infer<typeof deviceLocationEventSchema>;
/** `device:locations:latest:update` carries an array: the server coalesces an organization's moves every few hundred ms. */
export const deviceLocationsEventSchema = z.array(deviceLocationEventSchema);

/** What the server emits, by event name (socket.io's typed-events map for both ends). */
export interface RealtimeEvents {
  [REALTIME_EVENTS.orderChanged]: (event: OrderChangedEvent) => void;
  [REALTIME_EVENTS.stopChanged]: (event: StopChangedEvent) => void;
  /** The latest positions that moved since the last push, one per device. */
  [REALTIME_EVENTS.deviceLocation]: (events: DeviceLocationEvent[]) => void;
  [REALTIME_EVENTS.mirrorChanged]: (event: MirrorChangedEvent) => void;
  [REALTIME_EVENTS.companyChanged]: (event: CompanyChangedEvent) => void;
}
