import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '#core/contract/orders';
import { carrierLinkSchema } from '#core/contract/reference-lists';
import { carrierAssignmentFor, carrierUnassignmentFor } from '#core/domain/load-actions';
import { carrierLinks, changeLog, stops, tractors, trailers, tripEvents, users } from '#server/db/schema';
import { type SeededDriver, seededDriver, seededOrganizationIds } from '#test/server/seeded';
import { createTestApp, signInAs, type TestApp } from '#test/server/test-app';
import { refreshOrderDocuments } from './orders-json.ts';

let test: TestApp;
const cookies: Record<string, string> = {};
const USERNAMES = ['dispatcher', 'carrier', 'freemium', 'sitemanager'] as const;
type Username = (typeof USERNAMES)[number];

let prairie: number;
let swift: number;
let littleCreek: number;
let dispatcherId: number;
let hansen: SeededDriver;
let jensen: SeededDriver;
let garcia: SeededDriver;
let millId: number;
let farmId: number;

beforeAll(async () => {
  test = await createTestApp();
  for (const username of USERNAMES) cookies[username] = await signInAs(test.app, username);
  const orgId = await seededOrganizationIds(test.database.db);
  prairie = orgId('Prairie Feed Co.');
  swift = orgId('Swift Haul Carriers');
  littleCreek = orgId('Little Creek Farms');
  const driver = (username: string) => seededDriver(test.database.db, username);
  hansen = await driver('driver.hansen');
  jensen = await driver('driver.jensen');
  garcia = await driver('driver.garcia');
  dispatcherId = (await driver('dispatcher')).id;
  const listed = (await call('dispatcher', 'GET', '/api/locations')).json();
  millId = listed[0].id;
  farmId = listed[1].id;
});
afterAll(() => test.close());

function call(
  username: Username | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  return test.app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: { ...(username ? { cookie: cookies[username] ?? '' } : {}), ...headers },
  });
}

async function createLoad(overrides: Record<string, unknown> = {}): Promise<Order> {
  const response = await call('dispatcher', 'POST', '/api/orders', {
    date: '2026-12-01T12:00:00.000Z',
    stops: [
      {
        sequence: 1,
        type: 'Origin',
        organizationLocationId: millId,
        cargoTypeId: 2,
        weight: 21_772_434,
        arrivalTime: '2026-12-01T13:00:00.000Z',
      },
      {
        sequence: 2,
        type: 'Destination',
        organizationLocationId: farmId,
        cargoTypeId: 2,
        weight: 21_772_434,
        arrivalTime: '2026-12-01T14:30:00.000Z',
      },
    ],
    ...overrides,
  });
  expect(response.statusCode).toBe(201);
  return response.json();
}

async function loadById(id: number, username: Username = 'dispatcher'): Promise<Order | undefined> {
  const response = await call(
    username,
    'GET',
    '/api/self/orders?startDate=2020-01-01T00:00:00.000Z&endDate=2035-01-01T00:00:00.000Z',
  );
  return (response.json() as Order[]).find((load) => load.id === id);
}

async function demoLoad(orderNumber: string): Promise<Order> {
  const [row] = await test.database.db
    .select({ orderId: stops.orderId })
    .from(stops)
    .where(eq(stops.orderNumber, orderNumber))
    .limit(1);
  const load = await loadById(row?.orderId as number);
  if (!load) throw new Error(`demo load ${orderNumber} not found`);
  return load;
}

async function foreignLoadId(): Promise<number> {
  const { rows } = await test.database.pool.query('select id from orders where organization_id = $1 limit 1', [littleCreek]);
  return rows[0].id;
}

/** Everything a refused request must leave alone. */
async function fingerprint() {
  const { rows } = await test.database.pool.query(`select
    (select count(*)::int from orders) as orders,
    (select coalesce(sum(version), 0)::int from orders) as order_versions,
    (select md5(string_agg(o::text, ',' order by id)) from orders o) as order_rows,
    (select coalesce(sum(version), 0)::int from stops) as stop_versions,
    (select md5(string_agg(s::text, ',' order by id)) from stops s) as stop_rows,
    (select count(*)::int from change_log) as changes`);
  return rows[0];
}

async function expectRefused(
  response: { statusCode: number; json: () => { error: { rule?: string; issues?: { path: string }[] } } },
  before: unknown,
  status: number,
  detail?: { rule?: string; path?: string },
) {
  expect(response.statusCode).toBe(status);
  if (detail?.rule) expect(response.json().error.rule).toBe(detail.rule);
  if (detail?.path) expect(response.json().error.issues?.map((issue) => issue.path)).toContain(detail.path);
  expect(await fingerprint()).toEqual(before);
}

async function changeLogFor(orderId: number) {
  return test.database.db
    .select({ organizationId: changeLog.organizationId, op: changeLog.op })
    .from(changeLog)
    .where(and(eq(changeLog.entity, 'order'), eq(changeLog.entityId, orderId)))
    .orderBy(changeLog.seq);
}

