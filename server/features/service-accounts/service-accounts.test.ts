import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedServiceAccount, ServiceAccount } from '#core/contract/service-accounts';
import { features, organizationFeatures, serviceAccounts } from '#server/db/schema';
import { hashToken } from '#server/plugins/auth';
import { seededOrganizationIds } from '#test/server/seeded';
import { createTestApp, signInAs, type TestApp } from '#test/server/test-app';

let test: TestApp;
let app: FastifyInstance;
const cookies: Record<string, string> = {};
let prairie: number;
let littleCreek: number;

const WEEK = 'startDate=2026-11-22T06:00:00.000Z&endDate=2026-11-29T05:59:59.999Z';

beforeAll(async () => {
  test = await createTestApp();
  app = test.app;
  for (const username of ['admin', 'dispatcher', 'freemium']) cookies[username] = await signInAs(app, username);
  const organizationId = await seededOrganizationIds(test.database.db);
  prairie = organizationId('Prairie Feed Co.');
  littleCreek = organizationId('Little Creek Farms');
});
afterAll(() => test.close());

function asUser(username: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) {
  return app.inject({ method, url: `/api${url}`, headers: { cookie: cookies[username] ?? '' }, ...(payload ? { payload } : {}) });
}

function withBearer(secret: string, method: 'GET' | 'POST' | 'PUT' = 'GET', url = `/self/orders?${WEEK}`, headers = {}) {
  return app.inject({ method, url: `/api${url}`, headers: { authorization: `Bearer ${secret}`, ...headers } });
}

async function create(name: string, scopes = ['loads:read']) {
  const created = await asUser('admin', 'POST', `/organizations/${prairie}/service-users`, { name, scopes });
  expect(created.statusCode).toBe(201);
  return created.json() as CreatedServiceAccount;
}

