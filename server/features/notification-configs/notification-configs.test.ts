import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationConfigInput, NotificationConfigRecord } from '#core/contract/notification-configs';
import { ROLE_IDS } from '#core/domain/access';
import { contacts, customers, locations, permissions, rolePermissions, users } from '#server/db/schema';
import { pullChanges, pullChangesUntil } from '#test/server/change-feed';
import { seededOrganizationIds } from '#test/server/seeded';
import { createTestApp, signInAs, type TestApp } from '#test/server/test-app';

let test: TestApp;
let app: FastifyInstance;
const cookies: Record<string, string> = {};
let prairie: number;
let littleCreek: number;
/** One row of each kind per organization, for bodies and another organization's ids. */
const own = { contact: 0, location: 0, customer: 0 };
const foreign = { contact: 0, location: 0, customer: 0 };

beforeAll(async () => {
  test = await createTestApp();
  app = test.app;
  for (const username of ['admin', 'dispatcher', 'carrier', 'freemium']) cookies[username] = await signInAs(app, username);
  const organizationId = await seededOrganizationIds(test.database.db);
  prairie = organizationId('Prairie Feed Co.');
  littleCreek = organizationId('Little Creek Farms');
  const db = test.database.db;
  for (const [ids, orgId] of [
    [own, prairie],
    [foreign, littleCreek],
  ] as const) {
    const [contact] = await db.select({ id: contacts.id }).from(contacts).where(eq(contacts.organizationId, orgId)).limit(1);
    const [location] = await db.select({ id: locations.id }).from(locations).where(eq(locations.organizationId, orgId)).limit(1);
    const [customer] = await db.select({ id: customers.id }).from(customers).where(eq(customers.organizationId, orgId)).limit(1);
    Object.assign(ids, { contact: contact?.id, location: location?.id, customer: customer?.id });
  }
});
afterAll(() => test.close());