async function foreignEquipment() {
  const [tractor] = await test.database.db.select({ id: tractors.id }).from(tractors).where(eq(tractors.organizationId, swift));
  const [trailer] = await test.database.db.select({ id: trailers.id }).from(trailers).where(eq(trailers.organizationId, swift));
  return { tractorId: tractor?.id as number, trailerId: trailer?.id as number };
}

async function setRelation(values: Partial<typeof carrierLinks.$inferInsert>) {
  await test.database.db
    .update(carrierLinks)
    .set(values)
    .where(and(eq(carrierLinks.organizationId, prairie), eq(carrierLinks.carrierOrganizationId, swift)));
}
const DEMO_RELATION = { isActive: true, loadDriver: 'Carrier', loadTractor: 'Carrier', loadTrailer: 'Both' } as const;

describe('DELETE /api/orders', () => {
  it('deletes Open and Assigned loads with their stops, logging a delete for each', async () => {
    const open = await createLoad();
    const assigned = await createLoad({ transportedByUserId: hansen.id });
    expect(assigned.status).toBe('Assigned');
    const response = await call('dispatcher', 'DELETE', '/api/orders', [open.id, assigned.id]);
    expect(response.statusCode).toBe(200);
    expect(response.json().map((load: Order) => [load.id, load.status])).toEqual([
      [open.id, 'Open'],
      [assigned.id, 'Assigned'],
    ]);
    expect(await loadById(open.id)).toBeUndefined();
    expect(await test.database.db.select().from(stops).where(eq(stops.orderId, assigned.id))).toEqual([]);
    expect((await changeLogFor(open.id)).at(-1)).toEqual({ organizationId: prairie, op: 'delete' });
  });

  it('refuses the whole list when one load is not Open or Assigned (422)', async () => {
    const open = await createLoad();
    const delivered = await demoLoad('PF-24001');
    const inTransit = await demoLoad('PF-24008');
    const before = await fingerprint();
    for (const other of [delivered, inTransit]) {
      await expectRefused(await call('dispatcher', 'DELETE', '/api/orders', [open.id, other.id]), before, 422, {
        rule: 'onlyOpenOrAssignedDeletable',
      });
    }
    expect(await loadById(open.id)).toBeDefined();
  });

  it('is forbidden to carriers and to users without DeleteOrder (403)', async () => {
    const open = await createLoad();
    const before = await fingerprint();
    await expectRefused(await call('carrier', 'DELETE', '/api/orders', [open.id]), before, 403);
    await expectRefused(await call('sitemanager', 'DELETE', '/api/orders', [open.id]), before, 403);
    await expectRefused(await call(null, 'DELETE', '/api/orders', [open.id]), before, 401);
  });

  it('answers 404 for another organization’s load, deleting nothing of the list', async () => {
    const open = await createLoad();
    const before = await fingerprint();
    await expectRefused(await call('dispatcher', 'DELETE', '/api/orders', [open.id, await foreignLoadId()]), before, 404);
  });

  it('refuses bad bodies (400) naming the field', async () => {
    const open = await createLoad();
    const before = await fingerprint();
    await expectRefused(await call('dispatcher', 'DELETE', '/api/orders', []), before, 400, { path: 'body' });
    await expectRefused(await call('dispatcher', 'DELETE', '/api/orders', [open.id, 'seven']), before, 400, { path: 'body.1' });
    await expectRefused(await call('dispatcher', 'DELETE', '/api/orders', [open.id, open.id]), before, 400, {
      path: 'body.1',
    });
  });
});

