import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { DeviceLocationEvent } from '#core/contract/realtime';
import {
  APPLY_EVERY_MS,
  applyDevicePositions,
  isLater,
  latestDevicePositionsQuery,
  receiveDevicePosition,
  subscribeDevicePositions,
} from './device-positions.ts';

const at = (deviceId: number, timestamp: string, latitude = 42): DeviceLocationEvent => ({
  deviceId,
  deviceType: 'mobile',
  userId: null,
  orderId: null,
  tractorId: null,
  trailerId: null,
  latitude,
  longitude: -93,
  heading: null,
  speed: null,
  accuracy: 5,
  timestamp,
});

describe('applyDevicePositions', () => {
  it('keeps the newest position per device and adds devices it did not hold', () => {
    const held = [at(1, '2026-11-28T10:00:00Z'), at(2, '2026-11-28T10:00:00Z')];
    const next = applyDevicePositions(held, [at(1, '2026-11-28T10:01:00Z', 43), at(3, '2026-11-28T09:00:00Z')]);
    expect(next.map((location) => [location.deviceId, location.latitude])).toEqual([
      [1, 43],
      [2, 42],
      [3, 42],
    ]);
  });

  it('never moves a device back to an older position, and answers the same list when nothing changed', () => {
    const held = [at(1, '2026-11-28T10:00:00+00:00')];
    // The same instant written in another offset is not newer.
    expect(applyDevicePositions(held, [at(1, '2026-11-28T04:00:00-06:00', 50), at(1, '2026-11-28T09:59:00Z', 51)])).toBe(held);
  });

  it('takes the newest of several pushes for one device, new or held, and keeps the held devices’ order', () => {
    const held = [at(2, '2026-11-28T10:00:00Z'), at(1, '2026-11-28T10:00:00Z')];
    const next = applyDevicePositions(held, [
      at(4, '2026-11-28T10:02:00Z', 44),
      at(1, '2026-11-28T10:03:00Z', 45),
      at(4, '2026-11-28T10:01:00Z', 46),
      at(1, '2026-11-28T10:02:00Z', 47),
    ]);
    expect(next.map((location) => [location.deviceId, location.latitude])).toEqual([
      [2, 42],
      [1, 45],
      [4, 44],
    ]);
    expect(next[0]).toBe(held[0]);
  });
});

describe('isLater', () => {
  it('compares the server’s UTC timestamps as strings and any other pair as instants', () => {
    expect(isLater('2026-11-28T10:00:01.000Z', '2026-11-28T10:00:00.999Z')).toBe(true);
    expect(isLater('2026-11-28T10:00:00.000Z', '2026-11-28T10:00:00.000Z')).toBe(false);
    // Another precision or offset: by the instant, not the characters.
    expect(isLater('2026-11-28T10:00:01Z', '2026-11-28T10:00:00.500Z')).toBe(true);
    expect(isLater('2026-11-28T04:00:01-06:00', '2026-11-28T10:00:00Z')).toBe(true);
    expect(isLater('2026-11-28T10:00:00Z', '2026-11-28T04:00:01-06:00')).toBe(false);
  });
});

describe('receiveDevicePosition', () => {
  it('hands the map one batch each half second of the newest position per device, and lays the same batch over the cached list', () => {
    vi.useFakeTimers();
    try {
      const queryClient = new QueryClient();
      queryClient.setQueryData(latestDevicePositionsQuery.queryKey, [at(1, '2026-11-28T10:00:00Z')]);
      const batches: number[][] = [];
      const unsubscribe = subscribeDevicePositions((batch) => batches.push(batch.map((location) => location.latitude)));
      receiveDevicePosition(queryClient, at(1, '2026-11-28T10:00:02Z', 44));
      receiveDevicePosition(queryClient, at(1, '2026-11-28T10:00:01Z', 43));
      receiveDevicePosition(queryClient, at(2, '2026-11-28T10:00:01Z', 45));
      expect(batches).toEqual([]);
      vi.advanceTimersByTime(APPLY_EVERY_MS - 1);
      expect(batches).toEqual([]);
      vi.advanceTimersByTime(1);
      expect(batches).toEqual([[44, 45]]);
      // In a task of its own after the map's, the cached list gets the same objects, so the map finds them already placed.
      expect(queryClient.getQueryData(latestDevicePositionsQuery.queryKey)?.map((location) => location.latitude)).toEqual([42]);
      vi.advanceTimersToNextTimer();
      const cached = queryClient.getQueryData(latestDevicePositionsQuery.queryKey);
      expect(cached?.map((location) => location.latitude)).toEqual([44, 45]);
      unsubscribe();
      receiveDevicePosition(queryClient, at(1, '2026-11-28T10:00:03Z', 46));
      vi.advanceTimersByTime(APPLY_EVERY_MS);
      expect(batches).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
