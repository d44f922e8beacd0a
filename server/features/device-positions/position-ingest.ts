import type { FastifyBaseLogger } from 'fastify';
import type { DevicePositionInput } from '#core/contract/device-positions';
import type { Database } from '#server/db/database';
import type { RealtimePublisher } from '#server/plugins/realtime';
import { type LoadLinker, type PositionPoster, type StoredFix, storePositions } from './device-positions.service.ts';

/** One poster's stored fixes, oldest first per device, handed to what derives meaning from them. */
export interface StoredFixBatch {
  organizationId: number;
  fixes: StoredFix[];
}

/** Derives from fixes after they are stored (live tracking: geofence visits, stop progress). */
export type StoredFixListener = (batch: StoredFixBatch) => Promise<void>;

/**
 * The one way fixes come in (the JSON route, the OsmAnd protocol, the demo simulator): stored, the
 * latest positions pushed on the socket, then handed to every registered listener. Features register
 * listeners, so ingest imports none of them. A listener's failure is logged: the fixes are stored and
 * the device must still be answered 2xx, or a phone app resends the same backlog for good.
 */
export interface PositionIngest {
  ingest(poster: PositionPoster, fixes: readonly DevicePositionInput[]): Promise<{ stored: number; latestMoved: number }>;
  onStored(listener: StoredFixListener): void;
  /** Live tracking says which load each device is on; without it fixes are stored with no load. */
  linkLoadsWith(linker: LoadLinker): void;
}

export function createPositionIngest(db: Database, realtime: RealtimePublisher, log: FastifyBaseLogger): PositionIngest {
  const listeners: StoredFixListener[] = [];
  let linkLoads: LoadLinker | undefined;
  return {
    linkLoadsWith: (linker) => {
      linkLoads = linker;
    },
    onStored: (listener) => {
      listeners.push(listener);
    },
    async ingest(poster, fixes) {
      const { stored, moved, fixes: storedFixes } = await storePositions(db, poster, fixes, { linkLoads });
      for (const location of moved) realtime.publishDeviceLocation(poster.organizationId, location);
      const batch = { organizationId: poster.organizationId, fixes: storedFixes };
      for (const listener of listeners) {
        try {
          await listener(batch);
        } catch (error) {
          log.error({ err: error }, 'device positions: a listener failed on stored fixes');
        }
      }
      return { stored, latestMoved: moved.length };
    },
  };
}
