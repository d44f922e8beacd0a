import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Order } from '#core/contract/orders';
import type { CreatedServiceAccount } from '#core/contract/service-accounts';
import { changeLog, devices, locations, orders, stops, subLocations, tripEvents, users } from '#server/db/schema';
import { avoidanceZones } from '#server/features/avoidance-zones/avoidance-zones.schema';
import type { StoredFix } from '#server/features/device-positions/device-positions.service';
import { silentRealtime } from '#server/plugins/realtime';
import { seededDriver, seededOrganizationIds } from '#test/server/seeded';
import { createTestApp, signInAs, type TestApp } from '#test/server/test-app';
import { checkpointIntervalMs, createLiveTracking, STATE_CHECKPOINT_MS } from './live-tracking.ts';
import { deviceTrackingStates } from './tracking.schema.ts';

let test: TestApp;
let app: FastifyInstance;
let admin: string;
let carrierCookie: string;
let gateway: CreatedServiceAccount;
let hansenId: number;
let origin: number;
let destination: number;

const METERS_PER_DEGREE = 111_195;
const SITE_A = { latitude: 41.5, longitude: -95.5 };
const SITE_B = { latitude: 41.5, longitude: -95.38 };
const circle = (centre: { latitude: number; longitude: number }) => ({ ...centre, radius: 200, bbox: null });
/** A fix `east` metres east of a site, `minutesAgo` minutes ago. */
const fixNear = (clientId: string, site: typeof SITE_A, east: number, minutesAgo: number, speed = 0) => ({
  clientId,
  latitude: site.latitude,
  longitude: site.longitude + east / (METERS_PER_DEGREE * Math.cos((site.latitude * Math.PI) / 180)),
  heading: 90,
  speed,
  accuracy: 8,
  timestamp: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
});

/** A phone's fix near the origin as the ingest hands it to live tracking (see `fixNear`). */
function storedFixNear(deviceId: number, organizationId: number, east: number, minutesAgo: number, speed = 0): StoredFix {
  const { latitude, longitude, timestamp } = fixNear('stored', SITE_A, east, minutesAgo, speed);
  return {
    deviceId,
    deviceKind: 'phone',
    organizationId,
    latitude,
    longitude,
    speed,
    accuracy: 8,
    recordedAt: new Date(timestamp),
    inHistory: true,
  };
}

/** Posts fixes and waits for live tracking, which derives from them after the answer. */
async function post(fixes: object[], headers: Record<string, string> = { authorization: `Bearer ${gateway.secret}` }) {
  const answer = await app.inject({ method: 'POST', url: '/api/devices/positions', headers, payload: fixes });
  await test.context.positions.settled();
  return answer;
}

async function loadOf(id: number): Promise<Order> {
  // The week list, as the loads table reads it (the served documents the change log refreshes).
  const range = new URLSearchParams({
    startDate: new Date(Date.now() - 86_400_000).toISOString(),
    endDate: new Date(Date.now() + 86_400_000).toISOString(),
  });
  const answer = await app.inject({ method: 'GET', url: `/api/self/orders?${range}`, headers: { cookie: admin } });
  expect(answer.statusCode, answer.body).toBe(200);
  const found = (answer.json() as Order[]).find((order) => order.id === id);
  if (!found) throw new Error(`load ${id} not in the list`);
  return found;
}

