import { describe, expect, it } from 'vitest';
import { haversineMeters } from '../units.ts';
import { accurateEnough, drivenMeters } from './trail.ts';

const at = (deviceId: number, latitude: number, accuracy: number | null) => ({ deviceId, latitude, longitude: -93.5, accuracy });

describe('accurateEnough', () => {
  it('keeps points under 100 m only, 0 and unknown included', () => {
    expect(accurateEnough({ accuracy: 0 })).toBe(true);
    expect(accurateEnough({ accuracy: 99.9 })).toBe(true);
    expect(accurateEnough({ accuracy: 100 })).toBe(false);
    expect(accurateEnough({ accuracy: null })).toBe(true);
  });
});

describe('drivenMeters', () => {
  it("measures each device's accurate path and answers the longest", () => {
    const leg = haversineMeters({ latitude: 42, longitude: -93.5 }, { latitude: 42.01, longitude: -93.5 });
    const points = [
      at(1, 42, 5),
      at(2, 42, 5),
      // A jump of poor accuracy is not driven.
      at(1, 43, 150),
      at(1, 42.01, 5),
      at(2, 42.005, 5),
      at(1, 42.02, 8),
    ];
    expect(drivenMeters(points)).toBeCloseTo(2 * leg, 3);
  });

  it('answers null while no device has two accurate points', () => {
    expect(drivenMeters([])).toBeNull();
    expect(drivenMeters([at(1, 42, 5), at(1, 42.1, 200), at(2, 42, 5)])).toBeNull();
  });
});
