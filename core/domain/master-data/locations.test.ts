import { describe, expect, it } from 'vitest';
import { geofenceMoved } from './locations.ts';

describe('a geofence moving', () => {
  const box = {
    latitude: 42,
    longitude: -93.6,
    radius: null,
    bbox: { topLeft: { latitude: 42.01, longitude: -93.61 }, bottomRight: { latitude: 41.99, longitude: -93.59 } },
  };
  it('is any change of centre, radius or corner beyond a centimetre, and no round trip of the same values', () => {
    expect(geofenceMoved(box, JSON.parse(JSON.stringify(box)))).toBe(false);
    expect(geofenceMoved(box, { ...box, latitude: 42 + 1e-9 })).toBe(false);
    expect(geofenceMoved(box, { ...box, bbox: { ...box.bbox, topLeft: { latitude: 42.02, longitude: -93.61 } } })).toBe(true);
    expect(geofenceMoved(box, { ...box, bbox: null, radius: 100 })).toBe(true);
    const circle = { latitude: 42, longitude: -93.6, radius: 100, bbox: null };
    expect(geofenceMoved(circle, { ...circle, radius: 101 })).toBe(true);
    expect(geofenceMoved(circle, { ...circle, longitude: -93.7 })).toBe(true);
  });
});