describe('POST /api/drivers/assign-orders', () => {
  it('assigns a driver with equipment (Assigned, acceptor = the user) and clears it (Open)', async () => {
    const load = await createLoad();
    const response = await call('dispatcher', 'POST', '/api/drivers/assign-orders', [
      { id: load.id, transportedByUserId: hansen.id, tractorId: hansen.tractorId, trailerId: hansen.trailerId },
    ]);
    expect(response.statusCode).toBe(200);
    const [assigned] = response.json();
    expect(assigned).toMatchObject({
      id: load.id,
      status: 'Assigned',
      transportedByUserId: hansen.id,
      acceptedByUserId: dispatcherId,
      tractorId: hansen.tractorId,
      trailerId: hansen.trailerId,
      version: 2,
    });
    expect(assigned.stops).toHaveLength(2);
    const cleared = await call('dispatcher', 'POST', '/api/drivers/assign-orders', [
      { id: load.id, transportedByUserId: null, tractorId: null, trailerId: null },
    ]);
    expect(cleared.json()[0]).toMatchObject({ status: 'Open', transportedByUserId: null, acceptedByUserId: null, version: 3 });
    expect((await changeLogFor(load.id)).filter((entry) => entry.op === 'upsert')).toHaveLength(3);
  });

  it('refuses another organization’s driver, tractor or trailer (400 naming the field)', async () => {
    const load = await createLoad();
    const foreign = await foreignEquipment();
    const before = await fingerprint();
    const assign = (body: Record<string, unknown>) =>
      call('dispatcher', 'POST', '/api/drivers/assign-orders', [
        { id: load.id, transportedByUserId: hansen.id, tractorId: null, trailerId: null, ...body },
      ]);
    await expectRefused(await assign({ transportedByUserId: garcia.id }), before, 400, { path: 'body.0.transportedByUserId' });
    await expectRefused(await assign({ tractorId: foreign.tractorId }), before, 400, { path: 'body.0.tractorId' });
    await expectRefused(await assign({ trailerId: foreign.trailerId }), before, 400, { path: 'body.0.trailerId' });
    // A dispatcher is not a driver.
    await expectRefused(await assign({ transportedByUserId: dispatcherId }), before, 400, { path: 'body.0.transportedByUserId' });
  });

  it('refuses a Delivered load and a load another organization transports (422), all or nothing', async () => {
    const load = await createLoad();
    const delivered = await demoLoad('PF-24002');
    const carried = await demoLoad('PF-24026');
    const before = await fingerprint();
    const assignment = (id: number) => ({ id, transportedByUserId: jensen.id, tractorId: null, trailerId: null });
    await expectRefused(
      await call('dispatcher', 'POST', '/api/drivers/assign-orders', [assignment(load.id), assignment(delivered.id)]),
      before,
      422,
      { rule: 'deliveredLoadLocked' },
    );
    await expectRefused(
      await call('dispatcher', 'POST', '/api/drivers/assign-orders', [assignment(load.id), assignment(carried.id)]),
      before,
      422,
      { rule: 'notTransportedByOrganization' },
    );
  });

  it('refuses a disabled driver (422)', async () => {
    const load = await createLoad();
    await test.database.db.update(users).set({ enabled: false }).where(eq(users.id, jensen.id));
    const before = await fingerprint();
    await expectRefused(
      await call('dispatcher', 'POST', '/api/drivers/assign-orders', [
        { id: load.id, transportedByUserId: jensen.id, tractorId: null, trailerId: null },
      ]),
      before,
      422,
      { rule: 'driverDisabled' },
    );
    await test.database.db.update(users).set({ enabled: true }).where(eq(users.id, jensen.id));
  });

  it('lets a carrier assign its drivers where the relation lets it choose', async () => {
    const carried = await demoLoad('PF-24027');
    // Demo relation: driver and tractor by the carrier, trailer by both.
    const response = await call('carrier', 'POST', '/api/drivers/assign-orders', [
      { id: carried.id, transportedByUserId: garcia.id, tractorId: garcia.tractorId, trailerId: garcia.trailerId },
    ]);
    expect(response.statusCode).toBe(200);
    expect(response.json()[0]).toMatchObject({
      status: 'Assigned',
      transportedByUserId: garcia.id,
      transportingOrganizationId: swift,
    });
    const logged = await changeLogFor(carried.id);
    expect(logged.slice(-2).map((entry) => entry.organizationId)).toEqual(expect.arrayContaining([prairie, swift]));

    // With the owner supplying drivers, the carrier's selector is disabled: the server refuses it too.
    await setRelation({ loadDriver: 'Owning' });
    const before = await fingerprint();
    await expectRefused(
      await call('carrier', 'POST', '/api/drivers/assign-orders', [
        { id: carried.id, transportedByUserId: null, tractorId: garcia.tractorId, trailerId: garcia.trailerId },
      ]),
      before,
      422,
      { rule: 'carrierResourceNotPermitted' },
    );
    await setRelation(DEMO_RELATION);
  });

  it('answers 404 for loads of other organizations and 403 without AssignDrivers', async () => {
    const load = await createLoad();
    const before = await fingerprint();
    const body = (id: number) => [{ id, transportedByUserId: null, tractorId: null, trailerId: null }];
    await expectRefused(await call('dispatcher', 'POST', '/api/drivers/assign-orders', body(await foreignLoadId())), before, 404);
    // The carrier sees only the loads it transports.
    await expectRefused(await call('carrier', 'POST', '/api/drivers/assign-orders', body(load.id)), before, 404);
    await expectRefused(await call('sitemanager', 'POST', '/api/drivers/assign-orders', body(load.id)), before, 403);
  });

  it('refuses bad bodies (400) naming the field', async () => {
    const load = await createLoad();
    const before = await fingerprint();
    await expectRefused(
      await call('dispatcher', 'POST', '/api/drivers/assign-orders', [
        { id: load.id, transportedByUserId: 'hansen', tractorId: null, trailerId: null },
      ]),
      before,
      400,
      { path: 'body.0.transportedByUserId' },
    );
    await expectRefused(
      await call('dispatcher', 'POST', '/api/drivers/assign-orders', [
        { id: load.id, transportedByUserId: null, trailerId: null },
      ]),
      before,
      400,
      { path: 'body.0.tractorId' },
    );
    await expectRefused(await call('dispatcher', 'POST', '/api/drivers/assign-orders', {}), before, 400, { path: 'body' });
  });

  it('applies a repeated Idempotency-Key once', async () => {
    const load = await createLoad();
    const headers = { 'idempotency-key': 'assign-orders-5d1e0a77' };
    const body = [{ id: load.id, transportedByUserId: hansen.id, tractorId: hansen.tractorId, trailerId: hansen.trailerId }];
    const first = await call('dispatcher', 'POST', '/api/drivers/assign-orders', body, headers);
    const before = await fingerprint();
    const again = await call('dispatcher', 'POST', '/api/drivers/assign-orders', body, headers);
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replay']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(again.json()[0].version).toBe(2);
    expect(await fingerprint()).toEqual(before);
  });
});

