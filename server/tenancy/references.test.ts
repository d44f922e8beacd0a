import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { idSchema } from '#core/contract/limits';
import { referenceId } from '#core/contract/references';
import { inputFromOrder, type Order, type OrderInput } from '#core/contract/orders';
import { buildApp } from '#server/app';
import { readConfig } from '#server/config';
import { type SeededDriver, seededDriver, seededOrganizationIds } from '#test/server/seeded';
import { statementsDuring } from '#test/server/statements';
import { createTestApp, signInAs, type TestApp } from '#test/server/test-app';
import { registerReferenceChecks } from './references.ts';

let test: TestApp;
const cookies: Record<string, string> = {};
const USERNAMES = ['dispatcher', 'carrier', 'freemium'] as const;
type Username = (typeof USERNAMES)[number];

let prairie: number;
let littleCreek: number;
let garcia: SeededDriver;
/** Two Prairie Feed locations; the first has sub-locations. */
let site: { id: number; subLocationIds: number[] };
let otherSite: { id: number; subLocationId: number };
/** Little Creek Farms' rows, which Prairie Feed must never name. */
let foreign: {
  customer: { id: number; name: string };
  location: number;
  subLocation: { id: number; name: string };
  tractor: number;
  trailer: number;
};

async function one<Row>(text: string, values: unknown[] = []): Promise<Row> {
  const { rows } = await test.database.pool.query(text, values);
  if (!rows[0]) throw new Error(`no row for ${text}`);
  return rows[0] as Row;
}

beforeAll(async () => {
  test = await createTestApp();
  for (const username of USERNAMES) cookies[username] = await signInAs(test.app, username);
  const orgId = await seededOrganizationIds(test.database.db);
  prairie = orgId('Prairie Feed Co.');
  littleCreek = orgId('Little Creek Farms');
  garcia = await seededDriver(test.database.db, 'driver.garcia');
  const withSubLocations = await one<{ id: number; ids: number[] }>(
    `select location_id as id, array_agg(id order by id) as ids from sub_locations where organization_id = $1
     group by location_id order by location_id limit 1`,
    [prairie],
  );
  site = { id: withSubLocations.id, subLocationIds: withSubLocations.ids };
  otherSite = await one(
    `select location_id as id, min(id) as "subLocationId" from sub_locations where organization_id = $1 and location_id <> $2
     group by location_id order by location_id limit 1`,
    [prairie, site.id],
  );
  foreign = {
    customer: await one('select id, customer_name as name from customers where organization_id = $1 limit 1', [littleCreek]),
    location: (await one<{ id: number }>('select id from locations where organization_id = $1 limit 1', [littleCreek])).id,
    subLocation: await one('select id, name from sub_locations where organization_id = $1 limit 1', [littleCreek]),
    tractor: (await one<{ id: number }>('select id from tractors where organization_id = $1 limit 1', [littleCreek])).id,
    trailer: (await one<{ id: number }>('select id from trailers where organization_id = $1 limit 1', [littleCreek])).id,
  };
});
afterAll(() => test.close());

function call(username: Username, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) {
  return test.app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: { cookie: cookies[username] ?? '' },
  });
}

/** What any write leaves behind: the change log, and every load's and stop's count and versions. */
async function writes() {
  return one(
    `select (select coalesce(max(seq), 0) from change_log) as "changeLog",
            (select count(*) from orders) as orders, (select coalesce(sum(version), 0) from orders) as "orderVersions",
            (select count(*) from stops) as stops, (select coalesce(sum(version), 0) from stops) as "stopVersions"`,
  );
}

async function expectRefused(response: Awaited<ReturnType<typeof call>>, field: string, before: unknown) {
  expect(response.statusCode, response.body).toBe(400);
  expect(response.json().error.issues.map((issue: { path: string }) => issue.path)).toEqual([field]);
  expect(await writes()).toEqual(before);
}

function newLoad(stop: Record<string, unknown> = {}, load: Record<string, unknown> = {}) {
  return {
    date: '2026-11-24T12:00:00.000Z',
    stops: [
      { sequence: 1, type: 'Origin', organizationLocationId: site.id, cargoTypeId: 2, ...stop },
      { sequence: 2, type: 'Destination', organizationLocationId: otherSite.id, cargoTypeId: 2 },
    ],
    ...load,
  };
}

