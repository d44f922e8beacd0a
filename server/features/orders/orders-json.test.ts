import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderSchema } from '#core/contract/orders';
import { orders, organizations } from '#server/db/schema';
import { createTestApp, signInAs, type TestApp } from '#test/server/test-app';
import { ordersAsJson } from './orders-json.ts';
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

  it('answers an empty array when nothing matches', async () => {
    expect(await ordersAsJson(test.database.db, eq(orders.id, -1))).toBe('[]');
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
