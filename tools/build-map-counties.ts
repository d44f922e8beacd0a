/**
 * Writes src/map/embedded/county-borders.ts, the US county borders of the embedded base map (README
 * "Base map"), from us-atlas (counties-10m): the borders between counties as lines, simplified
 * (Douglas–Peucker, 0.002° ≈ 200 m, finer than a pixel at the zooms they draw from) and written as
 * thousandths of a degree, each point as the difference from the one before — 90 KB gzip instead of
 * the package's 250 KB. Run after upgrading us-atlas: `node --import tsx tools/build-map-counties.ts`.
 */
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

const TOLERANCE_DEGREES = 0.002;
const require = createRequire(import.meta.url);
const counties = require('us-atlas/counties-10m.json') as Topology;

/** The points of a line that keep its shape within the tolerance (Douglas–Peucker). */
function simplify(points: number[][]): number[][] {
  if (points.length < 3) return points;
  const keep = new Uint8Array(points.length);
  keep[0] = 1;
  keep[points.length - 1] = 1;
  const spans: [number, number][] = [[0, points.length - 1]];
  for (let span = spans.pop(); span; span = spans.pop()) {
    const [first, last] = span;
    const [ax = 0, ay = 0] = points[first] ?? [];
    const [bx = 0, by = 0] = points[last] ?? [];
    const length = Math.hypot(bx - ax, by - ay) || Number.EPSILON;
    let farthest = -1;
    let distance = 0;
    for (let index = first + 1; index < last; index++) {
      const [x = 0, y = 0] = points[index] ?? [];
      const away = Math.abs((by - ay) * (x - ax) - (bx - ax) * (y - ay)) / length;
      if (away > distance) [farthest, distance] = [index, away];
    }
    if (distance > TOLERANCE_DEGREES) {
      keep[farthest] = 1;
      spans.push([first, farthest], [farthest, last]);
    }
  }
  return points.filter((_, index) => keep[index]);
}

const borders = mesh(counties, counties.objects.counties as GeometryCollection, (a, b) => a !== b);
const encoded = borders.coordinates
  .map((line) => {
    let [previousX, previousY] = [0, 0];
    return simplify(line)
      .flatMap(([longitude = 0, latitude = 0]) => {
        const [x, y] = [Math.round(longitude * 1000), Math.round(latitude * 1000)];
        const step = [x - previousX, y - previousY];
        [previousX, previousY] = [x, y];
        return step;
      })
      .join(',');
  })
  .join(';');

writeFileSync(
  new URL('../src/map/embedded/county-borders.ts', import.meta.url),
  `// Written by tools/build-map-counties.ts from us-atlas counties-10m: do not edit.
/** Lines separated by ";", each point the difference in thousandths of a degree from the one before (the first from 0,0). */
export const COUNTY_BORDERS =
  '${encoded}';
`,
);
console.log(`${borders.coordinates.length} county border lines, ${encoded.length} characters`);
