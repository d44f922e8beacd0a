import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { z } from 'zod';
import { type DeviceLocationEvent, deviceLocationEventSchema } from '#core/contract/realtime';
import { apiRequest } from './api-client.ts';

/**
 * Device positions, the stream kind of data (ARCHITECTURE "Three kinds of data"): read once from
 * `GET /api/devices/locations/latest`, then kept current by the socket's
 * `device:locations:latest:update`, latest per device. They live in the persisted query cache (the
 * last known positions show offline after a reload), never in the mirror or the change feed.
 */
export const latestDevicePositionsQuery = queryOptions({
  queryKey: ['devices', 'locations', 'latest'],
  queryFn: () => apiRequest('/devices/locations/latest', z.array(deviceLocationEventSchema)),
  // The socket keeps the list current; a read now and then catches what arrived while disconnected.
  staleTime: 5 * 60_000,
  // Thousands of positions laid over the list every second: a deep comparison of each would cost
  // more than it saves (the list keeps the objects of unmoved devices anyway).
  structuralSharing: false,
});

/**
 * How often pushed positions reach their readers, at most: first the listeners (the map's layer,
 * outside React, moving its features in place), then the query cache (React lists, the persisted
 * copy) with the same objects, which the map then finds already placed. Thousands of devices report
 * every second: nothing may redraw per position. A quarter of a second: a position waits here up to
 * this long after its push, and issue 21 wants a marker moved within a second of the fix's arrival
 * (at 1 s the wait alone took most of it, and at 500 ms the p95 across two nodes still reached
 * 0.98–1.09 s; `npm run bench -- ingest` measures it in Chromium, `live-map` the frames it costs).
 */
export const APPLY_EVERY_MS = 250;

/** Told each batch of pushed positions, newest per device; answers its unsubscribe. */
export type DevicePositionsListener = (positions: readonly DeviceLocationEvent[]) => void;
const listeners = new Set<DevicePositionsListener>();

export function subscribeDevicePositions(listener: DevicePositionsListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const pending = new Map<number, DeviceLocationEvent>();
let applyTimer: ReturnType<typeof setTimeout> | null = null;

/**
 * Lays pushed positions over the held list, keeping per device only the newest (a late one never
 * moves it back); held devices keep their place, new ones follow. Runs each second over thousands
 * of devices: one walk of the held list, no index of it built.
 */
export function applyDevicePositions(held: DeviceLocationEvent[], pushed: Iterable<DeviceLocationEvent>): DeviceLocationEvent[] {
  const newest = new Map<number, DeviceLocationEvent>();
  for (const location of pushed) keepNewest(newest, location);
  if (newest.size === 0) return held;
  let changed = false;
  const next = held.map((current) => {
    const location = newest.get(current.deviceId);
    if (!location) return current;
    newest.delete(current.deviceId);
    if (!isLater(location.timestamp, current.timestamp)) return current;
    changed = true;
    return location;
  });
  for (const location of newest.values()) {
    next.push(location);
    changed = true;
  }
  return changed ? next : held;
}

/**
 * Whether one timestamp is later than another. The server writes them all alike (UTC, `Z`, the same
 * precision), and such strings sort as their instants do: compared as strings, thousands a second
 * are not parsed twice each; any other pair is parsed.
 */
export function isLater(timestamp: string, than: string): boolean {
  if (timestamp.length === than.length && timestamp.endsWith('Z') && than.endsWith('Z')) return timestamp > than;
  return Date.parse(timestamp) > Date.parse(than);
}

function keepNewest(waiting: Map<number, DeviceLocationEvent>, location: DeviceLocationEvent) {
  const held = waiting.get(location.deviceId);
  if (!held || isLater(location.timestamp, held.timestamp)) waiting.set(location.deviceId, location);
}

/**
 * A position pushed by the socket: batched, then handed to the listeners and laid over the held
 * list. Nothing is held before the first read (a list built from pushes alone would miss the quiet
 * devices), so the cache waits for it; a listener (the map) already shows what the read gave it.
 */
export function receiveDevicePosition(queryClient: QueryClient, location: DeviceLocationEvent) {
  keepNewest(pending, location);
  if (applyTimer !== null) return;
  applyTimer = setTimeout(() => {
    applyTimer = null;
    const pushed = [...pending.values()];
    pending.clear();
    for (const listener of listeners) listener(pushed);
    // A task of its own: the cache's readers and its saving (thousands of positions) never lengthen the map's.
    setTimeout(() => {
      queryClient.setQueryData(latestDevicePositionsQuery.queryKey, (held) => (held ? applyDevicePositions(held, pushed) : held));
    }, 0);
  }, APPLY_EVERY_MS);
}

/** The latest position of each device, by device id; read only by those who may open the live map. */
export function useLatestDevicePositions(enabled: boolean) {
  const { data } = useQuery({ ...latestDevicePositionsQuery, enabled });
  return useMemo(() => new Map((data ?? []).map((location) => [location.deviceId, location])), [data]);
}
