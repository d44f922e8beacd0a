import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app';
import { readConfig } from '#server/config';
import { createTestApp, signInAs, type TestApp } from '#test/server/test-app';

/**
 * Input the database cannot hold, which used to answer 500 (ids from 2³¹, NUL and lone surrogates,
 * years 0 and 10000, deep JSON, an out-of-range feed cursor): each is refused with 400 naming the
 * field, and nothing is written.
 */

let test: TestApp;
const cookies: Record<string, string> = {};
let dispatcherId: number;
let siteId: number;
let loadId: number;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

function call(username: string | null, method: Method, url: string, payload?: unknown) {
  return test.app.inject({
    method,
    url,
    ...(typeof payload === 'string'
      ? { payload, headers: { cookie: username ? (cookies[username] ?? '') : '', 'content-type': 'application/json' } }
      : {
          ...(payload === undefined ? {} : { payload: payload as object }),
          headers: { cookie: username ? (cookies[username] ?? '') : '' },
        }),
  });
}

beforeAll(async () => {
  test = await createTestApp();
  for (const username of ['dispatcher', 'platform']) cookies[username] = await signInAs(test.app, username);
  const self = (await call('dispatcher', 'GET', '/api/self')).json();
  dispatcherId = self.id;
  siteId = (await call('dispatcher', 'GET', '/api/locations')).json()[0].id;
  const created = await call('dispatcher', 'POST', '/api/orders', newLoad());
  expect(created.statusCode, created.body).toBe(201);
  loadId = created.json().id;
});
afterAll(() => test.close());

function newLoad(stop: Record<string, unknown> = {}, load: Record<string, unknown> = {}) {
  return {
    date: '2026-11-24T12:00:00.000Z',
    stops: [{ sequence: 1, type: 'Origin', organizationLocationId: siteId, cargoTypeId: 2, ...stop }],
    ...load,
  };
}

/** Every trace a write leaves: the change log, loads, stops, sessions and users, with their versions. */
async function writes() {
  const { rows } = await test.database.pool.query(
    `select (select coalesce(max(seq), 0) from change_log) as "changeLog",
            (select count(*) || ':' || coalesce(sum(version), 0) from orders) as orders,
            (select count(*) || ':' || coalesce(sum(version), 0) from stops) as stops,
            (select count(*) from sessions) as sessions,
            (select coalesce(sum(version), 0) from users) as users`,
  );
  return rows[0];
}

interface Hostile {
  what: string;
  method: Method;
  url: string;
  body?: unknown;
  field: string;
  as?: string | null;
}

const deepMetadata = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;

