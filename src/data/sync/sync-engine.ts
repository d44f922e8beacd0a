import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api-client.ts';
import { followCompanyChange } from '../company.ts';
import { connectRealtime } from '../realtime.ts';
import { markStopTouched } from '../touched-stops.ts';
import { applyOrderChangesToWeeks } from '../loads.ts';
import { lastSyncedAt, type PulledChanges, pullChanges } from './pull-changes.ts';

/** The slow fallback; realtime pokes and reconnects pull sooner. */
const PULL_INTERVAL_MS = 60_000;

interface SyncStatus {
  lastSyncedAt: string | null;
  syncing: boolean;
}

let status: SyncStatus = { lastSyncedAt: null, syncing: false };
const listeners = new Set<() => void>();

function setStatus(next: Partial<SyncStatus>) {
  status = { ...status, ...next };
  for (const listener of listeners) listener();
}

/** "Last synced" for the header (read with useSyncExternalStore). */
export const syncStatusStore = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  get: () => status,
};

/**
 * Brings cached reads of the mirror up to what a pull wrote. Weeks of loads take the changed loads
 * in place (see applyOrderChangesToWeeks); the small reference lists are read again.
 */
async function followPulledChanges(queryClient: QueryClient, pulled: PulledChanges) {
  if (pulled.reset) {
    await queryClient.invalidateQueries({ queryKey: ['mirror'] });
    return;
  }
  if (pulled.orderUpserts.length || pulled.orderDeletions.length) {
    await applyOrderChangesToWeeks(queryClient, pulled.orderUpserts, pulled.orderDeletions);
  }
  if (pulled.otherEntities) {
    await queryClient.invalidateQueries({
      predicate: (query) => query.queryKey[0] === 'mirror' && query.queryKey[1] !== 'orders',
    });
  }
}

export interface SyncEngine {
  /** Pull now (coalesced with a pull already running). */
  pull: () => Promise<void>;
  stop: () => void;
}

/**
 * Keeps the mirror current for one user in one company: pulls on start, when the connection
 * comes back, when asked (realtime pokes) and on a slow timer.
 */
export function startSync(queryClient: QueryClient, scope: string): SyncEngine {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  void lastSyncedAt().then((at) => setStatus({ lastSyncedAt: at }));

  const pull = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      setStatus({ syncing: true });
      try {
        do {
          again = false;
          const pulled = await pullChanges(scope);
          setStatus({ lastSyncedAt: await lastSyncedAt() });
          await followPulledChanges(queryClient, pulled);
        } while (again && !stopped);
      } catch (error) {
        // Offline or refused: the next trigger tries again; a 401 is handled by the api client.
        if (!(error instanceof ApiError)) console.error(error);
      } finally {
        running = null;
        setStatus({ syncing: false });
      }
    })();
    return running;
  };

  void pull();
  const unsubscribe = onlineManager.subscribe((online) => {
    if (online) void pull();
  });
  const timer = setInterval(() => void pull(), PULL_INTERVAL_MS);
  // Realtime events are pokes: each one pulls the feed. Device locations belong to the live map.
  const disconnect = connectRealtime({
    onOrderChanged: () => void pull(),
    onStopChanged: (event) => {
      markStopTouched(event);
      void pull();
    },
    onDeviceLocation: () => {},
    onMirrorChanged: () => void pull(),
    onCompanyChanged: (event) => void followCompanyChange(queryClient, event),
    onConnected: () => void pull(),
  });
  return {
    pull,
    stop: () => {
      stopped = true;
      unsubscribe();
      clearInterval(timer);
      disconnect();
    },
  };
}
