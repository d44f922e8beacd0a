import { readFile } from 'node:fs/promises';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '#core/contract/orders';
import { carrierAssignmentFor, carrierUnassignmentFor } from '#core/domain/load-actions';
import { carrierLinks, changeLog, customers, locations, orders, organizationCargoTypes, stops } from '#server/db/schema';
import { seededOrganizationIds } from '#test/server/seeded';
import { type FeedChange, pullChanges, pullChangesUntil } from '#test/server/change-feed';
import { createTestApp, signInAs, type TestApp } from '#test/server/test-app';

let test: TestApp;
const cookies: Record<string, string> = {};
let prairie: number;
let swift: number;

beforeAll(async () => {
  test = await createTestApp();
  for (const username of ['dispatcher', 'carrier']) cookies[username] = await signInAs(test.app, username);
  const orgId = await seededOrganizationIds(test.database.db);
  prairie = orgId('Prairie Feed Co.');
  swift = orgId('Swift Haul Carriers');
});
afterAll(() => test.close());

type ChangeRow = { organizationId?: number; orgSubLocations?: { id: number }[] };
type Change = FeedChange<ChangeRow>;

const pullFrom = (username: string, since?: string) => pullChanges<ChangeRow>(test.app, cookies[username] ?? '', since);
const pullUntil = (username: string, since: string, done: (changes: Change[]) => boolean) =>
  pullChangesUntil<ChangeRow>(test.app, cookies[username] ?? '', since, done);

function call(username: string, method: 'POST' | 'DELETE', url: string, payload: unknown) {
  return test.app.inject({ method, url, payload: payload as object, headers: { cookie: cookies[username] ?? '' } });
}

/** What stops of loads Swift Haul transports for others name, read from the database. */
async function namedByCarriedStops() {
  const rows = await test.database.db
    .select({
      locationId: stops.locationId,
      subLocationIds: stops.subLocationIds,
      customerId: stops.customerId,
      cargoTypeId: stops.cargoTypeId,
    })
    .from(stops)
    .innerJoin(orders, eq(orders.id, stops.orderId))
    .where(and(eq(orders.transportingOrganizationId, swift), ne(orders.organizationId, swift)));
  const ids = (values: (number | null)[]) => new Set(values.filter((value): value is number => value !== null));
  return {
    location: ids(rows.map((row) => row.locationId)),
    subLocation: ids(rows.flatMap((row) => row.subLocationIds)),
    customer: ids(rows.map((row) => row.customerId)),
    cargoType: ids(rows.map((row) => row.cargoTypeId)),
  };
}

async function swiftOwnRows() {
  const db = test.database.db;
  const ids = (rows: { id: number }[]) => new Set(rows.map((row) => row.id));
  return {
    location: ids(await db.select({ id: locations.id }).from(locations).where(eq(locations.organizationId, swift))),
    customer: ids(await db.select({ id: customers.id }).from(customers).where(eq(customers.organizationId, swift))),
    cargoType: ids(
      await db
        .select({ id: organizationCargoTypes.cargoTypeId })
        .from(organizationCargoTypes)
        .where(eq(organizationCargoTypes.organizationId, swift)),
    ),
  };
}

const idsOf = (changes: Change[], entity: string, op: Change['op']) =>
  [...new Set(changes.filter((change) => change.entity === entity && change.op === op).map((change) => change.id))].sort(
    (a, b) => a - b,
  );
const sorted = (...sets: Set<number>[]) => [...new Set(sets.flatMap((set) => [...set]))].sort((a, b) => a - b);