beforeAll(async () => {
  test = await createTestApp();
  app = test.app;
  admin = await signInAs(app, 'admin');
  carrierCookie = await signInAs(app, 'carrier');
  const organizationId = await seededOrganizationIds(test.database.db);
  const prairie = organizationId('Prairie Feed Co.');
  hansenId = (await seededDriver(test.database.db, 'driver.hansen')).id;
  const db = test.database.db;
  // Hansen's demo loads would be the ones his phone is on: this test's load is his only one today.
  await db
    .update(orders)
    .set({ status: 'Delivered' })
    .where(and(eq(orders.transportedByUserId, hansenId), inArray(orders.status, ['Assigned', 'In Transit'])));
  const [template] = await db.select().from(locations).where(eq(locations.organizationId, prairie)).limit(1);
  const { id: _id, version: _version, updatedAt: _updatedAt, ...site } = template as typeof locations.$inferSelect;
  const sites = await db
    .insert(locations)
    .values([
      { ...site, name: 'Tracking origin', geofence: circle(SITE_A) },
      { ...site, name: 'Tracking destination', geofence: circle(SITE_B) },
    ])
    .returning({ id: locations.id });
  // An active zone on the road between the two sites: driving through it is recorded.
  await db.insert(avoidanceZones).values({
    organizationId: prairie,
    name: 'Tracking low bridge',
    geoLocation: { latitude: 41.5, longitude: -95.44, radius: 300, bbox: null },
  });
  origin = sites[0]?.id as number;
  // The origin's loading bay, a sub-location fence inside the site's.
  await db.insert(subLocations).values({
    locationId: origin,
    organizationId: prairie,
    name: 'Bay 1',
    geofence: { ...SITE_A, radius: 60, bbox: null },
  });
  destination = sites[1]?.id as number;
  const phone = await app.inject({
    method: 'POST',
    url: `/api/organizations/${prairie}/devices`,
    headers: { cookie: admin },
    payload: { clientId: 'tracking-phone', name: 'Hansen tracking phone', kind: 'phone', driverUserId: hansenId },
  });
  expect(phone.statusCode, phone.body).toBe(201);
  const account = await app.inject({
    method: 'POST',
    url: `/api/organizations/${prairie}/service-users`,
    headers: { cookie: admin },
    payload: { name: 'Tracking gateway', scopes: ['positions:write'] },
  });
  expect(account.statusCode, account.body).toBe(201);
  gateway = account.json() as CreatedServiceAccount;
  // Another organization's phone (Swift Haul's carrier dispatcher), stored directly like device-positions.test does.
  const [carrier] = await db.select().from(users).where(eq(users.username, 'carrier'));
  await db.insert(devices).values({
    organizationId: carrier?.organizationId as number,
    clientId: 'tracking-swift-phone',
    name: 'Swift phone',
    kind: 'phone',
    driverUserId: carrier?.id as number,
  });
});
afterAll(() => test.close());

