import { io, type Socket } from 'socket.io-client';
import type { z } from 'zod';
import {
  type CompanyChangedEvent,
  companyChangedEventSchema,
  type DeviceLocationEvent,
  deviceLocationsEventSchema,
  type MirrorChangedEvent,
  mirrorChangedEventSchema,
  type OrderChangedEvent,
  orderChangedEventSchema,
  REALTIME_EVENTS,
  REALTIME_PATH,
  type RealtimeEvents,
  type StopChangedEvent,
  stopChangedEventSchema,
} from '#core/contract/realtime';

export interface RealtimeHandlers {
  onOrderChanged(event: OrderChangedEvent): void;
  onStopChanged(event: StopChangedEvent): void;
  onDeviceLocation(event: DeviceLocationEvent): void;
  /** Master data or downtime changed. */
  onMirrorChanged(event: MirrorChangedEvent): void;
  /** The company's settings were saved. */
  onCompanyChanged(event: CompanyChangedEvent): void;
  /** Each (re)connection: events sent while the socket was down are lost, so pull the change feed. */
  onConnected?(): void;
}

/**
 * Opens the socket to this origin's /socket.io with the session cookie. socket.io-client
 * reconnects by itself after a dropped connection or a server restart; a refusal (no valid
 * session) is final until `connectRealtime` is called again after signing in. Events are pokes:
 * the handlers should pull the change feed, not trust the payload as data. Returns the disconnect.
 */
export function connectRealtime(handlers: RealtimeHandlers): () => void {
  const socket: Socket<RealtimeEvents> = io({ path: REALTIME_PATH, withCredentials: true, transports: ['websocket', 'polling'] });

  /** A payload that does not match the contract (an older or newer server) is dropped rather than passed on. */
  const parsed =
    <T>(schema: z.ZodType<T>, handle: (event: T) => void) =>
    (payload: unknown) => {
      const result = schema.safeParse(payload);
      if (result.success) handle(result.data);
    };

  socket.on('connect', () => handlers.onConnected?.());
  socket.on(
    REALTIME_EVENTS.orderChanged,
    parsed(orderChangedEventSchema, (event) => handlers.onOrderChanged(event)),
  );
  socket.on(
    REALTIME_EVENTS.stopChanged,
    parsed(stopChangedEventSchema, (event) => handlers.onStopChanged(event)),
  );
  socket.on(
    REALTIME_EVENTS.deviceLocation,
    parsed(deviceLocationsEventSchema, (events) => {
      for (const event of events) handlers.onDeviceLocation(event);
    }),
  );
  socket.on(
    REALTIME_EVENTS.mirrorChanged,
    parsed(mirrorChangedEventSchema, (event) => handlers.onMirrorChanged(event)),
  );
  socket.on(
    REALTIME_EVENTS.companyChanged,
    parsed(companyChangedEventSchema, (event) => handlers.onCompanyChanged(event)),
  );

  return () => {
    socket.removeAllListeners();
    socket.disconnect();
  };
}
