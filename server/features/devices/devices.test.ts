import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Device } from '#core/contract/devices';
import type { Trailer } from '#core/contract/master-data';
import { PERMISSIONS, ROLE_IDS } from '#core/domain/access';
import { readEnabledDevices } from '#server/features/device-positions/device-directory';
import { storePositionRequests } from '#server/features/device-positions/device-positions.service';
import { pullChanges, pullChangesHaving } from '#test/server/change-feed';
import { seededOrganizationIds } from '#test/server/seeded';
import { createTestApp, signInAs, type TestApp } from '#test/server/test-app';

let test: TestApp;
let app: FastifyInstance;
const cookies: Record<string, string> = {};
let prairie: number;
let littleCreek: number;

beforeAll(async () => {
  test = await createTestApp();
  app = test.app;
  for (const username of ['admin', 'freemium']) cookies[username] = await signInAs(app, username);
  const organizationId = await seededOrganizationIds(test.database.db);
  prairie = organizationId('Prairie Feed Co.');
  littleCreek = organizationId('Little Creek Farms');
});
afterAll(() => test.close());

function call(username: string, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  return app.inject({ method, url: `/api${url}`, headers: { cookie: cookies[username] ?? '' }, ...(payload ? { payload } : {}) });
}

/** A device of Prairie Feed created by its administrator (201 checked). */
async function createDevice(clientId: string, name: string, kind: Device['kind']): Promise<Device> {
  const created = await call('admin', 'POST', `/organizations/${prairie}/devices`, { clientId, name, kind });
  expect(created.statusCode).toBe(201);
  return created.json() as Device;
}

const TRAILER = {
  userDisplayName: 'Smart hopper',
  maxCargoWeight: 20_000_000,
  trailerCargoTypes: [{ cargoTypeId: 2, compartmentCount: 2 }],
};

