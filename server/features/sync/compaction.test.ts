import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLog, customers } from '#server/db/schema';
import { type FeedChange, pullChanges, pullChangesUntil } from '#test/server/change-feed';
import { seededOrganizationIds } from '#test/server/seeded';
import { createTestApp, signInAs, type TestApp } from '#test/server/test-app';
import { type Compaction, compactChangeLog, readHorizon, scheduleChangeLogCompaction } from './compaction.ts';

let test: TestApp;
let cookie: string;
let prairie: number;

beforeAll(async () => {
  test = await createTestApp();
  cookie = await signInAs(test.app, 'dispatcher');
  prairie = (await seededOrganizationIds(test.database.db))('Prairie Feed Co.');
});
afterAll(() => test.close());

type Row = { version?: number; customerName?: string };
type Change = FeedChange<Row>;
const pull = (since?: string) => pullChanges<Row>(test.app, cookie, since);
const RETENTION = { retentionDays: 30 };

/** A snapshot, then the feed from its cursor until drained: a client that is up to date. */
async function caughtUp() {
  return (await pull((await pull()).cursor)).cursor;
}

/**
 * Compacts until `done` holds (or 15 s pass): compaction leaves alone entries of transactions above the
 * oldest one running, and other test files of the shared cluster may hold one open for a moment.
 */
async function compactUntil(done: (result: Compaction) => boolean | Promise<boolean>) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const result = await compactChangeLog(test.database.db, { now: new Date(), ...RETENTION });
    if ((result && (await done(result))) || Date.now() > deadline) return result;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function entriesOf(entity: 'customer', entityId: number) {
  return test.database.db
    .select({ seq: changeLog.seq })
    .from(changeLog)
    .where(and(eq(changeLog.organizationId, prairie), eq(changeLog.entity, entity), eq(changeLog.entityId, entityId)))
    .orderBy(changeLog.seq);
}

async function renameCustomer(id: number, name: string) {
  await test.database.db.transaction(async (tx) => {
    await tx
      .update(customers)
      .set({ customerName: name, version: sql`${customers.version} + 1` })
      .where(eq(customers.id, id));
    await tx.insert(changeLog).values({ organizationId: prairie, entity: 'customer', entityId: id, op: 'upsert' });
  });
}

describe('change-log compaction', () => {
  it('keeps only the latest entry of each row, and a cursor between collapsed entries still gets the row', async () => {
    const [customer] = await test.database.db.select().from(customers).where(eq(customers.organizationId, prairie)).limit(1);
    if (!customer) throw new Error('Prairie has no customer');
    const before = await caughtUp();
    await renameCustomer(customer.id, 'Renamed once');
    const between = (
      await pullChangesUntil<Change['row']>(test.app, cookie, before, (pulled) =>
        pulled.some((change) => change.id === customer.id),
      )
    ).cursor;
    await renameCustomer(customer.id, 'Renamed twice');
    const latest = (await entriesOf('customer', customer.id)).at(-1)?.seq;

    await compactUntil(async () => (await entriesOf('customer', customer.id)).length === 1);
    expect(await entriesOf('customer', customer.id)).toEqual([{ seq: latest }]);
    const duplicated = await test.database.db.execute<{ count: string }>(sql`
      select count(*)::text as count from (
        select 1 from change_log where txid < pg_snapshot_xmin(pg_current_snapshot())::text::bigint
         group by organization_id, entity, entity_id having count(*) > 1) rows`);
    expect(duplicated.rows[0]?.count).toBe('0');

    for (const since of [before, between]) {
      const { changes } = await pull(since);
      expect(changes.filter((change) => change.entity === 'customer' && change.id === customer.id)).toMatchObject([
        { op: 'upsert', row: { version: customer.version + 2, customerName: 'Renamed twice' } },
      ]);
    }
    expect((await readHorizon(test.database.db)).txid).toBe(0);
  });

  it('removes old deletions and sends a cursor below them to a new snapshot with reset', async () => {
    const before = await caughtUp();
    const [tombstone] = await test.database.db
      .insert(changeLog)
      .values({
        organizationId: prairie,
        entity: 'customer',
        entityId: 2_000_000_000,
        op: 'delete',
        changedAt: new Date(Date.now() - 31 * 24 * 60 * 60 * 1000),
      })
      .returning({ txid: changeLog.txid, seq: changeLog.seq });
    // A recent deletion stays: clients offline for less than the retention still learn of it.
    await test.database.db
      .insert(changeLog)
      .values({ organizationId: prairie, entity: 'customer', entityId: 2_000_000_001, op: 'delete' });
    const after = (
      await pullChangesUntil(test.app, cookie, before, (pulled) => pulled.some((change) => change.id === 2_000_000_001))
    ).cursor;

    await compactUntil(async () => (await readHorizon(test.database.db)).seq === tombstone?.seq);
    expect(await readHorizon(test.database.db)).toEqual({ txid: tombstone?.txid, seq: tombstone?.seq });
    const left = await test.database.db
      .select({ entityId: changeLog.entityId })
      .from(changeLog)
      .where(and(eq(changeLog.entity, 'customer'), sql`${changeLog.entityId} >= 2000000000`));
    expect(left).toEqual([{ entityId: 2_000_000_001 }]);

    const resynced = await pull(before);
    expect(resynced.pages[0]?.reset).toBe(true);
    const fresh = await pull();
    const keys = (changes: Change[]) => changes.map((change) => `${change.entity}:${change.id}:${change.op}`).sort();
    expect(keys(resynced.changes)).toEqual(keys(fresh.changes));
    // A cursor past the removed deletion goes on with the feed.
    expect((await pull(after)).pages[0]?.reset).toBeUndefined();
    // A snapshot begun before the horizon starts again.
    expect((await pull(`s${(tombstone?.txid ?? 1) - 1}.3.0`)).pages[0]?.reset).toBe(true);

    // The horizon only grows.
    await compactChangeLog(test.database.db, { now: new Date(), ...RETENTION });
    expect(await readHorizon(test.database.db)).toEqual({ txid: tombstone?.txid, seq: tombstone?.seq });
  });

  it('compacts as soon as it is scheduled and logs what it removed', async () => {
    const log = { info: vi.fn(), error: vi.fn() };
    const stop = scheduleChangeLogCompaction(test.database.db, { ...RETENTION, log: log as unknown as FastifyBaseLogger });
    try {
      await vi.waitFor(() => expect(log.info).toHaveBeenCalled(), { timeout: 15_000 });
      expect(log.info).toHaveBeenCalledWith(
        expect.objectContaining({ collapsed: expect.any(Number), tombstones: expect.any(Number) }),
        'change log compacted',
      );
      expect(log.error).not.toHaveBeenCalled();
    } finally {
      stop();
    }
  });

  it('runs on one node at a time', async () => {
    const other = new pg.Client({ connectionString: test.databaseUrl });
    await other.connect();
    try {
      await other.query('begin');
      await other.query(`select pg_advisory_xact_lock(${0x434c4f47})`);
      expect(await compactChangeLog(test.database.db, { now: new Date(), ...RETENTION })).toBeNull();
      await other.query('commit');
      expect(await compactChangeLog(test.database.db, { now: new Date(), ...RETENTION })).not.toBeNull();
    } finally {
      await other.end();
    }
  });
});
