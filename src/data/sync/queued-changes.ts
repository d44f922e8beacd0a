import type { MutationCache } from '@tanstack/react-query';
import type { LoadChangeVariables } from './load-overlay.ts';
import type { RecordChangeVariables } from './record-overlay.ts';

type QueuedChange = LoadChangeVariables | RecordChangeVariables;

/** How often, at most, a burst of queue changes (a replayed queue of hundreds) reaches the screen. */
const NOTIFY_EVERY_MS = 50;

interface QueuedChangesStore {
  subscribe: (listener: () => void) => () => void;
  getSnapshot: () => QueuedChange[];
}

const stores = new WeakMap<MutationCache, QueuedChangesStore>();

/**
 * The pending changes of the outbox (loads' and records'), as one shared, throttled store. TanStack's
 * useMutationState re-renders on every cache event and deep-compares every queued change each time,
 * which is quadratic while a long queue replays; here the list is rebuilt at most every 50 ms (first
 * change at once) and keeps its identity while the same changes are pending.
 */
export function queuedChangesStore(cache: MutationCache, isLoadChange: (key: readonly unknown[] | undefined) => boolean) {
  const existing = stores.get(cache);
  if (existing) return existing;
  const listeners = new Set<() => void>();
  let snapshot: QueuedChange[] = [];
  let stale = true;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let missed = false;

  const rebuild = () => {
    const pending = cache
      .getAll()
      .filter((mutation) => mutation.state.status === 'pending' && isLoadChange(mutation.options.mutationKey))
      .map((mutation) => mutation.state.variables as QueuedChange);
    const same = pending.length === snapshot.length && pending.every((variables, index) => variables === snapshot[index]);
    if (!same) snapshot = pending;
    stale = false;
  };
  const notify = () => {
    stale = true;
    for (const listener of listeners) listener();
  };
  const onCacheEvent = () => {
    if (timer) {
      missed = true;
      return;
    }
    notify();
    timer = setTimeout(function trailing() {
      timer = null;
      if (missed) {
        missed = false;
        notify();
        timer = setTimeout(trailing, NOTIFY_EVERY_MS);
      }
    }, NOTIFY_EVERY_MS);
  };
  let unsubscribeCache: (() => void) | null = null;

  const store: QueuedChangesStore = {
    subscribe: (listener) => {
      listeners.add(listener);
      unsubscribeCache ??= cache.subscribe(onCacheEvent);
      stale = true;
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && unsubscribeCache) {
          unsubscribeCache();
          unsubscribeCache = null;
        }
      };
    },
    getSnapshot: () => {
      if (stale) rebuild();
      return snapshot;
    },
  };
  stores.set(cache, store);
  return store;
}
