import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locations, orders, stops, tractors } from '#server/db/schema';
import { statementsDuring } from '#test/server/statements';
import { createTestApp, signInAs, type TestApp } from '#test/server/test-app';

let test: TestApp;
const cookies: Record<string, string> = {};
let millId: number;
let farmId: number;

beforeAll(async () => {
  test = await createTestApp();
  for (const username of ['dispatcher', 'carrier', 'freemium']) cookies[username] = await signInAs(test.app, username);
  const listed = (
    await test.app.inject({ method: 'GET', url: '/api/locations', headers: { cookie: cookies.dispatcher ?? '' } })
  ).json();
  millId = listed[0].id;
  farmId = listed[1].id;
});
afterAll(() => test.close());

function newLoad(overrides: Record<string, unknown> = {}) {
  return {
    date: '2026-11-24T12:00:00.000Z',
    stops: [
      {
        sequence: 1,
        type: 'Origin',
        organizationLocationId: millId,
        cargoTypeId: 2,
        weight: 21_772_434,
        arrivalTime: '2026-11-24T13:00:00.000Z',
      },
      {
        sequence: 2,
        type: 'Destination',
        organizationLocationId: farmId,
        cargoTypeId: 2,
        weight: 21_772_434,
        arrivalTime: '2026-11-24T14:30:00.000Z',
      },
    ],
    ...overrides,
  };
}

async function send(
  method: 'POST' | 'PUT',
  url: string,
  payload: unknown,
  username = 'dispatcher',
  headers: Record<string, string> = {},
) {
  return test.app.inject({ method, url, payload: payload as object, headers: { cookie: cookies[username] ?? '', ...headers } });
}

async function countOrders() {
  const [row] = await test.database.db.select({ count: sql<number>`count(*)::int` }).from(orders);
  return row?.count ?? 0;
}