describe('the owner’s rows a carrier’s loads name', () => {
  it('reach the carrier’s feed, exactly those: sites with only the named sub-locations, customers, cargo types', async () => {
    const named = await namedByCarriedStops();
    const own = await swiftOwnRows();
    expect(named.location.size).toBeGreaterThan(0);
    const prairieSites = await test.database.db
      .select({ id: locations.id })
      .from(locations)
      .where(eq(locations.organizationId, prairie));
    // Otherwise "exactly" would prove nothing: the owner has sites no carried load names.
    expect(prairieSites.some((site) => !named.location.has(site.id))).toBe(true);

    const { changes } = await pullFrom('carrier');
    expect(idsOf(changes, 'location', 'upsert')).toEqual(sorted(own.location, named.location));
    expect(idsOf(changes, 'customer', 'upsert')).toEqual(sorted(own.customer, named.customer));
    expect(idsOf(changes, 'cargoType', 'upsert')).toEqual(sorted(own.cargoType, named.cargoType));
    const ownersSites = changes.filter((change) => change.entity === 'location' && change.row?.organizationId !== swift);
    const subLocations = ownersSites.flatMap((change) => change.row?.orgSubLocations ?? []).map((sub) => sub.id);
    expect(subLocations.sort((a, b) => a - b)).toEqual(sorted(named.subLocation));
  });

  it('leave the carrier’s mirror when no carried load names them, and come back with a load naming them', async () => {
    const { changes: snapshot, cursor: start } = await pullFrom('carrier');
    const carried = snapshot.find((change) => change.entity === 'order' && change.op === 'upsert')?.row as Order;
    const namedByLoad = new Set(carried.stops.map((stop) => stop.organizationLocationId));
    const [link] = await test.database.db
      .select()
      .from(carrierLinks)
      .where(and(eq(carrierLinks.organizationId, prairie), eq(carrierLinks.carrierOrganizationId, swift)));

    const back = await call('dispatcher', 'POST', '/api/carriers/assign-loads', [carrierUnassignmentFor(carried)]);
    expect(back.statusCode).toBe(200);
    const stillNamed = await namedByCarriedStops();
    // Otherwise nothing would have to leave: the load names a site no other carried load names.
    expect([...namedByLoad].some((id) => id !== null && !stillNamed.location.has(id))).toBe(true);
    const left = await pullUntil('carrier', start, (changes) => changes.some((change) => change.entity === 'order'));
    for (const id of namedByLoad) {
      const change = left.changes.find((entry) => entry.entity === 'location' && entry.id === id);
      expect(change?.op, `site ${id}`).toBe(stillNamed.location.has(id as number) ? 'upsert' : 'delete');
    }

    const again = await call('dispatcher', 'POST', '/api/carriers/assign-loads', [
      carrierAssignmentFor(back.json()[0], link as NonNullable<typeof link>),
    ]);
    expect(again.statusCode).toBe(200);
    const returned = await pullUntil('carrier', left.cursor, (changes) => changes.some((change) => change.entity === 'order'));
    expect(idsOf(returned.changes, 'location', 'upsert')).toEqual(expect.arrayContaining([...namedByLoad]));

    // A deleted carried load is recorded before its stops go, so its rows leave the mirror too.
    const deleted = await call('dispatcher', 'DELETE', '/api/orders', [carried.id]);
    expect(deleted.statusCode).toBe(200);
    const remaining = await namedByCarriedStops();
    const gone = await pullUntil('carrier', returned.cursor, (changes) => changes.some((change) => change.entity === 'order'));
    const expectedDeletes = [...namedByLoad].filter((id) => id !== null && !remaining.location.has(id));
    expect(idsOf(gone.changes, 'location', 'delete')).toEqual(expectedDeletes.sort((a, b) => (a as number) - (b as number)));
  });

  it('are logged for loads written before the feed carried them, by the backfill migration', async () => {
    const named = await namedByCarriedStops();
    await test.database.db
      .delete(changeLog)
      .where(and(eq(changeLog.organizationId, swift), inArray(changeLog.entity, ['location', 'customer', 'cargoType'])));
    const backfill = await readFile(new URL('../../db/migrations/0006_carried-references-backfill.sql', import.meta.url), 'utf8');
    await test.database.db.execute(sql.raw(backfill));

    const { changes } = await pullUntil('carrier', '0.0', (pulled) => pulled.some((change) => change.entity === 'location'));
    expect(idsOf(changes, 'location', 'upsert')).toEqual(sorted(named.location));
    expect(idsOf(changes, 'customer', 'upsert')).toEqual(sorted(named.customer));
    // Cargo types are shared rows, logged for everyone (organization null): the carrier's own stay.
    expect(idsOf(changes, 'cargoType', 'upsert')).toEqual(sorted((await swiftOwnRows()).cargoType, named.cargoType));
  });
});
