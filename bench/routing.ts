import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type AvoidBox, routeAnswerSchema, routeRequestSchema } from '#core/contract/routing';
import { decodeFlexiblePolyline, encodeFlexiblePolyline } from '#core/domain/geo/flexible-polyline';
import { densifyGreatCircle } from '#core/domain/geo/route-gaps';
import { haversineMeters, type LatLng } from '#core/domain/units';
import { routeThrough } from '#server/features/routing/routing.service';
import { encodeEncodedPolyline } from '#server/providers/encoded-polyline';
import { embeddedRouting, valhallaRouting } from '#server/providers/routing';
import { percentile, roundMs } from './stats.ts';

/**
 * Issue 20's routing figures, in Node, without a database:
 * - route generation through the embedded provider for a 10-stop load 300 km long (request parsed
 *   with its zod schema, routed, answer checked and serialized: the server's part; goal ≤ 50 ms);
 * - recalculation after a drag with 30 active zones against a stub Valhalla answering a 300 km route
 *   of 6,000 points at once: the whole request, the engine's own time, and ours (goal ≤ 50 ms p95);
 * - a 300 km route of 6,000 points stored as a flexible polyline against the same points as GeoJSON
 *   with 6 decimals (goal ≤ 1/5), and its decode time, first and kept (goal ≤ 20 ms).
 */

const RUNS = 41;
const WARM_UPS = 5;
const ROUTE_POINTS = 6_000;
const AVOID_ZONES = 30;

const timings = (samples: number[]) => ({
  median: roundMs(percentile(samples, 0.5)),
  p95: roundMs(percentile(samples, 0.95)),
});

/** Ten stops from Des Moines north-west, 300 km of great circle in all. */
function tenStops(): LatLng[] {
  const start = { latitude: 41.5868, longitude: -93.625 };
  // 9 legs of 33.3 km, alternating north and west so the load zig-zags like a milk run.
  const stepDegreesLatitude = 33_333 / ((6_371_000 * Math.PI) / 180);
  return Array.from({ length: 10 }, (_, index) => {
    const north = Math.ceil(index / 2);
    const west = Math.floor(index / 2);
    return {
      latitude: start.latitude + north * stepDegreesLatitude,
      longitude: start.longitude - (west * stepDegreesLatitude) / Math.cos((start.latitude * Math.PI) / 180),
    };
  });
}

/** A 300 km road-like line of 6,000 points: the stops densified, then nudged off the straight line. */
function roadOf(stops: LatLng[]): LatLng[] {
  const dense = densifyGreatCircle(stops, 50);
  return dense
    .filter((_, index) => index % Math.max(1, Math.round(dense.length / ROUTE_POINTS)) === 0)
    .slice(0, ROUTE_POINTS)
    .map((point, index) => ({
      latitude: point.latitude + Math.sin(index / 7) * 0.0004,
      longitude: point.longitude + Math.cos(index / 11) * 0.0004,
    }));
}

const lengthKm = (points: LatLng[]) =>
  points.slice(1).reduce((sum, point, index) => sum + haversineMeters(points[index]!, point), 0) / 1000;

async function measureGeneration(stops: LatLng[]) {
  const body = { points: stops.map((stop) => ({ lat: stop.latitude, lng: stop.longitude })) };
  const samples: number[] = [];
  let answerBytes = 0;
  for (let run = 0; run < WARM_UPS + RUNS; run++) {
    const started = performance.now();
    const request = routeRequestSchema.parse(JSON.parse(JSON.stringify(body)));
    const answer = routeAnswerSchema.parse(await routeThrough(embeddedRouting, request));
    answerBytes = JSON.stringify(answer).length;
    if (run >= WARM_UPS) samples.push(performance.now() - started);
  }
  return { stops: stops.length, greatCircleKm: Math.round(lengthKm(stops)), answerBytes, ms: timings(samples), goalMs: 50 };
}

/** Thirty 2 × 2 km zones scattered around the route's middle. */
function zones(stops: LatLng[]): AvoidBox[] {
  const middle = stops[5]!;
  return Array.from({ length: AVOID_ZONES }, (_, index) => {
    const lat = middle.latitude + ((index % 6) - 3) * 0.05;
    const lng = middle.longitude + (Math.floor(index / 6) - 2) * 0.07;
    return { topLeft: { lat: lat + 0.009, lng: lng - 0.012 }, bottomRight: { lat, lng } };
  });
}

