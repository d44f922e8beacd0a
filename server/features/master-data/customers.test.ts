import { and, eq, isNotNull, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Customer } from '#core/contract/master-data';
import { ROLE_IDS } from '#core/domain/access';
import {
  contacts,
  customers,
  loadingTeams,
  orders,
  permissions,
  rolePermissions,
  stops,
  tractors,
  trailers,
} from '#server/db/schema';
import { pullChanges, pullChangesHaving, pullChangesUntil } from '#test/server/change-feed';
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

function call(username: string, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  return app.inject({ method, url: `/api${url}`, headers: { cookie: cookies[username] ?? '' }, ...(payload ? { payload } : {}) });
}

async function customerNamed(customerName: string) {
  const [row] = await test.database.db.select().from(customers).where(eq(customers.customerName, customerName));
  if (!row) throw new Error(`no customer ${customerName}`);
  return row;
}

describe('record creates sent again by the outbox', () => {
  // The device's outbox re-sends a create whose answer it lost (offline, reload) with the same key.
  const creates: [path: string, body: Record<string, unknown>, name: string][] = [
    ['customers', { customerName: 'Replay Customer' }, 'customerName'],
    ['tractors', { userDisplayName: 'Replay Tractor' }, 'userDisplayName'],
    ['trailers', { userDisplayName: 'Replay Trailer', maxCargoWeight: 20_000_000 }, 'userDisplayName'],
    ['contacts', { name: 'Replay Contact' }, 'name'],
    ['loading-teams', { name: 'Replay Team' }, 'name'],
  ];
  it.each(creates)(
    'answer the same %s row to a repeated Idempotency-Key and create nothing more',
    async (path, body, nameField) => {
      const headers = { cookie: cookies.admin ?? '', 'idempotency-key': `offline-create-${path}-5c1e` };
      const send = () => app.inject({ method: 'POST', url: `/api/organizations/${prairie}/${path}`, headers, payload: body });
      const first = await send();
      expect(first.statusCode).toBe(201);
      const again = await send();
      expect(again.statusCode).toBe(201);
      expect(again.headers['idempotent-replay']).toBe('true');
      expect(again.json()).toEqual(first.json());
      const id = (first.json() as { id: number }).id;
      const table = { customers, tractors, trailers, contacts, 'loading-teams': loadingTeams }[path];
      if (!table) throw new Error(`no table for ${path}`);
      const rows = (await test.database.db.select().from(table)) as unknown as Record<string, unknown>[];
      expect(rows.filter((row) => row[nameField] === body[nameField]).map((row) => row.id)).toEqual([id]);
    },
  );
});