function call(username: string, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
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

const config = (overrides: Partial<NotificationConfigInput> = {}): NotificationConfigInput => ({
  contactIds: [own.contact],
  stopCargoTypeIds: [2],
  trailerCargoTypeIds: [9, 10],
  destinationSiteIds: [own.location],
  originSiteIds: null,
  customerIds: [own.customer],
  ...overrides,
});
const url = () => `/organizations/${prairie}/notification-configs`;

describe('notification configurations', () => {
  it('are created on event type 5 by default, updated with their base version and deleted, each in the feed', async () => {
    const { cursor } = await pullChanges(app, cookies.admin as string);
    const created = await call('admin', 'POST', url(), config());
    expect(created.statusCode).toBe(201);
    const record = created.json() as NotificationConfigRecord;
    expect(record).toMatchObject({
      organizationId: prairie,
      notificationEventTypeId: 5,
      contactIds: [own.contact],
      stopCargoTypeIds: [2],
      trailerCargoTypeIds: [9, 10],
      destinationSiteIds: [own.location],
      originSiteIds: null,
      customerIds: [own.customer],
      version: 1,
    });

    // An empty filter is stored as none.
    const updated = await call('admin', 'PUT', `${url()}/${record.id}`, {
      ...config({ notificationEventTypeId: 3, stopCargoTypeIds: [], customerIds: null }),
      version: 1,
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ notificationEventTypeId: 3, stopCargoTypeIds: null, customerIds: null, version: 2 });
    const stale = await call('admin', 'PUT', `${url()}/${record.id}`, { ...config(), version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.current).toMatchObject({ id: record.id, notificationEventTypeId: 3, version: 2 });

    const feed = await pullChangesUntil<NotificationConfigRecord>(app, cookies.admin as string, cursor, (changes) =>
      changes.some((change) => change.entity === 'notificationConfig' && change.id === record.id),
    );
    expect(feed.changes.find((change) => change.entity === 'notificationConfig' && change.id === record.id)?.row).toMatchObject({
      notificationEventTypeId: 3,
      contactIds: [own.contact],
    });
    // The dispatcher may not view configurations: the feed does not carry them to him.
    const dispatcherFeed = await pullChanges(app, cookies.dispatcher as string);
    expect(dispatcherFeed.changes.some((change) => change.entity === 'notificationConfig' && change.op === 'upsert')).toBe(false);

    expect((await call('admin', 'DELETE', `${url()}/${record.id}`)).statusCode).toBe(200);
    const afterDelete = await pullChangesUntil(app, cookies.admin as string, feed.cursor, (changes) =>
      changes.some((change) => change.entity === 'notificationConfig' && change.id === record.id),
    );
    expect(afterDelete.changes).toContainEqual({ entity: 'notificationConfig', id: record.id, op: 'delete' });
    expect((await call('admin', 'DELETE', `${url()}/${record.id}`)).statusCode).toBe(404);
  });

  it('answer 400 naming each invalid field', async () => {
    const cases: [unknown, string, string?][] = [
      [config({ contactIds: [] }), 'body.contactIds', 'contactsRequired'],
      [config({ contactIds: [own.contact, own.contact] }), 'body.contactIds'],
      [config({ notificationEventTypeId: 17 }), 'body.notificationEventTypeId', 'notYetImplemented'],
      [config({ notificationEventTypeId: 19 }), 'body.notificationEventTypeId'],
      [config({ stopCargoTypeIds: [2, 2] }), 'body.stopCargoTypeIds'],
      [{ ...config(), contactIds: 'all' }, 'body.contactIds'],
    ];
    for (const [body, field, message] of cases) {
      const response = await call('admin', 'POST', url(), body);
      expect(response.statusCode, field).toBe(400);
      expect(issuesOf(response)[0]?.path, field).toBe(field);
      if (message) expect(issuesOf(response)[0]?.message, field).toBe(message);
    }
  });

  it('refuse another organization’s contacts, sites, customers and cargo types, naming the field', async () => {
    const cases: [NotificationConfigInput, string][] = [
      [config({ contactIds: [own.contact, foreign.contact] }), 'body.contactIds.1'],
      [config({ destinationSiteIds: [foreign.location] }), 'body.destinationSiteIds.0'],
      [config({ originSiteIds: [foreign.location] }), 'body.originSiteIds.0'],
      [config({ customerIds: [foreign.customer] }), 'body.customerIds.0'],
    ];
    for (const [body, field] of cases) {
      const response = await call('admin', 'POST', url(), body);
      expect(response.statusCode, field).toBe(400);
      expect(
        issuesOf(response).map((issue) => issue.path),
        field,
      ).toContain(field);
    }
    // Little Creek Farms is offered cargo types 1, 2, 3, 4, 9, 10 and 27 only.
    const littleCreekConfig = {
      contactIds: [foreign.contact],
      stopCargoTypeIds: [2],
      trailerCargoTypeIds: [5],
    };
    const refused = await call('freemium', 'POST', `/organizations/${littleCreek}/notification-configs`, littleCreekConfig);
    expect(refused.statusCode).toBe(400);
    expect(issuesOf(refused).map((issue) => issue.path)).toEqual(['body.trailerCargoTypeIds.0']);
  });

  it('keep the contacts they tell: deleting such a contact, or the user holding it, is refused as in use', async () => {
    const contact = await call('admin', 'POST', `/organizations/${prairie}/contacts`, { name: 'Scale house' });
    const contactId = (contact.json() as { id: number }).id;
    const record = (await call('admin', 'POST', url(), config({ contactIds: [contactId] }))).json() as NotificationConfigRecord;
    const refused = await call('admin', 'DELETE', `/organizations/${prairie}/contacts/${contactId}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ rule: 'inUse', issues: [{ path: 'uses.notificationConfig', message: '1' }] });

    const [held] = await test.database.db
      .select({ contactId: users.contactId, id: users.id })
      .from(users)
      .where(eq(users.username, 'sitemanager'));
    await call('admin', 'PUT', `${url()}/${record.id}`, { ...config({ contactIds: [held?.contactId as number] }), version: 1 });
    const refusedUser = await call('admin', 'DELETE', `/organizations/${prairie}/users/${held?.id}`);
    expect(refusedUser.statusCode).toBe(409);
    expect(refusedUser.json().error.issues).toContainEqual({ path: 'uses.notificationConfig', message: '1' });

    expect((await call('admin', 'DELETE', `${url()}/${record.id}`)).statusCode).toBe(200);
    expect((await call('admin', 'DELETE', `/organizations/${prairie}/contacts/${contactId}`)).statusCode).toBe(200);
  });

  it('keep the customers they filter on: deleting such a customer is refused as in use', async () => {
    const customer = await call('admin', 'POST', `/organizations/${prairie}/customers`, { customerName: 'Filtered Farms' });
    const customerId = (customer.json() as { id: number }).id;
    const record = (await call('admin', 'POST', url(), config({ customerIds: [customerId] }))).json() as NotificationConfigRecord;
    const refused = await call('admin', 'DELETE', `/organizations/${prairie}/customers/${customerId}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ rule: 'inUse', issues: [{ path: 'uses.notificationConfig', message: '1' }] });
    expect((await call('admin', 'DELETE', `${url()}/${record.id}`)).statusCode).toBe(200);
    expect((await call('admin', 'DELETE', `/organizations/${prairie}/customers/${customerId}`)).statusCode).toBe(200);
  });

  it('of another organization are not found, and need ViewNotificationConfigs and EditCompany outside carriers', async () => {
    const other = await call('freemium', 'POST', `/organizations/${littleCreek}/notification-configs`, {
      contactIds: [foreign.contact],
    });
    expect(other.statusCode).toBe(201);
    const otherId = (other.json() as NotificationConfigRecord).id;
    expect((await call('admin', 'PUT', `${url()}/${otherId}`, { ...config(), version: 1 })).statusCode).toBe(404);
    expect((await call('admin', 'DELETE', `${url()}/${otherId}`)).statusCode).toBe(404);
    expect((await call('admin', 'POST', `/organizations/${littleCreek}/notification-configs`, config())).statusCode).toBe(404);

    expect((await call('dispatcher', 'POST', url(), config())).statusCode).toBe(403);
    expect((await call('carrier', 'POST', url(), config())).statusCode).toBe(403);
    for (const permission of ['ViewNotificationConfigs', 'EditCompany'])
      await without(permission, async () => {
        expect((await call('admin', 'POST', url(), config())).statusCode, permission).toBe(403);
        expect((await call('admin', 'DELETE', `${url()}/1`)).statusCode, permission).toBe(403);
      });
    expect((await app.inject({ method: 'POST', url: `/api${url()}`, payload: config() })).statusCode).toBe(401);
  });
});
