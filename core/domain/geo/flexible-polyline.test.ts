import { describe, expect, it } from 'vitest';
import { decodeFlexiblePolyline, encodeFlexiblePolyline, isRoutePolyline } from './flexible-polyline.ts';

const FRANKFURT = [
  { latitude: 50.10228, longitude: 8.69821 },
  { latitude: 50.10201, longitude: 8.69567 },
  { latitude: 50.10063, longitude: 8.6915 },
  { latitude: 50.09878, longitude: 8.68752 },
];

describe('flexible polyline', () => {
  it("decodes the format's published example: 4 points near Frankfurt, precision 5", () => {
    expect(decodeFlexiblePolyline('BFoz5xJ67i1B1B7PzIhaxL7Y')).toEqual(FRANKFURT);
  });

  it('encodes those points back to the published string', () => {
    expect(encodeFlexiblePolyline(FRANKFURT)).toBe('BFoz5xJ67i1B1B7PzIhaxL7Y');
  });

  // Two-dimensional lines of heremaps/flexible-polyline test/round_half_even/{encoded,decoded}.txt.
  it.each([
    ['BA3E0E', 0, [[-76, 74]]],
    ['BBoX2jB', 1, [[37.2, 57.1]]],
    ['BC7sV87D', 2, [[-109.58, 19.82]]],
    ['BE5r8tBunzW', 4, [[-75.1805, 37.0295]]],
    ['BF4lj8W_-0-J', 5, [[119.94716, -52.20848]]],
    [
      'BAoIlE7FiI',
      0,
      [
        [132, -67],
        [38, 62],
      ],
    ],
  ] as const)('matches the reference vector %s both ways', (encoded, precision, pairs) => {
    const points = pairs.map(([latitude, longitude]) => ({ latitude, longitude }));
    expect(decodeFlexiblePolyline(encoded)).toEqual(points);
    expect(encodeFlexiblePolyline(points, precision)).toBe(encoded);
  });

  it('round-trips a route to within its precision', () => {
    const route = Array.from({ length: 500 }, (_, index) => ({
      latitude: 41.5 + index * 0.0071234 + Math.sin(index) * 0.001,
      longitude: -93.6 - index * 0.0093321,
    }));
    const decoded = decodeFlexiblePolyline(encodeFlexiblePolyline(route));
    expect(decoded).toHaveLength(route.length);
    decoded.forEach((point, index) => {
      expect(Math.abs(point.latitude - route[index]!.latitude)).toBeLessThanOrEqual(0.000005 + 1e-12);
      expect(Math.abs(point.longitude - route[index]!.longitude)).toBeLessThanOrEqual(0.000005 + 1e-12);
    });
  });

  it('decodes a string once and answers the same points after', () => {
    const encoded = encodeFlexiblePolyline(FRANKFURT.slice(0, 3));
    const first = decodeFlexiblePolyline(encoded);
    expect(decodeFlexiblePolyline(encoded)).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
  });

  it('tells a route polyline from anything else', () => {
    expect(isRoutePolyline('BFoz5xJ67i1B1B7PzIhaxL7Y')).toBe(true);
    expect(isRoutePolyline('BA3E0E')).toBe(false); // one point is not a route
    expect(isRoutePolyline('AFoz5xJ67i1B')).toBe(false); // version 0
    expect(isRoutePolyline('BFoz5xJ67i1')).toBe(false); // truncated
    expect(isRoutePolyline('')).toBe(false);
  });
});
