import { describe, expect, it } from 'vitest';
import type { DeviceLocationEvent } from '#core/contract/realtime';
import { applyDevicePositions } from './device-positions.ts';

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
});