describe('devices', () => {
  it('are created and edited with their base version (409 when stale), each write in the change feed', async () => {
    const { cursor } = await pullChanges(app, cookies.admin as string);
    const created = await call('admin', 'POST', `/organizations/${prairie}/devices`, {
      clientId: ' phone-0001 ',
      name: 'Hansen’s phone',
      kind: 'phone',
    });
    expect(created.statusCode).toBe(201);
    const device = created.json() as Device;
    expect(device).toMatchObject({ organizationId: prairie, clientId: 'phone-0001', kind: 'phone', enabled: true, version: 1 });

    const disabled = await call('admin', 'PUT', `/organizations/${prairie}/devices/${device.id}`, {
      clientId: 'phone-0001',
      name: 'Spare phone',
      kind: 'phone',
      enabled: false,
      version: 1,
    });
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json()).toMatchObject({ name: 'Spare phone', enabled: false, version: 2 });

    const stale = await call('admin', 'PUT', `/organizations/${prairie}/devices/${device.id}`, {
      clientId: 'phone-0001',
      name: 'Old name',
      kind: 'phone',
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.current).toEqual({ ...device, name: 'Spare phone', enabled: false, version: 2 });

    const feed = await pullChangesHaving<Device>(app, cookies.admin as string, cursor, [{ entity: 'device', id: device.id }]);
    const change = feed.changes.find((entry) => entry.entity === 'device' && entry.id === device.id);
    expect(change?.row).toEqual({ ...device, name: 'Spare phone', enabled: false, version: 2 });
  });

  it('refuse an identifier another device of any organization has, naming the field', async () => {
    const own = await call('freemium', 'POST', `/organizations/${littleCreek}/devices`, {
      clientId: 'shared-serial',
      name: 'Little Creek trailer',
      kind: 'trailer',
    });
    expect(own.statusCode).toBe(201);
    const taken = await call('admin', 'POST', `/organizations/${prairie}/devices`, {
      clientId: 'shared-serial',
      name: 'Prairie trailer',
      kind: 'trailer',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.issues).toEqual([{ path: 'body.clientId', message: 'clientIdTaken' }]);

    // Another organization's device is not found, and its driver is not the organization's.
    const foreignId = (own.json() as Device).id;
    const foreignEdit = await call('admin', 'PUT', `/organizations/${prairie}/devices/${foreignId}`, {
      clientId: 'other-serial',
      name: 'Taken over',
      kind: 'trailer',
      version: 1,
    });
    expect(foreignEdit.statusCode).toBe(404);
    expect((await call('admin', 'DELETE', `/organizations/${prairie}/devices/${foreignId}`)).statusCode).toBe(404);
  });

  it('are not deleted while a trailer names them, and are once it no longer does', async () => {
    const device = await createDevice('trailer-0042', 'Hopper 42', 'trailer');
    const phone = await createDevice('phone-0042', 'Phone 42', 'phone');
    const asPhone = await call('admin', 'POST', `/organizations/${prairie}/trailers`, { ...TRAILER, deviceId: phone.id });
    expect(asPhone.statusCode).toBe(400);
    expect(asPhone.json().error.issues).toEqual([{ path: 'body.deviceId', message: 'not a trailer device' }]);

    const linked = await call('admin', 'POST', `/organizations/${prairie}/trailers`, { ...TRAILER, deviceId: device.id });
    expect(linked.statusCode).toBe(201);
    const trailer = linked.json() as Trailer;
    expect(trailer.deviceId).toBe(device.id);

    const refused = await call('admin', 'DELETE', `/organizations/${prairie}/devices/${device.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ rule: 'inUse', issues: [{ path: 'uses.trailer', message: '1' }] });

    const unlinked = await call('admin', 'PUT', `/organizations/${prairie}/trailers/${trailer.id}`, {
      ...TRAILER,
      deviceId: null,
      version: trailer.version,
    });
    expect(unlinked.statusCode).toBe(200);
    expect(unlinked.json()).toMatchObject({ deviceId: null });
    expect((await call('admin', 'DELETE', `/organizations/${prairie}/devices/${device.id}`)).statusCode).toBe(200);
  });

  it('take their positions with them when deleted, and a fix the ingest still sends for one is dropped', async () => {
    const { db } = test.database;
    const phone = await createDevice('phone-0077', 'Phone 77', 'phone');
    const fix = (minutesAgo: number) => ({
      clientId: 'phone-0077',
      latitude: 41.6,
      longitude: -93.6,
      timestamp: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
    });
    const stored = await storePositionRequests(db, [{ poster: { organizationId: prairie }, fixes: [fix(2), fix(1)] }]);
    expect(stored.outcomes[0]).toMatchObject({ ok: true, stored: 2, latestMoved: 1 });
    const countOf = async () => {
      const result = await db.execute<{ history: number; latest: number }>(sql`
        select (select count(*) from device_positions where device_id = ${phone.id})::int as history,
               (select count(*) from device_latest_positions where device_id = ${phone.id})::int as latest`);
      return result.rows[0];
    };
    expect(await countOf()).toEqual({ history: 2, latest: 1 });

    // The ingest's directory still knew the device (it is checked every second): the group commit goes on without its fix.
    const [known] = await readEnabledDevices(db, ['phone-0077']);
    expect((await call('admin', 'DELETE', `/organizations/${prairie}/devices/${phone.id}`)).statusCode).toBe(200);
    expect(await countOf()).toEqual({ history: 0, latest: 0 });
    const late = await storePositionRequests(db, [{ poster: { organizationId: prairie }, fixes: [fix(0)] }], {
      lookupDevices: async () => (known ? [known] : []),
    });
    expect(late.outcomes[0]).toMatchObject({ ok: true, stored: 0, latestMoved: 0 });
    expect(await countOf()).toEqual({ history: 0, latest: 0 });
  });
});

describe('devices and concurrent writers', () => {
  it('answer 409 clientIdTaken, not 500, to a create racing another with the same identifier', async () => {
    // A transaction holding an uncommitted device with the identifier: the request's check cannot see
    // it, so the request reaches the unique index, waits on it, and is refused once the holder commits.
    const holder = new pg.Client({ connectionString: test.databaseUrl });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query(
        "insert into devices (organization_id, client_id, name, kind) values ($1, 'racing-serial', 'First', 'phone')",
        [littleCreek],
      );
      const racing = call('admin', 'POST', `/organizations/${prairie}/devices`, {
        clientId: 'racing-serial',
        name: 'Second',
        kind: 'phone',
      });
      await vi.waitUntil(
        async () => {
          const waiting = await holder.query(
            "select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
          );
          return (waiting.rowCount ?? 0) > 0;
        },
        { timeout: 10_000, interval: 20 },
      );
      await holder.query('commit');
      const refused = await racing;
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.issues).toEqual([{ path: 'body.clientId', message: 'clientIdTaken' }]);
    } finally {
      await holder.end();
    }
  });

  it('lose their driver through a versioned, logged write when the driver is deleted', async () => {
    const driver = await call('admin', 'POST', `/organizations/${prairie}/users`, {
      username: 'phone.holder',
      firstName: 'Pia',
      lastName: 'Holm',
      roleIds: [ROLE_IDS.Driver],
      driverInfo: { defaultTractorId: null, defaultTrailerId: null, contract: false, loadCompletionOutOfSequence: true },
      contact: { name: 'Pia Holm', contactNotificationMethods: [] },
    });
    expect(driver.statusCode).toBe(201);
    const driverUserId = (driver.json() as { id: number }).id;
    const phone = (
      await call('admin', 'POST', `/organizations/${prairie}/devices`, {
        clientId: 'phone-of-pia',
        name: 'Pia’s phone',
        kind: 'phone',
        driverUserId,
      })
    ).json() as Device;
    expect(phone).toMatchObject({ driverUserId, version: 1 });
    const { cursor } = await pullChanges(app, cookies.admin as string);

    expect((await call('admin', 'DELETE', `/organizations/${prairie}/users/${driverUserId}`)).statusCode).toBe(200);

    const feed = await pullChangesHaving<Device>(app, cookies.admin as string, cursor, [{ entity: 'device', id: phone.id }]);
    const change = feed.changes.find((entry) => entry.entity === 'device' && entry.id === phone.id);
    expect(change?.row).toEqual({ ...phone, driverUserId: null, version: 2 });
  });
});

describe('migration 0016', () => {
  it('gives a database seeded before devices their permissions, after the others, and the default grants', async () => {
    const db = test.database.db;
    const names = ['ViewDevices', 'CreateDevices', 'EditDevices', 'DeleteDevices'];
    // As before devices: their permissions (and so their grants) absent.
    await db.execute(sql`delete from permissions where name = any(${sql.param(names)}::text[])`);
    const migration = readFileSync(new URL('../../db/migrations/0016_devices.sql', import.meta.url), 'utf8');
    for (const statement of migration.split('--> statement-breakpoint').filter((part) => part.includes('"permissions"'))) {
      await db.execute(sql.raw(statement));
    }
    const { rows } = await db.execute<{ id: number; name: string; roles: number[] }>(
      sql`select p.id, p.name, array_agg(rp.role_id order by rp.role_id) as roles
          from permissions p left join role_permissions rp on rp.permission_id = p.id
          where p.name = any(${sql.param(names)}::text[]) group by p.id, p.name order by p.id`,
    );
    // The ids a new database's seed gives them: their places in PERMISSIONS.
    expect(rows).toEqual(
      names.map((name) => ({
        id: PERMISSIONS.indexOf(name as (typeof PERMISSIONS)[number]) + 1,
        name,
        roles: name === 'ViewDevices' ? [ROLE_IDS.Administrator, ROLE_IDS.CarrierDispatcher] : [ROLE_IDS.Administrator],
      })),
    );
  });
});
