import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeFlexiblePolyline } from '#core/domain/geo/flexible-polyline';
import { createTestApp, signInAs, type TestApp } from '#test/server/test-app';

let test: TestApp;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  test = await createTestApp();
  for (const username of ['dispatcher', 'admin', 'platform', 'driver.hansen', 'carrier']) {
    cookies[username] = await signInAs(test.app, username);
  }
});
afterAll(() => test.close());

const AMES = { lat: 42.0347, lng: -93.62 };
const NEVADA = { lat: 42.0169, lng: -93.4396 };
const DES_MOINES = { lat: 41.5868, lng: -93.625 };

function post(app: TestApp['app'], path: string, payload: unknown, username?: string) {
  return app.inject({
    method: 'POST',
    url: `/api/routing/${path}`,
    payload: payload as object,
    headers: { cookie: (username && cookies[username]) || '' },
  });
}

/** Rows of every table that a request could write, and the change log's head. */
async function stored(app: TestApp) {
  const { rows } = await app.database.pool.query(
    `SELECT (SELECT count(*) FROM change_log) AS changes, (SELECT count(*) FROM travel_times) AS travel_times, (SELECT count(*) FROM locations) AS locations`,
  );
  return rows[0];
}

describe('POST /api/routing/routes', () => {
  it('answers the route through the points as a flexible polyline, one leg per pair of stops', async () => {
    const response = await post(test.app, 'routes', { points: [AMES, { ...NEVADA, via: true }, DES_MOINES] }, 'dispatcher');
    expect(response.statusCode).toBe(200);
    const route = response.json();
    const path = decodeFlexiblePolyline(route.polyline);
    expect(path[0]).toEqual({ latitude: AMES.lat, longitude: AMES.lng });
    expect(path).toContainEqual({ latitude: NEVADA.lat, longitude: NEVADA.lng });
    expect(path.at(-1)).toEqual({ latitude: DES_MOINES.lat, longitude: DES_MOINES.lng });
    // Embedded: points at most 1 km apart over ~65 km of great circle.
    expect(path.length).toBeGreaterThan(60);
    expect(route.legs).toHaveLength(1);
    // The demo's avoidance zones are sent as avoid boxes, which the embedded estimate cannot honour.
    expect(route).toMatchObject({
      engine: 'embedded',
      notices: ['estimatedPath', 'avoidAreasNotHonoured'],
      distanceMeters: route.legs[0].distanceMeters,
    });
  });

  it('is open to loads and administration, not to a driver, nor without a session', async () => {
    const body = { points: [AMES, DES_MOINES] };
    expect((await post(test.app, 'routes', body, 'admin')).statusCode).toBe(200);
    expect((await post(test.app, 'routes', body, 'carrier')).statusCode).toBe(200);
    expect((await post(test.app, 'routes', body, 'driver.hansen')).statusCode).toBe(403);
    expect((await post(test.app, 'routes', body)).statusCode).toBe(401);
  });

  it.each([
    ['a latitude past 90', { points: [{ lat: 90.0001, lng: -93 }, DES_MOINES] }],
    ['a longitude past -180', { points: [AMES, { lat: 41, lng: -180.5 }] }],
    ['one point', { points: [AMES] }],
    ['51 points', { points: Array.from({ length: 51 }, (_, index) => ({ lat: 41 + index / 100, lng: -93 })) }],
    ['a via point at an end', { points: [{ ...AMES, via: true }, DES_MOINES] }],
    [
      'an avoid box out of range',
      { points: [AMES, DES_MOINES], avoid: [{ topLeft: { lat: 95, lng: 0 }, bottomRight: { lat: 0, lng: 0 } }] },
    ],
    ['a location id instead of positions', { points: [{ locationId: 1 }, { locationId: 2 }] }],
  ])('refuses %s with 400 and stores nothing', async (_name, body) => {
    const before = await stored(test);
    const response = await post(test.app, 'routes', body, 'dispatcher');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
    expect(await stored(test)).toEqual(before);
  });
});

