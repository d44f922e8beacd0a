import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocationImage } from '#core/contract/locations';
import type { ThroughputRule } from '#core/contract/planning';
import type { z } from 'zod';
import type { locationSchema } from '#core/contract/reference-lists';
import { ROLE_IDS } from '#core/domain/access';
import { MAX_LOCATION_IMAGE_BYTES, SUB_LOCATION_RADIUS_METERS } from '#core/domain/master-data/locations';
import { pullChanges, pullChangesHaving } from '#test/server/change-feed';
import { seededOrganizationIds } from '#test/server/seeded';
import { createTestApp, signInAs, type TestApp } from '#test/server/test-app';

type Location = z.infer<typeof locationSchema>;

let test: TestApp;
let app: FastifyInstance;
const cookies: Record<string, string> = {};
let prairie: number;
let littleCreek: number;
let siteManagerId: number;
let dispatcherId: number;
let foreignLocationId: number;

beforeAll(async () => {
  test = await createTestApp();
  app = test.app;
  for (const username of ['admin', 'dispatcher', 'freemium', 'carrier']) cookies[username] = await signInAs(app, username);
  const organizationId = await seededOrganizationIds(test.database.db);
  prairie = organizationId('Prairie Feed Co.');
  littleCreek = organizationId('Little Creek Farms');
  const users = (await call('admin', 'GET', '/users')).json() as { id: number; username: string; roleIds: number[] }[];
  siteManagerId = users.find((user) => user.roleIds.includes(ROLE_IDS.SiteManager))?.id as number;
  dispatcherId = users.find((user) => user.username === 'dispatcher')?.id as number;
  const foreign = await test.database.pool.query<{ id: number }>(
    'select id from locations where organization_id = $1 order by id limit 1',
    [littleCreek],
  );
  foreignLocationId = foreign.rows[0]?.id as number;
});
afterAll(() => test.close());

