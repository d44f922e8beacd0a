import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeFlexiblePolyline } from '#core/domain/geo/flexible-polyline';
import { roundTravelSeconds } from '#core/domain/planning/stop-times';
import { pathLengthMeters } from '#core/domain/standard-routes';
import { locations, organizations, travelTimes } from '#server/db/schema';
import { standardRoutes } from '#server/features/standard-routes/standard-routes.schema';
import { estimateRoute, ROAD_SPEED_KMH } from '#server/providers/routing';
import { createTestApp, signInAs, type TestApp } from '#test/server/test-app';

let test: TestApp;
const cookies: Record<string, string> = {};
let prairieId: number;
let mill: { id: number; latitude: number; longitude: number };
let farm: { id: number; latitude: number; longitude: number };
let elsewhereId: number;
let foreignLocationId: number;

async function prairieLocation(name: string) {
  const [row] = await test.database.db.select().from(locations).where(eq(locations.name, name));
  if (!row) throw new Error(`no location ${name}`);
  return { id: row.id, latitude: row.geofence.latitude, longitude: row.geofence.longitude };
}

beforeAll(async () => {
  test = await createTestApp();
  for (const username of ['dispatcher', 'freemium', 'driver.hansen']) cookies[username] = await signInAs(test.app, username);
  const [prairie] = await test.database.db.select().from(organizations).where(eq(organizations.name, 'Prairie Feed Co.'));
  prairieId = prairie!.id;
  mill = await prairieLocation('Nevada Mill');
  farm = await prairieLocation('Story City Mill');
  elsewhereId = (await prairieLocation('Huxley Mill')).id;
  const [foreign] = await test.database.db.select().from(locations).where(ne(locations.organizationId, prairieId)).limit(1);
  foreignLocationId = foreign!.id;
});
afterAll(() => test.close());

const pair = (origin: number, destination: number) => ({
  originOrganizationLocationId: origin,
  destinationOrganizationLocationId: destination,
});

function post(app: TestApp['app'], orgId: number, payload: unknown, username = 'dispatcher', cookie = cookies[username]) {
  return app.inject({
    method: 'POST',
    url: `/api/organizations/${orgId}/locations/travel-times`,
    payload: payload as object,
    headers: { cookie: cookie ?? '' },
  });
}

async function cachedCount() {
  const [row] = await test.database.db.select({ count: sql<number>`count(*)::int` }).from(travelTimes);
  return row?.count ?? 0;
}