function cases(): Hostile[] {
  const put = (body: unknown) => ({ ...(body as object), version: 1 });
  return [
    { what: 'a path id from 2³¹', method: 'PUT', url: '/api/orders/2147483648', body: put(newLoad()), field: 'params.id' },
    ...[' 1', '0x10', '1e3', '01', '-1', '1.0'].map(
      (id): Hostile => ({
        what: `path id "${id}"`,
        method: 'PUT',
        url: `/api/orders/${encodeURIComponent(id)}`,
        body: put(newLoad()),
        field: 'params.id',
      }),
    ),
    {
      what: 'a customer id from 2³¹',
      method: 'POST',
      url: '/api/orders',
      body: newLoad({ customerId: 2 ** 31 }),
      field: 'body.stops.0.customerId',
    },
    {
      what: 'a location id of 2⁵³',
      method: 'POST',
      url: '/api/orders',
      body: newLoad({ organizationLocationId: 2 ** 53 }),
      field: 'body.stops.0.organizationLocationId',
    },
    {
      what: 'a driver id from 2³¹ in an assignment',
      method: 'POST',
      url: '/api/drivers/assign-orders',
      body: [{ id: 1, transportedByUserId: 2 ** 31, tractorId: null, trailerId: null }],
      field: 'body.0.transportedByUserId',
    },
    {
      what: 'NUL in notes',
      method: 'POST',
      url: '/api/orders',
      body: newLoad({ notes: 'gate\u0000code' }),
      field: 'body.stops.0.notes',
    },
    {
      what: 'a lone surrogate in notes',
      method: 'POST',
      url: '/api/orders',
      body: newLoad({ notes: 'dock \ud800' }),
      field: 'body.stops.0.notes',
    },
    {
      what: 'NUL in a metadata key',
      method: 'POST',
      url: '/api/orders',
      body: newLoad({ metadata: { 'a\u0000': 1 } }),
      field: 'body.stops.0.metadata.a\u0000',
    },
    {
      what: 'a lone surrogate in metadata',
      method: 'POST',
      url: '/api/orders',
      body: newLoad({}, { metadata: { note: ['ok', '\udc00'] } }),
      field: 'body.metadata.note.1',
    },
    {
      what: 'metadata nested 20 deep',
      method: 'POST',
      url: '/api/orders',
      body: JSON.stringify(newLoad({}, { metadata: 'DEEP' })).replace('"DEEP"', deepMetadata(20)),
      field: 'body.metadata.a.a.a.a.a.a.a.a',
    },
    {
      what: 'JSON nested 100,000 deep',
      method: 'POST',
      url: '/api/orders',
      body: JSON.stringify(newLoad({}, { metadata: 'DEEP' })).replace('"DEEP"', deepMetadata(100_000)),
      field: 'body',
    },
    {
      what: 'year 0',
      method: 'POST',
      url: '/api/orders',
      body: newLoad({ arrivalTime: '0000-01-01T00:00:00.000Z' }),
      field: 'body.stops.0.arrivalTime',
    },
    {
      what: 'year 10000',
      method: 'POST',
      url: '/api/orders',
      body: newLoad({}, { date: '10000-01-01T00:00:00.000Z' }),
      field: 'body.date',
    },
    {
      what: 'an offset of +23:59',
      method: 'POST',
      url: '/api/orders',
      body: newLoad({ requiredBegin: '2026-01-01T00:00:00.000+23:59' }),
      field: 'body.stops.0.requiredBegin',
    },
    {
      what: 'a week from year 0',
      method: 'GET',
      url: '/api/self/orders?startDate=0000-01-01T00:00:00.000Z&endDate=2026-01-01T00:00:00.000Z',
      field: 'querystring.startDate',
    },
    {
      what: 'trip events until year 9999',
      method: 'GET',
      url: `/api/orders/1/tripevents?endDate=9999-12-31T23:59:59.999Z`,
      field: 'querystring.endDate',
    },
    {
      what: 'a feed cursor beyond bigint',
      method: 'GET',
      url: '/api/sync/changes?since=99999999999999999999.1',
      field: 'querystring.since',
    },
    { what: 'a feed limit in hex', method: 'GET', url: '/api/sync/changes?limit=0x10', field: 'querystring.limit' },
    {
      what: 'a driver filter id beyond integers',
      method: 'GET',
      url: '/api/scheduling/resource-info?driverIds=9999999999',
      field: 'querystring.driverIds.0',
    },
    {
      what: 'a load list id beyond integers',
      method: 'GET',
      url: '/api/orders/merged-sources?mergedFromOrderIds=2147483648',
      field: 'querystring.mergedFromOrderIds',
    },
    {
      what: 'an organization path id beyond integers',
      method: 'POST',
      url: '/api/organizations/2147483648/loads-csv-export',
      body: { loadIds: [1] },
      field: 'params.orgId',
    },
    {
      what: 'NUL in a preset name',
      method: 'PUT',
      url: 'PREFERENCES',
      body: { presets2: [{ name: 'a\u0000', default: false, fields: [] }] },
      field: 'body.presets2.0.name',
    },
    {
      what: 'NUL in the sign-in name',
      method: 'POST',
      url: '/api/session',
      body: { username: 'admin\u0000', password: 'x' },
      field: 'body.username',
      as: null,
    },
    {
      what: 'a lone surrogate in the sign-in name',
      method: 'POST',
      url: '/api/session',
      body: { username: '\ud800', password: 'x' },
      field: 'body.username',
      as: null,
    },
    {
      what: 'an organization id from 2³¹',
      method: 'PUT',
      url: '/api/session/organization',
      body: { organizationId: 2 ** 31 },
      field: 'body.organizationId',
      as: 'platform',
    },
  ];
}

