import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AvoidanceZone } from '#core/contract/avoidance-zones';
import { pullChanges, pullChangesHaving } from '#test/server/change-feed';
import { seededOrganizationIds } from '#test/server/seeded';
import { createTestApp, signInAs, type TestApp } from '#test/server/test-app';

let test: TestApp;
let app: FastifyInstance;
const cookies: Record<string, string> = {};
let prairie: number;
let littleCreek: number;
let platform: number;

beforeAll(async () => {
  test = await createTestApp();
  app = test.app;
  for (const username of ['admin', 'dispatcher', 'freemium', 'platform']) cookies[username] = await signInAs(app, username);
  const organizationId = await seededOrganizationIds(test.database.db);
  prairie = organizationId('Prairie Feed Co.');
  littleCreek = organizationId('Little Creek Farms');
  platform = organizationId('Dispatch Platform');
});
afterAll(() => test.close());

function call(username: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  return app.inject({ method, url: `/api${url}`, headers: { cookie: cookies[username] ?? '' }, ...(payload ? { payload } : {}) });
}

const CIRCLE = { latitude: 41.9, longitude: -93.5, radius: 800, bbox: null };
const BOX = {
  latitude: 42.0,
  longitude: -93.6,
  radius: null,
  bbox: { topLeft: { latitude: 42.01, longitude: -93.61 }, bottomRight: { latitude: 41.99, longitude: -93.59 } },
};

async function zonesInTable() {
  const rows = await test.database.pool.query<{ count: string }>('select count(*) from avoidance_zones');
  return Number(rows.rows[0]?.count);
}