async function measureRecalculation(stops: LatLng[], road: LatLng[]) {
  const legs = [{ shape: encodeEncodedPolyline(road, 6), summary: { length: lengthKm(road), time: 14_400 } }];
  const answer = JSON.stringify({ trip: { status: 0, legs } });
  const engineMs: number[] = [];
  let excluded = 0;
  const engine = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk) => {
      text += chunk;
    });
    request.on('end', () => {
      const started = performance.now();
      excluded = (JSON.parse(text) as { exclude_polygons?: unknown[] }).exclude_polygons?.length ?? 0;
      response.writeHead(200, { 'content-type': 'application/json' }).end(answer);
      engineMs.push(performance.now() - started);
    });
  });
  await new Promise<void>((resolve) => engine.listen(0, '127.0.0.1', resolve));
  const routing = valhallaRouting(`http://127.0.0.1:${(engine.address() as AddressInfo).port}`, {
    warn: (details: unknown) => {
      throw new Error(`the stub engine failed: ${JSON.stringify(details)}`);
    },
  });
  // The user dragged the middle of the route: a via point there.
  const dragged = { lat: stops[5]!.latitude + 0.02, lng: stops[5]!.longitude - 0.03, via: true };
  const points = stops.map((stop) => ({ lat: stop.latitude, lng: stop.longitude }));
  const body = { points: [...points.slice(0, 5), dragged, ...points.slice(5)], avoid: zones(stops) };
  const totalMs: number[] = [];
  const ourMs: number[] = [];
  try {
    for (let run = 0; run < WARM_UPS + RUNS; run++) {
      const before = engineMs.length;
      const started = performance.now();
      const request = routeRequestSchema.parse(JSON.parse(JSON.stringify(body)));
      const route = routeAnswerSchema.parse(await routeThrough(routing, request));
      JSON.stringify(route);
      const total = performance.now() - started;
      if (route.engine !== 'valhalla') throw new Error('the stub engine was not used');
      if (run >= WARM_UPS) {
        totalMs.push(total);
        ourMs.push(total - (engineMs[before] ?? 0));
      }
    }
  } finally {
    engine.closeAllConnections();
    await new Promise((resolve) => engine.close(resolve));
  }
  return {
    zones: excluded,
    routePoints: road.length,
    totalMs: timings(totalMs),
    engineMs: timings(engineMs.slice(WARM_UPS)),
    ourMs: timings(ourMs),
    goalOurP95Ms: 50,
  };
}

function measureStorage(road: LatLng[]) {
  const polyline = encodeFlexiblePolyline(road);
  const geoJson = JSON.stringify({
    type: 'LineString',
    coordinates: road.map((point) => [Number(point.longitude.toFixed(6)), Number(point.latitude.toFixed(6))]),
  });
  const firstDecode: number[] = [];
  const keptDecode: number[] = [];
  // A different route each run (its first point moved), so the first decode really decodes; all
  // encoded before the clock runs, so their garbage is not collected inside a decode.
  const fresh = Array.from({ length: WARM_UPS + RUNS }, (_, run) =>
    encodeFlexiblePolyline([{ latitude: road[0]!.latitude + run / 1e5, longitude: road[0]!.longitude }, ...road.slice(1)]),
  );
  fresh.forEach((encoded, run) => {
    let started = performance.now();
    decodeFlexiblePolyline(encoded);
    const first = performance.now() - started;
    started = performance.now();
    decodeFlexiblePolyline(encoded);
    const kept = performance.now() - started;
    if (run >= WARM_UPS) {
      firstDecode.push(first);
      keptDecode.push(kept);
    }
  });
  return {
    points: road.length,
    routeKm: Math.round(lengthKm(road)),
    flexiblePolylineBytes: polyline.length,
    geoJsonBytes: geoJson.length,
    ratio: Math.round((polyline.length / geoJson.length) * 1000) / 1000,
    goalRatio: 0.2,
    decodeFirstMs: timings(firstDecode),
    decodeKeptMs: timings(keptDecode),
    goalDecodeMs: 20,
  };
}

export async function measureRouting() {
  const stops = tenStops();
  const road = roadOf(stops);
  return {
    generation: await measureGeneration(stops),
    recalculation: await measureRecalculation(stops, road),
    storage: measureStorage(road),
  };
}
