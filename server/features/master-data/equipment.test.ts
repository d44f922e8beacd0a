import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tractor, Trailer } from '#core/contract/master-data';
import type { Self } from '#core/contract/user';
import { carrierEquipmentEditing } from '#core/domain/master-data/index';
import { ROLE_IDS } from '#core/domain/access';
import { carrierLinks, permissions, rolePermissions, tractors, trailers } from '#server/db/schema';
import { pullChanges, pullChangesHaving } from '#test/server/change-feed';
import { seededOrganizationIds } from '#test/server/seeded';
import { createTestApp, signInAs, type TestApp } from '#test/server/test-app';

let test: TestApp;
let app: FastifyInstance;
const cookies: Record<string, string> = {};
let prairie: number;
let swift: number;
let littleCreek: number;

beforeAll(async () => {
  test = await createTestApp();
  app = test.app;
  for (const username of ['admin', 'dispatcher', 'carrier', 'freemium']) cookies[username] = await signInAs(app, username);
  const organizationId = await seededOrganizationIds(test.database.db);
  prairie = organizationId('Prairie Feed Co.');
  swift = organizationId('Swift Haul Carriers');
  littleCreek = organizationId('Little Creek Farms');
});
afterAll(() => test.close());

function call(username: string, method: 'POST' | 'PUT' | 'DELETE' | 'GET', url: string, payload?: object) {
  return app.inject({ method, url: `/api${url}`, headers: { cookie: cookies[username] ?? '' }, ...(payload ? { payload } : {}) });
}

async function equipmentNamed(table: typeof tractors | typeof trailers, name: string) {
  const [row] = await test.database.db.select().from(table).where(eq(table.userDisplayName, name));
  if (!row) throw new Error(`no equipment ${name}`);
  return row;
}

/** Runs `body` with `permission` taken from a role, then gives it back. */
async function without(roleId: number, permission: string, body: () => Promise<void>) {
  const db = test.database.db;
  const [row] = await db.select({ id: permissions.id }).from(permissions).where(eq(permissions.name, permission));
  if (!row) throw new Error(`no permission ${permission}`);
  await db.delete(rolePermissions).where(and(eq(rolePermissions.roleId, roleId), eq(rolePermissions.permissionId, row.id)));
  try {
    await body();
  } finally {
    await db.insert(rolePermissions).values({ roleId, permissionId: row.id });
  }
}

const VIN = '1HGCM82633A004352';
const pounds = (value: number) => Math.round(value * 453.59237);

