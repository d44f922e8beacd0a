import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXISTING_STANDARD_ROUTE, type StandardRoute } from '#core/contract/standard-routes';
import { encodeFlexiblePolyline } from '#core/domain/geo/flexible-polyline';
import { pullChanges, pullChangesHaving } from '#test/server/change-feed';
import { seededOrganizationIds } from '#test/server/seeded';
import { createTestApp, signInAs, type TestApp } from '#test/server/test-app';
import { isStandardRouteEnd } from './standard-routes.routes.ts';

let test: TestApp;
let app: FastifyInstance;
const cookies: Record<string, string> = {};
let prairie: number;
let littleCreek: number;
let foreignLocation: number;

beforeAll(async () => {
  test = await createTestApp();
  app = test.app;
  for (const username of ['admin', 'dispatcher', 'freemium']) cookies[username] = await signInAs(app, username);
  const organizationId = await seededOrganizationIds(test.database.db);
  prairie = organizationId('Prairie Feed Co.');
  littleCreek = organizationId('Little Creek Farms');
  foreignLocation = await locationOf(littleCreek);
});
afterAll(() => test.close());

function call(username: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  return app.inject({ method, url: `/api${url}`, headers: { cookie: cookies[username] ?? '' }, ...(payload ? { payload } : {}) });
}

/** A new location of the organization (each test joins pairs of its own). */
async function locationOf(organizationId: number): Promise<number> {
  const { rows } = await test.database.pool.query<{ id: number }>(
    `insert into locations (organization_id, name, location_type_id, address1, city, state, postal_code, geofence)
     select $1, 'Route end', location_type_id, address1, city, state, postal_code, geofence
     from locations order by id limit 1 returning id`,
    [organizationId],
  );
  return rows[0]?.id as number;
}

const POLYLINE = encodeFlexiblePolyline([
  { latitude: 41.6, longitude: -93.6 },
  { latitude: 41.65, longitude: -93.55 },
  { latitude: 41.7, longitude: -93.5 },
]);
const routes = `/organizations/${'{org}'}/standard-routes`;
const url = (organizationId: number, id?: number) =>
  routes.replace('{org}', String(organizationId)) + (id === undefined ? '' : `/${id}`);

async function routesInTable() {
  const rows = await test.database.pool.query<{ count: string }>('select count(*) from standard_routes');
  return Number(rows.rows[0]?.count);
}