describe('POST /api/carriers/assign-loads', () => {
  async function link() {
    const [row] = await test.database.db
      .select()
      .from(carrierLinks)
      .where(and(eq(carrierLinks.organizationId, prairie), eq(carrierLinks.carrierOrganizationId, swift)));
    if (!row) throw new Error('no demo carrier link');
    return row;
  }

  it('hands a load to the carrier keeping only what the relation keeps, and back to the owner', async () => {
    const load = await createLoad({
      transportedByUserId: hansen.id,
      tractorId: hansen.tractorId,
      trailerId: hansen.trailerId,
    });
    // Demo relation: driver Carrier, tractor Carrier, trailer Both → only the trailer stays, Open.
    const assignment = carrierAssignmentFor(load, await link());
    expect(assignment).toEqual({
      id: load.id,
      status: 'Open',
      transportedByUserId: null,
      tractorId: null,
      trailerId: hansen.trailerId,
      transportingOrganizationId: swift,
    });
    const response = await call('dispatcher', 'POST', '/api/carriers/assign-loads', [assignment]);
    expect(response.statusCode).toBe(200);
    expect(response.json()[0]).toMatchObject({
      status: 'Open',
      transportingOrganizationId: swift,
      owningOrganizationId: prairie,
      transportedByUserId: null,
      tractorId: null,
      trailerId: hansen.trailerId,
      version: 2,
    });
    expect(await loadById(load.id, 'carrier')).toMatchObject({ id: load.id, transportingOrganizationId: swift });
    expect((await changeLogFor(load.id)).slice(-2)).toEqual(
      expect.arrayContaining([
        { organizationId: prairie, op: 'upsert' },
        { organizationId: swift, op: 'upsert' },
      ]),
    );

    // Unassign: the carrier is told too, and its change feed now drops the load.
    const cursor = await feedCursor('carrier');
    const back = await call('dispatcher', 'POST', '/api/carriers/assign-loads', [carrierUnassignmentFor(response.json()[0])]);
    expect(back.statusCode).toBe(200);
    expect(back.json()[0]).toMatchObject({
      status: 'Open',
      transportingOrganizationId: prairie,
      transportedByUserId: null,
      tractorId: null,
      trailerId: null,
      version: 3,
    });
    expect((await changeLogFor(load.id)).slice(-2).map((entry) => entry.organizationId)).toEqual(
      expect.arrayContaining([prairie, swift]),
    );
    // The feed rightly holds back while older transactions of the shared test cluster run: poll it.
    await expect
      .poll(async () => (await call('carrier', 'GET', `/api/sync/changes?since=${cursor}&limit=1000`)).json().changes, {
        timeout: 15_000,
      })
      .toContainEqual({ entity: 'order', id: load.id, op: 'delete' });
    expect(await loadById(load.id, 'carrier')).toBeUndefined();
  });

  it('keeps the owner’s driver when the relation lets the owner supply it (Assigned)', async () => {
    await setRelation({ loadDriver: 'Owning', loadTractor: 'Both', loadTrailer: 'Carrier' });
    const load = await createLoad({ transportedByUserId: hansen.id, tractorId: hansen.tractorId, trailerId: hansen.trailerId });
    const assignment = carrierAssignmentFor(load, await link());
    expect(assignment).toMatchObject({
      status: 'Assigned',
      transportedByUserId: hansen.id,
      tractorId: hansen.tractorId,
      trailerId: null,
    });
    const response = await call('dispatcher', 'POST', '/api/carriers/assign-loads', [assignment]);
    expect(response.statusCode).toBe(200);
    expect(response.json()[0]).toMatchObject({ status: 'Assigned', transportedByUserId: hansen.id, acceptedByUserId: null });
    // Clearing a resource the relation would keep is allowed (status follows the driver).
    const other = await createLoad({ transportedByUserId: hansen.id, tractorId: hansen.tractorId });
    const dropped = await call('dispatcher', 'POST', '/api/carriers/assign-loads', [
      { ...carrierAssignmentFor(other, await link()), transportedByUserId: null, status: 'Open' },
    ]);
    expect(dropped.json()[0]).toMatchObject({ status: 'Open', transportedByUserId: null, tractorId: hansen.tractorId });
    await setRelation(DEMO_RELATION);
  });

  it('refuses keeping a resource the relation does not keep, or a wrong status (422)', async () => {
    const load = await createLoad({ transportedByUserId: hansen.id, tractorId: hansen.tractorId, trailerId: hansen.trailerId });
    const permitted = carrierAssignmentFor(load, await link());
    const before = await fingerprint();
    const send = (body: Record<string, unknown>) =>
      call('dispatcher', 'POST', '/api/carriers/assign-loads', [{ ...permitted, ...body }]);
    await expectRefused(await send({ transportedByUserId: hansen.id, status: 'Assigned' }), before, 422, {
      rule: 'carrierResourceNotPermitted',
    });
    await expectRefused(await send({ tractorId: hansen.tractorId }), before, 422, { rule: 'carrierResourceNotPermitted' });
    // Kept trailer, but not the one on the load.
    await expectRefused(await send({ trailerId: jensen.trailerId }), before, 422, { rule: 'carrierResourceNotPermitted' });
    await expectRefused(await send({ status: 'Assigned' }), before, 422, { rule: 'carrierStatusMismatch' });
    // Unassigning keeps nothing.
    await expectRefused(await send({ ...carrierUnassignmentFor(load), trailerId: hansen.trailerId }), before, 422, {
      rule: 'carrierResourceNotPermitted',
    });
  });

  it('refuses an organization that is not an active carrier of the owner (400), and a Delivered load (422)', async () => {
    const load = await createLoad();
    const before = await fingerprint();
    const to = (transportingOrganizationId: number) => ({
      id: load.id,
      status: 'Open',
      transportedByUserId: null,
      tractorId: null,
      trailerId: null,
      transportingOrganizationId,
    });
    await expectRefused(await call('dispatcher', 'POST', '/api/carriers/assign-loads', [to(littleCreek)]), before, 400, {
      path: 'body.0.transportingOrganizationId',
    });
    await setRelation({ isActive: false });
    await expectRefused(await call('dispatcher', 'POST', '/api/carriers/assign-loads', [to(swift)]), await fingerprint(), 400, {
      path: 'body.0.transportingOrganizationId',
    });
    await setRelation(DEMO_RELATION);
    const delivered = await demoLoad('PF-24003');
    await expectRefused(
      await call('dispatcher', 'POST', '/api/carriers/assign-loads', [carrierUnassignmentFor(delivered)]),
      await fingerprint(),
      422,
      { rule: 'deliveredLoadLocked' },
    );
  });

  it('is forbidden to carriers (403) and answers 404 for other organizations’ loads', async () => {
    const carried = await demoLoad('PF-24026');
    const before = await fingerprint();
    await expectRefused(
      await call('carrier', 'POST', '/api/carriers/assign-loads', [carrierUnassignmentFor(carried)]),
      before,
      403,
    );
    await expectRefused(
      await call('sitemanager', 'POST', '/api/carriers/assign-loads', [carrierUnassignmentFor(carried)]),
      before,
      403,
    );
    const foreignId = await foreignLoadId();
    await expectRefused(
      await call('dispatcher', 'POST', '/api/carriers/assign-loads', [
        {
          id: foreignId,
          status: 'Open',
          transportedByUserId: null,
          tractorId: null,
          trailerId: null,
          transportingOrganizationId: swift,
        },
      ]),
      before,
      404,
    );
    await expectRefused(
      await call('dispatcher', 'POST', '/api/carriers/assign-loads', [
        { id: carried.id, status: 'Lost', transportingOrganizationId: swift },
      ]),
      before,
      400,
      { path: 'body.0.status' },
    );
  });
});