describe('POST /api/routing/match', () => {
  it('needs all-companies access (the map helper)', async () => {
    const body = { points: [AMES, NEVADA] };
    const response = await post(test.app, 'match', body, 'platform');
    expect(response.statusCode).toBe(200);
    expect(decodeFlexiblePolyline(response.json().polyline).at(-1)).toEqual({ latitude: NEVADA.lat, longitude: NEVADA.lng });
    expect(response.json()).toMatchObject({ engine: 'embedded', notices: ['estimatedPath'] });
    expect((await post(test.app, 'match', body, 'admin')).statusCode).toBe(403);
    expect((await post(test.app, 'match', body)).statusCode).toBe(401);
  });

  it('refuses coordinates out of range and more than 100 points with 400', async () => {
    const before = await stored(test);
    expect((await post(test.app, 'match', { points: [AMES, { lat: -91, lng: 0 }] }, 'platform')).statusCode).toBe(400);
    const many = Array.from({ length: 101 }, (_, index) => ({ lat: 41 + index / 1000, lng: -93 }));
    expect((await post(test.app, 'match', { points: many }, 'platform')).statusCode).toBe(400);
    expect(await stored(test)).toEqual(before);
  });
});

describe('routes through Valhalla (ROUTING_URL, ROUTING_ENGINE=valhalla)', () => {
  let engine: Server;
  let engineApp: TestApp;
  const bodies: unknown[] = [];

  beforeAll(async () => {
    engine = createServer((request, response) => {
      let text = '';
      request.on('data', (chunk) => {
        text += chunk;
      });
      request.on('end', () => {
        bodies.push(JSON.parse(text));
        // "_p~iF~ps|U_ulLnnqC" at precision 6: two points.
        response
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ trip: { legs: [{ shape: '_p~iF~ps|U_ulLnnqC', summary: { length: 12.5, time: 600 } }] } }));
      });
    });
    await new Promise<void>((resolve) => engine.listen(0, '127.0.0.1', resolve));
    engineApp = await createTestApp({
      ROUTING_URL: `http://127.0.0.1:${(engine.address() as AddressInfo).port}`,
      ROUTING_ENGINE: 'valhalla',
    });
  });
  afterAll(async () => {
    await engineApp.close();
    await new Promise((resolve) => engine.close(resolve));
  });

  it('sends the caller’s avoid boxes and the avoidance zones that apply to the truck as exclude polygons', async () => {
    const cookie = await signInAs(engineApp.app, 'dispatcher');
    const route = (truck?: object) =>
      engineApp.app.inject({
        method: 'POST',
        url: '/api/routing/routes',
        payload: {
          points: [AMES, DES_MOINES],
          avoid: [{ topLeft: { lat: 41.9, lng: -93.7 }, bottomRight: { lat: 41.8, lng: -93.5 } }],
          ...(truck ? { truck } : {}),
        },
        headers: { cookie },
      });
    const response = await route();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ engine: 'valhalla', distanceMeters: 12_500, timeSeconds: 600, notices: [] });
    const polygons = (body: unknown) => (body as { exclude_polygons: number[][][] }).exclude_polygons;
    // The caller's box, then Prairie Feed's two demo zones (the bridge's weight limit applies to a truck
    // of unknown weight) and the global one.
    expect(polygons(bodies[0])).toHaveLength(4);
    expect(polygons(bodies[0])[0]).toEqual([
      [-93.7, 41.9],
      [-93.5, 41.9],
      [-93.5, 41.8],
      [-93.7, 41.8],
      [-93.7, 41.9],
    ]);
    // A truck under the bridge's 36 t limit may cross it.
    await route({ grossWeightGrams: 20_000_000, cargoTypeIds: [] });
    expect(polygons(bodies[1])).toHaveLength(3);
  });
});