describe('loads', () => {
  it('creates a load: Open without a driver, dated by its first stop, owner = transporter', async () => {
    const response = await send('POST', '/api/orders', newLoad());
    expect(response.statusCode).toBe(201);
    const load = response.json();
    expect(load).toMatchObject({ status: 'Open', version: 1, date: '2026-11-24T13:00:00.000Z', isDraft: false });
    expect(load.owningOrganizationId).toBe(load.transportingOrganizationId);
    expect(load.stops.map((stop: { sequence: number }) => stop.sequence)).toEqual([1, 2]);
  });

  it('lists the week’s loads and the drafts', async () => {
    const week = await test.app.inject({
      method: 'GET',
      url: '/api/self/orders?startDate=2026-11-22T06:00:00.000Z&endDate=2026-11-29T05:59:59.999Z',
      headers: { cookie: cookies.dispatcher ?? '' },
    });
    expect(week.statusCode).toBe(200);
    expect(week.json().some((load: { date: string }) => load.date === '2026-11-24T13:00:00.000Z')).toBe(true);
    const drafts = await test.app.inject({
      method: 'GET',
      url: '/api/self/drafts',
      headers: { cookie: cookies.dispatcher ?? '' },
    });
    expect(drafts.json().length).toBeGreaterThanOrEqual(15);
    expect(drafts.json().every((load: { isDraft: boolean }) => load.isDraft)).toBe(true);
    expect(
      (await test.app.inject({ method: 'GET', url: '/api/self/drafts', headers: { cookie: cookies.carrier ?? '' } })).statusCode,
    ).toBe(403);
  });

  it('refuses bad bodies and foreign references with 400 and writes nothing', async () => {
    const before = await countOrders();
    const noStops = await send('POST', '/api/orders', newLoad({ stops: [] }));
    expect(noStops.statusCode).toBe(400);
    expect(noStops.json().error.issues[0].path).toBe('body.stops');
    const badType = await send(
      'POST',
      '/api/orders',
      newLoad({ stops: [{ sequence: 1, type: 'Teleport', organizationLocationId: millId, cargoTypeId: 2 }] }),
    );
    expect(badType.json().error.issues[0].path).toBe('body.stops.0.type');
    const [foreign] = await test.database.db
      .select({ id: locations.id })
      .from(locations)
      .where(sql`${locations.organizationId} <> (select organization_id from locations where id = ${millId})`)
      .limit(1);
    const foreignLocation = await send(
      'POST',
      '/api/orders',
      newLoad({ stops: [{ sequence: 1, type: 'Origin', organizationLocationId: foreign?.id, cargoTypeId: 2 }] }),
    );
    expect(foreignLocation.statusCode).toBe(400);
    expect(foreignLocation.json().error.issues[0].path).toBe('body.stops.0.organizationLocationId');
    const [foreignTractor] = await test.database.db
      .select({ id: tractors.id })
      .from(tractors)
      .where(sql`${tractors.organizationId} <> (select organization_id from locations where id = ${millId})`)
      .limit(1);
    const foreignEquipment = await send('POST', '/api/orders', newLoad({ tractorId: foreignTractor?.id }));
    expect(foreignEquipment.statusCode).toBe(400);
    expect(foreignEquipment.json().error.issues[0].path).toBe('body.tractorId');
    expect(await countOrders()).toBe(before);
  });

  it('writes only the stops a save changes', async () => {
    const created = (await send('POST', '/api/orders', newLoad())).json();
    const stopVersions = async () =>
      (await test.database.db.select({ id: stops.id, version: stops.version }).from(stops).where(eq(stops.orderId, created.id)))
        .sort((a, b) => a.id - b.id)
        .map((stop) => stop.version);
    const asSent = created.stops.map((stop: Record<string, unknown>) => ({ ...stop }));
    const driverOnly = await send(
      'PUT',
      `/api/orders/${created.id}`,
      newLoad({ version: 1, stops: asSent, washOption: 'Rinse' }),
    );
    expect(driverOnly.statusCode).toBe(200);
    expect(await stopVersions()).toEqual([1, 1]);
    const oneStop = asSent.map((stop: Record<string, unknown>, index: number) =>
      index === 1 ? { ...stop, notes: 'dock 2' } : stop,
    );
    const noted = await send('PUT', `/api/orders/${created.id}`, newLoad({ version: 2, stops: oneStop }));
    expect(noted.json().stops[1].notes).toBe('dock 2');
    expect(await stopVersions()).toEqual([1, 2]);
  });

  it('rewrites the stops a save changes in one statement and answers them as stored, without reading them back', async () => {
    const created = (await send('POST', '/api/orders', newLoad())).json();
    const renoted = created.stops.map((stop: Record<string, unknown>, index: number) => ({
      ...stop,
      notes: `gate ${index + 1}`,
      durationMinutes: 40 + index,
    }));
    const { result: saved, statements } = await statementsDuring(() =>
      send('PUT', `/api/orders/${created.id}`, newLoad({ version: 1, stops: renoted })),
    );
    expect(saved.statusCode).toBe(200);
    expect(statements.filter((text) => text.startsWith('update "stops"'))).toHaveLength(1);
    // The load's own stops are read once, before the checks.
    expect(statements.filter((text) => /^select [^(]* from "stops"/.test(text))).toHaveLength(1);
    const stored = await test.database.db.select().from(stops).where(eq(stops.orderId, created.id));
    expect(stored.map((stop) => [stop.notes, stop.durationMinutes, stop.version]).sort()).toEqual([
      ['gate 1', 40, 2],
      ['gate 2', 41, 2],
    ]);
    const listed = (
      await test.app.inject({
        method: 'GET',
        url: '/api/self/orders?startDate=2026-11-23T00:00:00.000Z&endDate=2026-11-26T00:00:00.000Z',
        headers: { cookie: cookies.dispatcher ?? '' },
      })
    ).json();
    const { warnings: _warnings, ...answered } = saved.json();
    expect(listed.find((load: { id: number }) => load.id === created.id)).toEqual(answered);
  });

  it('updates with the base version, and a stale version gets 409 with the current load', async () => {
    const created = (await send('POST', '/api/orders', newLoad())).json();
    const edited = newLoad({
      version: 1,
      stops: created.stops.map((stop: Record<string, unknown>) => ({ ...stop, notes: 'gate code 4411' })),
    });
    const first = await send('PUT', `/api/orders/${created.id}`, edited);
    expect(first.statusCode).toBe(200);
    expect(first.json().version).toBe(2);
    expect(first.json().stops[0].notes).toBe('gate code 4411');

    const stale = await send('PUT', `/api/orders/${created.id}`, {
      ...edited,
      stops: created.stops.map((stop: Record<string, unknown>) => ({ ...stop, notes: 'other' })),
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.current).toMatchObject({ id: created.id, version: 2 });
    const [row] = await test.database.db.select({ version: orders.version }).from(orders).where(eq(orders.id, created.id));
    expect(row?.version).toBe(2);
    const [note] = await test.database.db.select({ notes: stops.notes }).from(stops).where(eq(stops.id, created.stops[0].id));
    expect(note?.notes).toBe('gate code 4411');

    const viaHeader = await send('PUT', `/api/orders/${created.id}`, newLoad({ stops: first.json().stops }), 'dispatcher', {
      'if-match': '"2"',
    });
    expect(viaHeader.statusCode).toBe(200);
    const missing = await send('PUT', `/api/orders/${created.id}`, newLoad());
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.issues[0].path).toBe('body.version');
  });

  it('applies a repeated Idempotency-Key once and replays the first answer', async () => {
    const before = await countOrders();
    const headers = { 'idempotency-key': 'create-load-7f3a9c21' };
    const first = await send('POST', '/api/orders', newLoad(), 'dispatcher', headers);
    const again = await send('POST', '/api/orders', newLoad(), 'dispatcher', headers);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replay']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await countOrders()).toBe(before + 1);

    // A stale update replays its 409 too, instead of being checked again.
    const load = first.json();
    const update = { ...newLoad({ version: 1, stops: load.stops }) };
    const updateHeaders = { 'idempotency-key': 'update-load-91b2' };
    expect((await send('PUT', `/api/orders/${load.id}`, update, 'dispatcher', updateHeaders)).statusCode).toBe(200);
    const replay = await send('PUT', `/api/orders/${load.id}`, update, 'dispatcher', updateHeaders);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().version).toBe(2);
    const [row] = await test.database.db.select({ version: orders.version }).from(orders).where(eq(orders.id, load.id));
    expect(row?.version).toBe(2);
  });

  it('answers 404 for another organization’s load and 422 for a delivered one', async () => {
    const [foreign] = await test.database.db
      .select()
      .from(orders)
      .where(sql`${orders.organizationId} <> (select organization_id from locations where id = ${millId})`)
      .limit(1);
    const response = await send('PUT', `/api/orders/${foreign?.id}`, newLoad({ version: foreign?.version }));
    expect(response.statusCode).toBe(404);
    const [delivered] = await test.database.db
      .select()
      .from(orders)
      .where(
        sql`${orders.status} = 'Delivered' and ${orders.organizationId} = (select organization_id from locations where id = ${millId})`,
      )
      .limit(1);
    const locked = await send('PUT', `/api/orders/${delivered?.id}`, newLoad({ version: delivered?.version }));
    expect(locked.statusCode).toBe(422);
    expect(locked.json().error.rule).toBe('deliveredLoadLocked');
  });
});
