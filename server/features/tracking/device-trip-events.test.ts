import { and, asc, desc, eq, gt, inArray, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Order } from '#core/contract/orders';
import type { CreatedServiceAccount } from '#core/contract/service-accounts';
import { changeLog, devices, locations, orders, stops, subLocations, trailers, tripEvents, users } from '#server/db/schema';
import { seededDriver, seededOrganizationIds } from '#test/server/seeded';
import { createTestApp, signInAs, type TestApp } from '#test/server/test-app';
import { CHANGE_CHECK_MS } from './live-tracking.ts';

let test: TestApp;
let app: FastifyInstance;
let admin: string;
let hansenCookie: string;
let gateway: CreatedServiceAccount;
let positionsOnly: CreatedServiceAccount;
let hansenId: number;
let prairie: number;
let origin: number;
let destination: number;
let bay: number;
let otherBay: number;
let foreignStopId: number;

const SITE_A = { latitude: 41.7, longitude: -95.9 };
const SITE_B = { latitude: 41.7, longitude: -95.78 };
const circle = (centre: typeof SITE_A, radius = 200) => ({ ...centre, radius, bbox: null });
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const bearer = (account: CreatedServiceAccount) => ({ authorization: `Bearer ${account.secret}` });

async function report(events: object[], headers: Record<string, string> = bearer(gateway)) {
  return app.inject({ method: 'POST', url: '/api/devices/tripevents', headers, payload: events });
}

