import { readFile } from 'node:fs/promises';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CarrierResources, inputFromOrder, type Order } from '#core/contract/orders';
import { ROLE_IDS } from '#core/domain/access';
import { permissions, rolePermissions, stops, tractors, trailers, users } from '#server/db/schema';
import { pullChanges, pullChangesUntil } from '#test/server/change-feed';
import { type SeededDriver, seededDriver, seededOrganizationIds } from '#test/server/seeded';
import { createTestApp, signInAs, type TestApp } from '#test/server/test-app';

let test: TestApp;
const cookies: Record<string, string> = {};
const USERNAMES = ['dispatcher', 'carrier', 'freemium'] as const;
type Username = (typeof USERNAMES)[number];
let prairie: number;
let swift: number;
let garcia: SeededDriver;

beforeAll(async () => {
  test = await createTestApp();
  for (const username of USERNAMES) cookies[username] = await signInAs(test.app, username);
  const orgId = await seededOrganizationIds(test.database.db);
  prairie = orgId('Prairie Feed Co.');
  swift = orgId('Swift Haul Carriers');
  garcia = await seededDriver(test.database.db, 'driver.garcia');
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

async function loadsOf(username: Username): Promise<Order[]> {
  const response = await call(
    username,
    'GET',
    '/api/self/orders?startDate=2020-01-01T00:00:00.000Z&endDate=2035-01-01T00:00:00.000Z',
  );
  expect(response.statusCode).toBe(200);
  return response.json();
}

/** A demo load Prairie Feed gives Swift Haul without a driver yet (seed: "PF-24027"). */
async function openCarriedLoad(): Promise<Order> {
  const [row] = await test.database.db.select({ orderId: stops.orderId }).from(stops).where(eq(stops.orderNumber, 'PF-24027'));
  const load = (await loadsOf('dispatcher')).find((candidate) => candidate.id === row?.orderId);
  expect(load).toMatchObject({ organizationId: prairie, transportingOrganizationId: swift, transportedByUserId: null });
  return load as Order;
}

async function namesOf(driverId: number, tractorId: number, trailerId: number): Promise<CarrierResources> {
  const db = test.database.db;
  const [driver] = await db.select({ name: users.name }).from(users).where(eq(users.id, driverId));
  const [tractor] = await db.select({ name: tractors.userDisplayName }).from(tractors).where(eq(tractors.id, tractorId));
  const [trailer] = await db.select({ name: trailers.userDisplayName }).from(trailers).where(eq(trailers.id, trailerId));
  return { driverName: driver?.name ?? null, tractorName: tractor?.name ?? null, trailerName: trailer?.name ?? null };
}

const orderRow = (changes: { entity: string; id: number; row?: unknown }[], id: number) =>
  changes.filter((change) => change.entity === 'order' && change.id === id).at(-1)?.row as Order | undefined;

describe('the carrier’s resources on a load it carries', () => {
  it('are named for the owner, in its answers and its feed, once the carrier assigns them; a third company sees nothing', async () => {
    const load = await openCarriedLoad();
    expect(load.carrierResources).toEqual({ driverName: null, tractorName: null, trailerName: null });
    const { cursor } = await pullChanges(test.app, cookies.dispatcher ?? '');

    const assigned = await call('carrier', 'POST', '/api/drivers/assign-orders', [
      { id: load.id, transportedByUserId: garcia.id, tractorId: garcia.tractorId, trailerId: garcia.trailerId },
    ]);
    expect(assigned.statusCode).toBe(200);
    const names = await namesOf(garcia.id, garcia.tractorId, garcia.trailerId);
    expect(names.driverName).toBeTruthy();

    // The owner's lists hold none of them: only the load names them.
    const ownDrivers = (await call('dispatcher', 'GET', '/api/drivers')).json() as { id: number }[];
    expect(ownDrivers.some((driver) => driver.id === garcia.id)).toBe(false);
    expect((await loadsOf('dispatcher')).find((candidate) => candidate.id === load.id)?.carrierResources).toEqual(names);
    const fed = await pullChangesUntil(test.app, cookies.dispatcher ?? '', cursor, (changes) => !!orderRow(changes, load.id));
    expect(orderRow(fed.changes, load.id)?.carrierResources).toEqual(names);

    // Another company neither sees the load nor learns the names.
    const { changes: thirdFeed } = await pullChanges(test.app, cookies.freemium ?? '');
    expect(JSON.stringify(thirdFeed)).not.toContain(names.driverName);
    expect((await loadsOf('freemium')).some((candidate) => candidate.id === load.id)).toBe(false);
  });

  it('name only the carrier’s own: a trailer the owner puts on the load stays unnamed for both', async () => {
    const load = (await loadsOf('dispatcher')).find(
      (candidate) => candidate.transportedByUserId === garcia.id && candidate.transportingOrganizationId === swift,
    ) as Order;
    const [ownTrailer] = await test.database.db
      .select({ id: trailers.id })
      .from(trailers)
      .where(eq(trailers.organizationId, prairie));
    // Demo relation: the trailer is chosen by both sides.
    const swapped = await call('dispatcher', 'PUT', `/api/orders/${load.id}`, {
      ...inputFromOrder(load),
      trailerId: ownTrailer?.id,
      version: load.version,
    });
    expect(swapped.statusCode, swapped.body).toBe(200);
    const asCarrier = (await loadsOf('carrier')).find((candidate) => candidate.id === load.id);
    expect(asCarrier?.trailerId).toBe(ownTrailer?.id);
    expect(asCarrier?.carrierResources?.trailerName).toBeNull();
    expect(asCarrier?.carrierResources?.driverName).toBe(load.carrierResources?.driverName);
    const asOwner = (await loadsOf('dispatcher')).find((candidate) => candidate.id === load.id);
    expect(asOwner?.carrierResources?.trailerName).toBeNull();
  });

  it('follow a rename of the carrier’s tractor to the owner’s feed', async () => {
    const load = (await loadsOf('dispatcher')).find(
      (candidate) => candidate.tractorId === garcia.tractorId && candidate.status !== 'Delivered',
    ) as Order;
    const { cursor } = await pullChanges(test.app, cookies.dispatcher ?? '');
    // The demo carrier dispatcher does not edit tractors; here it may, to rename one.
    const [permission] = await test.database.db.select().from(permissions).where(eq(permissions.name, 'EditTractors'));
    await test.database.db
      .insert(rolePermissions)
      .values({ roleId: ROLE_IDS.CarrierDispatcher, permissionId: permission?.id as number });
    const tractor = ((await call('carrier', 'GET', '/api/tractors')).json() as { id: number; version: number }[]).find(
      (row) => row.id === garcia.tractorId,
    );
    const { id: _id, organizationId: _organizationId, ...fields } = tractor as Record<string, unknown>;
    const renamed = await call('carrier', 'PUT', `/api/organizations/${swift}/tractors/${garcia.tractorId}`, {
      ...fields,
      userDisplayName: 'Swift Unit Renamed',
    });
    expect(renamed.statusCode).toBe(200);
    const fed = await pullChangesUntil(test.app, cookies.dispatcher ?? '', cursor, (changes) => !!orderRow(changes, load.id));
    expect(orderRow(fed.changes, load.id)?.carrierResources?.tractorName).toBe('Swift Unit Renamed');
  });

  it('are named on loads whose documents were stored before, by the migration', async () => {
    const carried = (await loadsOf('dispatcher')).find((candidate) => candidate.carrierResources?.driverName) as Order;
    await test.database.db.execute(
      sql`update order_documents set document = (document::jsonb - 'carrierResources')::text where order_id = ${carried.id}`,
    );
    expect((await loadsOf('dispatcher')).find((candidate) => candidate.id === carried.id)?.carrierResources).toBeUndefined();
    const { cursor } = await pullChanges(test.app, cookies.dispatcher ?? '');

    const migration = await readFile(new URL('../../db/migrations/0014_carrier-resource-names.sql', import.meta.url), 'utf8');
    for (const statement of migration.split('--> statement-breakpoint')) await test.database.db.execute(sql.raw(statement));

    expect((await loadsOf('dispatcher')).find((candidate) => candidate.id === carried.id)?.carrierResources).toEqual(
      carried.carrierResources,
    );
    const fed = await pullChangesUntil(test.app, cookies.dispatcher ?? '', cursor, (changes) => !!orderRow(changes, carried.id));
    expect(orderRow(fed.changes, carried.id)?.carrierResources).toEqual(carried.carrierResources);
  });
});
