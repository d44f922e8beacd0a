import { useSyncExternalStore } from 'react';
import type { StopChangedEvent } from '#core/contract/realtime';

/**
 * Loads whose stops a live update (`orders:stops:update`) just touched, so the loads table can
 * mark their rows (spec 1 §2). The sync engine reports each event here; a mark lasts a few
 * minutes, or until the user opens the load.
 */
export const TOUCH_MARK_MS = 5 * 60_000;

export interface TouchedLoad {
  stopIds: readonly number[];
  /** When the latest update arrived (ms). */
  at: number;
}

let touched: ReadonlyMap<number, TouchedLoad> = new Map();
const listeners = new Set<() => void>();

function publish(next: ReadonlyMap<number, TouchedLoad>) {
  touched = next;
  for (const listener of listeners) listener();
}

function forgetExpired() {
  const now = Date.now();
  const kept = [...touched].filter(([, mark]) => now - mark.at < TOUCH_MARK_MS);
  if (kept.length !== touched.size) publish(new Map(kept));
}

/**
 * The mark is for changes made by others and by devices (issue 18): the user's own action, made
 * on this device or another of theirs, is not news to them.
 */
export function isOthersChange(event: StopChangedEvent, signedInUserId: number | undefined): boolean {
  return event.changedByUserId === null || event.changedByUserId !== signedInUserId;
}

export function markStopTouched(event: StopChangedEvent, at = Date.now()) {
  const previous = touched.get(event.orderId);
  const stopIds = previous?.stopIds.includes(event.stopId) ? previous.stopIds : [...(previous?.stopIds ?? []), event.stopId];
  publish(new Map(touched).set(event.orderId, { stopIds, at }));
  setTimeout(forgetExpired, TOUCH_MARK_MS + 50);
}

/** The user has seen the change (opened the load). */
export function forgetTouchedLoad(orderId: number) {
  if (!touched.has(orderId)) return;
  const next = new Map(touched);
  next.delete(orderId);
  publish(next);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/** Load id → the stops live updates touched; a new map on every change. */
export function useTouchedStops(): ReadonlyMap<number, TouchedLoad> {
  return useSyncExternalStore(subscribe, () => touched);
}
