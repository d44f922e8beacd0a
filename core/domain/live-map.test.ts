import { describe, expect, it } from 'vitest';
import type { DeviceLocationEvent } from '#core/contract/realtime';
import { activeTrucks, duplicatedResources, matchesSearch, nextStop } from './live-map.ts';

const at = (deviceId: number, fields: Partial<DeviceLocationEvent>): DeviceLocationEvent => ({
  deviceId,
  deviceType: 'mobile',
  userId: null,
  orderId: null,
  tractorId: null,
  trailerId: null,
  latitude: 42,
  longitude: -93,
  heading: null,
  speed: null,
  accuracy: 5,
  timestamp: '2026-11-28T10:00:00Z',
  ...fields,
});

describe('duplicatedResources', () => {
  it('names each kind two phones claim at once, in the order of the warning', () => {
    expect(
      duplicatedResources([
        at(1, { orderId: 7, userId: 3, trailerId: 9 }),
        at(2, { orderId: 7, userId: 4, tractorId: 5, trailerId: 9 }),
        at(3, { tractorId: 5 }),
      ]),
    ).toEqual(['load', 'tractor', 'trailer']);
  });

  it('does not count a phone and the smart trailer of its load as a duplicate', () => {
    expect(
      duplicatedResources([at(1, { orderId: 7, trailerId: 9 }), at(2, { deviceType: 'trailer', orderId: 7, trailerId: 9 })]),
    ).toEqual([]);
  });

  it('names a device listed twice', () => {
    expect(duplicatedResources([at(1, {}), at(1, {})])).toEqual(['device']);
  });
});

describe('nextStop', () => {
  it('is the first stop in sequence not complete, and none once all are', () => {
    const stops = [
      { sequence: 2, status: 'Not Started' as const },
      { sequence: 1, status: 'Complete' as const },
      { sequence: 3, status: 'Enroute' as const },
    ];
    expect(nextStop(stops)?.sequence).toBe(2);
    expect(nextStop([{ sequence: 1, status: 'Complete' as const }])).toBeNull();
  });
});

describe('matchesSearch', () => {
  it('matches any shown name, ignoring case and accents; an empty search matches all', () => {
    expect(matchesSearch(['José Pérez', null], 'jose')).toBe(true);
    expect(matchesSearch(['Truck 12'], 'trailer')).toBe(false);
    expect(matchesSearch([], '  ')).toBe(true);
  });
});

describe('activeTrucks', () => {
  it('counts phones that reported within 30 minutes, and those on a load; trailers and silent phones are not', () => {
    const now = new Date('2026-11-28T10:30:00Z');
    expect(
      activeTrucks(
        [
          at(1, { orderId: 7, timestamp: '2026-11-28T10:29:00Z' }),
          at(2, { timestamp: '2026-11-28T10:00:00Z' }),
          at(3, { timestamp: '2026-11-28T09:59:59Z' }),
          at(4, { deviceType: 'trailer', orderId: 7, timestamp: '2026-11-28T10:29:00Z' }),
        ],
        now,
      ),
    ).toEqual({ active: 2, onLoad: 1 });
  });
});
