import { and, eq, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedServiceAccount } from '#core/contract/service-accounts';
import { idempotencyKeys, locations, orders, stops } from '#server/db/schema';
import { seededOrganizationIds } from '#test/server/seeded';
import { createTestApp, signInAs, type TestApp } from '#test/server/test-app';

let test: TestApp;
let app: FastifyInstance;
let adminCookie: string;
let prairie: number;
let millId: number;
let farmId: number;
let writer: CreatedServiceAccount;

beforeAll(async () => {
  test = await createTestApp();
  app = test.app;
  adminCookie = await signInAs(app, 'admin');
  prairie = (await seededOrganizationIds(test.database.db))('Prairie Feed Co.');
  writer = await create('ERP export', ['loads:write', 'master-data:read']);
  const listed = (await bearer(writer.secret, 'GET', '/locations')).json() as { id: number }[];
  [millId, farmId] = listed.map((location) => location.id) as [number, number];
});
afterAll(() => test.close());

async function create(name: string, scopes: string[]) {
  const created = await app.inject({
    method: 'POST',
    url: `/api/organizations/${prairie}/service-users`,
    headers: { cookie: adminCookie },
    payload: { name, scopes },
  });
  expect(created.statusCode).toBe(201);
  return created.json() as CreatedServiceAccount;
}

function bearer(secret: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers = {}) {
  return app.inject({
    method,
    url: `/api${url}`,
    headers: { authorization: `Bearer ${secret}`, ...headers },
    ...(payload ? { payload } : {}),
  });
}

function newLoad(customerOrderNumber: string | null, originId = millId) {
  return {
    date: '2026-11-25T12:00:00.000Z',
    stops: [
      { sequence: 1, type: 'Origin', organizationLocationId: originId, cargoTypeId: 2, customerOrderNumber },
      { sequence: 2, type: 'Destination', organizationLocationId: farmId, cargoTypeId: 2, customerOrderNumber },
    ],
  };
}

async function loadsCarrying(customerOrderNumber: string) {
  const [row] = await test.database.db
    .select({ count: sql<number>`count(distinct ${stops.orderId})::int` })
    .from(stops)
    .where(eq(stops.customerOrderNumber, customerOrderNumber));
  return row?.count ?? 0;
}

