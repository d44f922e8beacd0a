import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Downtime } from '#core/contract/master-data';
import { ROLE_IDS } from '#core/domain/access';
import { contacts, downtimes, permissions, rolePermissions, tractors, trailers } from '#server/db/schema';
import { pullChanges, pullChangesHaving, pullChangesUntil } from '#test/server/change-feed';
import { seededDriver, seededOrganizationIds } from '#test/server/seeded';
import { createTestApp, signInAs, type TestApp } from '#test/server/test-app';

let test: TestApp;
let app: FastifyInstance;
const cookies: Record<string, string> = {};
let prairie: number;
let swift: number;
/** Each resource type's path base in Prairie Feed, and one of Swift Haul's. */
const own: Record<string, string> = {};
const foreign: Record<string, string> = {};

beforeAll(async () => {
  test = await createTestApp();
  app = test.app;
  for (const username of ['admin', 'dispatcher', 'carrier']) cookies[username] = await signInAs(app, username);
  const db = test.database.db;
  const organizationId = await seededOrganizationIds(db);
  prairie = organizationId('Prairie Feed Co.');
  swift = organizationId('Swift Haul Carriers');
  const hansen = await seededDriver(db, 'driver.hansen');
  const garcia = await seededDriver(db, 'driver.garcia');
  own.tractor = `/organizations/${prairie}/tractors/${hansen.tractorId}/downtime`;
  own.trailer = `/organizations/${prairie}/trailers/${hansen.trailerId}/downtime`;
  own.driver = `/organizations/${prairie}/drivers/${hansen.id}/downtime`;
  foreign.tractor = `/organizations/${prairie}/tractors/${garcia.tractorId}/downtime`;
  foreign.trailer = `/organizations/${prairie}/trailers/${garcia.trailerId}/downtime`;
  foreign.driver = `/organizations/${prairie}/drivers/${garcia.id}/downtime`;
});
afterAll(() => test.close());

function call(username: string, method: 'POST' | 'PUT' | 'DELETE' | 'GET', url: string, payload?: object) {
  return app.inject({ method, url: `/api${url}`, headers: { cookie: cookies[username] ?? '' }, ...(payload ? { payload } : {}) });
}

const weekly = {
  description: 'Weekly wash',
  startDate: '2026-03-02',
  startTime: '22:00',
  durationMinutes: 240,
  timezone: 'America/Denver',
  recurrenceDaysOfWeek: '0100010',
};

