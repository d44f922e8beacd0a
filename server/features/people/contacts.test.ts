import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContactInput, ContactRecord, LoadingTeamRecord } from '#core/contract/people';
import { ROLE_IDS } from '#core/domain/access';
import { contacts, orders, permissions, rolePermissions, stops, users } from '#server/db/schema';
import { pullChanges, pullChangesUntil } from '#test/server/change-feed';
import { seededDriver, seededOrganizationIds } from '#test/server/seeded';
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

function call(username: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  return app.inject({
    method,
    url: `/api${url}`,
    headers: { cookie: cookies[username] ?? '' },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

const issuesOf = (response: { json: () => unknown }) =>
  (response.json() as { error: { issues?: { path: string; message: string }[] } }).error.issues ?? [];

/** Takes `permission` from administrators while `run` runs. */
async function without(permission: string, run: () => Promise<void>) {
  const db = test.database.db;
  const [row] = await db.select({ id: permissions.id }).from(permissions).where(eq(permissions.name, permission));
  const taken = and(eq(rolePermissions.roleId, ROLE_IDS.Administrator), eq(rolePermissions.permissionId, row?.id as number));
  await db.delete(rolePermissions).where(taken);
  try {
    await run();
  } finally {
    await db.insert(rolePermissions).values({ roleId: ROLE_IDS.Administrator, permissionId: row?.id as number });
  }
}

const CONTACT: ContactInput = {
  name: 'Mill Office',
  language: 'es-MX',
  contactNotificationMethods: [
    { notificationType: 'Text', destination: '55 1234 5678' },
    { notificationType: 'Email', destination: 'office@prairiefeed.example' },
  ],
};

describe('contacts', () => {
  it('are created with the organization’s defaults, updated with their base version and deleted, each in the feed', async () => {
    const { cursor } = await pullChanges(app, cookies.admin as string);
    const created = await call('admin', 'POST', `/organizations/${prairie}/contacts`, CONTACT);
    expect(created.statusCode).toBe(201);
    const contact = created.json() as ContactRecord;
    expect(contact).toMatchObject({
      organizationId: prairie,
      name: 'Mill Office',
      language: 'es-MX',
      timezone: 'America/Chicago',
      units: 'Imperial',
      unitsWeight: 'Pound',
      enabled: true,
      interactiveUser: false,
      phone: '+525512345678',
      email: 'office@prairiefeed.example',
      contactNotificationMethods: [
        { notificationType: 'Email', destination: 'office@prairiefeed.example' },
        { notificationType: 'Text', destination: '+525512345678' },
      ],
      preferenceCount: 0,
      version: 1,
    });

    const updated = await call('admin', 'PUT', `/organizations/${prairie}/contacts/${contact.id}`, {
      name: 'Mill Office',
      enabled: false,
      contactNotificationMethods: [],
      version: 1,
    });
    expect(updated.statusCode).toBe(200);
    // Absent settings keep the contact's own.
    expect(updated.json()).toMatchObject({ enabled: false, email: null, phone: null, language: 'es-MX', version: 2 });
    const stale = await call('admin', 'PUT', `/organizations/${prairie}/contacts/${contact.id}`, { ...CONTACT, version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.current).toMatchObject({ id: contact.id, enabled: false, version: 2 });

    const feed = await pullChangesUntil<ContactRecord>(app, cookies.admin as string, cursor, (changes) =>
      changes.some((change) => change.entity === 'contact' && change.id === contact.id),
    );
    expect(feed.changes.find((change) => change.entity === 'contact' && change.id === contact.id)?.row).toMatchObject({
      enabled: false,
      version: 2,
    });

    expect((await call('admin', 'DELETE', `/organizations/${prairie}/contacts/${contact.id}`)).statusCode).toBe(200);
    const afterDelete = await pullChangesUntil(app, cookies.admin as string, feed.cursor, (changes) =>
      changes.some((change) => change.entity === 'contact' && change.id === contact.id),
    );
    expect(afterDelete.changes).toContainEqual({ entity: 'contact', id: contact.id, op: 'delete' });
  });

  it('answer 400 naming each invalid field', async () => {
    const url = `/organizations/${prairie}/contacts`;
    const cases: [unknown, string, string][] = [
      [{ ...CONTACT, name: '' }, 'body.name', 'required'],
      [
        { ...CONTACT, contactNotificationMethods: [{ notificationType: 'Text', destination: '555' }] },
        'body.contactNotificationMethods.0.destination',
        'invalidPhone',
      ],
      [
        { ...CONTACT, contactNotificationMethods: [{ notificationType: 'Email', destination: 'office' }] },
        'body.contactNotificationMethods.0.destination',
        'invalidEmail',
      ],
      [{ ...CONTACT, timezone: 'Mars/Olympus' }, 'body.timezone', ''],
    ];
    for (const [body, field, message] of cases) {
      const response = await call('admin', 'POST', url, body);
      expect(response.statusCode, field).toBe(400);
      expect(
        issuesOf(response).some((issue) => issue.path === field && issue.message.includes(message)),
        field,
      ).toBe(true);
    }
  });

  it('of a user are deleted with the user, not alone', async () => {
    const hansen = await seededDriver(test.database.db, 'driver.hansen');
    const [user] = await test.database.db.select().from(users).where(eq(users.id, hansen.id));
    const refused = await call('admin', 'DELETE', `/organizations/${prairie}/contacts/${user?.contactId}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.rule).toBe('userContact');
  });

  it('of another organization are not found; the contacts page is not for carriers; each permission is needed', async () => {
    const [other] = await test.database.db.select().from(contacts).where(eq(contacts.organizationId, littleCreek));
    const otherId = other?.id as number;
    expect(
      (await call('admin', 'PUT', `/organizations/${prairie}/contacts/${otherId}`, { ...CONTACT, version: 1 })).statusCode,
    ).toBe(404);
    expect((await call('admin', 'DELETE', `/organizations/${prairie}/contacts/${otherId}`)).statusCode).toBe(404);
    expect(
      (await call('admin', 'GET', `/organizations/${prairie}/contacts/${otherId}/notification-preferences`)).statusCode,
    ).toBe(404);
    expect((await call('admin', 'POST', `/organizations/${littleCreek}/contacts`, CONTACT)).statusCode).toBe(404);
    expect((await call('carrier', 'POST', `/organizations/${swift}/contacts`, CONTACT)).statusCode).toBe(403);

    const contact = (await call('admin', 'POST', `/organizations/${prairie}/contacts`, CONTACT)).json() as ContactRecord;
    const routes = [
      ['CreateContacts', 'POST', `/organizations/${prairie}/contacts`, CONTACT],
      ['EditContacts', 'PUT', `/organizations/${prairie}/contacts/${contact.id}`, { ...CONTACT, version: 1 }],
      ['DeleteContacts', 'DELETE', `/organizations/${prairie}/contacts/${contact.id}`, undefined],
      ['ViewContacts', 'GET', `/organizations/${prairie}/contacts/${contact.id}/notification-preferences`, undefined],
      ['EditContacts', 'POST', `/organizations/${prairie}/contacts/${contact.id}/notification-preferences`, []],
    ] as const;
    for (const [permission, method, url, body] of routes) {
      expect((await call('dispatcher', method, url, body)).statusCode, `${method} ${url} as dispatcher`).toBe(403);
      await without(permission, async () => {
        expect((await call('admin', method, url, body)).statusCode, `${method} ${url} without ${permission}`).toBe(403);
      });
    }
    // Only callers who may view contacts get them in their mirror.
    const dispatcherFeed = await pullChanges(app, cookies.dispatcher as string);
    expect(dispatcherFeed.changes.some((change) => change.entity === 'contact' && change.op === 'upsert')).toBe(false);
  });
});

describe('contact notification preferences', () => {
  it('replace the choice, keep system event types as stored and refuse not-yet-implemented ones', async () => {
    const contact = (await call('admin', 'POST', `/organizations/${prairie}/contacts`, CONTACT)).json() as ContactRecord;
    const url = `/organizations/${prairie}/contacts/${contact.id}/notification-preferences`;
    expect((await call('admin', 'GET', url)).json()).toEqual([]);

    const first = await call('admin', 'POST', url, [
      { notificationEventTypeId: 1, notificationType: 'Email' },
      { notificationEventTypeId: 1, notificationType: 'Text' },
      { notificationEventTypeId: 12, notificationType: 'Email' },
    ]);
    expect(first.statusCode).toBe(200);
    // Event type 12 is a system one: what is posted for it is ignored.
    expect(first.json()).toEqual([
      { notificationEventTypeId: 1, notificationType: 'Email' },
      { notificationEventTypeId: 1, notificationType: 'Text' },
    ]);
    await test.database.pool.query(
      'insert into contact_preferences (contact_id, notification_event_type_id, notification_type) values ($1, 12, $2)',
      [contact.id, 'Email'],
    );
    const second = await call('admin', 'POST', url, [{ notificationEventTypeId: 2, notificationType: 'Push' }]);
    expect(second.json()).toEqual([
      { notificationEventTypeId: 2, notificationType: 'Push' },
      { notificationEventTypeId: 12, notificationType: 'Email' },
    ]);
    expect((await call('admin', 'GET', url)).json()).toEqual(second.json());

    const feed = await pullChangesUntil<ContactRecord>(app, cookies.admin as string, '0.0', (changes) =>
      changes.some((change) => change.entity === 'contact' && change.id === contact.id && change.row?.preferenceCount === 2),
    );
    expect(feed.changes.some((change) => change.entity === 'contact' && change.id === contact.id)).toBe(true);

    const nyi = await call('admin', 'POST', url, [{ notificationEventTypeId: 17, notificationType: 'Email' }]);
    expect(nyi.statusCode).toBe(400);
    expect(issuesOf(nyi)).toContainEqual({ path: 'body.0.notificationEventTypeId', message: 'notYetImplemented' });
    const unknown = await call('admin', 'POST', url, [{ notificationEventTypeId: 99, notificationType: 'Email' }]);
    expect(unknown.statusCode).toBe(400);
    expect(issuesOf(unknown)[0]?.path).toBe('body.0.notificationEventTypeId');
  });
});

describe('loading teams', () => {
  const team = (userIds: number[]) => ({ name: 'Mill Crew', email: 'crew@prairiefeed.example', userIds });

  it('are created with members, updated with their base version and deleted, each in the feed', async () => {
    const db = test.database.db;
    const members = await db.select({ id: users.id }).from(users).where(eq(users.organizationId, prairie)).limit(2);
    const ids = members.map((member) => member.id);
    const { cursor } = await pullChanges(app, cookies.admin as string);
    const created = await call('admin', 'POST', `/organizations/${prairie}/loading-teams`, team(ids));
    expect(created.statusCode).toBe(201);
    const record = created.json() as LoadingTeamRecord;
    expect(record).toMatchObject({ organizationId: prairie, name: 'Mill Crew', email: 'crew@prairiefeed.example', version: 1 });
    expect(record.users.map((user) => user.id).sort()).toEqual([...ids].sort());

    const updated = await call('admin', 'PUT', `/organizations/${prairie}/loading-teams/${record.id}`, {
      ...team(ids.slice(0, 1)),
      name: 'Night Crew',
      version: 1,
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ name: 'Night Crew', users: [{ id: ids[0] }], version: 2 });
    const stale = await call('admin', 'PUT', `/organizations/${prairie}/loading-teams/${record.id}`, { ...team([]), version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.current).toMatchObject({ name: 'Night Crew', version: 2 });

    const feed = await pullChangesUntil<LoadingTeamRecord>(app, cookies.admin as string, cursor, (changes) =>
      changes.some((change) => change.entity === 'loadingTeam' && change.id === record.id),
    );
    expect(feed.changes.find((change) => change.entity === 'loadingTeam' && change.id === record.id)?.row).toMatchObject({
      name: 'Night Crew',
    });
    expect((await call('admin', 'DELETE', `/organizations/${prairie}/loading-teams/${record.id}`)).statusCode).toBe(200);
    const afterDelete = await pullChangesUntil(app, cookies.admin as string, feed.cursor, (changes) =>
      changes.some((change) => change.entity === 'loadingTeam' && change.id === record.id),
    );
    expect(afterDelete.changes).toContainEqual({ entity: 'loadingTeam', id: record.id, op: 'delete' });
  });

  it('answer 400 naming each invalid field, another organization’s user included', async () => {
    const [jenny] = await test.database.db.select().from(users).where(eq(users.username, 'freemium'));
    const url = `/organizations/${prairie}/loading-teams`;
    const cases: [unknown, string][] = [
      [{ ...team([]), name: ' ' }, 'body.name'],
      [{ ...team([]), email: 'crew' }, 'body.email'],
      [team([jenny?.id as number]), 'body.userIds.0'],
    ];
    for (const [body, field] of cases) {
      const response = await call('admin', 'POST', url, body);
      expect(response.statusCode, field).toBe(400);
      expect(issuesOf(response)[0]?.path, field).toBe(field);
    }
  });

  it('named by a load’s stop are not deleted; another organization’s are not found; each permission is needed', async () => {
    const record = (await call('admin', 'POST', `/organizations/${prairie}/loading-teams`, team([]))).json() as LoadingTeamRecord;
    const [stop] = await test.database.db
      .select({ id: stops.id })
      .from(stops)
      .innerJoin(orders, eq(orders.id, stops.orderId))
      .where(eq(orders.organizationId, prairie))
      .limit(1);
    await test.database.db
      .update(stops)
      .set({ loadingTeamId: record.id })
      .where(eq(stops.id, stop?.id as number));
    const refused = await call('admin', 'DELETE', `/organizations/${prairie}/loading-teams/${record.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ rule: 'inUse', issues: [{ path: 'uses.order', message: '1' }] });

    const other = (
      await call('freemium', 'POST', `/organizations/${littleCreek}/loading-teams`, team([]))
    ).json() as LoadingTeamRecord;
    expect(other.organizationId).toBe(littleCreek);
    expect(
      (await call('admin', 'PUT', `/organizations/${prairie}/loading-teams/${other.id}`, { ...team([]), version: 1 })).statusCode,
    ).toBe(404);
    expect((await call('admin', 'DELETE', `/organizations/${prairie}/loading-teams/${other.id}`)).statusCode).toBe(404);

    const routes = [
      ['CreateLoadingTeams', 'POST', `/organizations/${prairie}/loading-teams`, team([])],
      ['EditLoadingTeams', 'PUT', `/organizations/${prairie}/loading-teams/${record.id}`, { ...team([]), version: 1 }],
      ['DeleteLoadingTeams', 'DELETE', `/organizations/${prairie}/loading-teams/${record.id}`, undefined],
    ] as const;
    for (const [permission, method, url, body] of routes) {
      expect((await call('dispatcher', method, url, body)).statusCode, `${method} as dispatcher`).toBe(403);
      await without(permission, async () => {
        expect((await call('admin', method, url, body)).statusCode, `${method} without ${permission}`).toBe(403);
      });
    }
  });
});
