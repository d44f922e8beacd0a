import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeLog, orders } from '#server/db/schema';
import { type FeedChange, pullChanges, pullChangesUntil } from '#test/server/change-feed';
import { createTestApp, signInAs, type TestApp } from '#test/server/test-app';

let test: TestApp;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  test = await createTestApp();
  for (const username of ['dispatcher', 'carrier', 'freemium']) cookies[username] = await signInAs(test.app, username);
});
afterAll(() => test.close());

type ChangeRow = { organizationId?: number; transportingOrganizationId?: number; version?: number };
type Change = FeedChange<ChangeRow>;

const pullAll = (username: string, since?: string) => pullChanges<ChangeRow>(test.app, cookies[username] ?? '', since);
const pullUntil = (username: string, since: string, done: (changes: Change[]) => boolean) =>
  pullChangesUntil<ChangeRow>(test.app, cookies[username] ?? '', since, done);

async function organizationIdOf(username: string) {
  return (await test.app.inject({ method: 'GET', url: '/api/self', headers: { cookie: cookies[username] ?? '' } })).json()
    .activeOrganizationId as number;
}

describe('change feed', () => {
  it('gives a first pull the whole visible snapshot, in pages', async () => {
    const { changes } = await pullAll('dispatcher');
    const entities = new Set(changes.map((change) => change.entity));
    for (const entity of ['order', 'location', 'customer', 'tractor', 'trailer', 'driver', 'cargoType', 'carrier']) {
      expect(entities.has(entity), entity).toBe(true);
    }
    expect(changes.filter((change) => change.entity === 'order').length).toBeGreaterThanOrEqual(40);
  });

  it('never hands a user another organization’s rows', async () => {
    const carrierOrg = await organizationIdOf('carrier');
    const carrierChanges = (await pullAll('carrier')).changes;
    const carrierOrders = carrierChanges.filter((change) => change.entity === 'order');
    expect(carrierOrders.length).toBe(3);
    for (const change of carrierOrders) expect(change.row?.transportingOrganizationId).toBe(carrierOrg);
    // The owner's sites and customers its loads name are the exception (carried-references.test.ts).
    for (const change of carrierChanges.filter((entry) => ['tractor', 'trailer', 'driver'].includes(entry.entity))) {
      expect(change.row?.organizationId, `${change.entity} ${change.id}`).toBe(carrierOrg);
    }
    const freemiumOrg = await organizationIdOf('freemium');
    const freemiumOrders = (await pullAll('freemium')).changes.filter((change) => change.entity === 'order');
    expect(freemiumOrders.length).toBe(3);
    for (const change of freemiumOrders) expect(change.row?.organizationId).toBe(freemiumOrg);
  });

  it('returns exactly the changes since a cursor, even when transactions commit out of order', async () => {
    const { cursor } = await pullAll('dispatcher');
    const organizationId = await organizationIdOf('dispatcher');
    const [first, second] = await test.database.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.organizationId, organizationId))
      .orderBy(orders.id)
      .limit(2);
    const early = new pg.Client({ connectionString: test.databaseUrl });
    const late = new pg.Client({ connectionString: test.databaseUrl });
    await early.connect();
    await late.connect();
    try {
      // The early transaction takes its id (and a smaller seq) first but commits last.
      await early.query('begin');
      await early.query(`insert into change_log (organization_id, entity, entity_id, op) values ($1, 'order', $2, 'upsert')`, [
        organizationId,
        first?.id,
      ]);
      await late.query('begin');
      await late.query(`insert into change_log (organization_id, entity, entity_id, op) values ($1, 'order', $2, 'upsert')`, [
        organizationId,
        second?.id,
      ]);
      await late.query('commit');

      const whileEarlyRuns = await pullAll('dispatcher', cursor);
      // The later commit must wait: handing it out now would move the cursor past the earlier one.
      expect(whileEarlyRuns.changes).toEqual([]);
      expect(whileEarlyRuns.cursor).toBe(cursor);
      // …and the answer says so, as its writer's poke has come and gone: the client pulls again shortly.
      expect(whileEarlyRuns.pages.at(-1)?.heldBack).toBe(true);

      await early.query('commit');
      const afterBoth = await pullUntil('dispatcher', whileEarlyRuns.cursor, (changes) => changes.length >= 2);
      expect(afterBoth.changes.map((change) => change.id).sort()).toEqual([first?.id, second?.id].sort());
      const nothingMore = await pullAll('dispatcher', afterBoth.cursor);
      expect(nothingMore.changes).toEqual([]);
      expect(nothingMore.pages.at(-1)?.heldBack).toBeUndefined();
    } finally {
      await early.end();
      await late.end();
    }
  });

  it('reports a row that left the organization as a deletion', async () => {
    const { cursor } = await pullAll('carrier');
    const carrierOrg = await organizationIdOf('carrier');
    const [carried] = await test.database.db
      .select()
      .from(orders)
      .where(eq(orders.transportingOrganizationId, carrierOrg))
      .limit(1);
    await test.database.db.transaction(async (tx) => {
      await tx
        .update(orders)
        .set({ transportingOrganizationId: carried?.organizationId })
        .where(eq(orders.id, carried?.id ?? 0));
      await tx
        .insert(changeLog)
        .values({ organizationId: carrierOrg, entity: 'order', entityId: carried?.id ?? 0, op: 'upsert' });
    });
    const { changes } = await pullUntil('carrier', cursor, (pulled) => pulled.length > 0);
    expect(changes).toEqual([{ entity: 'order', id: carried?.id, op: 'delete' }]);
  });

  it('refuses a malformed cursor with 400', async () => {
    const response = await test.app.inject({
      method: 'GET',
      url: '/api/sync/changes?since=abc',
      headers: { cookie: cookies.dispatcher ?? '' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.issues[0].path).toBe('querystring.since');
    expect((await test.app.inject({ method: 'GET', url: '/api/sync/changes' })).statusCode).toBe(401);
  });

  it('keeps the cursor monotone across many concurrent writers', async () => {
    const { cursor } = await pullAll('dispatcher');
    const organizationId = await organizationIdOf('dispatcher');
    const ids = Array.from({ length: 20 }, (_, index) => 1_000_000 + index);
    let seen: number[] = [];
    let position = cursor;
    await Promise.all([
      ...ids.map((id) =>
        test.database.db.transaction(async (tx) => {
          await tx.insert(changeLog).values({ organizationId, entity: 'customer', entityId: id, op: 'upsert' });
          await tx.execute(sql`select pg_sleep(${(id % 5) / 100})`);
        }),
      ),
      (async () => {
        for (let round = 0; round < 10; round++) {
          const page = await pullAll('dispatcher', position);
          seen = seen.concat(page.changes.map((change) => change.id));
          position = page.cursor;
        }
      })(),
    ]);
    const rest = await pullUntil('dispatcher', position, (pulled) => seen.length + pulled.length >= ids.length);
    seen = seen.concat(rest.changes.map((change) => change.id));
    expect([...seen].sort()).toEqual([...ids].sort());
  });
});
