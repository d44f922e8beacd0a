import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeFlexiblePolyline } from '#core/domain/geo/flexible-polyline';
import { haversineMeters } from '#core/domain/units';
import { encodeEncodedPolyline } from './encoded-polyline.ts';
import {
  createRoutingProvider,
  embeddedRouting,
  estimateMatch,
  estimateRoute,
  estimateRouteGeometry,
  greatCircleMeters,
  osrmRouting,
  valhallaRouting,
} from './routing.ts';

const ONE_DEGREE_OF_LATITUDE = (6_371_000 * Math.PI) / 180; // 111,194.93 m

describe('embedded routing estimate', () => {
  it('measures great-circle distance on a 6371 km earth', () => {
    expect(greatCircleMeters({ latitude: 42, longitude: -93 }, { latitude: 43, longitude: -93 })).toBeCloseTo(
      ONE_DEGREE_OF_LATITUDE,
      3,
    );
  });

  it('is 1.3 × the great circle at 70 km/h, time to the nearest 300 s', () => {
    // 1° of latitude: 144,553.4 m of road, 7,434 s at 70 km/h → 7,500 s.
    expect(estimateRoute({ latitude: 42, longitude: -93 }, { latitude: 43, longitude: -93 })).toEqual({
      timeSeconds: 7_500,
      distanceMeters: 144_553,
    });
    // Nevada Mill → Story City Mill of the demo data: 21.9 km apart, 28.4 km of road, 1,462 s → 1,500 s.
    expect(estimateRoute({ latitude: 42.0169, longitude: -93.4396 }, { latitude: 42.1795, longitude: -93.5889 })).toEqual({
      timeSeconds: 1_500,
      distanceMeters: 28_441,
    });
  });

  it('is 0 between one position and itself', () => {
    expect(estimateRoute({ latitude: 42, longitude: -93 }, { latitude: 42, longitude: -93 })).toEqual({
      timeSeconds: 0,
      distanceMeters: 0,
    });
  });
});

describe('OSRM routing', () => {
  it('gives up on a slow engine after its timeout, logs it and answers the estimate', async () => {
    const engine = createServer(() => {
      // Never answers.
    });
    await new Promise<void>((resolve) => engine.listen(0, '127.0.0.1', resolve));
    const { port } = engine.address() as AddressInfo;
    const warnings: string[] = [];
    const routing = osrmRouting(
      `http://127.0.0.1:${port}`,
      { warn: (_details: unknown, message?: string) => warnings.push(message ?? '') },
      200,
    );
    const from = { latitude: 42, longitude: -93 };
    const to = { latitude: 43, longitude: -93 };
    const started = performance.now();
    expect(await routing.route(from, to)).toEqual(estimateRoute(from, to));
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(warnings).toEqual(['routing engine failed; using the great-circle estimate']);
    engine.closeAllConnections();
    await new Promise((resolve) => engine.close(resolve));
  });
});

// ---------------------------------------------------------------------------
// Route geometry
// ---------------------------------------------------------------------------

const AMES = { latitude: 42.0347, longitude: -93.62 };
const NEVADA = { latitude: 42.0169, longitude: -93.4396 };
const DES_MOINES = { latitude: 41.5868, longitude: -93.625 };
const silentLog = { warn: () => {} };

interface StubEngine {
  url: string;
  requests: { method: string; url: string; body: unknown }[];
  /** Answers the next requests; `null` never answers (a hung engine). */
  answer: ((request: { url: string; body: unknown }) => { status: number; body: unknown }) | null;
  close(): Promise<void>;
}