async function newLoad(trailerId: number | null = null, originSubLocationIds: number[] = []): Promise<Order> {
  const created = await app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { cookie: admin },
    payload: {
      date: new Date().toISOString(),
      transportedByUserId: hansenId,
      trailerId,
      stops: [
        {
          sequence: 1,
          type: 'Origin',
          organizationLocationId: origin,
          organizationSubLocationIds: originSubLocationIds,
          cargoTypeId: 2,
          weight: 9_071_847,
        },
        { sequence: 2, type: 'Destination', organizationLocationId: destination, cargoTypeId: 2, weight: 9_071_847 },
      ],
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json() as Order;
}

async function stateOf(orderId: number) {
  const db = test.database.db;
  const [load] = await db.select().from(orders).where(eq(orders.id, orderId));
  const stopRows = await db.select().from(stops).where(eq(stops.orderId, orderId)).orderBy(asc(stops.sequence));
  const events = await db
    .select()
    .from(tripEvents)
    .where(eq(tripEvents.orderId, orderId))
    .orderBy(asc(tripEvents.timestamp), asc(tripEvents.id));
  return { status: load?.status, stops: stopRows.map((stop) => stop.status), stopRows, events };
}

/** Hansen's loads of today other than `keep` are delivered: his phone's current load is the one under test. */
async function onlyLoadOfHansen(keep: number) {
  const db = test.database.db;
  const others = and(
    eq(orders.transportedByUserId, hansenId),
    inArray(orders.status, ['Open', 'Assigned', 'In Transit']),
    ne(orders.id, keep),
  );
  await db.update(orders).set({ status: 'Delivered' }).where(others);
}

beforeAll(async () => {
  test = await createTestApp();
  app = test.app;
  admin = await signInAs(app, 'admin');
  hansenCookie = await signInAs(app, 'driver.hansen');
  const db = test.database.db;
  const organizationId = await seededOrganizationIds(db);
  prairie = organizationId('Prairie Feed Co.');
  hansenId = (await seededDriver(db, 'driver.hansen')).id;
  const [template] = await db.select().from(locations).where(eq(locations.organizationId, prairie)).limit(1);
  const { id: _id, version: _version, updatedAt: _updatedAt, ...site } = template as typeof locations.$inferSelect;
  const sites = await db
    .insert(locations)
    .values([
      { ...site, name: 'Reported origin', geofence: circle(SITE_A) },
      { ...site, name: 'Reported destination', geofence: circle(SITE_B) },
    ])
    .returning({ id: locations.id });
  origin = sites[0]?.id as number;
  destination = sites[1]?.id as number;
  const bins = await db
    .insert(subLocations)
    .values([
      { locationId: origin, organizationId: prairie, name: 'Bin 4', geofence: circle(SITE_A, 40) },
      { locationId: origin, organizationId: prairie, name: 'Bin 5', geofence: circle({ ...SITE_A, latitude: 41.7015 }, 30) },
    ])
    .returning({ id: subLocations.id });
  bay = bins[0]?.id as number;
  otherBay = bins[1]?.id as number;
  for (const [clientId, kind] of [
    ['reporting-phone', 'phone'],
    ['reporting-trailer', 'trailer'],
    // On no trailer, so on no load.
    ['reporting-idle-trailer', 'trailer'],
  ] as const) {
    const device = await app.inject({
      method: 'POST',
      url: `/api/organizations/${prairie}/devices`,
      headers: { cookie: admin },
      payload: { clientId, name: clientId, kind, ...(kind === 'phone' ? { driverUserId: hansenId } : {}) },
    });
    expect(device.statusCode, device.body).toBe(201);
  }
  const accounts = [];
  for (const scopes of [['trip-events:write'], ['positions:write']]) {
    const account = await app.inject({
      method: 'POST',
      url: `/api/organizations/${prairie}/service-users`,
      headers: { cookie: admin },
      payload: { name: `Events gateway ${scopes[0]}`, scopes },
    });
    expect(account.statusCode, account.body).toBe(201);
    accounts.push(account.json() as CreatedServiceAccount);
  }
  [gateway, positionsOnly] = accounts as [CreatedServiceAccount, CreatedServiceAccount];
  // Another organization's phone and a stop of one of its loads.
  const [carrier] = await db.select().from(users).where(eq(users.username, 'carrier'));
  await db.insert(devices).values({
    organizationId: carrier?.organizationId as number,
    clientId: 'reporting-swift-phone',
    name: 'Swift phone',
    kind: 'phone',
    driverUserId: carrier?.id as number,
  });
  const [foreignStop] = await db
    .select({ id: stops.id })
    .from(stops)
    .innerJoin(orders, eq(orders.id, stops.orderId))
    .where(eq(orders.organizationId, organizationId('Little Creek Farms')))
    .limit(1);
  foreignStopId = foreignStop?.id as number;
});
afterAll(() => test.close());

describe('POST /api/devices/tripevents', () => {
  it('moves the stops as a geofence would: an overridden arrival makes the stop Arrived, a completed task Complete, the load In Transit then Delivered, through the change log and the socket', async () => {
    const load = await newLoad();
    await onlyLoadOfHansen(load.id);
    const [first, second] = load.stops;
    const stopChanges = vi.spyOn(test.context.realtime, 'publishStopChange');
    const orderChanges = vi.spyOn(test.context.realtime, 'publishOrderChange');
    const [head] = await test.database.db.select({ seq: changeLog.seq }).from(changeLog).orderBy(desc(changeLog.seq)).limit(1);

    // "I am here" at the origin, from the driver's own session: no stop named, the stop due next.
    const arrived = await report(
      [
        {
          clientId: 'reporting-phone',
          type: 'ArrivalOverridden',
          timestamp: minutesAgo(30),
          latitude: 41.7,
          longitude: -95.9,
          accuracy: 12,
        },
      ],
      { cookie: hansenCookie },
    );
    expect(arrived.statusCode, arrived.body).toBe(200);
    expect(arrived.json()).toEqual({ stored: 1, alreadyStored: 0, withoutLoad: 0 });
    let now = await stateOf(load.id);
    expect([now.status, now.stops]).toEqual(['In Transit', ['Arrived', 'Not Started']]);
    expect(stopChanges).toHaveBeenCalledWith(expect.arrayContaining([load.organizationId]), {
      orderId: load.id,
      stopId: first?.id,
      changedByUserId: hansenId,
    });
    expect(orderChanges).toHaveBeenCalledWith(
      expect.arrayContaining([load.organizationId]),
      expect.objectContaining({ id: load.id }),
    );
    const logged = await test.database.db
      .select({ seq: changeLog.seq })
      .from(changeLog)
      .where(and(eq(changeLog.entity, 'order'), eq(changeLog.entityId, load.id), gt(changeLog.seq, head?.seq ?? 0)));
    expect(logged.length).toBeGreaterThanOrEqual(1);

    // The task done at the origin, sent twice (the answer was lost): stored once, the destination started.
    const done = { clientId: 'reporting-phone', type: 'TaskCompleted', timestamp: minutesAgo(20), comment: 'Loaded 20 t' };
    expect((await report([done])).json()).toEqual({ stored: 1, alreadyStored: 0, withoutLoad: 0 });
    expect((await report([done, done])).json()).toEqual({ stored: 0, alreadyStored: 2, withoutLoad: 0 });
    now = await stateOf(load.id);
    expect([now.status, now.stops]).toEqual(['In Transit', ['Complete', 'Enroute']]);
    expect(now.stopRows[0]?.completedAt?.toISOString()).toBe(done.timestamp);

    // The destination's task done where the geofence saw no arrival, naming its stop: delivered.
    const last = await report([
      { clientId: 'reporting-phone', type: 'TaskCompleted', timestamp: minutesAgo(5), stopId: second?.id },
    ]);
    expect(last.statusCode, last.body).toBe(200);
    now = await stateOf(load.id);
    expect([now.status, now.stops]).toEqual(['Delivered', ['Complete', 'Complete']]);
    expect(now.events.map((event) => [event.type, event.stopId, event.metadata])).toEqual([
      // Each reported event first, then the stop it started (at the same time).
      ['ArrivalOverridden', first?.id, {}],
      ['StopStarted', first?.id, {}],
      ['TaskCompleted', first?.id, { comment: 'Loaded 20 t', method: 'device' }],
      ['StopStarted', second?.id, {}],
      ['TaskCompleted', second?.id, { method: 'device' }],
    ]);
    expect(now.events.filter((event) => event.type === 'TaskCompleted').every((event) => event.userId === hansenId)).toBe(true);
    expect(stopChanges).toHaveBeenCalledWith(expect.anything(), {
      orderId: load.id,
      stopId: second?.id,
      changedByUserId: hansenId,
    });
  });

  it("completes a stop out of sequence only as the company's settings allow (not by default), and keeps the event", async () => {
    const load = await newLoad();
    await onlyLoadOfHansen(load.id);
    const answer = await report([
      { clientId: 'reporting-phone', type: 'TaskCompleted', timestamp: minutesAgo(3), stopId: load.stops[1]?.id },
    ]);
    expect(answer.json()).toEqual({ stored: 1, alreadyStored: 0, withoutLoad: 0 });
    const now = await stateOf(load.id);
    expect([now.status, now.stops]).toEqual(['Assigned', ['Not Started', 'Not Started']]);
    expect(now.events.map((event) => event.type)).toEqual(['TaskCompleted']);
  });

  it('records an auger switched on with the sub-location it was in, whether its stop names that one, and the stop of that site, changing no progress', async () => {
    const db = test.database.db;
    // The trailer device sits on the load's trailer.
    const [trailer] = await db.select().from(trailers).where(eq(trailers.organizationId, prairie)).limit(1);
    const [device] = await db.select().from(devices).where(eq(devices.clientId, 'reporting-trailer'));
    await db
      .update(trailers)
      .set({ deviceId: device?.id as number })
      .where(eq(trailers.id, trailer?.id as number));
    await db
      .update(orders)
      .set({ status: 'Delivered' })
      .where(and(eq(orders.trailerId, trailer?.id as number), inArray(orders.status, ['Assigned', 'In Transit'])));
    // The origin stop is to be loaded at Bin 5; the auger runs at Bin 4.
    const load = await newLoad(trailer?.id as number, [otherBay]);
    await onlyLoadOfHansen(load.id);
    // Live tracking reads which load a device is on again once the change log shows a load changed, at most once a second.
    await new Promise((resolve) => setTimeout(resolve, CHANGE_CHECK_MS + 100));
    const answer = await report([
      {
        clientId: 'reporting-trailer',
        type: 'AugerOn',
        timestamp: minutesAgo(2),
        latitude: 41.70005,
        longitude: -95.9,
        accuracy: 5,
      },
      // On the road, in no site: still recorded on the load, on no stop.
      {
        clientId: 'reporting-trailer',
        type: 'AugerOn',
        timestamp: minutesAgo(1),
        latitude: 41.7,
        longitude: -95.84,
        accuracy: 5,
      },
    ]);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ stored: 2, alreadyStored: 0, withoutLoad: 0 });
    const now = await stateOf(load.id);
    expect(now.stops).toEqual(['Not Started', 'Not Started']);
    expect(now.events.map((event) => [event.type, event.stopId, event.locationId, event.userId, event.metadata])).toEqual([
      ['AugerOn', load.stops[0]?.id, origin, null, { subLocationId: bay, subLocationExpected: false }],
      ['AugerOn', null, null, null, {}],
    ]);
  });

  it('keeps nothing for a Freemium company, which gets no live load data', async () => {
    const db = test.database.db;
    const littleCreek = (await seededOrganizationIds(db))('Little Creek Farms');
    const [owner] = await db.select().from(users).where(eq(users.username, 'freemium'));
    const [open] = await db
      .select()
      .from(orders)
      .where(and(eq(orders.organizationId, littleCreek), eq(orders.status, 'Open')))
      .limit(1);
    if (!owner || !open) throw new Error('no Freemium user or open load');
    await db
      .update(orders)
      .set({ status: 'Assigned', date: new Date(), transportedByUserId: owner.id })
      .where(eq(orders.id, open.id));
    await db.insert(devices).values({
      organizationId: littleCreek,
      clientId: 'reporting-freemium-phone',
      name: 'Jenny phone',
      kind: 'phone',
      driverUserId: owner.id,
    });
    const answer = await report([{ clientId: 'reporting-freemium-phone', type: 'ArrivalOverridden', timestamp: minutesAgo(1) }], {
      cookie: await signInAs(app, 'freemium'),
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ stored: 0, alreadyStored: 0, withoutLoad: 1 });
    const now = await stateOf(open.id);
    expect([now.status, now.events]).toEqual(['Assigned', []]);
  });

  it('answers 200 without storing for a device on no load', async () => {
    const answer = await report([{ clientId: 'reporting-idle-trailer', type: 'ArrivalOverridden', timestamp: minutesAgo(1) }]);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ stored: 0, alreadyStored: 0, withoutLoad: 1 });
  });

  it("refuses callers without the scope, another organization's device or stop (404) and bad input (400), storing nothing", async () => {
    const load = await newLoad();
    await onlyLoadOfHansen(load.id);
    const event = { clientId: 'reporting-phone', type: 'ArrivalOverridden', timestamp: minutesAgo(1) };
    expect((await report([event], {})).statusCode).toBe(401);
    expect((await report([event], bearer(positionsOnly))).statusCode).toBe(403);
    // A dispatcher's session may report no phone but their own.
    expect((await report([event], { cookie: await signInAs(app, 'dispatcher') })).statusCode).toBe(404);
    expect((await report([{ ...event, clientId: 'reporting-swift-phone' }])).statusCode).toBe(404);
    expect((await report([{ ...event, clientId: 'reporting-unknown' }])).statusCode).toBe(404);
    expect((await report([{ ...event, stopId: foreignStopId }])).statusCode).toBe(404);
    for (const bad of [
      [],
      [{ ...event, type: 'SiteArrived' }],
      [{ ...event, latitude: 41.7 }],
      [{ ...event, latitude: 91, longitude: 0 }],
      [{ ...event, timestamp: new Date(Date.now() + 3_600_000).toISOString() }],
      [{ ...event, stopId: 0 }],
    ]) {
      const answer = await report(bad);
      expect(answer.statusCode, JSON.stringify(bad)).toBe(400);
    }
    const now = await stateOf(load.id);
    expect([now.status, now.events]).toEqual(['Assigned', []]);
  });

  it('is documented in /api/docs with its scope and the types a device may report', async () => {
    const docs = (await app.inject({ method: 'GET', url: '/api/docs' })).json();
    const route = docs.paths['/devices/tripevents'].post;
    expect(route.security).toEqual([{ session: [] }, { serviceAccount: ['trip-events:write'] }]);
    expect(route.description).toContain('kept once');
    expect(JSON.stringify(route.requestBody)).toContain('ArrivalOverridden');
  });
});