describe('tractors', () => {
  it('are created, updated with their base version and deleted, each write in the change feed', async () => {
    const { cursor } = await pullChanges(app, cookies.admin as string);
    const created = await call('admin', 'POST', `/organizations/${prairie}/tractors`, {
      userDisplayName: 'T-900',
      vinNumber: VIN,
      licensePlate: 'IA 900',
      make: 'Peterbilt',
      model: '579',
      contract: true,
      weight: pounds(18_000),
    });
    expect(created.statusCode).toBe(201);
    const tractor = created.json() as Tractor;
    expect(tractor).toMatchObject({
      organizationId: prairie,
      userDisplayName: 'T-900',
      vinNumber: VIN,
      make: 'Peterbilt',
      contract: true,
      enabled: true,
      weight: pounds(18_000),
      version: 1,
    });

    const updated = await call('admin', 'PUT', `/organizations/${prairie}/tractors/${tractor.id}`, {
      ...tractor,
      vinNumber: '',
      enabled: false,
      version: 1,
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ vinNumber: null, enabled: false, version: 2 });

    const stale = await call('admin', 'PUT', `/organizations/${prairie}/tractors/${tractor.id}`, { ...tractor, version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.current).toMatchObject({ id: tractor.id, enabled: false, version: 2 });

    const feed = await pullChangesHaving<Tractor>(app, cookies.admin as string, cursor, [{ entity: 'tractor', id: tractor.id }]);
    const change = feed.changes.find((entry) => entry.entity === 'tractor' && entry.id === tractor.id);
    expect(change?.row).toMatchObject({ enabled: false, make: 'Peterbilt', weight: pounds(18_000), version: 2 });

    const deleted = await call('admin', 'DELETE', `/organizations/${prairie}/tractors/${tractor.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(await test.database.db.select().from(tractors).where(eq(tractors.id, tractor.id))).toEqual([]);
    const afterDelete = await pullChangesHaving(app, cookies.admin as string, feed.cursor, [
      { entity: 'tractor', id: tractor.id, op: 'delete' },
    ]);
    expect(afterDelete.changes).toContainEqual({ entity: 'tractor', id: tractor.id, op: 'delete' });
  });

  it('refuse a VIN that is not 17 characters, a missing name and a negative weight, naming the field', async () => {
    const url = `/organizations/${prairie}/tractors`;
    for (const [body, path] of [
      [{ userDisplayName: 'T-901', vinNumber: VIN.slice(1) }, 'body.vinNumber'],
      [{ userDisplayName: 'T-901', vinNumber: `${VIN}X` }, 'body.vinNumber'],
      [{ userDisplayName: '  ' }, 'body.userDisplayName'],
      [{ userDisplayName: 'T-901', weight: -1 }, 'body.weight'],
    ] as const) {
      const response = await call('admin', 'POST', url, body);
      expect(response.statusCode, path).toBe(400);
      expect(response.json().error.issues.map((issue: { path: string }) => issue.path)).toContain(path);
    }
    const tractor = await equipmentNamed(tractors, 'T-101');
    const noVersion = await call('admin', 'PUT', `${url}/${tractor.id}`, { userDisplayName: 'T-101' });
    expect(noVersion.statusCode).toBe(400);
    expect(noVersion.json().error.issues[0].path).toBe('body.version');
  });

  it('refuse deleting a tractor loads or a driver’s default still name, saying what uses it', async () => {
    const tractor = await equipmentNamed(tractors, 'T-101');
    const response = await call('admin', 'DELETE', `/organizations/${prairie}/tractors/${tractor.id}`);
    expect(response.statusCode).toBe(409);
    const error = response.json().error;
    expect(error.rule).toBe('inUse');
    expect(error.message).toMatch(/used by \d+ orders?, 1 user/);
    expect(error.issues.map((issue: { path: string }) => issue.path)).toEqual(['uses.order', 'uses.user']);
    expect(await equipmentNamed(tractors, 'T-101')).toMatchObject({ id: tractor.id });
  });

  it('answer 404 for another organization’s tractor or organization id', async () => {
    const swiftTractor = await equipmentNamed(tractors, 'S-501');
    const own = await equipmentNamed(tractors, 'T-102');
    const update = { userDisplayName: 'taken', version: swiftTractor.version };
    expect((await call('admin', 'PUT', `/organizations/${prairie}/tractors/${swiftTractor.id}`, update)).statusCode).toBe(404);
    expect((await call('admin', 'DELETE', `/organizations/${prairie}/tractors/${swiftTractor.id}`)).statusCode).toBe(404);
    expect((await call('admin', 'POST', `/organizations/${swift}/tractors`, { userDisplayName: 'T-X' })).statusCode).toBe(404);
    expect(
      (
        await call('admin', 'PUT', `/organizations/${swift}/tractors/${own.id}`, {
          userDisplayName: 'T-102',
          version: own.version,
        })
      ).statusCode,
    ).toBe(404);
    expect(await equipmentNamed(tractors, 'S-501')).toMatchObject({ version: swiftTractor.version });
  });

  it('need the create, edit and delete permissions each', async () => {
    const tractor = await equipmentNamed(tractors, 'T-103');
    const routes = [
      ['CreateTractors', 'POST', `/organizations/${prairie}/tractors`, { userDisplayName: 'T-902' }],
      ['EditTractors', 'PUT', `/organizations/${prairie}/tractors/${tractor.id}`, { userDisplayName: 'T-103', version: 1 }],
      ['DeleteTractors', 'DELETE', `/organizations/${prairie}/tractors/${tractor.id}`, undefined],
    ] as const;
    for (const [permission, method, url, body] of routes) {
      expect((await call('dispatcher', method, url, body)).statusCode, `${method} as dispatcher`).toBe(403);
      await without(ROLE_IDS.Administrator, permission, async () => {
        expect((await call('admin', method, url, body)).statusCode, `${method} without ${permission}`).toBe(403);
      });
    }
    expect(await equipmentNamed(tractors, 'T-103')).toMatchObject({ version: tractor.version });
  });

  it('keep the Standard-tier fields of a Freemium organization as stored', async () => {
    const created = await call('freemium', 'POST', `/organizations/${littleCreek}/tractors`, {
      userDisplayName: 'LC-1',
      contract: true,
      weight: 5000,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ organizationId: littleCreek, contract: false, weight: null });
  });
});

describe('a carrier’s equipment', () => {
  async function setClientLink(loadTractor: 'Owning' | 'Carrier', loadTrailer: 'Owning' | 'Both') {
    await test.database.db
      .update(carrierLinks)
      .set({ loadTractor, loadTrailer })
      .where(and(eq(carrierLinks.organizationId, prairie), eq(carrierLinks.carrierOrganizationId, swift)));
  }

  it('is editable only for the kinds its clients take from it', async () => {
    const db = test.database.db;
    const names = ['CreateTractors', 'CreateTrailers'] as const;
    const ids = await db.select({ id: permissions.id, name: permissions.name }).from(permissions);
    const granted = ids.filter((row) => (names as readonly string[]).includes(row.name));
    await db.insert(rolePermissions).values(granted.map((row) => ({ roleId: ROLE_IDS.CarrierDispatcher, permissionId: row.id })));
    try {
      await setClientLink('Owning', 'Both');
      // The client's forms read the same rule from the signed-in user's organization.
      const self = (await call('carrier', 'GET', '/self')).json() as Self;
      expect(carrierEquipmentEditing(self.organization.isCarrier, self.organization.clients)).toEqual({
        canEditTractors: false,
        canEditTrailers: true,
      });
      const refused = await call('carrier', 'POST', `/organizations/${swift}/tractors`, { userDisplayName: 'S-900' });
      expect(refused.statusCode).toBe(403);
      const trailer = await call('carrier', 'POST', `/organizations/${swift}/trailers`, {
        userDisplayName: 'SH 900',
        maxCargoWeight: pounds(50_000),
      });
      expect(trailer.statusCode).toBe(201);
      await setClientLink('Carrier', 'Both');
      expect((await call('carrier', 'POST', `/organizations/${swift}/tractors`, { userDisplayName: 'S-900' })).statusCode).toBe(
        201,
      );
    } finally {
      await setClientLink('Carrier', 'Both');
      for (const row of granted) {
        await db
          .delete(rolePermissions)
          .where(and(eq(rolePermissions.roleId, ROLE_IDS.CarrierDispatcher), eq(rolePermissions.permissionId, row.id)));
      }
    }
  });
});

describe('trailers', () => {
  const base = () => `/organizations/${prairie}/trailers`;
  const valid = {
    userDisplayName: 'Bulk 900',
    vinNumber: VIN,
    licensePlate: 'IA T900',
    contract: false,
    weight: pounds(14_000),
    maxCargoWeight: pounds(52_000),
    trailerCargoTypes: [
      { cargoTypeId: 9, compartmentCount: 4 },
      { cargoTypeId: 22, compartmentCount: 2 },
    ],
  };

  it('are created, updated and deleted, with cargo types and weights in grams, in the change feed', async () => {
    const { cursor } = await pullChanges(app, cookies.admin as string);
    const created = await call('admin', 'POST', base(), valid);
    expect(created.statusCode).toBe(201);
    const trailer = created.json() as Trailer;
    expect(trailer).toMatchObject({ ...valid, organizationId: prairie, enabled: true, version: 1 });

    const updated = await call('admin', 'PUT', `${base()}/${trailer.id}`, {
      ...valid,
      trailerCargoTypes: [{ cargoTypeId: 9, compartmentCount: 3 }],
      version: 1,
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ trailerCargoTypes: [{ cargoTypeId: 9, compartmentCount: 3 }], version: 2 });

    const stale = await call('admin', 'PUT', `${base()}/${trailer.id}`, { ...valid, version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.current).toMatchObject({ id: trailer.id, version: 2 });

    const feed = await pullChangesHaving<Trailer>(app, cookies.admin as string, cursor, [{ entity: 'trailer', id: trailer.id }]);
    const change = feed.changes.find((entry) => entry.entity === 'trailer' && entry.id === trailer.id);
    expect(change?.row).toMatchObject({ maxCargoWeight: valid.maxCargoWeight, weight: valid.weight, version: 2 });

    expect((await call('admin', 'DELETE', `${base()}/${trailer.id}`)).statusCode).toBe(200);
    const afterDelete = await pullChangesHaving(app, cookies.admin as string, feed.cursor, [
      { entity: 'trailer', id: trailer.id, op: 'delete' },
    ]);
    expect(afterDelete.changes).toContainEqual({ entity: 'trailer', id: trailer.id, op: 'delete' });
  });

  it('need a max cargo weight of at least 2 in the user’s unit (pounds for admin)', async () => {
    const missing = await call('admin', 'POST', base(), { ...valid, maxCargoWeight: undefined });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.issues).toEqual([{ path: 'body.maxCargoWeight', message: 'required' }]);
    const light = await call('admin', 'POST', base(), { ...valid, maxCargoWeight: pounds(2) - 1 });
    expect(light.statusCode).toBe(400);
    expect(light.json().error.issues).toEqual([{ path: 'body.maxCargoWeight', message: 'at least 2 lb' }]);
    expect(
      (await call('admin', 'POST', base(), { ...valid, userDisplayName: 'Bulk 901', maxCargoWeight: pounds(2) })).statusCode,
    ).toBe(201);
  });

  it('take each cargo type once, naming a repeated one, and whole compartments of at least 1', async () => {
    const duplicate = await call('admin', 'POST', base(), {
      ...valid,
      trailerCargoTypes: [...valid.trailerCargoTypes, { cargoTypeId: 9, compartmentCount: 1 }],
    });
    expect(duplicate.statusCode).toBe(400);
    const [issue] = duplicate.json().error.issues;
    expect(issue.path).toBe('body.trailerCargoTypes.2.cargoTypeId');
    const cargoTypes = (await call('admin', 'GET', '/cargo-types')).json() as { id: number; label: string }[];
    expect(issue.message).toBe(`duplicate cargo type ${cargoTypes.find((type) => type.id === 9)?.label}`);

    for (const compartmentCount of [0, 1.5]) {
      const response = await call('admin', 'POST', base(), {
        ...valid,
        trailerCargoTypes: [{ cargoTypeId: 9, compartmentCount }],
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.issues[0].path).toBe('body.trailerCargoTypes.0.compartmentCount');
    }
    for (const [body, path] of [
      [{ ...valid, vinNumber: 'SHORT' }, 'body.vinNumber'],
      [{ ...valid, weight: -5 }, 'body.weight'],
      [{ ...valid, userDisplayName: '' }, 'body.userDisplayName'],
    ] as const) {
      const response = await call('admin', 'POST', base(), body);
      expect(response.statusCode, path).toBe(400);
      expect(response.json().error.issues[0].path).toBe(path);
    }
  });

  it('refuse deleting a trailer still named, 404 for another organization’s, and need each permission', async () => {
    const used = await equipmentNamed(trailers, 'Bulk 201');
    const refused = await call('admin', 'DELETE', `${base()}/${used.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.rule).toBe('inUse');

    const swiftTrailer = await equipmentNamed(trailers, 'SH Bulk 601');
    const update = { ...valid, version: swiftTrailer.version };
    expect((await call('admin', 'PUT', `${base()}/${swiftTrailer.id}`, update)).statusCode).toBe(404);
    expect((await call('admin', 'DELETE', `${base()}/${swiftTrailer.id}`)).statusCode).toBe(404);
    expect((await call('admin', 'POST', `/organizations/${swift}/trailers`, valid)).statusCode).toBe(404);

    const routes = [
      ['CreateTrailers', 'POST', base(), valid],
      ['EditTrailers', 'PUT', `${base()}/${used.id}`, { ...valid, version: used.version }],
      ['DeleteTrailers', 'DELETE', `${base()}/${used.id}`, undefined],
    ] as const;
    for (const [permission, method, url, body] of routes) {
      expect((await call('dispatcher', method, url, body)).statusCode, `${method} as dispatcher`).toBe(403);
      await without(ROLE_IDS.Administrator, permission, async () => {
        expect((await call('admin', method, url, body)).statusCode, `${method} without ${permission}`).toBe(403);
      });
    }
    expect(await equipmentNamed(trailers, 'Bulk 201')).toMatchObject({ version: used.version });
  });
});