describe('avoidance zones', () => {
  it('are created, restricted, deactivated and activated again, each write in the change feed', async () => {
    const { cursor } = await pullChanges(app, cookies.admin as string);
    const created = await call('admin', 'POST', `/organizations/${prairie}/avoidance-zones`, {
      name: ' School zone ',
      geoLocation: CIRCLE,
      restriction: 'weight',
      weightThreshold: 20_000_000,
      cargoTypeIds: [2],
    });
    expect(created.statusCode).toBe(201);
    const zone = created.json() as AvoidanceZone;
    // The cargo types are cleared: the restriction is weight.
    expect(zone).toMatchObject({ organizationId: prairie, name: 'School zone', weightThreshold: 20_000_000, cargoTypeIds: null });
    expect(zone.deactivatedAt).toBeNull();

    const deactivated = await call('admin', 'PUT', `/organizations/${prairie}/avoidance-zones/${zone.id}`, {
      name: 'School zone',
      geoLocation: BOX,
      restriction: 'cargoType',
      weightThreshold: 20_000_000,
      cargoTypeIds: [2, 2],
      active: false,
      version: 1,
    });
    expect(deactivated.statusCode).toBe(200);
    const stamped = deactivated.json() as AvoidanceZone;
    expect(stamped).toMatchObject({ weightThreshold: null, cargoTypeIds: [2], geoLocation: BOX, version: 2 });
    expect(stamped.deactivatedAt).not.toBeNull();

    const stale = await call('admin', 'PUT', `/organizations/${prairie}/avoidance-zones/${zone.id}`, {
      name: 'Stale',
      geoLocation: BOX,
      version: 1,
    });
    expect(stale.statusCode).toBe(409);

    const activated = await call('admin', 'PUT', `/organizations/${prairie}/avoidance-zones/${zone.id}`, {
      name: 'School zone',
      geoLocation: BOX,
      active: true,
      version: 2,
    });
    expect(activated.json()).toMatchObject({ deactivatedAt: null, cargoTypeIds: null, version: 3 });

    const { changes } = await pullChangesHaving<AvoidanceZone>(app, cookies.admin as string, cursor, [
      { entity: 'avoidanceZone', id: zone.id },
    ]);
    expect(changes.findLast((change) => change.id === zone.id)?.row).toMatchObject({ name: 'School zone', version: 3 });
  });

  it('refuses a restriction without its value, a shape that is neither circle nor rectangle, and coordinates out of range, storing nothing', async () => {
    const before = await zonesInTable();
    const bodies = [
      { name: 'No threshold', geoLocation: CIRCLE, restriction: 'weight' },
      { name: 'No cargo', geoLocation: CIRCLE, restriction: 'cargoType', cargoTypeIds: [] },
      { name: 'Both', geoLocation: { ...BOX, radius: 50 } },
      { name: 'Upside down', geoLocation: { ...BOX, bbox: { topLeft: BOX.bbox.bottomRight, bottomRight: BOX.bbox.topLeft } } },
      { name: 'North of north', geoLocation: { ...CIRCLE, latitude: 91 } },
      { name: 'Zero', geoLocation: { ...CIRCLE, longitude: 0 } },
      { name: '', geoLocation: CIRCLE },
    ];
    for (const body of bodies) {
      const answer = await call('admin', 'POST', `/organizations/${prairie}/avoidance-zones`, body);
      expect(answer.statusCode, body.name).toBe(400);
    }
    expect(await zonesInTable()).toBe(before);
  });

  it('lets only the platform’s permission write a global zone, which every company’s feed carries', async () => {
    const refused = await call('admin', 'POST', `/organizations/${prairie}/avoidance-zones`, {
      name: 'Everyone’s',
      geoLocation: CIRCLE,
      global: true,
    });
    expect(refused.statusCode).toBe(403);

    const prairieFeed = await pullChanges(app, cookies.admin as string);
    const created = await call('platform', 'POST', `/organizations/${platform}/avoidance-zones`, {
      name: 'State capitol',
      geoLocation: CIRCLE,
      global: true,
    });
    expect(created.statusCode).toBe(201);
    const global = created.json() as AvoidanceZone;
    expect(global.organizationId).toBeNull();
    const { changes } = await pullChangesHaving<AvoidanceZone>(app, cookies.admin as string, prairieFeed.cursor, [
      { entity: 'avoidanceZone', id: global.id },
    ]);
    expect(changes.find((change) => change.id === global.id)?.row).toMatchObject({ name: 'State capitol', organizationId: null });

    // Prairie Feed's administrator sees it, but may not edit or delete it.
    const edit = await call('admin', 'PUT', `/organizations/${prairie}/avoidance-zones/${global.id}`, {
      name: 'Taken over',
      geoLocation: CIRCLE,
      version: 1,
    });
    expect(edit.statusCode).toBe(403);
    expect((await call('admin', 'DELETE', `/organizations/${prairie}/avoidance-zones/${global.id}`)).statusCode).toBe(403);
    const listed = (await call('admin', 'GET', '/self/avoidance-zones')).json() as AvoidanceZone[];
    expect(listed.find((zone) => zone.id === global.id)?.name).toBe('State capitol');
  });

  it('answers 404 for another company’s zone, and keeps Freemium and dispatchers out', async () => {
    const foreign = await call('platform', 'POST', `/organizations/${platform}/avoidance-zones`, {
      name: 'Platform’s own',
      geoLocation: CIRCLE,
    });
    const id = (foreign.json() as AvoidanceZone).id;
    const edit = await call('admin', 'PUT', `/organizations/${prairie}/avoidance-zones/${id}`, {
      name: 'Not mine',
      geoLocation: CIRCLE,
      version: 1,
    });
    expect(edit.statusCode).toBe(404);
    const listed = (await call('admin', 'GET', '/self/avoidance-zones')).json() as AvoidanceZone[];
    expect(listed.some((zone) => zone.id === id)).toBe(false);

    const freemium = await call('freemium', 'POST', `/organizations/${littleCreek}/avoidance-zones`, {
      name: 'x',
      geoLocation: CIRCLE,
    });
    expect(freemium.statusCode).toBe(403);
    const dispatcher = await call('dispatcher', 'POST', `/organizations/${prairie}/avoidance-zones`, {
      name: 'x',
      geoLocation: CIRCLE,
    });
    expect(dispatcher.statusCode).toBe(403);
  });

  it('are deleted by their editors, the deletion in the feed', async () => {
    const created = (
      await call('admin', 'POST', `/organizations/${prairie}/avoidance-zones`, { name: 'Temporary', geoLocation: CIRCLE })
    ).json() as AvoidanceZone;
    const { cursor } = await pullChanges(app, cookies.admin as string);
    expect((await call('admin', 'DELETE', `/organizations/${prairie}/avoidance-zones/${created.id}`)).statusCode).toBe(200);
    await pullChangesHaving(app, cookies.admin as string, cursor, [{ entity: 'avoidanceZone', id: created.id, op: 'delete' }]);
  });
});