describe('travel times between locations', () => {
  it('routes missing pairs, caches them and answers each pair once', async () => {
    const response = await post(test.app, prairieId, [pair(mill.id, farm.id), pair(mill.id, mill.id), pair(mill.id, farm.id)]);
    expect(response.statusCode).toBe(200);
    const expected = estimateRoute(mill, farm);
    expect(response.json()).toEqual([
      { ...pair(mill.id, farm.id), ...expected },
      { ...pair(mill.id, mill.id), timeSeconds: 0, distanceMeters: 0 },
    ]);
    expect(expected.timeSeconds % 300).toBe(0);
    expect(expected.timeSeconds).toBeGreaterThan(0);
    // The same-location pair needs no routing and is not stored.
    const rows = await test.database.db.select().from(travelTimes);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      organizationId: prairieId,
      originLocationId: mill.id,
      destinationLocationId: farm.id,
      timeSeconds: expected.timeSeconds,
    });
  });

  it('answers a cached pair from the cache', async () => {
    await test.database.db
      .update(travelTimes)
      .set({ timeSeconds: 9_900 })
      .where(and(eq(travelTimes.originLocationId, mill.id), eq(travelTimes.destinationLocationId, farm.id)));
    const response = await post(test.app, prairieId, [pair(mill.id, farm.id), pair(farm.id, mill.id)]);
    expect(response.statusCode).toBe(200);
    const [cached, routed] = response.json();
    expect(cached.timeSeconds).toBe(9_900);
    // The other direction is its own pair.
    expect(routed).toMatchObject({ ...pair(farm.id, mill.id), timeSeconds: estimateRoute(farm, mill).timeSeconds });
    expect(await cachedCount()).toBe(2);
  });

  it('lists the cached travel times of the active organization only', async () => {
    const mine = await test.app.inject({
      method: 'GET',
      url: '/api/locations/travel-times',
      headers: { cookie: cookies.dispatcher ?? '' },
    });
    expect(mine.statusCode).toBe(200);
    // The two cached pairs, and the leg of the demo's standard route from the truck yard to the scale.
    const [yard, scale] = [await prairieLocation('Nevada Truck Yard'), await prairieLocation('Ames Certified Scale')];
    expect(mine.json()).toHaveLength(3);
    expect(mine.json()[0]).toMatchObject({ ...pair(mill.id, farm.id), timeSeconds: 9_900 });
    expect(mine.json()).toContainEqual(expect.objectContaining(pair(yard.id, scale.id)));
    const theirs = await test.app.inject({
      method: 'GET',
      url: '/api/locations/travel-times',
      headers: { cookie: cookies.freemium ?? '' },
    });
    expect(theirs.json()).toEqual([]);
  });

  it("answers 404 for another organization's path and writes nothing", async () => {
    const [littleCreek] = await test.database.db.select().from(organizations).where(eq(organizations.name, 'Little Creek Farms'));
    const before = await cachedCount();
    const response = await post(test.app, littleCreek!.id, [pair(mill.id, elsewhereId)]);
    expect(response.statusCode).toBe(404);
    expect(await cachedCount()).toBe(before);
  });

  it("answers 400 naming the pair that names another organization's location, and writes nothing", async () => {
    const before = await cachedCount();
    const response = await post(test.app, prairieId, [pair(mill.id, elsewhereId), pair(mill.id, foreignLocationId)]);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.issues).toEqual([
      { path: 'body.1.destinationOrganizationLocationId', message: 'unknown location' },
    ]);
    expect(await cachedCount()).toBe(before);
  });

  it('refuses a malformed body and more than 500 pairs', async () => {
    const bad = await post(test.app, prairieId, [{ originOrganizationLocationId: mill.id }]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.issues[0].path).toBe('body.0.destinationOrganizationLocationId');
    const tooMany = await post(
      test.app,
      prairieId,
      Array.from({ length: 501 }, () => pair(mill.id, farm.id)),
    );
    expect(tooMany.statusCode).toBe(400);
    expect(await post(test.app, prairieId, [])).toMatchObject({ statusCode: 200 });
  });

  it('leaves out a pair whose location is not placed on the map yet', async () => {
    const [unplaced] = await test.database.db
      .select()
      .from(locations)
      .where(
        and(
          eq(locations.organizationId, prairieId),
          ne(locations.id, mill.id),
          ne(locations.id, farm.id),
          ne(locations.id, elsewhereId),
        ),
      )
      .limit(1);
    await test.database.db
      .update(locations)
      .set({ geofence: { latitude: 1, longitude: 1, radius: null, bbox: null } })
      .where(eq(locations.id, unplaced!.id));
    const response = await post(test.app, prairieId, [pair(mill.id, unplaced!.id), pair(unplaced!.id, unplaced!.id)]);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([{ ...pair(unplaced!.id, unplaced!.id), timeSeconds: 0, distanceMeters: 0 }]);
  });

  it('takes a leg joined by a standard route along the route, at the routing speed, over the cache', async () => {
    const elsewhere = await prairieLocation('Huxley Mill');
    // A detour by a point well off the straight line: longer than the embedded estimate.
    const path = [elsewhere, { latitude: 42.3, longitude: -93.0 }, mill];
    await test.database.db.insert(standardRoutes).values({
      organizationId: prairieId,
      originId: elsewhere.id,
      destinationId: mill.id,
      flexiblePolyline: encodeFlexiblePolyline(path),
    });
    await test.database.db.insert(travelTimes).values({
      organizationId: prairieId,
      originLocationId: elsewhere.id,
      destinationLocationId: mill.id,
      timeSeconds: 60,
      distanceMeters: 1,
    });
    const response = await post(test.app, prairieId, [pair(elsewhere.id, mill.id), pair(mill.id, elsewhere.id)]);
    expect(response.statusCode).toBe(200);
    const [along, back] = response.json();
    const meters = pathLengthMeters(path);
    expect(along).toEqual({
      ...pair(elsewhere.id, mill.id),
      distanceMeters: Math.round(meters),
      timeSeconds: roundTravelSeconds(meters / ((ROAD_SPEED_KMH * 1000) / 3600)),
    });
    // The way back has no standard route: routed as before.
    expect(back).toMatchObject({ ...pair(mill.id, elsewhere.id), ...estimateRoute(mill, elsewhere) });
    // The list the devices read first answers the same leg.
    const listed = await test.app.inject({
      method: 'GET',
      url: '/api/locations/travel-times',
      headers: { cookie: cookies.dispatcher ?? '' },
    });
    expect(listed.json()).toContainEqual(along);
  });

  it('needs a session and ViewOwningOrders', async () => {
    expect((await post(test.app, prairieId, [], 'nobody', '')).statusCode).toBe(401);
    expect((await post(test.app, prairieId, [], 'driver.hansen')).statusCode).toBe(403);
    const list = await test.app.inject({
      method: 'GET',
      url: '/api/locations/travel-times',
      headers: { cookie: cookies['driver.hansen'] ?? '' },
    });
    expect(list.statusCode).toBe(403);
  });
});

