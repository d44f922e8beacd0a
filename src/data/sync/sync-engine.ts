import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api-client.ts';
import type { OrderChangedEvent } from '#core/contract/realtime';
import { followCompanyChange } from '../company.ts';
import { localDatabase } from '../local-database.ts';
import { latestDevicePositionsQuery, receiveDevicePosition } from '../device-positions.ts';
import { connectRealtime } from '../realtime.ts';
import { isOthersChange, markStopTouched } from '../touched-stops.ts';
import { applyOrderChangesToWeeks } from './mirror-loads.ts';
import { selfQuery } from '../session-queries.ts';
import { formatChangeWindow } from '#core/contract/change-feed';
import { DEFAULT_TIMEZONE } from '#core/domain/locale';
import { currentWindow, fetchWeekIntoMirror, restoreOpenedWeeks, touchOpenedWeek, trimToWindow } from './loads-window.ts';
import { type DateRange, windowCovers } from './mirror-window.ts';
import { lastSyncedAt, mirrorIsComplete, type PulledChanges, pullChanges } from './pull-changes.ts';

/** The slow fallback; realtime pokes and reconnects pull sooner. */
const PULL_INTERVAL_MS = 60_000;
/**
 * After an answer that held rows back behind an older transaction (ms): such a transaction ends in
 * milliseconds as a rule, and the rows' own poke has already come, so the engine asks again itself,
 * waiting twice as long after each answer that still held some back, up to HELD_BACK_RETRY_MAX_MS.
 */
const HELD_BACK_RETRY_MS = 200;
const HELD_BACK_RETRY_MAX_MS = 5_000;

interface SyncStatus {
  lastSyncedAt: string | null;
  syncing: boolean;
  /**
   * The mirror holds a finished sync of the signed-in user's company. Until then (a first sync after
   * sign-in or a company switch) its empty or half-written tables say nothing true about a week.
   */
  mirrorComplete: boolean;
}

let status: SyncStatus = { lastSyncedAt: null, syncing: false, mirrorComplete: false };
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
export async function followPulledChanges(queryClient: QueryClient, pulled: PulledChanges) {
  if (pulled.reset) {
    await queryClient.invalidateQueries({ queryKey: ['mirror'] });
    return;
  }
  if (pulled.orderUpserts.length || pulled.orderDeletions.length) {
    await applyOrderChangesToWeeks(queryClient, pulled.orderUpserts, pulled.orderDeletions);
    // Server reads that count loads (order groups) are read again, so their counts follow.
    void queryClient.invalidateQueries({ predicate: (query) => query.meta?.followsLoads === true });
  }
  if (pulled.otherEntities) {
    await queryClient.invalidateQueries({
      predicate: (query) => query.queryKey[0] === 'mirror' && query.queryKey[1] !== 'orders',
    });
  }
}

/** What a tab's pull wrote to the shared mirror, told to the app's other tabs (ids only: they read the rows). */
interface PulledInAnotherTab {
  reset: boolean;
  otherEntities: boolean;
  orderIds: number[];
  orderDeletions: number[];
}

/** Brings this tab's cached weeks up to loads the mirror holds (written by another tab, or this device's save). */
async function followMirroredLoads(queryClient: QueryClient, ids: number[], deletions: number[]) {
  const loads = (await localDatabase.orders.bulkGet(ids)).filter((load) => load !== undefined);
  await applyOrderChangesToWeeks(queryClient, loads, deletions);
}

/** Follows another tab's pull into this tab's cached reads, as if this tab had pulled it. */
async function followAnotherTabsPull(queryClient: QueryClient, pulled: PulledInAnotherTab) {
  const orderUpserts = (await localDatabase.orders.bulkGet(pulled.orderIds)).filter((load) => load !== undefined);
  await followPulledChanges(queryClient, {
    reset: pulled.reset,
    otherEntities: pulled.otherEntities,
    orderUpserts,
    orderDeletions: pulled.orderDeletions,
    heldBack: false,
  });
}

/**
 * Whether the mirror already holds the load at the poked version or newer: the poke of this device's
 * own save, whose answer the outbox wrote in, or of a row another tab has pulled. Pulling for it would
 * only fetch that row again (the tab reads it from the mirror instead); a replayed queue of 200 saves
 * would pull the feed over and over while the saves wait for connections.
 */
export async function mirrorHolds(
  event: OrderChangedEvent,
  readLoad: (id: number) => Promise<{ version: number } | undefined> = (id) => localDatabase.orders.get(id),
): Promise<boolean> {
  const held = await readLoad(event.id);
  return held !== undefined && held.version >= event.version;
}

export interface SyncEngine {
  /** Pull now (coalesced with a pull already running). */
  pull: () => Promise<void>;
  /** Brings a week outside the window into the mirror (online), then pulls; rejects when it cannot be read. */
  openWeek: (range: DateRange) => Promise<void>;
  stop: () => void;
}

let activeEngine: SyncEngine | null = null;
const engineWaiters = new Set<(engine: SyncEngine) => void>();

/**
 * Opens a week in the mirror through the running sync engine (waiting for it to start: a screen's
 * effects run before the shell's). Weeks already in the window are only marked as used.
 */
export function openWeekInMirror(range: DateRange): Promise<void> {
  if (activeEngine) return activeEngine.openWeek(range);
  return new Promise((resolve, reject) => {
    engineWaiters.add((engine) => engine.openWeek(range).then(resolve, reject));
  });
}

/** Runs mirror writes that must not interleave (a pull, reading a week in) one after the other. */
function createMirrorLock() {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(task: () => Promise<T>): Promise<T> => {
    const run = tail.then(task);
    tail = run.catch(() => undefined);
    return run;
  };
}