describe('service account scopes', () => {
  it('are chosen at creation and validated', async () => {
    expect(writer.scopes).toEqual(['loads:write', 'master-data:read']);
    const post = (payload: object) =>
      app.inject({
        method: 'POST',
        url: `/api/organizations/${prairie}/service-users`,
        headers: { cookie: adminCookie },
        payload,
      });
    const unknown = await post({ name: 'Unknown scope', scopes: ['loads:delete'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.issues[0].path).toMatch(/^body\.scopes/);
    const none = await post({ name: 'No scope', scopes: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.issues).toContainEqual({ path: 'body.scopes', message: 'required' });
    expect((await post({ name: 'Missing scopes' })).statusCode).toBe(400);
  });

  it('let a loads:write account create a load by bearer, once per Idempotency-Key', async () => {
    const headers = { 'idempotency-key': 'erp-export-0001' };
    const created = await bearer(writer.secret, 'POST', '/orders', newLoad('PO-7001'), headers);
    expect(created.statusCode).toBe(201);
    const load = created.json();
    expect(load).toMatchObject({ owningOrganizationId: prairie, status: 'Open', warnings: [] });

    const replay = await bearer(writer.secret, 'POST', '/orders', newLoad('PO-7001'), headers);
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replay']).toBe('true');
    expect(replay.json().id).toBe(load.id);
    expect(await loadsCarrying('PO-7001')).toBe(1);
    const [claim] = await test.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'erp-export-0001'));
    expect(claim).toMatchObject({ caller: `service-account:${writer.id}`, serviceAccountId: writer.id, userId: null });
  });

  it('answer the existing load when a service account sends a customer order number again', async () => {
    const first = await bearer(writer.secret, 'POST', '/orders', newLoad('PO-7002'), { 'idempotency-key': 'erp-7002-a' });
    expect(first.statusCode).toBe(201);
    const again = await bearer(writer.secret, 'POST', '/orders', newLoad('PO-7002'), { 'idempotency-key': 'erp-7002-b' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id: first.json().id, warnings: [] });
    expect(await loadsCarrying('PO-7002')).toBe(1);

    // People keep creating freely: a second load with the same number is theirs to make.
    const byPerson = await app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { cookie: adminCookie },
      payload: newLoad('PO-7002'),
    });
    expect(byPerson.statusCode).toBe(201);
    expect(await loadsCarrying('PO-7002')).toBe(2);
  });

  it('let the bearer edit its organization’s load by PUT', async () => {
    const created = (await bearer(writer.secret, 'POST', '/orders', newLoad('PO-7003'))).json();
    const edited = await bearer(writer.secret, 'PUT', `/orders/${created.id}`, {
      ...newLoad('PO-7003-B'),
      version: created.version,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ id: created.id, version: created.version + 1 });
    expect(await loadsCarrying('PO-7003-B')).toBe(1);
  });

  it('refuse a loads:read-only account on POST /api/orders (403) and create nothing', async () => {
    const reader = await create('Week reader only', ['loads:read']);
    const refused = await bearer(reader.secret, 'POST', '/orders', newLoad('PO-7004'));
    expect(refused.statusCode).toBe(403);
    expect(await loadsCarrying('PO-7004')).toBe(0);
    expect((await bearer(reader.secret, 'GET', '/locations')).statusCode).toBe(403);
    expect((await bearer(writer.secret, 'GET', '/tractors')).statusCode).toBe(200);
  });

  it('are refused (403) on every documented route that names none of their scopes', async () => {
    const everything = await create('All scopes', ['loads:read', 'loads:write', 'master-data:read']);
    const reader = await create('Loads reader', ['loads:read']);
    const docs = (await app.inject({ method: 'GET', url: '/api/docs' })).json() as {
      paths: Record<string, Record<string, { security?: Record<string, string[]>[] }>>;
    };
    const operations = Object.entries(docs.paths).flatMap(([route, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        method: method.toUpperCase() as 'GET' | 'POST' | 'PUT',
        // The refusal comes before validation, so any id names the route.
        url: route.replaceAll(/\{[^}]+\}/g, '1'),
        scopes: (operation.security ?? []).flatMap((entry) => entry.serviceAccount ?? []),
      })),
    );
    expect(operations.filter((operation) => operation.scopes.length).length).toBeGreaterThanOrEqual(10);
    for (const operation of operations) {
      const secret = operation.scopes.length
        ? operation.scopes.includes('loads:read')
          ? null
          : reader.secret
        : everything.secret;
      if (!secret) continue;
      const answer = await bearer(secret, operation.method, operation.url);
      expect({ ...operation, status: answer.statusCode }).toEqual({ ...operation, status: 403 });
    }
  });

  it('keep the bearer in its own organization: foreign references 400, a foreign load 404', async () => {
    const [foreignLocation] = await test.database.db
      .select({ id: locations.id })
      .from(locations)
      .where(ne(locations.organizationId, prairie))
      .limit(1);
    const foreign = await bearer(writer.secret, 'POST', '/orders', newLoad('PO-7005', foreignLocation?.id));
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.issues[0]).toEqual({
      path: 'body.stops.0.organizationLocationId',
      message: 'unknown location',
    });
    expect(await loadsCarrying('PO-7005')).toBe(0);

    const [theirs] = await test.database.db
      .select({ id: orders.id, version: orders.version })
      .from(orders)
      .where(and(ne(orders.organizationId, prairie), ne(orders.transportingOrganizationId, prairie)))
      .limit(1);
    expect(theirs).toBeDefined();
    const put = await bearer(writer.secret, 'PUT', `/orders/${theirs?.id}`, { ...newLoad('PO-7006'), version: theirs?.version });
    expect(put.statusCode).toBe(404);
    expect(await loadsCarrying('PO-7006')).toBe(0);
  });
});
