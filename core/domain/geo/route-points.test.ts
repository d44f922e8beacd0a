import { describe, expect, it } from 'vitest';
import { formatRoutePoints, parseRoutePoints, withViaPoint } from './route-points.ts';

describe('route points as text', () => {
  it('reads one lat,lng per line, skips blank lines and names the lines that are no position', () => {
    const { points, invalidLines } = parseRoutePoints('42.1,-93.5\n\n 42.2 , -93.6 \nnorth\n95,10\n42.3;-93.7');
    expect(points).toEqual([
      { latitude: 42.1, longitude: -93.5 },
      { latitude: 42.2, longitude: -93.6 },
      { latitude: 42.3, longitude: -93.7 },
    ]);
    expect(invalidLines).toEqual([4, 5]);
    expect(parseRoutePoints(formatRoutePoints(points)).points).toEqual(points);
  });

  it('places a dragged via point between the vias around it along the path', () => {
    const path = [0, 1, 2, 3, 4].map((step) => ({ latitude: 42, longitude: -94 + step * 0.1 }));
    const first = { latitude: 42.01, longitude: -93.9 };
    const last = { latitude: 42.01, longitude: -93.6 };
    expect(withViaPoint([first, last], path, { latitude: 41.98, longitude: -93.8 })).toEqual([
      first,
      { latitude: 41.98, longitude: -93.8 },
      last,
    ]);
  });
});