/**
 * Keeps the mirror current for one user in one company: pulls on start, when the connection
 * comes back, when asked (realtime pokes) and on a slow timer.
 */
export function startSync(queryClient: QueryClient, scope: string): SyncEngine {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let heldBackRetryMs = HELD_BACK_RETRY_MS;
  // The window the mirror was last trimmed to: a change (a new week began, a week left the opened
  // ones) removes the loads no longer kept before the next pull.
  let trimmedTo: string | null = null;
  const withMirrorLock = createMirrorLock();
  const zone = () => queryClient.getQueryData(selfQuery.queryKey)?.contact.timezone ?? DEFAULT_TIMEZONE;
  void lastSyncedAt().then((at) => setStatus({ lastSyncedAt: at }));
  setStatus({ mirrorComplete: false });
  void mirrorIsComplete(scope).then((complete) => {
    if (complete && !stopped) setStatus({ mirrorComplete: true });
  });

  const trim = async (window: DateRange[]) => {
    const key = formatChangeWindow(window);
    if (key === trimmedTo) return;
    const removed = await trimToWindow(window);
    trimmedTo = key;
    if (removed.length) await applyOrderChangesToWeeks(queryClient, [], removed);
  };

  const pullOnce = () =>
    withMirrorLock(async () => {
      await restoreOpenedWeeks();
      const window = currentWindow(zone());
      await trim(window);
      return pullChanges(scope, window);
    });

  // The mirror and its cursor are shared by every tab of the app: what one tab's pull wrote, another's
  // next pull finds already past its cursor. Each tab tells the others, which read the rows back.
  const tabs = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(`dispatch-mirror:${scope}`);
  const tellOtherTabs = (pulled: PulledChanges) => {
    if (!pulled.reset && !pulled.otherEntities && !pulled.orderUpserts.length && !pulled.orderDeletions.length) return;
    const message: PulledInAnotherTab = {
      reset: pulled.reset,
      otherEntities: pulled.otherEntities,
      orderIds: pulled.orderUpserts.map((order) => order.id),
      orderDeletions: pulled.orderDeletions,
    };
    tabs?.postMessage(message);
  };
  if (tabs) {
    tabs.onmessage = (event: MessageEvent<PulledInAnotherTab>) => {
      if (!stopped) void followAnotherTabsPull(queryClient, event.data);
    };
  }

  const pull = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      setStatus({ syncing: true });
      try {
        let heldBack = false;
        do {
          again = false;
          const pulled = await pullOnce();
          heldBack = pulled.heldBack;
          setStatus({ lastSyncedAt: await lastSyncedAt() });
          tellOtherTabs(pulled);
          await followPulledChanges(queryClient, pulled);
        } while (again && !stopped);
        if (!heldBack) heldBackRetryMs = HELD_BACK_RETRY_MS;
        else if (!stopped && retryTimer === null) {
          retryTimer = setTimeout(() => {
            retryTimer = null;
            void pull();
          }, heldBackRetryMs);
          heldBackRetryMs = Math.min(heldBackRetryMs * 2, HELD_BACK_RETRY_MAX_MS);
        }
      } catch (error) {
        // Offline or refused: the next trigger tries again; a 401 is handled by the api client.
        if (!(error instanceof ApiError)) console.error(error);
      } finally {
        running = null;
        // After a failed first pull the screens show what the mirror has rather than load forever.
        setStatus(stopped ? { syncing: false } : { syncing: false, mirrorComplete: true });
      }
    })();
    return running;
  };

  const openWeek = async (range: DateRange) => {
    const loads = await withMirrorLock(async () => {
      await restoreOpenedWeeks();
      if (windowCovers(currentWindow(zone()), range)) {
        await touchOpenedWeek(range);
        return null;
      }
      const stored = await fetchWeekIntoMirror(range);
      await trim(currentWindow(zone()));
      return stored;
    });
    if (!loads) return;
    await applyOrderChangesToWeeks(queryClient, loads, []);
    void pull();
  };

  void pull();
  const unsubscribe = onlineManager.subscribe((online) => {
    if (online) void pull();
  });
  const timer = setInterval(() => void pull(), PULL_INTERVAL_MS);
  // Realtime events are pokes: each one pulls the feed. Device positions are a stream: kept as they come, no pull.
  const disconnect = connectRealtime({
    // A version the mirror holds was written by this device (a save's answer, or another tab's pull):
    // this tab's cached weeks take the row from the mirror, which another tab may have written.
    onOrderChanged: (event) =>
      void mirrorHolds(event).then((held) => (held ? followMirroredLoads(queryClient, [event.id], []) : pull())),
    onStopChanged: (event) => {
      if (isOthersChange(event, queryClient.getQueryData(selfQuery.queryKey)?.id)) markStopTouched(event);
      void pull();
    },
    onDeviceLocation: (location) => receiveDevicePosition(queryClient, location),
    onMirrorChanged: () => void pull(),
    onCompanyChanged: (event) => void followCompanyChange(queryClient, event),
    onConnected: () => {
      void pull();
      // Positions pushed while the socket was down are lost: the next reader reads the latest again.
      void queryClient.invalidateQueries({ queryKey: latestDevicePositionsQuery.queryKey });
    },
  });
  const engine: SyncEngine = {
    pull,
    openWeek,
    stop: () => {
      if (activeEngine === engine) activeEngine = null;
      stopped = true;
      setStatus({ mirrorComplete: false });
      unsubscribe();
      clearInterval(timer);
      if (retryTimer !== null) clearTimeout(retryTimer);
      tabs?.close();
      disconnect();
    },
  };
  activeEngine = engine;
  for (const waiter of engineWaiters) waiter(engine);
  engineWaiters.clear();
  return engine;
}