describe('input the database cannot hold', () => {
  it('answers 400 naming the field and writes nothing', async () => {
    for (const hostile of cases()) {
      const before = await writes();
      const url = hostile.url === 'PREFERENCES' ? `/api/users/${dispatcherId}/preferences` : hostile.url;
      const response = await call(hostile.as === undefined ? 'dispatcher' : hostile.as, hostile.method, url, hostile.body);
      expect(response.statusCode, `${hostile.what}: ${response.body.slice(0, 300)}`).toBe(400);
      expect(
        response.json().error.issues.map((issue: { path: string }) => issue.path),
        hostile.what,
      ).toContain(hostile.field);
      expect(await writes(), hostile.what).toEqual(before);
    }
  });

  it('answers URLs the router refuses (an encoded lone surrogate, a 10,000-digit id) with the API error body', async () => {
    for (const [url, status] of [
      ['/api/orders/%ED%A0%80', 400],
      [`/api/orders/${'9'.repeat(10_000)}`, 414],
    ] as const) {
      const before = await writes();
      const response = await call('dispatcher', 'PUT', url, { ...newLoad(), version: 1 });
      expect(response.statusCode, url.slice(0, 40)).toBe(status);
      expect(response.json().error.code).toBe('bad_request');
      expect(await writes()).toEqual(before);
    }
  });

  it('still accepts the limits themselves', async () => {
    const edges = newLoad(
      { arrivalTime: '1900-01-01T00:00:00.000Z', notes: 'Hansen 🚚 dock 3' },
      { date: '2199-12-31T23:59:59.999Z', metadata: { note: 'x'.repeat(1000) } },
    );
    expect((await call('dispatcher', 'POST', '/api/orders', edges)).statusCode).toBe(201);
    expect((await call('dispatcher', 'GET', '/api/sync/changes?since=9007199254740991.0&limit=1')).statusCode).toBe(200);
    const missing = await call('dispatcher', 'PUT', '/api/orders/2147483647', { ...newLoad(), version: 1 });
    expect(missing.statusCode).toBe(404);
    expect((await call('dispatcher', 'PUT', `/api/orders/${loadId}`, { ...newLoad(), version: 1 })).statusCode).toBe(200);
  });
});

describe('unknown API paths, with the web app served', () => {
  let shellApp: FastifyInstance;
  let staticDir: string;

  beforeAll(async () => {
    staticDir = await mkdtemp(path.join(tmpdir(), 'dispatch-shell-'));
    await writeFile(path.join(staticDir, 'index.html'), '<!doctype html><title>Dispatch</title>');
    shellApp = await buildApp({
      db: test.database.db,
      config: readConfig({ DEMO: 'false', STATIC_DIR: staticDir }),
      serveWebApp: true,
    });
    await shellApp.ready();
  });
  afterAll(async () => {
    await shellApp.close();
    await rm(staticDir, { recursive: true, force: true });
  });

  it('answer a JSON 404 for every method and path shape, never the app shell', async () => {
    const paths = [
      '/api',
      '/api/',
      '/api/unknown',
      '/api/unknown/deeper',
      '/api/unknown?x=1',
      '/api/unknown.json',
      '/api/self/x.js',
      '/api/%75nknown',
    ];
    for (const url of paths) {
      for (const method of ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'] as const) {
        const response = await shellApp.inject({ method, url });
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.headers['content-type'], `${method} ${url}`).toMatch(/^application\/json/);
        if (method !== 'HEAD') expect(response.json().error.code, `${method} ${url}`).toBe('not_found');
      }
    }
    const clientRoute = await shellApp.inject({ method: 'GET', url: '/loads?week=2026-11-22' });
    expect(clientRoute.statusCode).toBe(200);
    expect(clientRoute.body).toContain('<title>Dispatch</title>');
  });
});
