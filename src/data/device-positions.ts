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
});

/** How often, at most, pushed positions reach the screens: thousands of devices report every second. */
const APPLY_EVERY_MS = 250;
const pending = new Map<number, DeviceLocationEvent>();
let applyTimer: ReturnType<typeof setTimeout> | null = null;

/** Lays pushed positions over the held list, keeping per device only the newest (a late one never moves it back). */
export function applyDevicePositions(held: DeviceLocationEvent[], pushed: Iterable<DeviceLocationEvent>): DeviceLocationEvent[] {
  const byDevice = new Map(held.map((location) => [location.deviceId, location]));
  let changed = false;
  for (const location of pushed) {
    const current = byDevice.get(location.deviceId);
    if (current && Date.parse(current.timestamp) >= Date.parse(location.timestamp)) continue;
    byDevice.set(location.deviceId, location);
    changed = true;
  }
  return changed ? [...byDevice.values()] : held;
}

/**
 * A position pushed by the socket: batched, then laid over the held list. Nothing is held before the
 * first read (a list built from pushes alone would miss the quiet devices), so pushes wait for it.
 */
export function receiveDevicePosition(queryClient: QueryClient, location: DeviceLocationEvent) {
  const waiting = pending.get(location.deviceId);
  if (!waiting || Date.parse(waiting.timestamp) < Date.parse(location.timestamp)) pending.set(location.deviceId, location);
  if (applyTimer !== null) return;
  applyTimer = setTimeout(() => {
    applyTimer = null;
    const pushed = [...pending.values()];
    pending.clear();
    queryClient.setQueryData(latestDevicePositionsQuery.queryKey, (held) => (held ? applyDevicePositions(held, pushed) : held));
  }, APPLY_EVERY_MS);
}

/** The latest position of each device, by device id; read only by those who may open the live map. */
export function useLatestDevicePositions(enabled: boolean) {
  const { data } = useQuery({ ...latestDevicePositionsQuery, enabled });
  return useMemo(() => new Map((data ?? []).map((location) => [location.deviceId, location])), [data]);
}