describe('PUT /api/orders/complete', () => {
  it('completes an In Transit load: Delivered, open stops completed, complete stops untouched', async () => {
    const created = await createLoad({
      stops: [
        {
          sequence: 1,
          type: 'Origin',
          organizationLocationId: millId,
          cargoTypeId: 2,
          weight: 1_000,
          arrivalTime: '2026-11-20T13:00:00.000Z',
        },
        {
          sequence: 2,
          type: 'Destination',
          organizationLocationId: farmId,
          cargoTypeId: 2,
          weight: 500,
          arrivalTime: '2026-11-20T15:00:00.000Z',
        },
        {
          sequence: 3,
          type: 'Destination',
          organizationLocationId: farmId,
          cargoTypeId: 2,
          weight: 300,
          arrivalTime: '2026-11-20T16:00:00.000Z',
        },
        { sequence: 4, type: 'Destination', organizationLocationId: farmId, cargoTypeId: 2, weight: 200 },
      ],
    });
    // The trip started: the origin was completed by the driver's device.
    await test.database.pool.query(`update orders set status = 'In Transit' where id = $1`, [created.id]);
    await test.database.pool.query(
      `update stops set status = 'Complete', completed_at = '2026-11-20T13:40:00Z', metadata = '{"method":"device"}' where id = $1`,
      [created.stops[0]?.id],
    );
    // Written behind the API's back, as trip tracking will: its served document is refreshed the same way.
    await refreshOrderDocuments(test.database.db, [created.id]);
    const load = (await loadById(created.id)) as Order;
    const [done, second, third, fourth] = load.stops;
    const started = Date.now();
    const response = await call('dispatcher', 'PUT', '/api/orders/complete', [
      {
        id: load.id,
        stops: [
          { id: second?.id, completedAt: '2026-11-20T15:25:00.000Z', metadata: { suppressDeliveryNotification: false } },
          // Sent for a stop already complete: its real completion stays.
          { id: done?.id, completedAt: '2026-11-21T19:00:00.000Z' },
        ],
      },
    ]);
    expect(response.statusCode).toBe(200);
    const [completed] = response.json() as Order[];
    expect(completed).toMatchObject({ id: load.id, status: 'Delivered', version: load.version + 1 });
    expect(completed?.stops[0]).toEqual(done);
    expect(completed?.stops[1]).toMatchObject({
      status: 'Complete',
      completedAt: '2026-11-20T15:25:00.000Z',
      metadata: { manuallyCompleted: true, suppressDeliveryNotification: false },
    });
    // Left out: the default time, notifications suppressed. Stop 3 arrived in the past: its arrival.
    expect(completed?.stops[2]).toMatchObject({
      id: third?.id,
      status: 'Complete',
      completedAt: '2026-11-20T16:00:00.000Z',
      metadata: { manuallyCompleted: true, suppressDeliveryNotification: true },
    });
    // Stop 4 has no arrival: now, seconds zeroed.
    const fourthAt = Date.parse(completed?.stops[3]?.completedAt as string);
    expect(completed?.stops[3]?.id).toBe(fourth?.id);
    expect(fourthAt % 60_000).toBe(0);
    expect(fourthAt).toBeGreaterThanOrEqual(Math.floor(started / 60_000) * 60_000);
    expect(fourthAt).toBeLessThanOrEqual(Date.now());
    const [stored] = await test.database.db
      .select()
      .from(stops)
      .where(eq(stops.id, second?.id as number));
    expect(stored).toMatchObject({ version: 2, status: 'Complete' });
    const [untouched] = await test.database.db
      .select()
      .from(stops)
      .where(eq(stops.id, done?.id as number));
    expect(untouched?.version).toBe(1);
    expect(untouched?.metadata).toEqual({ method: 'device' });
  });

  it('refuses a stop of another load (400) and a load already Delivered (422)', async () => {
    const a = await createLoad();
    const b = await createLoad();
    const before = await fingerprint();
    await expectRefused(
      await call('dispatcher', 'PUT', '/api/orders/complete', [
        { id: a.id, stops: [{ id: a.stops[0]?.id, completedAt: '2026-11-22T15:00:00.000Z' }] },
        { id: b.id, stops: [{ id: a.stops[1]?.id, completedAt: '2026-11-22T15:00:00.000Z' }] },
      ]),
      before,
      400,
      { path: 'body.1.stops.0.id' },
    );
    const delivered = await demoLoad('PF-24004');
    await expectRefused(
      await call('dispatcher', 'PUT', '/api/orders/complete', [
        { id: a.id, stops: [] },
        { id: delivered.id, stops: [] },
      ]),
      before,
      422,
      { rule: 'deliveredLoadLocked' },
    );
    await expectRefused(
      await call('dispatcher', 'PUT', '/api/orders/complete', [
        { id: a.id, stops: [{ id: a.stops[0]?.id, completedAt: 'yesterday' }] },
      ]),
      before,
      400,
      { path: 'body.0.stops.0.completedAt' },
    );
  });

  it('is forbidden to carriers and without CompleteOrder (403); other organizations’ loads are 404', async () => {
    const carried = await demoLoad('PF-24025');
    const before = await fingerprint();
    await expectRefused(await call('carrier', 'PUT', '/api/orders/complete', [{ id: carried.id, stops: [] }]), before, 403);
    await expectRefused(await call('sitemanager', 'PUT', '/api/orders/complete', [{ id: carried.id, stops: [] }]), before, 403);
    await expectRefused(
      await call('dispatcher', 'PUT', '/api/orders/complete', [{ id: await foreignLoadId(), stops: [] }]),
      before,
      404,
    );
  });
});