describe('service accounts', () => {
  it('answer the secret once, store only its hash, and are listed without it', async () => {
    const account = await create('  Scale house integration ');
    expect(account).toMatchObject({ organizationId: prairie, name: 'Scale house integration' });
    expect(account.secret).toMatch(/^dsa_[\w-]{43}$/);

    const [stored] = await test.database.db.select().from(serviceAccounts).where(eq(serviceAccounts.id, account.id));
    expect(stored?.secretHash).toBe(hashToken(account.secret));
    expect(JSON.stringify(stored)).not.toContain(account.secret.slice(4));

    const list = await asUser('admin', 'GET', `/organizations/${prairie}/service-users`);
    expect(list.statusCode).toBe(200);
    const listed = (list.json() as ServiceAccount[]).find((row) => row.id === account.id);
    expect(listed).toEqual({
      id: account.id,
      organizationId: prairie,
      name: 'Scale house integration',
      scopes: ['loads:read'],
      createdAt: account.createdAt,
    });
  });

  it('read the week of loads with the secret, as their organization, until revoked', async () => {
    const account = await create('Week reader');
    const asAdmin = await asUser('admin', 'GET', `/self/orders?${WEEK}`);
    const asService = await withBearer(account.secret);
    expect(asService.statusCode).toBe(200);
    expect(asService.json()).toEqual(asAdmin.json());
    expect((asService.json() as unknown[]).length).toBeGreaterThan(0);
    expect((await withBearer(account.secret, 'GET', `/self/loads-summary?${WEEK}`)).statusCode).toBe(200);

    const revoked = await asUser('admin', 'DELETE', `/organizations/${prairie}/service-users/${account.id}`);
    expect(revoked.statusCode).toBe(200);
    const afterRevoke = await withBearer(account.secret);
    expect(afterRevoke.statusCode).toBe(401);
    expect(afterRevoke.headers['www-authenticate']).toBe('Bearer');
    const list = (await asUser('admin', 'GET', `/organizations/${prairie}/service-users`)).json() as ServiceAccount[];
    expect(list.map((row) => row.id)).not.toContain(account.id);
    expect((await asUser('admin', 'DELETE', `/organizations/${prairie}/service-users/${account.id}`)).statusCode).toBe(404);
  });

  it('refuse a wrong or empty secret with 401 on every route, whatever cookie comes along', async () => {
    const account = await create('Wrong secret check');
    expect((await withBearer(`${account.secret}x`)).statusCode).toBe(401);
    expect((await withBearer('')).statusCode).toBe(401);
    expect((await withBearer('nonsense', 'GET', '/health')).statusCode).toBe(401);
    // The bearer decides alone: the admin's cookie does not rescue a wrong secret.
    expect((await withBearer('nonsense', 'GET', '/self', { cookie: cookies.admin })).statusCode).toBe(401);
  });

  it('only call the routes that name one of their scopes', async () => {
    const { secret } = await create('Read only');
    expect((await withBearer(secret, 'GET', '/self')).statusCode).toBe(403);
    expect((await withBearer(secret, 'GET', `/organizations/${prairie}/service-users`)).statusCode).toBe(403);
    expect((await withBearer(secret, 'GET', '/tractors')).statusCode).toBe(403);
    const write = await withBearer(secret, 'POST', `/organizations/${prairie}/customers`, {
      'content-type': 'application/json',
      origin: 'https://elsewhere.example',
    });
    // Refused as a route closed to service accounts, not as a foreign origin: no cookie was consulted.
    expect(write.statusCode).toBe(403);
    expect(write.json().error.message).toBe('This route needs a signed-in user');
  });

  it('stop working when the organization loses the ServerAPI feature', async () => {
    const { secret } = await create('Feature check');
    const [serverApi] = await test.database.db.select().from(features).where(eq(features.name, 'ServerAPI'));
    const featureId = serverApi?.id as number;
    await test.database.db
      .delete(organizationFeatures)
      .where(and(eq(organizationFeatures.organizationId, prairie), eq(organizationFeatures.featureId, featureId)));
    try {
      expect((await withBearer(secret)).statusCode).toBe(401);
    } finally {
      await test.database.db.insert(organizationFeatures).values({ organizationId: prairie, featureId });
    }
    expect((await withBearer(secret)).statusCode).toBe(200);
  });

  it('keep the origin check on cookie sessions', async () => {
    const foreign = await app.inject({
      method: 'POST',
      url: `/api/organizations/${prairie}/service-users`,
      headers: { cookie: cookies.admin, origin: 'https://elsewhere.example' },
      payload: { name: 'Cross-site', scopes: ['loads:read'] },
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error.code).toBe('foreign_origin');
  });

  it('need their permissions, the ServerAPI feature and the caller’s own organization', async () => {
    const base = `/organizations/${prairie}/service-users`;
    expect((await app.inject({ method: 'GET', url: `/api${base}` })).statusCode).toBe(401);
    expect((await asUser('dispatcher', 'GET', base)).statusCode).toBe(403);
    expect((await asUser('dispatcher', 'POST', base, { name: 'No', scopes: ['loads:read'] })).statusCode).toBe(403);
    // Little Creek Farms has no ServerAPI feature.
    expect((await asUser('freemium', 'GET', `/organizations/${littleCreek}/service-users`)).statusCode).toBe(403);
    expect((await asUser('admin', 'GET', `/organizations/${littleCreek}/service-users`)).statusCode).toBe(404);
    expect(
      (await asUser('admin', 'POST', `/organizations/${littleCreek}/service-users`, { name: 'No', scopes: ['loads:read'] }))
        .statusCode,
    ).toBe(404);

    const [theirs] = await test.database.db
      .insert(serviceAccounts)
      .values({ organizationId: littleCreek, name: 'Theirs', secretHash: hashToken('theirs') })
      .returning();
    expect((await asUser('admin', 'DELETE', `${base}/${theirs?.id}`)).statusCode).toBe(404);
    const [still] = await test.database.db
      .select()
      .from(serviceAccounts)
      .where(eq(serviceAccounts.id, theirs?.id as number));
    expect(still?.revokedAt).toBeNull();
  });

  it('need a name', async () => {
    const blank = await asUser('admin', 'POST', `/organizations/${prairie}/service-users`, {
      name: '   ',
      scopes: ['loads:read'],
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.issues).toContainEqual({ path: 'body.name', message: 'required' });
  });

  it('are documented as a bearer scheme in /api/docs', async () => {
    const docs = (await app.inject({ method: 'GET', url: '/api/docs' })).json();
    expect(docs.components.securitySchemes.serviceAccount).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(docs.paths['/self/orders'].get.security).toContainEqual({ serviceAccount: ['loads:read'] });
    expect(docs.paths['/orders'].post.security).toEqual([{ session: [] }, { serviceAccount: ['loads:write'] }]);
    expect(docs.paths['/orders/{id}'].put.security).toEqual([{ session: [] }, { serviceAccount: ['loads:write'] }]);
    expect(docs.paths['/tractors'].get.security).toEqual([{ session: [] }, { serviceAccount: ['master-data:read'] }]);
    expect(docs.paths['/orders'].post.description).toContain('customerOrderNumber');
    expect(docs.paths['/self'].get.security).toBeUndefined();
  });
});