/** Each reference a load can carry, pointing at another organization's row (or a sub-location of another site). */
function foreignLoadFields(): { field: string; stop?: Record<string, unknown>; load?: Record<string, unknown> }[] {
  return [
    { field: 'stops.0.customerId', stop: { customerId: foreign.customer.id } },
    {
      field: 'stops.0.organizationLocationId',
      stop: { organizationLocationId: foreign.location, organizationSubLocationIds: [] },
    },
    {
      field: 'stops.0.organizationSubLocationIds.0',
      stop: { organizationLocationId: site.id, organizationSubLocationIds: [foreign.subLocation.id] },
    },
    // The organization's own sub-location, but of another site than the stop's.
    {
      field: 'stops.0.organizationSubLocationIds.1',
      stop: { organizationLocationId: site.id, organizationSubLocationIds: [site.subLocationIds[0], otherSite.subLocationId] },
    },
    { field: 'transportedByUserId', load: { transportedByUserId: garcia.id } },
    { field: 'tractorId', load: { tractorId: foreign.tractor } },
    { field: 'trailerId', load: { trailerId: garcia.trailerId } },
  ];
}

async function createLoad(): Promise<Order> {
  const response = await call('dispatcher', 'POST', '/api/orders', newLoad({ organizationSubLocationIds: site.subLocationIds }));
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

function edited(load: Order, stop: Record<string, unknown> = {}, fields: Record<string, unknown> = {}): OrderInput {
  const input = inputFromOrder(load);
  const [first, ...rest] = input.stops;
  return { ...input, ...fields, stops: [{ ...(first as OrderInput['stops'][number]), ...stop }, ...rest] };
}

describe('referenced ids of another organization', () => {
  it('POST /api/orders: 400 naming the field, nothing written', async () => {
    for (const { field, stop, load } of foreignLoadFields()) {
      const before = await writes();
      await expectRefused(await call('dispatcher', 'POST', '/api/orders', newLoad(stop, load)), `body.${field}`, before);
    }
    // Little Creek Farms is offered only some cargo types.
    const freemiumSite = await one<{ id: number }>('select id from locations where organization_id = $1 limit 1', [littleCreek]);
    const notOffered = await one<{ id: number }>(
      'select id from cargo_types where id not in (select cargo_type_id from organization_cargo_types where organization_id = $1) limit 1',
      [littleCreek],
    );
    const before = await writes();
    const response = await call('freemium', 'POST', '/api/orders', {
      date: '2026-11-24T12:00:00.000Z',
      stops: [{ sequence: 1, type: 'Origin', organizationLocationId: freemiumSite.id, cargoTypeId: notOffered.id }],
    });
    await expectRefused(response, 'body.stops.0.cargoTypeId', before);
  });

  it('checks every kind of reference a load names in one statement', async () => {
    const prairieDriver = await seededDriver(test.database.db, 'driver.hansen');
    const customer = await one<{ id: number }>('select id from customers where organization_id = $1 limit 1', [prairie]);
    const body = newLoad(
      { organizationSubLocationIds: site.subLocationIds, customerId: customer.id },
      { transportedByUserId: prairieDriver.id, tractorId: prairieDriver.tractorId, trailerId: prairieDriver.trailerId },
    );
    const { result, statements } = await statementsDuring(() => call('dispatcher', 'POST', '/api/orders', body));
    expect(result.statusCode, result.body).toBe(201);
    const checks = statements.filter((text) => text.includes('"organization_cargo_types"'));
    expect(checks).toHaveLength(1);
    for (const table of ['"customers"', '"locations"', '"sub_locations"', '"user_roles"', '"tractors"', '"trailers"']) {
      expect(checks[0], table).toContain(table);
    }
  });

  it('PUT /api/orders/{id}: 400 naming the field, the load unchanged', async () => {
    const load = await createLoad();
    for (const { field, stop, load: fields } of foreignLoadFields()) {
      const before = await writes();
      const response = await call('dispatcher', 'PUT', `/api/orders/${load.id}`, {
        ...edited(load, stop, fields),
        version: load.version,
      });
      await expectRefused(response, `body.${field}`, before);
    }
    const saved = await call('dispatcher', 'PUT', `/api/orders/${load.id}`, { ...inputFromOrder(load), version: load.version });
    expect(saved.statusCode, saved.body).toBe(200);
  });

  it('PUT /api/orders (list save of drafts): 400 naming the item and field', async () => {
    const [draft] = (await call('dispatcher', 'GET', '/api/self/drafts')).json() as Order[];
    if (!draft) throw new Error('the seed has no draft');
    for (const { field, stop, load } of foreignLoadFields()) {
      const before = await writes();
      const item = { ...edited(draft, stop, load), id: draft.id, version: draft.version };
      await expectRefused(await call('dispatcher', 'PUT', '/api/orders', [item]), `body.0.${field}`, before);
    }
  });

  it('POST /api/orders/merge: the preview may not name them either', async () => {
    const drafts = (await call('dispatcher', 'GET', '/api/self/drafts')).json() as Order[];
    const [first, second] = drafts;
    if (!first || !second) throw new Error('the seed has fewer than two drafts');
    const before = await writes();
    const preview = edited(first, { customerId: foreign.customer.id });
    const response = await call('dispatcher', 'POST', `/api/orders/merge?orderIds=${first.id},${second.id}`, preview);
    await expectRefused(response, 'body.stops.0.customerId', before);
  });

  it('POST /api/drivers/assign-orders and /api/carriers/assign-loads: 400 naming the field', async () => {
    const load = await createLoad();
    const assignment = { id: load.id, transportedByUserId: null, tractorId: null, trailerId: null };
    for (const [field, value] of [
      ['transportedByUserId', garcia.id],
      ['tractorId', foreign.tractor],
      ['trailerId', garcia.trailerId],
    ] as const) {
      const before = await writes();
      const response = await call('dispatcher', 'POST', '/api/drivers/assign-orders', [{ ...assignment, [field]: value }]);
      await expectRefused(response, `body.0.${field}`, before);
    }
    const handOver = { ...assignment, status: 'Open', transportingOrganizationId: littleCreek };
    let before = await writes();
    await expectRefused(
      await call('dispatcher', 'POST', '/api/carriers/assign-loads', [handOver]),
      'body.0.transportingOrganizationId',
      before,
    );
    before = await writes();
    await expectRefused(
      await call('dispatcher', 'POST', '/api/carriers/assign-loads', [
        { ...handOver, transportingOrganizationId: prairie, tractorId: foreign.tractor },
      ]),
      'body.0.tractorId',
      before,
    );
  });

  it('POST /api/orders/create-projections: 400 naming the config and field', async () => {
    const before = await writes();
    const config = {
      cargoTypeId: 2,
      weightPerLoad: 1000,
      numberOfLoads: 1,
      date: '2026-11-24T12:00:00.000Z',
      isBasedOnOrigin: true,
    };
    await expectRefused(
      await call('dispatcher', 'POST', '/api/orders/create-projections', [
        { ...config, organizationLocationId: foreign.location },
      ]),
      'body.0.organizationLocationId',
      before,
    );
  });
});

describe('what a load already holds', () => {
  it('the owner keeps its carrier’s driver and trailer on a carried load, but may not choose another organization’s', async () => {
    const carried = await one<{ id: number }>(
      `select o.id from orders o join users u on u.id = o.transported_by_user_id
       where o.organization_id = $1 and o.transporting_organization_id <> $1 and u.organization_id <> $1 limit 1`,
      [prairie],
    );
    const feed = (await call('dispatcher', 'GET', '/api/sync/changes?limit=1000')).json() as {
      changes: { entity: string; id: number; row?: Order }[];
    };
    const load = feed.changes.find((change) => change.entity === 'order' && change.id === carried.id)?.row;
    if (!load) throw new Error('the carried load is not in the feed');
    const kept = await call('dispatcher', 'PUT', `/api/orders/${load.id}`, { ...inputFromOrder(load), version: load.version });
    expect(kept.statusCode, kept.body).toBe(200);
    const saved = kept.json() as Order;
    // The trailer is chosen by either side (Both): another organization's is refused as unknown.
    const before = await writes();
    const response = await call('dispatcher', 'PUT', `/api/orders/${load.id}`, {
      ...inputFromOrder(saved),
      trailerId: foreign.trailer,
      version: saved.version,
    });
    await expectRefused(response, 'body.trailerId', before);
    // Its carrier saves it unchanged: the owner's stops name the owner's sites and customers.
    const byCarrier = await call('carrier', 'PUT', `/api/orders/${load.id}`, {
      ...inputFromOrder(saved),
      version: saved.version,
    });
    expect(byCarrier.statusCode, byCarrier.body).toBe(200);
  });
});

describe('route declarations', () => {
  it('refuses to register a route whose id field is declared neither as a reference nor as not one', async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerReferenceChecks(app, test.database.db);
    app.post('/declared', { schema: { body: z.object({ name: z.string() }) } }, async () => ({}));
    expect(() =>
      app.post(
        '/undeclared',
        { schema: { body: z.object({ lines: z.array(z.object({ customerId: idSchema })) }) } },
        async () => ({}),
      ),
    ).toThrow('body.lines[].customerId must be declared');
    await app.close();
  });

  it('has a lookup registered by a feature for every kind a route references, and names a kind without one', async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    const references = registerReferenceChecks(app, test.database.db);
    // The features of the app built above registered the lookups of the kinds their routes name.
    app.post('/checked', { schema: { body: z.object({ customerId: referenceId('customer') }) } }, async () => ({}));
    expect(references.kindsWithoutLookup()).toEqual([]);
    app.post('/unchecked', { schema: { body: z.object({ ghostId: referenceId('ghost') }) } }, async () => ({}));
    expect(references.kindsWithoutLookup()).toEqual(['ghost']);
    await app.close();
    // Only that app's routes named the kind: an app built next in the same process starts.
    const next = await buildApp({ db: test.database.db, config: readConfig({ DEMO: 'false', DATA_DIR: test.dataDir }) });
    await next.close();
  });

  it('/api/docs marks every id field of every request as a reference or not', async () => {
    const docs = (await call('dispatcher', 'GET', '/api/docs')).json();
    const unmarked: string[] = [];
    const marked = (schema: Record<string, unknown>): boolean =>
      'x-reference' in schema ||
      'x-not-a-reference' in schema ||
      [schema.items, ...((schema.anyOf as unknown[]) ?? []), ...((schema.allOf as unknown[]) ?? [])].some(
        (inner) => inner !== undefined && marked(inner as Record<string, unknown>),
      );
    const visit = (schema: unknown, where: string) => {
      if (!schema || typeof schema !== 'object') return;
      const node = schema as Record<string, unknown>;
      for (const [name, property] of Object.entries((node.properties as Record<string, unknown>) ?? {})) {
        if (/^(id|ids|.+Ids?)$/.test(name) && !marked(property as Record<string, unknown>)) unmarked.push(`${where}.${name}`);
        visit(property, `${where}.${name}`);
      }
      for (const inner of [node.items, ...((node.anyOf as unknown[]) ?? []), ...((node.allOf as unknown[]) ?? [])])
        visit(inner, where);
    };
    let requests = 0;
    for (const [path, operations] of Object.entries(docs.paths as Record<string, Record<string, Record<string, unknown>>>)) {
      for (const [method, operation] of Object.entries(operations)) {
        const where = `${method.toUpperCase()} ${path}`;
        for (const parameter of (operation.parameters as { name: string; schema: Record<string, unknown> }[]) ?? []) {
          requests++;
          if (/^(id|ids|.+Ids?)$/.test(parameter.name) && !marked(parameter.schema)) unmarked.push(`${where} ${parameter.name}`);
        }
        const body = (operation.requestBody as { content: Record<string, { schema: unknown }> } | undefined)?.content[
          'application/json'
        ]?.schema;
        if (body) {
          requests++;
          visit(body, `${where} body`);
        }
      }
    }
    expect(requests).toBeGreaterThan(20);
    expect(unmarked).toEqual([]);
  });
});