describe('GET /api/scheduling/resource-info', () => {
  it('answers each driver’s latest load and each trailer’s latest production plans', async () => {
    const { rows: latest } = await test.database.pool.query(
      `select id, date from orders where transported_by_user_id = $1 and not is_draft and status <> 'Merged'
       order by date desc, id desc limit 1`,
      [hansen.id],
    );
    const { rows: trailerLoads } = await test.database.pool.query(
      `select id from orders where trailer_id = $1 and not is_draft and status <> 'Merged' order by date desc, id desc limit 1`,
      [hansen.trailerId],
    );
    const trailerLoad = trailerLoads[0].id as number;
    const { rows: trailerStops } = await test.database.pool.query('select id from stops where order_id = $1 order by sequence', [
      trailerLoad,
    ]);
    await test.database.pool.query(`update stops set production_plan = 'PP-0412' where id = $1`, [trailerStops[0].id]);
    await test.database.pool.query(`update stops set production_plan = 'PP-0413' where id = $1`, [trailerStops[1].id]);

    const response = await call(
      'dispatcher',
      'GET',
      `/api/scheduling/resource-info?driverIds=${hansen.id},${garcia.id}&trailerIds=${hansen.trailerId}`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      // Garcia drives for the carrier: not the dispatcher's driver, so no entry.
      driverTimestamps: [{ driverId: hansen.id, orderId: latest[0].id, timestamp: latest[0].date.toISOString() }],
      latestTrailerProductionPlan: [
        { trailerId: hansen.trailerId, orderId: trailerLoad, productionPlans: ['PP-0412', 'PP-0413'] },
      ],
    });
    const empty = await call('dispatcher', 'GET', '/api/scheduling/resource-info');
    expect(empty.json()).toEqual({ driverTimestamps: [], latestTrailerProductionPlan: [] });
  });

  it('refuses a bad id list (400) and anonymous callers (401)', async () => {
    const bad = await call('dispatcher', 'GET', '/api/scheduling/resource-info?driverIds=1,two');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.issues[0].path).toBe('querystring.driverIds');
    expect((await call(null, 'GET', '/api/scheduling/resource-info?driverIds=1')).statusCode).toBe(401);
  });
});