describe('standard routes', () => {
  it('are created and edited in the change feed; a delete stamps deletedAt and frees the pair', async () => {
    const [origin, destination] = [await locationOf(prairie), await locationOf(prairie)];
    const { cursor } = await pullChanges(app, cookies.admin as string);
    const created = await call('admin', 'POST', url(prairie), {
      originId: origin,
      destinationId: destination,
      flexiblePolyline: POLYLINE,
    });
    expect(created.statusCode).toBe(201);
    const route = created.json() as StandardRoute;
    expect(route).toMatchObject({
      organizationId: prairie,
      originId: origin,
      destinationId: destination,
      deletedAt: null,
      version: 1,
    });
    expect(await isStandardRouteEnd(test.database.db, origin)).toBe(true);

    const edited = await call('admin', 'PUT', url(prairie, route.id), {
      originId: origin,
      destinationId: destination,
      flexiblePolyline: encodeFlexiblePolyline([
        { latitude: 41.6, longitude: -93.6 },
        { latitude: 41.7, longitude: -93.5 },
      ]),
      version: 1,
    });
    expect(edited.statusCode).toBe(200);
    // The ends are locked once the route exists.
    const moved = await call('admin', 'PUT', url(prairie, route.id), {
      originId: destination,
      destinationId: origin,
      flexiblePolyline: POLYLINE,
      version: 2,
    });
    expect(moved.statusCode).toBe(400);

    const deleted = await call('admin', 'DELETE', url(prairie, route.id));
    expect(deleted.statusCode).toBe(200);
    const { rows } = await test.database.pool.query<{ deleted_at: Date | null }>(
      'select deleted_at from standard_routes where id = $1',
      [route.id],
    );
    expect(rows[0]?.deleted_at).toBeInstanceOf(Date);
    expect(await isStandardRouteEnd(test.database.db, origin)).toBe(false);
    // Deleted once is gone: neither edited nor deleted again.
    expect((await call('admin', 'DELETE', url(prairie, route.id))).statusCode).toBe(404);
    expect(
      (
        await call('admin', 'PUT', url(prairie, route.id), {
          originId: origin,
          destinationId: destination,
          flexiblePolyline: POLYLINE,
          version: 3,
        })
      ).statusCode,
    ).toBe(404);

    const { changes } = await pullChangesHaving<StandardRoute>(app, cookies.admin as string, cursor, [
      { entity: 'standardRoute', id: route.id },
    ]);
    const last = changes.findLast((change) => change.id === route.id);
    expect(last?.op).toBe('upsert');
    expect(last?.row?.deletedAt).not.toBeNull();

    // The pair is free again once its route is deleted.
    const again = await call('admin', 'POST', url(prairie), {
      originId: origin,
      destinationId: destination,
      flexiblePolyline: POLYLINE,
    });
    expect(again.statusCode).toBe(201);
  });

  it('refuses a second active route for the same pair with a clear issue; the way back is another route', async () => {
    const [origin, destination] = [await locationOf(prairie), await locationOf(prairie)];
    const body = { originId: origin, destinationId: destination, flexiblePolyline: POLYLINE };
    expect((await call('admin', 'POST', url(prairie), body)).statusCode).toBe(201);
    const duplicate = await call('admin', 'POST', url(prairie), body);
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error.issues).toEqual([{ path: 'body.destinationId', message: EXISTING_STANDARD_ROUTE }]);
    const back = await call('admin', 'POST', url(prairie), { ...body, originId: destination, destinationId: origin });
    expect(back.statusCode).toBe(201);
  });

  it('refuses the same location at both ends, a missing or undecodable polyline, and another organization’s location, storing nothing', async () => {
    const [origin, destination] = [await locationOf(prairie), await locationOf(prairie)];
    const before = await routesInTable();
    const bodies = [
      { originId: origin, destinationId: origin, flexiblePolyline: POLYLINE },
      { originId: origin, destinationId: destination, flexiblePolyline: '' },
      { originId: origin, destinationId: destination },
      { originId: origin, destinationId: destination, flexiblePolyline: 'not a polyline!' },
      // One point is no route.
      {
        originId: origin,
        destinationId: destination,
        flexiblePolyline: encodeFlexiblePolyline([{ latitude: 41.6, longitude: -93.6 }]),
      },
      // Coordinates out of range.
      {
        originId: origin,
        destinationId: destination,
        flexiblePolyline: encodeFlexiblePolyline([
          { latitude: 41.6, longitude: -93.6 },
          { latitude: 95, longitude: -93.6 },
        ]),
      },
      { originId: origin, destinationId: foreignLocation, flexiblePolyline: POLYLINE },
      { originId: foreignLocation, destinationId: destination, flexiblePolyline: POLYLINE },
    ];
    for (const body of bodies) {
      const response = await call('admin', 'POST', url(prairie), body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await routesInTable()).toBe(before);
  });

  it('needs the StandardRoutes page: a dispatcher and a Freemium organization are refused; another organization’s route answers 404', async () => {
    const [origin, destination] = [await locationOf(prairie), await locationOf(prairie)];
    const body = { originId: origin, destinationId: destination, flexiblePolyline: POLYLINE };
    expect((await call('dispatcher', 'POST', url(prairie), body)).statusCode).toBe(403);
    expect((await call('freemium', 'POST', url(littleCreek), body)).statusCode).toBe(403);

    const [foreignOrigin, foreignDestination] = [foreignLocation, await locationOf(littleCreek)];
    const { rows } = await test.database.pool.query<{ id: number }>(
      `insert into standard_routes (organization_id, origin_id, destination_id, flexible_polyline)
       values ($1, $2, $3, $4) returning id`,
      [littleCreek, foreignOrigin, foreignDestination, POLYLINE],
    );
    const foreignRoute = rows[0]?.id as number;
    const edit = await call('admin', 'PUT', url(prairie, foreignRoute), { ...body, version: 1 });
    expect(edit.statusCode).toBe(404);
    expect((await call('admin', 'DELETE', url(prairie, foreignRoute))).statusCode).toBe(404);
  });

  it('keeps a location that ends an active route from being deleted or having its geofence moved', async () => {
    const site = {
      name: 'Route end site',
      organizationLocationTypeId: 1,
      address1: '1 Route Road',
      city: 'Ames',
      state: 'IA',
      postalCode: '50010',
      customGeofence: { latitude: 42.03, longitude: -93.62, radius: 150, bbox: null },
    };
    const created = await call('admin', 'POST', `/organizations/${prairie}/locations`, site);
    expect(created.statusCode).toBe(201);
    const destination = (created.json() as { id: number }).id;
    const origin = await locationOf(prairie);
    await call('admin', 'POST', url(prairie), { originId: origin, destinationId: destination, flexiblePolyline: POLYLINE });
    const { usesOf } = await import('#server/resources/uses');
    expect((await usesOf(test.database.db, 'location', destination)).standardRoute).toBe(1);
    expect(await isStandardRouteEnd(test.database.db, destination)).toBe(true);

    const deleted = await call('admin', 'DELETE', `/organizations/${prairie}/locations/${destination}`);
    expect(deleted.statusCode).toBe(409);
    const moved = await call('admin', 'PUT', `/organizations/${prairie}/locations/${destination}`, {
      ...site,
      customGeofence: { ...site.customGeofence, latitude: 42.05 },
      version: 1,
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().error.issues).toEqual([
      expect.objectContaining({ path: 'body.customGeofence', message: 'standardRouteEnd' }),
    ]);
    // Anything else of the site may change.
    const renamed = await call('admin', 'PUT', `/organizations/${prairie}/locations/${destination}`, {
      ...site,
      name: 'Route end, renamed',
      version: 1,
    });
    expect(renamed.statusCode).toBe(200);
  });
});