describe('live tracking derives stop progress from positions', () => {
  it('arrives and completes the stops from geofence visits, records the sub-location and the zone driven through, moves the load to In Transit then Delivered, and announces each change', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { cookie: admin },
      payload: {
        date: new Date().toISOString(),
        transportedByUserId: hansenId,
        stops: [
          { sequence: 1, type: 'Origin', organizationLocationId: origin, cargoTypeId: 2, weight: 9_071_847 },
          { sequence: 2, type: 'Destination', organizationLocationId: destination, cargoTypeId: 2, weight: 9_071_847 },
        ],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const load = created.json() as Order;
    expect(load.status).toBe('Assigned');
    const [originStop, destinationStop] = load.stops;
    const stopChanges = vi.spyOn(test.context.realtime, 'publishStopChange');
    const orderChanges = vi.spyOn(test.context.realtime, 'publishOrderChange');
    const [before] = await test.database.db.select({ seq: changeLog.seq }).from(changeLog).orderBy(desc(changeLog.seq)).limit(1);

    // Driving in from 3 km west, then two fixes inside the origin's fence five minutes apart.
    const arriving = await post([
      fixNear('tracking-phone', SITE_A, -3000, 62, 20),
      fixNear('tracking-phone', SITE_A, 20, 59),
      fixNear('tracking-phone', SITE_A, 30, 54),
    ]);
    expect(arriving.statusCode, arriving.body).toBe(200);
    let now = await loadOf(load.id);
    expect(now.status).toBe('In Transit');
    expect(now.stops.map((stop) => stop.status)).toEqual(['Arrived', 'Not Started']);
    expect(stopChanges).toHaveBeenCalledWith(expect.arrayContaining([load.organizationId]), {
      orderId: load.id,
      stopId: originStop?.id,
      changedByUserId: null,
    });

    // Another organization's phone inside the destination's fence changes nothing of this load.
    const swift = await post([fixNear('tracking-swift-phone', SITE_B, 0, 53), fixNear('tracking-swift-phone', SITE_B, 10, 48)], {
      cookie: carrierCookie,
    });
    expect(swift.statusCode, swift.body).toBe(200);

    // Off to the destination (origin complete, destination Enroute with an expected arrival), in, and away.
    await post([fixNear('tracking-phone', SITE_A, 3000, 48, 20)]);
    now = await loadOf(load.id);
    expect(now.stops.map((stop) => stop.status)).toEqual(['Complete', 'Enroute']);
    expect(now.stops[1]?.estimatedArrivalAt).toMatch(/:00\.000Z$/);
    await post([fixNear('tracking-phone', SITE_B, -10, 42), fixNear('tracking-phone', SITE_B, 0, 37)]);
    await post([fixNear('tracking-phone', SITE_B, 3000, 30, 20)]);
    now = await loadOf(load.id);
    expect(now.status).toBe('Delivered');
    expect(now.stops.map((stop) => stop.status)).toEqual(['Complete', 'Complete']);
    expect(now.stops[1]?.estimatedArrivalAt).toBeNull();
    // Arrival is interpolated along the way in (3 km at 20 m/s), before the first fix inside.
    const events = await test.database.db
      .select()
      .from(tripEvents)
      .where(eq(tripEvents.orderId, load.id))
      .orderBy(asc(tripEvents.timestamp), asc(tripEvents.id));
    // Each stop started where it went Enroute: the origin with the first moving fix, the destination on leaving the origin.
    expect(events.map((event) => [event.type, event.stopId])).toEqual([
      ['StopStarted', originStop?.id],
      ['SiteArrived', originStop?.id],
      ['SubLocationArrived', null],
      ['SubLocationLeft', null],
      ['SiteLeft', originStop?.id],
      ['StopStarted', destinationStop?.id],
      ['AvoidanceZoneEntered', null],
      ['SiteArrived', destinationStop?.id],
      ['SiteLeft', destinationStop?.id],
    ]);
    expect(events[0]?.timestamp.getTime()).toBeLessThan(events[1]?.timestamp.getTime() as number);
    expect(events[0]?.timestamp.getTime()).toBeGreaterThan(Date.now() - 63 * 60_000);
    expect(events[1]?.timestamp.getTime()).toBeLessThan(Date.now() - 59 * 60_000);
    expect(events[1]?.timestamp.getTime()).toBeGreaterThan(Date.now() - 62 * 60_000);
    expect(events[5]?.timestamp).toEqual(events[4]?.timestamp);

    const logged = await test.database.db
      .select({ seq: changeLog.seq })
      .from(changeLog)
      .where(and(eq(changeLog.entity, 'order'), eq(changeLog.entityId, load.id)));
    expect(logged.filter((row) => row.seq > (before?.seq ?? 0)).length).toBeGreaterThanOrEqual(4);
    expect(orderChanges).toHaveBeenCalledWith(
      expect.arrayContaining([load.organizationId]),
      expect.objectContaining({ id: load.id }),
    );
    const completed = await test.database.db.select().from(stops).where(eq(stops.orderId, load.id)).orderBy(asc(stops.sequence));
    expect(completed.every((stop) => stop.completedAt !== null)).toBe(true);
  });

  it('derives nothing for a Freemium organization: its loads get no stop progress, trip events or expected arrival from its phones', async () => {
    const db = test.database.db;
    const littleCreek = (await seededOrganizationIds(db))('Little Creek Farms');
    const [owner] = await db.select().from(users).where(eq(users.username, 'freemium'));
    const [open] = await db
      .select()
      .from(orders)
      .where(and(eq(orders.organizationId, littleCreek), eq(orders.status, 'Open')))
      .limit(1);
    if (!owner || !open) throw new Error('no Freemium user or open load');
    // Jenny drives the load herself today, with her phone registered.
    await db
      .update(orders)
      .set({ status: 'Assigned', date: new Date(), transportedByUserId: owner.id })
      .where(eq(orders.id, open.id));
    const [device] = await db
      .insert(devices)
      .values({
        organizationId: littleCreek,
        clientId: 'tracking-freemium-phone',
        name: 'Jenny phone',
        kind: 'phone',
        driverUserId: owner.id,
      })
      .returning({ id: devices.id });
    const stopRows = await db.select().from(stops).where(eq(stops.orderId, open.id)).orderBy(asc(stops.sequence));
    const [site] = await db
      .select()
      .from(locations)
      .where(eq(locations.id, stopRows[0]?.locationId as number));
    if (!site || !device) throw new Error('no first site');
    const centre = { latitude: site.geofence.latitude, longitude: site.geofence.longitude };

    // Driving in, standing ten minutes inside the first site's fence, and away: a visit on a paid tier.
    const answer = await post(
      [
        fixNear('tracking-freemium-phone', centre, -3000, 40, 20),
        fixNear('tracking-freemium-phone', centre, 0, 37),
        fixNear('tracking-freemium-phone', centre, 5, 32),
        fixNear('tracking-freemium-phone', centre, 3000, 27, 20),
      ],
      { cookie: await signInAs(app, 'freemium') },
    );
    expect(answer.statusCode, answer.body).toBe(200);
    const [after] = await db.select().from(orders).where(eq(orders.id, open.id));
    expect(after?.status).toBe('Assigned');
    const stopsAfter = await db.select().from(stops).where(eq(stops.orderId, open.id)).orderBy(asc(stops.sequence));
    expect(stopsAfter.map((stop) => [stop.status, stop.estimatedArrivalAt])).toEqual(
      stopRows.map((stop) => [stop.status, stop.estimatedArrivalAt]),
    );
    expect(await db.select().from(tripEvents).where(eq(tripEvents.orderId, open.id))).toEqual([]);
    expect(await db.select().from(deviceTrackingStates).where(eq(deviceTrackingStates.deviceId, device.id))).toEqual([]);
  });

  it("records an unscheduled stop once when the truck stands the outside-site inactive minutes away from its load's sites, and none while it stands at one; moving on from it resumes the trip with its minutes", async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { cookie: admin },
      payload: {
        date: new Date().toISOString(),
        transportedByUserId: hansenId,
        stops: [
          { sequence: 1, type: 'Origin', organizationLocationId: origin, cargoTypeId: 2, weight: 9_071_847 },
          { sequence: 2, type: 'Destination', organizationLocationId: destination, cargoTypeId: 2, weight: 9_071_847 },
        ],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const load = created.json() as Order;
    // On the way (In Transit), then twelve minutes loading at the origin: a visit, not an unscheduled stop.
    await post([fixNear('tracking-phone', SITE_A, -3000, 64, 20)]);
    await post([
      fixNear('tracking-phone', SITE_A, 0, 60),
      fixNear('tracking-phone', SITE_A, 5, 54),
      fixNear('tracking-phone', SITE_A, 10, 48),
    ]);
    await post([fixNear('tracking-phone', SITE_B, 15_000, 42, 20)]);
    // Parked 10 km past the destination for 17 minutes, in two batches.
    await post([fixNear('tracking-phone', SITE_B, 20_000, 37), fixNear('tracking-phone', SITE_B, 20_010, 31)]);
    await post([fixNear('tracking-phone', SITE_B, 20_005, 26), fixNear('tracking-phone', SITE_B, 20_000, 20)]);
    const events = await test.database.db
      .select()
      .from(tripEvents)
      .where(and(eq(tripEvents.orderId, load.id), eq(tripEvents.type, 'UnscheduledStop')));
    expect(events).toHaveLength(1);
    // Dated when the truck stopped.
    expect(events[0]?.timestamp.getTime()).toBeLessThan(Date.now() - 36 * 60_000);
    expect(events[0]?.timestamp.getTime()).toBeGreaterThan(Date.now() - 38 * 60_000);
    expect(events[0]?.stopId).toBeNull();

    // Off again 6 km on at 20 m/s, 14 minutes ago: it left 19 minutes ago, after 18 minutes standing.
    // Leaving the origin (where it stood 12 minutes too, a visit) resumed nothing.
    await post([fixNear('tracking-phone', SITE_B, 26_000, 14, 20)]);
    await post([fixNear('tracking-phone', SITE_B, 38_000, 4, 20)]);
    const resumed = await test.database.db
      .select()
      .from(tripEvents)
      .where(and(eq(tripEvents.orderId, load.id), eq(tripEvents.type, 'TripResumed')));
    expect(resumed.map((event) => [event.metadata, event.stopId])).toEqual([[{ duration: 18 }, null]]);
    expect(resumed[0]?.timestamp.getTime()).toBeGreaterThan(Date.now() - 20 * 60_000);
    expect(resumed[0]?.timestamp.getTime()).toBeLessThan(Date.now() - 18 * 60_000);
  });
});