describe('GET /api/orders/:id/tripevents', () => {
  it('answers a delivered load’s events in time order, and from a start date', async () => {
    const load = await demoLoad('PF-24001');
    const response = await call('dispatcher', 'GET', `/api/orders/${load.id}/tripevents`);
    expect(response.statusCode).toBe(200);
    const events = response.json() as { type: string; timestamp: string; accuracy: number; stopId: number | null }[];
    expect(events.length).toBeGreaterThanOrEqual(8);
    expect(events.map((event) => event.timestamp)).toEqual([...events.map((event) => event.timestamp)].sort());
    expect(events.slice(0, 4).map((event) => event.type)).toEqual(['StopStarted', 'SiteArrived', 'TaskCompleted', 'SiteLeft']);
    expect(events.every((event) => load.stops.some((stop) => stop.id === event.stopId))).toBe(true);

    const from = events[4]?.timestamp as string;
    const later = await call('dispatcher', 'GET', `/api/orders/${load.id}/tripevents?startDate=${encodeURIComponent(from)}`);
    expect(later.json()).toEqual(events.filter((event) => event.timestamp >= from));
  });

  it('seeds events for the Delivered and In Transit demo loads: a resumed trip, one reading with accuracy 0', async () => {
    const { rows } = await test.database.pool.query(
      `select count(distinct o.id)::int as loads, count(*) filter (where e.type = 'TripResumed')::int as resumed
         , count(*) filter (where e.accuracy = 0)::int as unreliable
       from orders o join trip_events e on e.order_id = o.id where o.status in ('Delivered', 'In Transit')`,
    );
    expect(rows[0].loads).toBeGreaterThanOrEqual(10);
    expect(rows[0].resumed).toBe(1);
    expect(rows[0].unreliable).toBe(1);
  });

  it('answers 404 for loads the organization does not see, and 400 for a bad range', async () => {
    const load = await demoLoad('PF-24002');
    expect((await call('carrier', 'GET', `/api/orders/${load.id}/tripevents`)).statusCode).toBe(404);
    expect((await call('freemium', 'GET', `/api/orders/${load.id}/tripevents`)).statusCode).toBe(404);
    const bad = await call('dispatcher', 'GET', `/api/orders/${load.id}/tripevents?startDate=monday`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.issues[0].path).toBe('querystring.startDate');
    const [event] = await test.database.db.select().from(tripEvents).where(eq(tripEvents.orderId, load.id)).limit(1);
    expect(event).toBeDefined();
  });
});

