import { asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderSchema } from '#core/contract/orders';
import { orderDocuments, orders, organizations } from '#server/db/schema';
import { createTestApp, signInAs, type TestApp } from '#test/server/test-app';
import { ordersAsJson, streamOrdersJson } from './orders-json.ts';
import { withStops } from './orders.service.ts';

let test: TestApp;
let cookie: string;

beforeAll(async () => {
  test = await createTestApp();
  cookie = await signInAs(test.app, 'dispatcher');
});
afterAll(() => test.close());

describe('loads as JSON built by PostgreSQL', () => {
  it('equals the contract mapping of toOrder for every seeded load, stops in sequence', async () => {
    const rows = await test.database.db.select().from(orders).orderBy(asc(orders.date), asc(orders.id));
    expect(rows.length).toBeGreaterThan(20);
    const mapped = await withStops(test.database.db, rows);
    const fromSql = JSON.parse(
      await ordersAsJson(
        test.database.db,
        inArray(
          orders.id,
          rows.map((row) => row.id),
        ),
      ),
    );
    expect(fromSql).toEqual(mapped);
    for (const load of fromSql) expect(orderSchema.safeParse(load).success).toBe(true);
    // Some seeded loads carry the fields most likely to drift: completed stops, arrays, metadata.
    expect(fromSql.some((load: { stops: { completedAt: string | null }[] }) => load.stops.some((stop) => stop.completedAt))).toBe(
      true,
    );
  });

  it('keeps every stored document equal to the load after writes through the API, and builds a missing one', async () => {
    const [load] = (
      await test.app.inject({
        method: 'GET',
        url: '/api/self/orders?startDate=2000-01-01T00:00:00.000Z&endDate=2100-01-01T00:00:00.000Z',
        headers: { cookie },
      })
    )
      .json()
      .filter(
        (candidate: { status: string; organizationId: number; transportingOrganizationId: number }) =>
          candidate.status === 'Open' && candidate.organizationId === candidate.transportingOrganizationId,
      );
    expect(load).toBeDefined();
    const [driver] = (await test.app.inject({ method: 'GET', url: '/api/drivers', headers: { cookie } }))
      .json()
      .filter((candidate: { enabled: boolean }) => candidate.enabled);
    const assigned = await test.app.inject({
      method: 'POST',
      url: '/api/drivers/assign-orders',
      headers: { cookie },
      payload: [{ id: load.id, transportedByUserId: driver.id, tractorId: null, trailerId: null }],
    });
    expect(assigned.statusCode).toBe(200);
    const { id: _id, status: _status, ...rest } = assigned.json()[0];
    const noted = await test.app.inject({
      method: 'PUT',
      url: `/api/orders/${load.id}`,
      headers: { cookie },
      payload: { ...rest, stops: rest.stops.map((stop: object) => ({ ...stop, notes: 'dock 3' })) },
    });
    expect(noted.statusCode).toBe(200);
    const rows = await test.database.db.select().from(orders).orderBy(asc(orders.date), asc(orders.id));
    const mapped = await withStops(test.database.db, rows);
    const ids = inArray(
      orders.id,
      rows.map((row) => row.id),
    );
    expect(JSON.parse(await ordersAsJson(test.database.db, ids))).toEqual(mapped);
    expect(mapped.find((candidate) => candidate.id === load.id)?.stops[0]?.notes).toBe('dock 3');
    // A load written outside the API has no document yet: the same JSON is built on the spot.
    await test.database.db.delete(orderDocuments).where(eq(orderDocuments.orderId, load.id));
    expect(JSON.parse(await ordersAsJson(test.database.db, ids))).toEqual(mapped);
  });

  it('answers an empty array when nothing matches', async () => {
    expect(await ordersAsJson(test.database.db, eq(orders.id, -1))).toBe('[]');
  });

  it('streams the same text, whatever the chunk size, and fails before sending when the query fails', async () => {
    const all = inArray(
      orders.id,
      (await test.database.db.select({ id: orders.id }).from(orders)).map((row) => row.id),
    );
    const whole = await ordersAsJson(test.database.db, all);
    for (const chunkChars of [1, 5_000, 1 << 20]) {
      const chunks: string[] = [];
      for await (const chunk of await streamOrdersJson(test.database.db.$client, [all], chunkChars)) chunks.push(String(chunk));
      expect(chunks.join('')).toBe(whole);
    }
    const none: string[] = [];
    for await (const chunk of await streamOrdersJson(test.database.db.$client, [eq(orders.id, -1)])) none.push(String(chunk));
    expect(none.join('')).toBe('[]');
    await expect(streamOrdersJson(test.database.db.$client, [sql`${orders.id} = 1 / 0`])).rejects.toThrow(/division by zero/);
  });

  it('is what GET /api/self/orders sends, as JSON that passes the contract', async () => {
    const [prairie] = await test.database.db.select().from(organizations).where(eq(organizations.name, 'Prairie Feed Co.'));
    const response = await test.app.inject({
      method: 'GET',
      url: '/api/self/orders?startDate=2000-01-01T00:00:00.000Z&endDate=2100-01-01T00:00:00.000Z',
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const loads = response.json();
    expect(loads.length).toBeGreaterThan(0);
    expect(
      loads.every((load: { organizationId: number; transportingOrganizationId: number }) =>
        [load.organizationId, load.transportingOrganizationId].includes(prairie?.id ?? -1),
      ),
    ).toBe(true);
    expect(orderSchema.array().safeParse(loads).success).toBe(true);
  });
});