/** An HTTP engine on a free port that records what it is asked. */
async function stubEngine(): Promise<StubEngine> {
  const stub: StubEngine = {
    url: '',
    requests: [],
    answer: null,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  const server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk) => {
      text += chunk;
    });
    request.on('end', () => {
      const body = text ? JSON.parse(text) : null;
      stub.requests.push({ method: request.method ?? '', url: request.url ?? '', body });
      if (!stub.answer) return;
      const { status, body: answer } = stub.answer({ url: request.url ?? '', body });
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  stub.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return stub;
}

describe('embedded route geometry', () => {
  it('densifies great-circle legs to points at most 1 km apart, legs between stops only', () => {
    const route = estimateRouteGeometry({
      points: [AMES, { ...NEVADA, via: true }, DES_MOINES],
      avoid: [],
    });
    const path = decodeFlexiblePolyline(route.polyline);
    for (let index = 1; index < path.length; index++) {
      // 1 km plus the polyline's rounding to 5 decimals.
      expect(haversineMeters(path[index - 1]!, path[index]!)).toBeLessThanOrEqual(1_002);
    }
    expect(path[0]).toEqual(AMES);
    expect(path).toContainEqual(NEVADA);
    expect(path.at(-1)).toEqual(DES_MOINES);
    const meters = (greatCircleMeters(AMES, NEVADA) + greatCircleMeters(NEVADA, DES_MOINES)) * 1.3;
    expect(route.legs).toEqual([{ distanceMeters: Math.round(meters), timeSeconds: Math.round(meters / (70 / 3.6)) }]);
    expect(route.distanceMeters).toBe(Math.round(meters));
    expect(route.engine).toBe('embedded');
    expect(route.notices).toEqual(['estimatedPath']);
  });

  it('says it cannot honour avoid areas', () => {
    const route = estimateRouteGeometry({
      points: [AMES, DES_MOINES],
      avoid: [{ topLeft: { lat: 41.9, lng: -93.7 }, bottomRight: { lat: 41.8, lng: -93.5 } }],
    });
    expect(route.notices).toEqual(['estimatedPath', 'avoidAreasNotHonoured']);
  });
});

describe('OSRM route geometry and matching', () => {
  let engine: StubEngine;
  beforeAll(async () => {
    engine = await stubEngine();
  });
  afterAll(() => engine.close());

  it('asks for the full overview in polyline6, marks the stops as waypoints and re-encodes the geometry', async () => {
    const roads = [AMES, { latitude: 42.0301, longitude: -93.5512 }, NEVADA, { latitude: 41.8, longitude: -93.6 }, DES_MOINES];
    engine.requests = [];
    engine.answer = () => ({
      status: 200,
      body: {
        code: 'Ok',
        routes: [
          {
            distance: 70_123.6,
            duration: 3_601.4,
            geometry: encodeEncodedPolyline(roads, 6),
            legs: [{ distance: 70_123.6, duration: 3_601.4 }],
          },
        ],
      },
    });
    const routing = osrmRouting(engine.url, silentLog);
    const avoid = [{ topLeft: { lat: 41.9, lng: -93.7 }, bottomRight: { lat: 41.8, lng: -93.5 } }];
    const route = await routing.routeGeometry({ points: [AMES, { ...NEVADA, via: true }, DES_MOINES], avoid });
    expect(engine.requests.map((request) => request.url)).toEqual([
      `/route/v1/driving/-93.62,42.0347;-93.4396,42.0169;-93.625,41.5868?overview=full&geometries=polyline6&waypoints=0%3B2`,
    ]);
    expect(decodeFlexiblePolyline(route.polyline)).toEqual(roads);
    expect(route).toMatchObject({
      distanceMeters: 70_124,
      timeSeconds: 3_601,
      legs: [{ distanceMeters: 70_124, timeSeconds: 3_601 }],
      engine: 'osrm',
      // OSRM has no polygon avoidance at query time.
      notices: ['avoidAreasNotHonoured'],
    });
  });

  it('matches a trace, telling of dropped points and a split match', async () => {
    engine.requests = [];
    engine.answer = () => ({
      status: 200,
      body: {
        code: 'Ok',
        tracepoints: [{}, null, {}, {}],
        matchings: [
          { geometry: encodeEncodedPolyline([AMES, NEVADA], 6) },
          { geometry: encodeEncodedPolyline([NEVADA, DES_MOINES], 6) },
        ],
      },
    });
    const matched = await osrmRouting(engine.url, silentLog).match([AMES, NEVADA, NEVADA, DES_MOINES]);
    expect(engine.requests[0]?.url).toMatch(/^\/match\/v1\/driving\/-93\.62,42\.0347;.*overview=full&geometries=polyline6$/);
    expect(decodeFlexiblePolyline(matched.polyline)).toEqual([AMES, NEVADA, DES_MOINES]);
    expect(matched).toMatchObject({ engine: 'osrm', notices: ['pointsNotMatched', 'routeSplit'] });
  });

  it('answers the embedded route when OSRM refuses, and logs it', async () => {
    engine.answer = () => ({ status: 400, body: { code: 'NoRoute' } });
    const warnings: string[] = [];
    const routing = osrmRouting(engine.url, { warn: (_details: unknown, message?: string) => warnings.push(message ?? '') });
    const request = { points: [AMES, DES_MOINES], avoid: [] };
    expect(await routing.routeGeometry(request)).toEqual(estimateRouteGeometry(request));
    expect(await routing.match([AMES, DES_MOINES])).toEqual(estimateMatch([AMES, DES_MOINES]));
    expect(warnings).toEqual([
      'routing engine failed; using the great-circle estimate',
      'routing engine failed; using the great-circle estimate',
    ]);
  });
});

describe('Valhalla route geometry and matching', () => {
  let engine: StubEngine;
  beforeAll(async () => {
    engine = await stubEngine();
  });
  afterAll(() => engine.close());

  it('posts the stops as breaks, via points as through locations and the avoid boxes as exclude_polygons', async () => {
    const first = [AMES, { latitude: 42.03, longitude: -93.5 }, NEVADA];
    const second = [NEVADA, { latitude: 41.8, longitude: -93.52 }, DES_MOINES];
    engine.requests = [];
    engine.answer = () => ({
      status: 200,
      body: {
        trip: {
          status: 0,
          legs: [
            { shape: encodeEncodedPolyline(first, 6), summary: { length: 16.4321, time: 900.4 } },
            { shape: encodeEncodedPolyline(second, 6), summary: { length: 55.1, time: 2_700 } },
          ],
        },
      },
    });
    const routing = valhallaRouting(`${engine.url}/valhalla/`, silentLog);
    const avoid = [
      { topLeft: { lat: 41.95, lng: -93.6 }, bottomRight: { lat: 41.9, lng: -93.5 } },
      // Corners given the other way round: the ring is the same box.
      { topLeft: { lat: 41.7, lng: -93.55 }, bottomRight: { lat: 41.75, lng: -93.65 } },
    ];
    const route = await routing.routeGeometry({
      points: [AMES, { latitude: 42.03, longitude: -93.5, via: true }, NEVADA, DES_MOINES],
      avoid,
    });
    expect(engine.requests).toHaveLength(1);
    expect(engine.requests[0]).toMatchObject({ method: 'POST', url: '/valhalla/route' });
    expect(engine.requests[0]?.body).toEqual({
      locations: [
        { lat: 42.0347, lon: -93.62, type: 'break' },
        { lat: 42.03, lon: -93.5, type: 'through' },
        { lat: 42.0169, lon: -93.4396, type: 'break' },
        { lat: 41.5868, lon: -93.625, type: 'break' },
      ],
      costing: 'auto',
      units: 'kilometers',
      directions_type: 'none',
      exclude_polygons: [
        [
          [-93.6, 41.95],
          [-93.5, 41.95],
          [-93.5, 41.9],
          [-93.6, 41.9],
          [-93.6, 41.95],
        ],
        [
          [-93.65, 41.75],
          [-93.55, 41.75],
          [-93.55, 41.7],
          [-93.65, 41.7],
          [-93.65, 41.75],
        ],
      ],
    });
    // The two legs joined, the shared point once.
    expect(decodeFlexiblePolyline(route.polyline)).toEqual([...first, ...second.slice(1)]);
    expect(route).toMatchObject({
      distanceMeters: 16_432 + 55_100,
      timeSeconds: 900 + 2_700,
      legs: [
        { distanceMeters: 16_432, timeSeconds: 900 },
        { distanceMeters: 55_100, timeSeconds: 2_700 },
      ],
      engine: 'valhalla',
      notices: [],
    });
  });

  it('answers travel times of the planning through the same engine, rounded to 5 minutes', async () => {
    engine.answer = () => ({
      status: 200,
      body: { trip: { legs: [{ shape: encodeEncodedPolyline([AMES, NEVADA], 6), summary: { length: 20.1234, time: 1_234 } }] } },
    });
    expect(await valhallaRouting(engine.url, silentLog).route(AMES, NEVADA)).toEqual({
      timeSeconds: 1_200,
      distanceMeters: 20_123,
    });
  });

  it('matches a trace with trace_route', async () => {
    engine.requests = [];
    engine.answer = () => ({ status: 200, body: { trip: { legs: [{ shape: encodeEncodedPolyline([AMES, NEVADA], 6) }] } } });
    const matched = await valhallaRouting(engine.url, silentLog).match([AMES, NEVADA]);
    expect(engine.requests[0]).toMatchObject({
      method: 'POST',
      url: '/trace_route',
      body: {
        shape: [
          { lat: 42.0347, lon: -93.62 },
          { lat: 42.0169, lon: -93.4396 },
        ],
        costing: 'auto',
        shape_match: 'map_snap',
      },
    });
    expect(decodeFlexiblePolyline(matched.polyline)).toEqual([AMES, NEVADA]);
    expect(matched).toEqual({ polyline: matched.polyline, engine: 'valhalla', notices: [] });
  });

  it('gives up on a hung engine after its timeout, logs it and answers the embedded route', async () => {
    engine.answer = null;
    const warnings: unknown[] = [];
    const routing = valhallaRouting(
      engine.url,
      { warn: (details: unknown, message?: string) => warnings.push({ details, message }) },
      200,
    );
    const request = { points: [AMES, DES_MOINES], avoid: [] };
    expect(await routing.routeGeometry(request)).toEqual(estimateRouteGeometry(request));
    expect(warnings).toEqual([
      {
        details: expect.objectContaining({ engine: 'valhalla', err: expect.objectContaining({ name: 'TimeoutError' }) }),
        message: 'routing engine failed; using the great-circle estimate',
      },
    ]);
  });
});

describe('choosing the engine', () => {
  it('is embedded without ROUTING_URL, and OSRM unless ROUTING_ENGINE says valhalla', async () => {
    expect(createRoutingProvider({}, silentLog)).toBe(embeddedRouting);
    expect(createRoutingProvider({ ROUTING_URL: 'http://127.0.0.1:1' }, silentLog)).not.toBe(embeddedRouting);
  });
});