describe('PUT /api/orders/:id rules', () => {
  const body = (load: Order, changes: Record<string, unknown> = {}) => ({
    date: load.date,
    isDraft: load.isDraft,
    transportedByUserId: load.transportedByUserId,
    tractorId: load.tractorId,
    trailerId: load.trailerId,
    washOption: load.washOption,
    metadata: load.metadata,
    version: load.version,
    stops: load.stops,
    ...changes,
  });
  const withStop = (load: Order, index: number, changes: Record<string, unknown>) =>
    load.stops.map((stop, position) => (position === index ? { ...stop, ...changes } : stop));

  it('locks a completed stop (422 completedStopLocked) but not the others', async () => {
    const load = await demoLoad('PF-24009');
    const before = await fingerprint();
    for (const change of [
      { notes: 'changed' },
      { weight: 1_000 },
      { arrivalTime: '2026-11-22T06:00:00.000Z' },
      { sequence: 9 },
    ]) {
      await expectRefused(
        await call('dispatcher', 'PUT', `/api/orders/${load.id}`, body(load, { stops: withStop(load, 0, change) })),
        before,
        422,
        { rule: 'completedStopLocked' },
      );
    }
    // The same instant written without milliseconds is no change; other stops stay editable.
    const sameInstant = String(load.stops[0]?.arrivalTime).replace('.000Z', 'Z');
    const stopsSent = load.stops.map((stop, index) =>
      index === 0 ? { ...stop, arrivalTime: sameInstant } : index === 1 ? { ...stop, notes: 'call ahead' } : stop,
    );
    const ok = await call('dispatcher', 'PUT', `/api/orders/${load.id}`, body(load, { stops: stopsSent }));
    expect(ok.statusCode).toBe(200);
    expect(ok.json().stops[1].notes).toBe('call ahead');
    expect(ok.json().stops[0]).toEqual(load.stops[0]);
  });

  it('lets the carrier change only the resources it may choose (422 for stops and other fields)', async () => {
    const carried = await demoLoad('PF-24026');
    const asCarrier = (await loadById(carried.id, 'carrier')) as Order;
    const before = await fingerprint();
    const put = (changes: Record<string, unknown>) =>
      call('carrier', 'PUT', `/api/orders/${carried.id}`, body(asCarrier, changes));
    await expectRefused(await put({ stops: withStop(asCarrier, 1, { notes: 'carrier note' }) }), before, 422, {
      rule: 'carrierStopsLocked',
    });
    await expectRefused(await put({ stops: asCarrier.stops.slice(0, 1) }), before, 422, { rule: 'carrierStopsLocked' });
    await expectRefused(await put({ washOption: 'Full wash' }), before, 422, { rule: 'carrierStopsLocked' });
    await expectRefused(await put({ transportedByUserId: hansen.id }), before, 400, { path: 'body.transportedByUserId' });
    const ok = await put({ transportedByUserId: garcia.id, tractorId: garcia.tractorId });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'Assigned', transportedByUserId: garcia.id, tractorId: garcia.tractorId });

    // The owner may not replace what the carrier supplies (driver: Carrier), nor edit with a stale version.
    const owned = (await loadById(carried.id)) as Order;
    const ownerBefore = await fingerprint();
    await expectRefused(
      await call('dispatcher', 'PUT', `/api/orders/${carried.id}`, body(owned, { transportedByUserId: hansen.id })),
      ownerBefore,
      422,
      { rule: 'carrierResourceNotPermitted' },
    );
    // The owner still edits its stops, keeping the carrier's driver as it is.
    const edited = await call(
      'dispatcher',
      'PUT',
      `/api/orders/${carried.id}`,
      body(owned, { stops: withStop(owned, 1, { notes: 'gate 3' }) }),
    );
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ transportedByUserId: garcia.id, transportingOrganizationId: swift });
  });

  it('validates weights and quantities (400 naming the field), writing nothing', async () => {
    const load = await createLoad();
    const before = await fingerprint();
    const put = (index: number, changes: Record<string, unknown>) =>
      call('dispatcher', 'PUT', `/api/orders/${load.id}`, body(load, { stops: withStop(load, index, changes) }));
    await expectRefused(await put(0, { weight: -5 }), before, 400, { path: 'body.stops.0.weight' });
    await expectRefused(await put(1, { weight: 12.5 }), before, 400, { path: 'body.stops.1.weight' });
    await expectRefused(await put(1, { quantity: 20_000_000 }), before, 400, { path: 'body.stops.1.quantity' });
    await expectRefused(await put(0, { quantity: 'ten' }), before, 400, { path: 'body.stops.0.quantity' });
  });

  it('keeps carriers from creating loads (403)', async () => {
    const before = await fingerprint();
    await expectRefused(
      await call('carrier', 'POST', '/api/orders', {
        date: '2026-12-01T12:00:00.000Z',
        stops: [{ sequence: 1, type: 'Origin', organizationLocationId: null, cargoTypeId: null }],
      }),
      before,
      403,
    );
  });
});

async function feedCursor(username: Username) {
  let cursor: string | undefined;
  for (;;) {
    const response = await call(username, 'GET', `/api/sync/changes?limit=1000${cursor ? `&since=${cursor}` : ''}`);
    const page = response.json() as { cursor: string; hasMore: boolean };
    cursor = page.cursor;
    if (!page.hasMore) return cursor;
  }
}

describe('OpenAPI', () => {
  it('documents the load action routes', async () => {
    const response = await call(null, 'GET', '/api/docs');
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    for (const path of [
      '/orders',
      '/drivers/assign-orders',
      '/carriers/assign-loads',
      '/orders/complete',
      '/scheduling/resource-info',
      '/orders/{id}/tripevents',
    ]) {
      expect(paths).toContain(path);
    }
  });
});

describe('carrier relations in the change feed', () => {
  it('reach the owner’s mirror with what the carrier panel needs', async () => {
    const { changes } = (await call('dispatcher', 'GET', '/api/sync/changes?limit=1000')).json() as {
      changes: { entity: string; row?: unknown }[];
    };
    const rows = changes.filter((change) => change.entity === 'carrier').map((change) => carrierLinkSchema.parse(change.row));
    expect(rows).toEqual([
      expect.objectContaining({ carrierOrganizationId: swift, name: 'Swift Haul Carriers', ...DEMO_RELATION }),
    ]);
  });
});