describe('a lone node keeps derived state in memory between checkpoints', () => {
  it('checkpoints each device at its own interval, never past STATE_CHECKPOINT_MS, a fleet spread over the second half', () => {
    const intervals = Array.from({ length: 5_000 }, (_, index) => checkpointIntervalMs(index + 1));
    expect(Math.max(...intervals)).toBeLessThanOrEqual(STATE_CHECKPOINT_MS);
    expect(Math.min(...intervals)).toBeGreaterThanOrEqual(STATE_CHECKPOINT_MS / 2);
    // Evenly: each tenth of the range holds about a tenth of the devices.
    const tenths = new Array(10).fill(0);
    for (const interval of intervals)
      tenths[Math.min(9, Math.floor(((interval - STATE_CHECKPOINT_MS / 2) / (STATE_CHECKPOINT_MS / 2)) * 10))] += 1;
    for (const count of tenths) expect(count).toBeGreaterThan(400);
  });

  it('saves a driving device’s state at checkpoints, at once when it makes events, and what it holds when another node appears or on close', async () => {
    const db = test.database.db;
    const prairie = (await seededOrganizationIds(db))('Prairie Feed Co.');
    const registered = await db
      .insert(devices)
      .values([
        { organizationId: prairie, clientId: 'lone-phone', name: 'Lone phone', kind: 'phone' },
        { organizationId: prairie, clientId: 'lone-phone-2', name: 'Lone phone 2', kind: 'phone' },
      ])
      .returning({ id: devices.id });
    const [phone, other] = registered.map((row) => row.id) as [number, number];
    let clock = Date.now();
    let alone = true;
    const errors = vi.fn();
    const tracking = createLiveTracking(
      db,
      { ...silentRealtime(), isOnlyNode: () => alone },
      test.context.routing,
      { warn: () => {}, error: errors },
      () => clock,
    );
    const fix = (deviceId: number, east: number, minutesAgo: number, speed = 0) =>
      storedFixNear(deviceId, prairie, east, minutesAgo, speed);
    const report = (...fixes: StoredFix[]) => tracking.onStored({ organizationId: prairie, fixes });
    const stored = async (deviceId: number) => {
      const [row] = await db.select().from(deviceTrackingStates).where(eq(deviceTrackingStates.deviceId, deviceId));
      return { version: row?.version ?? 0, lastFixAt: row ? (JSON.parse(row.state).visits.lastFix?.time as number) : null };
    };

    // A device new to the node is saved with its first batch; driving on, it is held until the checkpoint.
    await report(fix(phone, -20_000, 40, 20));
    expect((await stored(phone)).version).toBe(1);
    await report(fix(phone, -18_800, 39, 20));
    expect((await stored(phone)).version).toBe(1);
    clock += STATE_CHECKPOINT_MS;
    const due = fix(phone, -17_600, 38, 20);
    await report(due);
    expect(await stored(phone)).toEqual({ version: 2, lastFixAt: due.recordedAt.getTime() });

    // Into the origin's fence, standing there: the arrival is an event, saved with its batch.
    const standing = fix(phone, 5, 15);
    await report(fix(phone, 0, 20), standing);
    expect(await stored(phone)).toEqual({ version: 3, lastFixAt: standing.recordedAt.getTime() });

    // Standing on within the checkpoint: held. Another node appears: the next batch of the
    // organization, another device's, saves what this node held.
    const held = fix(phone, 10, 14);
    await report(held);
    expect((await stored(phone)).version).toBe(3);
    alone = false;
    await report(fix(other, -20_000, 14, 20));
    expect(await stored(phone)).toEqual({ version: 4, lastFixAt: held.recordedAt.getTime() });

    // Alone again, held once more, and saved when the server closes.
    alone = true;
    const last = fix(phone, 12, 13);
    await report(last);
    expect((await stored(phone)).version).toBe(4);
    await tracking.saveHeldStates();
    expect(await stored(phone)).toEqual({ version: 5, lastFixAt: last.recordedAt.getTime() });
    expect(errors).not.toHaveBeenCalled();
  });

  it('starts the retry of a derivation that failed from the state saved, so the fixes it had moved on with still count', async () => {
    const db = test.database.db;
    const prairie = (await seededOrganizationIds(db))('Prairie Feed Co.');
    const [row] = await db
      .insert(devices)
      .values({ organizationId: prairie, clientId: 'failing-save-phone', name: 'Failing save phone', kind: 'phone' })
      .returning({ id: devices.id });
    const phone = row?.id as number;
    // The state's save fails once, as when the connection drops.
    let failSave = false;
    const failing = new Proxy(db, {
      get(target, key) {
        if (key === 'execute' && failSave) {
          failSave = false;
          return () => Promise.reject(new Error('connection lost'));
        }
        const value = Reflect.get(target, key);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    // A lone node with its clock stopped saves a state only with a batch that makes events.
    const clock = Date.now();
    const tracking = createLiveTracking(
      failing,
      { ...silentRealtime(), isOnlyNode: () => true },
      test.context.routing,
      { warn: () => {}, error: () => {} },
      () => clock,
    );
    const fix = (east: number, minutesAgo: number, speed = 0) => storedFixNear(phone, prairie, east, minutesAgo, speed);
    const report = (...fixes: StoredFix[]) => tracking.onStored({ organizationId: prairie, fixes });
    const stored = async () => {
      const [saved] = await db.select().from(deviceTrackingStates).where(eq(deviceTrackingStates.deviceId, phone));
      const state = JSON.parse(saved?.state ?? '{}');
      return {
        version: saved?.version,
        lastFixAt: state.visits?.lastFix?.time,
        origin: state.visits?.visits?.[`location:${origin}`]?.phase,
      };
    };

    await report(fix(-20_000, 40, 20));
    expect((await stored()).version).toBe(1);
    // Into the origin and standing there: the batch that makes the arrival fails to save.
    const arrival = [fix(0, 20), fix(5, 15)] as const;
    failSave = true;
    await expect(report(...arrival)).rejects.toThrow('connection lost');
    expect((await stored()).version).toBe(1);
    // The ingest gives it the same batch again: the arrival is made again, so saved with it.
    await report(...arrival);
    expect(await stored()).toEqual({ version: 2, lastFixAt: arrival[1].recordedAt.getTime(), origin: 'inside' });
  });
});