describe('customers', () => {
  it('are created, renamed with their base version and deleted, each write in the change feed', async () => {
    const { cursor } = await pullChanges(app, cookies.admin as string);
    const created = await call('admin', 'POST', `/organizations/${prairie}/customers`, { customerName: '  Boone Valley Beef ' });
    expect(created.statusCode).toBe(201);
    const customer = created.json() as Customer;
    expect(customer).toMatchObject({ organizationId: prairie, customerName: 'Boone Valley Beef', version: 1 });

    const renamed = await call('admin', 'PUT', `/organizations/${prairie}/customers/${customer.id}`, {
      customerName: 'Boone Valley Beef LLC',
      version: 1,
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ customerName: 'Boone Valley Beef LLC', version: 2 });

    const stale = await call('admin', 'PUT', `/organizations/${prairie}/customers/${customer.id}`, {
      customerName: 'Boone Valley',
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.current).toEqual({ ...customer, customerName: 'Boone Valley Beef LLC', version: 2 });

    const feed = await pullChangesHaving<Customer>(app, cookies.admin as string, cursor, [
      { entity: 'customer', id: customer.id },
    ]);
    const change = feed.changes.find((entry) => entry.entity === 'customer' && entry.id === customer.id);
    expect(change?.row).toEqual({ ...customer, customerName: 'Boone Valley Beef LLC', version: 2 });

    expect((await call('admin', 'DELETE', `/organizations/${prairie}/customers/${customer.id}`)).statusCode).toBe(200);
    const afterDelete = await pullChangesHaving(app, cookies.admin as string, feed.cursor, [
      { entity: 'customer', id: customer.id, op: 'delete' },
    ]);
    expect(afterDelete.changes).toContainEqual({ entity: 'customer', id: customer.id, op: 'delete' });
  });

  it('reach the carrier whose carried loads name the customer', async () => {
    const [named] = await test.database.db
      .selectDistinct({ id: stops.customerId })
      .from(stops)
      .innerJoin(orders, eq(orders.id, stops.orderId))
      .where(and(eq(orders.transportingOrganizationId, swift), ne(orders.organizationId, swift), isNotNull(stops.customerId)));
    const [customer] = await test.database.db
      .select()
      .from(customers)
      .where(eq(customers.id, named?.id as number));
    if (!customer) throw new Error('no customer on a carried load');
    const { cursor } = await pullChanges(app, cookies.carrier as string);
    const renamed = await call('admin', 'PUT', `/organizations/${prairie}/customers/${customer.id}`, {
      customerName: `${customer.customerName} (carried)`,
      version: customer.version,
    });
    expect(renamed.statusCode).toBe(200);
    const feed = await pullChangesUntil<Customer>(app, cookies.carrier as string, cursor, (changes) =>
      changes.some((change) => change.entity === 'customer' && change.id === customer.id),
    );
    const change = feed.changes.find((entry) => entry.entity === 'customer' && entry.id === customer.id);
    expect(change?.row?.customerName).toBe(`${customer.customerName} (carried)`);
  });

  it('refuse an empty name, naming the field', async () => {
    const customer = await customerNamed('Ballard Creek Dairy');
    for (const [method, url, body] of [
      ['POST', `/organizations/${prairie}/customers`, { customerName: ' ' }],
      ['POST', `/organizations/${prairie}/customers`, {}],
      ['PUT', `/organizations/${prairie}/customers/${customer.id}`, { customerName: '', version: customer.version }],
    ] as const) {
      const response = await call('admin', method, url, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.issues[0].path).toBe('body.customerName');
    }
  });

  it('refuse deleting a customer loads or sites still name, saying what uses it', async () => {
    const [used] = await test.database.db
      .selectDistinct({ id: stops.customerId })
      .from(stops)
      .innerJoin(orders, eq(orders.id, stops.orderId))
      .where(and(eq(orders.organizationId, prairie), isNotNull(stops.customerId)));
    const response = await call('admin', 'DELETE', `/organizations/${prairie}/customers/${used?.id}`);
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatchObject({ rule: 'inUse', message: expect.stringMatching(/used by \d+ orders?/) });
    expect(response.json().error.issues[0].path).toBe('uses.order');
    expect(
      await test.database.db
        .select()
        .from(customers)
        .where(eq(customers.id, used?.id as number)),
    ).toHaveLength(1);
  });

  it('answer 404 for another organization’s customer or organization id', async () => {
    const other = await customerNamed('Little Creek Farms');
    const own = await customerNamed('Story County Co-op');
    expect(
      (
        await call('admin', 'PUT', `/organizations/${prairie}/customers/${other.id}`, {
          customerName: 'x',
          version: other.version,
        })
      ).statusCode,
    ).toBe(404);
    expect((await call('admin', 'DELETE', `/organizations/${prairie}/customers/${other.id}`)).statusCode).toBe(404);
    expect((await call('admin', 'POST', `/organizations/${littleCreek}/customers`, { customerName: 'x' })).statusCode).toBe(404);
    expect(
      (
        await call('admin', 'PUT', `/organizations/${littleCreek}/customers/${own.id}`, {
          customerName: 'x',
          version: own.version,
        })
      ).statusCode,
    ).toBe(404);
    expect(await customerNamed('Little Creek Farms')).toMatchObject({ version: other.version });
  });

  it('need the create, edit and delete permissions each, a Standard organization and no carrier', async () => {
    const customer = await customerNamed('Story County Co-op');
    const routes = [
      ['CreateCustomers', 'POST', `/organizations/${prairie}/customers`, { customerName: 'x' }],
      ['EditCustomers', 'PUT', `/organizations/${prairie}/customers/${customer.id}`, { customerName: 'x', version: 1 }],
      ['DeleteCustomers', 'DELETE', `/organizations/${prairie}/customers/${customer.id}`, undefined],
    ] as const;
    const db = test.database.db;
    for (const [permission, method, url, body] of routes) {
      expect((await call('dispatcher', method, url, body)).statusCode, `${method} as dispatcher`).toBe(403);
      const [row] = await db.select({ id: permissions.id }).from(permissions).where(eq(permissions.name, permission));
      const taken = and(eq(rolePermissions.roleId, ROLE_IDS.Administrator), eq(rolePermissions.permissionId, row?.id as number));
      await db.delete(rolePermissions).where(taken);
      try {
        expect((await call('admin', method, url, body)).statusCode, `${method} without ${permission}`).toBe(403);
      } finally {
        await db.insert(rolePermissions).values({ roleId: ROLE_IDS.Administrator, permissionId: row?.id as number });
      }
    }
    // Little Creek is Freemium; its administrator holds every customer permission.
    expect((await call('freemium', 'POST', `/organizations/${littleCreek}/customers`, { customerName: 'x' })).statusCode).toBe(
      403,
    );
    expect((await call('carrier', 'POST', `/organizations/${swift}/customers`, { customerName: 'x' })).statusCode).toBe(403);
    expect(await customerNamed('Story County Co-op')).toMatchObject({ version: customer.version });
  });
});
