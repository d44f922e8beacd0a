import { describe, expect, it } from 'vitest';
import type { DeviceLocationEvent } from '#core/contract/realtime';
import { rosterOf } from './roster.ts';

const at = (deviceId: number, fields: Partial<DeviceLocationEvent> = {}): DeviceLocationEvent => ({
  deviceId,
  deviceType: 'mobile',
  userId: 7,
  orderId: 10,
  tractorId: null,
  trailerId: null,
  latitude: 42,
  longitude: -93,
  heading: 90,
  speed: 20,
  accuracy: 5,
  timestamp: '2026-11-28T10:00:00Z',
  ...fields,
});

describe('rosterOf', () => {
  it('keeps the same roster while the devices only move, so the list is not sorted and filtered again every second', () => {
    const first = rosterOf(null, [at(1), at(2)]);
    const moved = [at(1, { latitude: 43, timestamp: '2026-11-28T10:00:01Z' }), at(2, { heading: 180 })];
    expect(rosterOf(first, moved)).toBe(first);
    expect(first.indexOf.get(2)).toBe(1);
  });

  it('makes a new roster when a device comes or goes, or changes driver, load or equipment', () => {
    const first = rosterOf(null, [at(1), at(2)]);
    expect(rosterOf(first, [at(1)])).not.toBe(first);
    expect(rosterOf(first, [at(1), at(2), at(3)]).indexOf.get(3)).toBe(2);
    expect(rosterOf(first, [at(1), at(2, { userId: 8 })])).not.toBe(first);
    expect(rosterOf(first, [at(1, { orderId: null }), at(2)])).not.toBe(first);
    expect(rosterOf(first, [at(1), at(2, { trailerId: 4 })])).not.toBe(first);
    expect(rosterOf(first, [at(2), at(1)]).indexOf.get(1)).toBe(1);
  });
});