describe('downtime', () => {
  it('is created for a tractor, trailer and driver, updated, listed, deleted, each write in the change feed', async () => {
    const { cursor } = await pullChanges(app, cookies.admin as string);
    const created: Downtime[] = [];
    for (const type of ['tractor', 'trailer', 'driver'] as const) {
      const response = await call('admin', 'POST', own[type] as string, weekly);
      expect(response.statusCode, type).toBe(201);
      const downtime = response.json() as Downtime;
      expect(downtime).toMatchObject({
        ...weekly,
        startTime: '22:00:00',
        resourceType: type,
        organizationId: prairie,
        version: 1,
      });
      expect(own[type]).toContain(`/${downtime.resourceId}/downtime`);
      created.push(downtime);
    }
    const [tractorDowntime] = created as [Downtime];

    const updated = await call('admin', 'PUT', `${own.tractor}/${tractorDowntime.id}`, {
      ...weekly,
      description: 'Tyres',
      recurrenceDaysOfWeek: '0000000',
      startTime: '07:30:00',
      version: 1,
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      description: 'Tyres',
      recurrenceDaysOfWeek: '0000000',
      startTime: '07:30:00',
      version: 2,
    });

    const stale = await call('admin', 'PUT', `${own.tractor}/${tractorDowntime.id}`, { ...weekly, version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.current).toMatchObject({ id: tractorDowntime.id, description: 'Tyres', version: 2 });

    // The one-time downtime ended on 2 March: a list from the 10th keeps only the weekly ones.
    const list = await call('dispatcher', 'GET', `/organizations/${prairie}/downtime?startDate=2026-03-10`);
    expect(list.statusCode).toBe(200);
    const listed = (list.json() as Downtime[]).map((downtime) => downtime.id);
    expect(listed).toEqual(expect.arrayContaining(created.slice(1).map((downtime) => downtime.id)));
    expect(listed).not.toContain(tractorDowntime.id);
    const fromStart = (
      await call('admin', 'GET', `/organizations/${prairie}/downtime?startDate=2026-03-01`)
    ).json() as Downtime[];
    expect(fromStart.map((downtime) => downtime.id)).toContain(tractorDowntime.id);

    const feed = await pullChangesUntil<Downtime>(
      app,
      cookies.admin as string,
      cursor,
      (changes) => changes.filter((entry) => entry.entity === 'downtime').length >= 3,
    );
    const change = feed.changes.find((entry) => entry.entity === 'downtime' && entry.id === tractorDowntime.id);
    expect(change?.row).toMatchObject({ resourceType: 'tractor', description: 'Tyres', version: 2 });
    expect(feed.changes.filter((entry) => entry.entity === 'downtime')).toHaveLength(3);

    expect((await call('admin', 'DELETE', `${own.tractor}/${tractorDowntime.id}`)).statusCode).toBe(200);
    const afterDelete = await pullChangesHaving(app, cookies.admin as string, feed.cursor, [
      { entity: 'downtime', id: tractorDowntime.id, op: 'delete' },
    ]);
    expect(afterDelete.changes).toContainEqual({ entity: 'downtime', id: tractorDowntime.id, op: 'delete' });
  });

  it('takes the user’s contact’s zone when none is given, and a duration of 60 minutes', async () => {
    const { timezone, durationMinutes, ...withoutZone } = weekly;
    const contactId = sql`(select contact_id from users where username = 'admin')`;
    await test.database.db.update(contacts).set({ timezone: 'America/Phoenix' }).where(eq(contacts.id, contactId));
    try {
      const response = await call('admin', 'POST', own.driver as string, withoutZone);
      expect(response.statusCode).toBe(201);
      // Prairie Feed's own zone is America/Chicago.
      expect(response.json()).toMatchObject({ timezone: 'America/Phoenix', durationMinutes: 60 });
    } finally {
      await test.database.db.update(contacts).set({ timezone: 'America/Chicago' }).where(eq(contacts.id, contactId));
    }
  });

  it('goes with its tractor or trailer when that is deleted', async () => {
    const tractor = await call('admin', 'POST', `/organizations/${prairie}/tractors`, { userDisplayName: 'T-950' });
    const tractorId = tractor.json().id as number;
    const downtime = await call('admin', 'POST', `/organizations/${prairie}/tractors/${tractorId}/downtime`, weekly);
    const { cursor } = await pullChanges(app, cookies.admin as string);
    expect((await call('admin', 'DELETE', `/organizations/${prairie}/tractors/${tractorId}`)).statusCode).toBe(200);
    expect(await test.database.db.select().from(downtimes).where(eq(downtimes.tractorId, tractorId))).toEqual([]);
    const feed = await pullChangesHaving(app, cookies.admin as string, cursor, [
      { entity: 'downtime', id: downtime.json().id, op: 'delete' },
    ]);
    expect(feed.changes).toContainEqual({ entity: 'downtime', id: downtime.json().id, op: 'delete' });
  });

  it('refuses each invalid field, naming it', async () => {
    for (const [body, path] of [
      [{ ...weekly, description: '' }, 'body.description'],
      [{ ...weekly, startDate: '2026-13-01' }, 'body.startDate'],
      [{ ...weekly, startDate: '03/02/2026' }, 'body.startDate'],
      [{ ...weekly, startDate: '2026-02-31' }, 'body.startDate'],
      [{ ...weekly, startTime: '25:00' }, 'body.startTime'],
      [{ ...weekly, startTime: '07:30:15' }, 'body.startTime'],
      [{ ...weekly, durationMinutes: 0 }, 'body.durationMinutes'],
      [{ ...weekly, durationMinutes: 1.5 }, 'body.durationMinutes'],
      [{ ...weekly, timezone: 'Mars/Olympus' }, 'body.timezone'],
      [{ ...weekly, recurrenceDaysOfWeek: '010001' }, 'body.recurrenceDaysOfWeek'],
      [{ ...weekly, recurrenceDaysOfWeek: '0100020' }, 'body.recurrenceDaysOfWeek'],
    ] as const) {
      const response = await call('admin', 'POST', own.tractor as string, body);
      expect(response.statusCode, path).toBe(400);
      expect(response.json().error.issues[0].path).toBe(path);
    }
    const list = await call('admin', 'GET', `/organizations/${prairie}/downtime?startDate=tomorrow`);
    expect(list.statusCode).toBe(400);
    expect(list.json().error.issues[0].path).toBe('querystring.startDate');
  });

  it('answers 404 for another organization’s resource, downtime or organization id', async () => {
    const mine = (await call('admin', 'POST', own.trailer as string, weekly)).json() as Downtime;
    for (const type of ['tractor', 'trailer', 'driver'] as const) {
      expect((await call('admin', 'POST', foreign[type] as string, weekly)).statusCode, type).toBe(404);
    }
    // A downtime is found only under its own resource and organization.
    expect((await call('admin', 'PUT', `${own.tractor}/${mine.id}`, { ...weekly, version: 1 })).statusCode).toBe(404);
    expect((await call('admin', 'DELETE', `${own.driver}/${mine.id}`)).statusCode).toBe(404);
    const swiftPath = (own.trailer as string).replace(`/organizations/${prairie}/`, `/organizations/${swift}/`);
    expect((await call('admin', 'PUT', `${swiftPath}/${mine.id}`, { ...weekly, version: 1 })).statusCode).toBe(404);
    expect((await call('admin', 'GET', `/organizations/${swift}/downtime`)).statusCode).toBe(404);
    const carrierSees = (await call('carrier', 'GET', `/organizations/${swift}/downtime`)).json() as Downtime[];
    expect(carrierSees.map((downtime) => downtime.id)).not.toContain(mine.id);
  });

  it('needs the downtime permission and sight of the resource', async () => {
    const db = test.database.db;
    const taken = async (permission: string, body: () => Promise<void>) => {
      const [row] = await db.select({ id: permissions.id }).from(permissions).where(eq(permissions.name, permission));
      const where = and(eq(rolePermissions.roleId, ROLE_IDS.Administrator), eq(rolePermissions.permissionId, row?.id as number));
      await db.delete(rolePermissions).where(where);
      try {
        await body();
      } finally {
        await db.insert(rolePermissions).values({ roleId: ROLE_IDS.Administrator, permissionId: row?.id as number });
      }
    };
    const existing = (await call('admin', 'POST', own.tractor as string, weekly)).json() as Downtime;
    const writes = [
      ['POST', own.tractor, weekly],
      ['PUT', `${own.tractor}/${existing.id}`, { ...weekly, version: 1 }],
      ['DELETE', `${own.tractor}/${existing.id}`, undefined],
    ] as const;
    for (const [method, url, body] of writes) {
      expect((await call('dispatcher', method, url as string, body)).statusCode, `${method} as dispatcher`).toBe(403);
      await taken('ManageDowntime', async () => {
        expect((await call('admin', method, url as string, body)).statusCode, `${method} without ManageDowntime`).toBe(403);
      });
    }
    await taken('ViewTractors', async () => {
      expect((await call('admin', 'POST', own.tractor as string, weekly)).statusCode).toBe(403);
      expect((await call('admin', 'POST', own.trailer as string, weekly)).statusCode).toBe(201);
    });
    await taken('ViewTrailers', async () => {
      expect((await call('admin', 'POST', own.trailer as string, weekly)).statusCode).toBe(403);
    });
    await taken('ViewUsers', async () => {
      expect((await call('admin', 'POST', own.driver as string, weekly)).statusCode).toBe(403);
    });
    // The carrier's dispatcher sees its own downtime (ViewOwningOrders) but manages none.
    expect((await call('carrier', 'GET', `/organizations/${swift}/downtime`)).statusCode).toBe(200);
    const [swiftTractor] = await db.select().from(tractors).where(eq(tractors.organizationId, swift));
    const [swiftTrailer] = await db.select().from(trailers).where(eq(trailers.organizationId, swift));
    expect(
      (await call('carrier', 'POST', `/organizations/${swift}/tractors/${swiftTractor?.id}/downtime`, weekly)).statusCode,
    ).toBe(403);
    expect(
      (await call('carrier', 'POST', `/organizations/${swift}/trailers/${swiftTrailer?.id}/downtime`, weekly)).statusCode,
    ).toBe(403);
    expect(await db.select().from(downtimes).where(eq(downtimes.id, existing.id))).toHaveLength(1);
  });
});