describe('travel times through a routing engine (ROUTING_URL)', () => {
  let engine: Server;
  let requests: string[] = [];
  let failing = false;
  let engineApp: TestApp;

  beforeAll(async () => {
    engine = createServer((request, response) => {
      requests.push(request.url ?? '');
      if (failing) {
        response.writeHead(500).end('{"code":"Error"}');
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ code: 'Ok', routes: [{ duration: 1_234.5, distance: 20_123.4 }] }));
    });
    await new Promise<void>((resolve) => engine.listen(0, '127.0.0.1', resolve));
    const { port } = engine.address() as AddressInfo;
    engineApp = await createTestApp({ ROUTING_URL: `http://127.0.0.1:${port}/osrm` });
  });
  afterAll(async () => {
    await engineApp.close();
    await new Promise((resolve) => engine.close(resolve));
  });

  it('asks the engine for lon,lat;lon,lat and rounds its answer', async () => {
    const cookie = await signInAs(engineApp.app, 'dispatcher');
    requests = [];
    const response = await post(engineApp.app, prairieId, [pair(mill.id, farm.id)], 'dispatcher', cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([{ ...pair(mill.id, farm.id), timeSeconds: 1_200, distanceMeters: 20_123 }]);
    expect(requests).toEqual([
      `/osrm/route/v1/driving/${mill.longitude},${mill.latitude};${farm.longitude},${farm.latitude}?overview=false`,
    ]);
  });

  it('falls back to the great-circle estimate when the engine fails', async () => {
    const cookie = await signInAs(engineApp.app, 'dispatcher');
    failing = true;
    const response = await post(engineApp.app, prairieId, [pair(farm.id, mill.id)], 'dispatcher', cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([{ ...pair(farm.id, mill.id), ...estimateRoute(farm, mill) }]);
  });
});

describe('throughput rules', () => {
  it("answers the active organization's organization and location rules", async () => {
    const response = await test.app.inject({
      method: 'GET',
      url: '/api/throughput',
      headers: { cookie: cookies.dispatcher ?? '' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      {
        id: expect.any(Number),
        stopType: 'Origin',
        cargoTypeId: null,
        loadingEntityType: 'Organization',
        locationId: null,
        baselineLoadingMinutes: 15,
        cargoUnitsPerMinute: 200,
        weightPerMinute: 907_184,
      },
      {
        id: expect.any(Number),
        stopType: 'Origin',
        cargoTypeId: 2,
        loadingEntityType: 'Location',
        locationId: mill.id,
        baselineLoadingMinutes: 10,
        cargoUnitsPerMinute: null,
        weightPerMinute: 1_360_777,
      },
    ]);
  });

  it('answers nothing of another organization, and needs ViewOwningOrders', async () => {
    const other = await test.app.inject({ method: 'GET', url: '/api/throughput', headers: { cookie: cookies.freemium ?? '' } });
    expect(other.statusCode).toBe(200);
    expect(other.json()).toEqual([]);
    const driver = await test.app.inject({
      method: 'GET',
      url: '/api/throughput',
      headers: { cookie: cookies['driver.hansen'] ?? '' },
    });
    expect(driver.statusCode).toBe(403);
  });
});