function call(username: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  return app.inject({
    method,
    url: `/api${url}`,
    headers: { cookie: cookies[username] ?? '' },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

const SITE = {
  name: 'North elevator',
  description: 'Grain in, feed out',
  organizationLocationTypeId: 1,
  address1: '100 Elevator Road',
  city: 'Ames',
  state: 'IA',
  postalCode: '50010',
  premiseId: 'IA12345',
  groupColor: 'green',
  siteInstructions: 'Scale at the north gate.\nCall ahead.',
  customGeofence: {
    latitude: 42.035,
    longitude: -93.62,
    radius: null,
    bbox: { topLeft: { latitude: 42.036, longitude: -93.622 }, bottomRight: { latitude: 42.034, longitude: -93.618 } },
  },
  orgSubLocations: [{ name: 'Bin 1', latitude: 42.0351, longitude: -93.6201 }],
};

const locations = (orgId = prairie) => `/organizations/${orgId}/locations`;

async function created(body: object = SITE): Promise<Location> {
  const response = await call('admin', 'POST', locations(), body);
  expect(response.statusCode).toBe(201);
  return response.json() as Location;
}

/** A tiny JPEG (start-of-image, JFIF header, end-of-image) as the form sends it, padded to `size` bytes. */
function jpeg(size = 16) {
  const bytes = Buffer.alloc(Math.max(size, 13));
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0]).copy(bytes);
  bytes[bytes.length - 2] = 0xff;
  bytes[bytes.length - 1] = 0xd9;
  return { type: 'image/jpeg', blob: `data:image/jpeg;base64,${bytes.toString('base64')}` };
}

describe('locations', () => {
  it('are created with every field, their geofence stored as drawn and sub-locations as 6.096 m circles, in the change feed', async () => {
    const { cursor } = await pullChanges(app, cookies.admin as string);
    const site = await created({ ...SITE, userIds: [siteManagerId] });
    expect(site).toMatchObject({
      organizationId: prairie,
      name: 'North elevator',
      premiseId: 'IA12345',
      groupColor: 'green',
      siteInstructions: 'Scale at the north gate.\nCall ahead.',
      userIds: [siteManagerId],
      customGeofence: SITE.customGeofence,
      enabled: true,
      hasScale: false,
      version: 1,
    });
    expect(site.orgSubLocations).toEqual([
      {
        id: expect.any(Number),
        name: 'Bin 1',
        customGeofence: { latitude: 42.0351, longitude: -93.6201, radius: SUB_LOCATION_RADIUS_METERS, bbox: null },
      },
    ]);
    const feed = await pullChangesHaving<Location>(app, cookies.admin as string, cursor, [{ entity: 'location', id: site.id }]);
    expect(feed.changes.find((change) => change.entity === 'location' && change.id === site.id)?.row).toEqual(site);
  });

  it('keep a sub-location named by id, add new ones and drop the others; a circle geofence is a centre and a radius', async () => {
    const site = await created({
      ...SITE,
      orgSubLocations: [
        { name: 'Bin 1', latitude: 42.0351, longitude: -93.6201 },
        { name: 'Bin 2', latitude: 42.0352, longitude: -93.6202 },
      ],
    });
    const [bin1] = site.orgSubLocations;
    const circle = { latitude: 42.1, longitude: -93.7, radius: 250, bbox: null };
    const edited = await call('admin', 'PUT', `${locations()}/${site.id}`, {
      ...SITE,
      customGeofence: circle,
      orgSubLocations: [
        { id: bin1?.id, name: 'Bin 1 (east)', latitude: 42.1, longitude: -93.7 },
        { name: 'Bin 3', latitude: 42.1001, longitude: -93.7001 },
      ],
      version: site.version,
    });
    expect(edited.statusCode).toBe(200);
    const location = edited.json() as Location;
    expect(location.customGeofence).toEqual(circle);
    expect(location.orgSubLocations.map((sub) => sub.name)).toEqual(['Bin 1 (east)', 'Bin 3']);
    expect(location.orgSubLocations[0]?.id).toBe(bin1?.id);
  });

  it('of a non-site type keep no loading team, site managers or premise id', async () => {
    const [otherType] = (
      await test.database.pool.query<{ id: number }>("select id from location_types where category <> 'Site' order by id limit 1")
    ).rows;
    const site = await created({ ...SITE, organizationLocationTypeId: otherType?.id, userIds: [siteManagerId] });
    expect(site).toMatchObject({ premiseId: null, userIds: [], loadingTeamId: null });
  });

  it('refuse bad input with 400 naming the field, storing nothing', async () => {
    const before = await test.database.pool.query('select count(*)::int as count from locations');
    const cases: [object, string][] = [
      [{ ...SITE, name: 'x'.repeat(201) }, 'body.name'],
      [{ ...SITE, address1: '' }, 'body.address1'],
      [{ ...SITE, premiseId: '12345678' }, 'body.premiseId'],
      [{ ...SITE, customGeofence: { ...SITE.customGeofence, latitude: 91 } }, 'body.customGeofence.latitude'],
      [{ ...SITE, customGeofence: { ...SITE.customGeofence, longitude: -181 } }, 'body.customGeofence.longitude'],
      // A new location's placeholder geofence (latitude 1, nothing drawn).
      [{ ...SITE, customGeofence: { latitude: 1, longitude: 0, radius: null, bbox: null } }, 'body.customGeofence'],
      [{ ...SITE, orgSubLocations: [{ name: 'Bin', latitude: 42, longitude: 200 }] }, 'body.orgSubLocations.0.longitude'],
      [{ ...SITE, userIds: [dispatcherId] }, 'body.userIds.0'],
      [{ ...SITE, organizationLocationTypeId: 999 }, 'body.organizationLocationTypeId'],
    ];
    for (const [body, path] of cases) {
      const response = await call('admin', 'POST', locations(), body);
      expect(response.statusCode, path).toBe(400);
      expect(response.json().error.issues.map((issue: { path: string }) => issue.path)).toContain(path);
    }
    const after = await test.database.pool.query('select count(*)::int as count from locations');
    expect(after.rows[0].count).toBe(before.rows[0].count);
  });

  it('answer 404 for another organization’s location and refuse its sub-locations, loading teams and customers', async () => {
    const edit = await call('admin', 'PUT', `${locations()}/${foreignLocationId}`, { ...SITE, version: 1 });
    expect(edit.statusCode).toBe(404);
    expect((await call('admin', 'DELETE', `${locations()}/${foreignLocationId}`)).statusCode).toBe(404);
    expect((await call('admin', 'GET', `${locations()}/${foreignLocationId}/images`)).statusCode).toBe(404);
    expect((await call('admin', 'GET', `${locations()}/${foreignLocationId}/throughput`)).statusCode).toBe(404);
    expect((await call('admin', 'POST', `${locations()}/${foreignLocationId}/images`, [jpeg()])).statusCode).toBe(404);
    expect((await call('admin', 'PUT', `${locations()}/${foreignLocationId}/throughput`, [])).statusCode).toBe(404);
    expect((await call('admin', 'POST', locations(littleCreek), SITE)).statusCode).toBe(404);
    const [foreignSub] = (
      await test.database.pool.query<{ id: number }>('select id from sub_locations where organization_id = $1 limit 1', [
        littleCreek,
      ])
    ).rows;
    const site = await created();
    const takeover = await call('admin', 'PUT', `${locations()}/${site.id}`, {
      ...SITE,
      orgSubLocations: [{ id: foreignSub?.id, name: 'Taken', latitude: 42, longitude: -93 }],
      version: site.version,
    });
    expect(takeover.statusCode).toBe(400);
  });

  it('need the location permissions, a Standard company and no carrier', async () => {
    expect((await call('dispatcher', 'POST', locations(), SITE)).statusCode).toBe(403);
    expect((await call('freemium', 'POST', locations(littleCreek), SITE)).statusCode).toBe(403);
    const site = await created();
    expect((await call('dispatcher', 'GET', `${locations()}/${site.id}/images`)).statusCode).toBe(403);
    expect((await call('dispatcher', 'POST', `${locations()}/${site.id}/images`, [jpeg()])).statusCode).toBe(403);
    expect((await call('dispatcher', 'PUT', `${locations()}/${site.id}/throughput`, [])).statusCode).toBe(403);
    expect((await call('carrier', 'GET', `${locations()}/${site.id}/throughput`)).statusCode).toBe(403);
  });

  it('are not deleted while a load stops there, and are once none does', async () => {
    const [named] = (
      await test.database.pool.query<{ location_id: number }>(
        'select s.location_id from stops s join orders o on o.id = s.order_id where o.organization_id = $1 and s.location_id is not null limit 1',
        [prairie],
      )
    ).rows;
    const refused = await call('admin', 'DELETE', `${locations()}/${named?.location_id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ rule: 'inUse' });
    const site = await created();
    expect((await call('admin', 'DELETE', `${locations()}/${site.id}`)).statusCode).toBe(200);
  });
});

describe('location images', () => {
  it('keep up to five JPEGs in the database, listed and deleted by id', async () => {
    const site = await created();
    const url = `${locations()}/${site.id}/images`;
    const added = await call('admin', 'POST', url, [jpeg(), jpeg(32)]);
    expect(added.statusCode).toBe(201);
    const images = added.json() as LocationImage[];
    expect(images).toHaveLength(2);
    expect((await call('admin', 'GET', url)).json()).toEqual(images);
    expect((await call('admin', 'DELETE', `${url}/${images[0]?.id}`)).statusCode).toBe(200);
    expect(((await call('admin', 'GET', url)).json() as LocationImage[]).map((image) => image.id)).toEqual([images[1]?.id]);
    const stored = await test.database.pool.query('select count(*)::int as count from location_images where location_id = $1', [
      site.id,
    ]);
    expect(stored.rows[0].count).toBe(1);
  });

  it('refuse a non-JPEG (by its bytes too), an oversized image and a sixth one with 400, storing nothing', async () => {
    const site = await created();
    const url = `${locations()}/${site.id}/images`;
    const png = `data:image/jpeg;base64,${Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).toString('base64')}`;
    const cases: [unknown[], string][] = [
      [[{ type: 'image/jpeg', blob: png }], 'notJpeg'],
      [[{ type: 'image/png', blob: jpeg().blob }], 'notJpeg'],
      [[jpeg(), jpeg(MAX_LOCATION_IMAGE_BYTES + 1)], 'tooLarge (at most 2 MB)'],
    ];
    for (const [body, message] of cases) {
      const response = await call('admin', 'POST', url, body);
      expect(response.statusCode, message).toBe(400);
      expect(response.json().error.issues.map((issue: { message: string }) => issue.message)).toContain(message);
    }
    expect((await call('admin', 'GET', url)).json()).toEqual([]);
    expect((await call('admin', 'POST', url, [jpeg(), jpeg(), jpeg(), jpeg(), jpeg()])).statusCode).toBe(201);
    const sixth = await call('admin', 'POST', url, [jpeg()]);
    expect(sixth.statusCode).toBe(400);
    expect(sixth.json().error.issues[0].message).toBe('tooMany (at most 5)');
    expect((await call('admin', 'GET', url)).json()).toHaveLength(5);
  });
});

describe('location throughput', () => {
  it('replaces the location’s rules, which the stop-time calculation then reads', async () => {
    const site = await created();
    const url = `${locations()}/${site.id}/throughput`;
    const saved = await call('admin', 'PUT', url, [
      { stopType: 'Origin', cargoTypeId: null, baselineLoadingMinutes: 30 },
      { stopType: 'Destination', cargoTypeId: 2, baselineLoadingMinutes: 10, weightPerMinute: 500_000 },
    ]);
    expect(saved.statusCode).toBe(200);
    const rules = saved.json() as ThroughputRule[];
    expect(rules).toHaveLength(2);
    expect(rules[0]).toMatchObject({ loadingEntityType: 'Location', locationId: site.id, baselineLoadingMinutes: 30 });
    const planning = (await call('admin', 'GET', '/throughput')).json() as ThroughputRule[];
    expect(planning.filter((rule) => rule.locationId === site.id)).toEqual(rules);
    expect((await call('admin', 'PUT', url, [rules[1]])).statusCode).toBe(200);
    expect((await call('admin', 'GET', url)).json()).toHaveLength(1);
  });

  it('refuses rows out of spec 2 §5 limits, empty rows and one stop type and cargo type twice, storing nothing', async () => {
    const site = await created();
    const url = `${locations()}/${site.id}/throughput`;
    const cases = [
      [{ stopType: 'Origin', baselineLoadingMinutes: 601 }],
      [{ stopType: 'Origin', baselineLoadingMinutes: 0 }],
      [{ stopType: 'Origin', cargoUnitsPerMinute: 100_001 }],
      [{ stopType: 'Origin' }],
      [
        { stopType: 'Origin', baselineLoadingMinutes: 5 },
        { stopType: 'Origin', baselineLoadingMinutes: 6 },
      ],
    ];
    for (const body of cases) expect((await call('admin', 'PUT', url, body)).statusCode).toBe(400);
    // A cargo type the organization is not offered is another organization's: refused, naming the field.
    const unknownCargo = await call('admin', 'PUT', url, [
      { stopType: 'Origin', cargoTypeId: 2 ** 31 - 1, baselineLoadingMinutes: 5 },
    ]);
    expect(unknownCargo.statusCode).toBe(400);
    expect(unknownCargo.json().error.issues[0].path).toBe('body.0.cargoTypeId');
    expect((await call('admin', 'GET', url)).json()).toEqual([]);
  });
});
