import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '#core/contract/orders';
import type { CreatedServiceAccount } from '#core/contract/service-accounts';
import { buildApp } from '#server/app';
import { readConfig } from '#server/config';
import type { ServerContext } from '#server/context';
import { devicePositions, devices, locations, orders, stops, tripEvents } from '#server/db/schema';
import { seededDriver, seededOrganizationIds } from '#test/server/seeded';
import { createTestApp, signInAs, type TestApp } from '#test/server/test-app';
import { deviceTrackingStates } from './tracking.schema.ts';

/**
 * Two server nodes on one PostgreSQL, a phone's fixes reaching either: each node keeps detection
 * state in memory, and writes it only over the version it read, so the node that missed fixes
 * reloads instead of deriving from a stale state (the visit is found once, never twice).
 */
let test: TestApp;
let nodeA: FastifyInstance;
let nodeB: FastifyInstance;
/** Each node's ingest, to wait for its live tracking, which derives from fixes after the answer. */
const ingestOf = new Map<FastifyInstance, ServerContext['positions']>();
let gateway: CreatedServiceAccount;
let loadId: number;
const SITE = { latitude: 41.7, longitude: -95.2 };

const fix = (east: number, minutesAgo: number, speed: number) => ({
  clientId: 'two-nodes-phone',
  latitude: SITE.latitude,
  longitude: SITE.longitude + east / (111_195 * Math.cos((SITE.latitude * Math.PI) / 180)),
  speed,
  accuracy: 8,
  timestamp: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
});
const post = async (node: FastifyInstance, fixes: object[]) => {
  const answer = await node.inject({
    method: 'POST',
    url: '/api/devices/positions',
    headers: { authorization: `Bearer ${gateway.secret}` },
    payload: fixes,
  });
  expect(answer.statusCode, answer.body).toBe(200);
  await ingestOf.get(node)?.settled();
};
const stopStatuses = async () =>
  (await test.database.db.select().from(stops).where(eq(stops.orderId, loadId)).orderBy(asc(stops.sequence))).map(
    (stop) => stop.status,
  );

beforeAll(async () => {
  test = await createTestApp();
  nodeA = test.app;
  let nodeBContext: ServerContext | undefined;
  nodeB = await buildApp({
    db: test.database.db,
    config: readConfig({ DEMO: 'false', DATA_DIR: test.dataDir }),
    onContext: (built) => {
      nodeBContext = built;
    },
  });
  await nodeB.ready();
  ingestOf.set(nodeA, test.context.positions);
  ingestOf.set(nodeB, (nodeBContext as ServerContext).positions);
  const db = test.database.db;
  const admin = await signInAs(nodeA, 'admin');
  const prairie = (await seededOrganizationIds(db))('Prairie Feed Co.');
  const driver = await seededDriver(db, 'driver.hansen');
  await db
    .update(orders)
    .set({ status: 'Delivered' })
    .where(and(eq(orders.transportedByUserId, driver.id), inArray(orders.status, ['Assigned', 'In Transit'])));
  const [template] = await db.select().from(locations).where(eq(locations.organizationId, prairie)).limit(1);
  const { id: _id, version: _version, updatedAt: _updatedAt, ...site } = template as typeof locations.$inferSelect;
  const [origin, destination] = await db
    .insert(locations)
    .values([
      { ...site, name: 'Two nodes origin', geofence: { ...SITE, radius: 200, bbox: null } },
      { ...site, name: 'Two nodes destination', geofence: { latitude: 41.7, longitude: -95.0, radius: 200, bbox: null } },
    ])
    .returning({ id: locations.id });
  const inject = (method: 'POST', url: string, payload: object) =>
    nodeA.inject({ method, url: `/api${url}`, headers: { cookie: admin }, payload });
  const created = await inject('POST', '/orders', {
    date: new Date().toISOString(),
    transportedByUserId: driver.id,
    stops: [
      { sequence: 1, type: 'Origin', organizationLocationId: origin?.id, cargoTypeId: 2, weight: 1_000_000 },
      { sequence: 2, type: 'Destination', organizationLocationId: destination?.id, cargoTypeId: 2, weight: 1_000_000 },
    ],
  });
  expect(created.statusCode, created.body).toBe(201);
  loadId = (created.json() as Order).id;
  const device = await inject('POST', `/organizations/${prairie}/devices`, {
    clientId: 'two-nodes-phone',
    name: 'Two nodes phone',
    kind: 'phone',
    driverUserId: driver.id,
  });
  expect(device.statusCode, device.body).toBe(201);
  const account = await inject('POST', `/organizations/${prairie}/service-users`, {
    name: 'Two nodes',
    scopes: ['positions:write'],
  });
  gateway = account.json() as CreatedServiceAccount;
});
afterAll(async () => {
  await nodeB.close();
  await test.close();
});

describe('live tracking on two nodes behind one database', () => {
  it('continues on either node from the state the other stored, and records each visit once', async () => {
    await post(nodeA, [fix(-3000, 40, 20), fix(10, 37, 0)]);
    expect(await stopStatuses()).toEqual(['Enroute', 'Not Started']);
    // Node B has never seen this phone: it reads the state node A stored and confirms the visit.
    await post(nodeB, [fix(20, 32, 0)]);
    expect(await stopStatuses()).toEqual(['Arrived', 'Not Started']);
    // Node A's memory is a version behind: its write is refused, it reloads and applies the fix over B's state.
    await post(nodeA, [fix(30, 27, 0)]);
    await post(nodeA, [fix(3000, 22, 20)]);
    expect(await stopStatuses()).toEqual(['Complete', 'Enroute']);
    const events = await test.database.db.select().from(tripEvents).where(eq(tripEvents.orderId, loadId));
    // Each stop started once too: the first on the first moving fix, the second on leaving the first.
    expect(events.map((event) => event.type).toSorted()).toEqual(['SiteArrived', 'SiteLeft', 'StopStarted', 'StopStarted']);
  });

  it('replays a late fix on the node that reads the state, its recent fixes read back from the position history', async () => {
    const destinationEast = 0.2 * 111_195 * Math.cos((SITE.latitude * Math.PI) / 180);
    // Node A: a fix a minute toward the destination, then one 12 minutes later past it. The gap is
    // too long for the phone's interval to guess a stop from, so no visit yet.
    await post(
      nodeA,
      Array.from({ length: 7 }, (_, index) => fix(4_200 + index * 1_200, 21 - index, 20)),
    );
    await post(nodeA, [fix(22_000, 3, 20)]);
    expect(await stopStatuses()).toEqual(['Complete', 'Enroute']);
    // The state node A stored names its recent fixes by time alone: they are rows of device_positions.
    const [stored] = await test.database.db
      .select({ state: deviceTrackingStates.state })
      .from(deviceTrackingStates)
      .innerJoin(devices, eq(devices.id, deviceTrackingStates.deviceId))
      .where(eq(devices.clientId, 'two-nodes-phone'));
    expect(JSON.parse(stored?.state ?? 'null')?.visits?.recent?.packed?.at(-1)).toBeTypeOf('number');
    // The phone resends the fix it took standing at the destination to node B, which reloads the
    // state A wrote and replays the fix among the recent ones: the visit is found, dated on the way in.
    await post(nodeB, [fix(destinationEast, 10, 0)]);
    expect(await stopStatuses()).toEqual(['Complete', 'Complete']);
    const arrived = await test.database.db
      .select()
      .from(tripEvents)
      .where(and(eq(tripEvents.orderId, loadId), eq(tripEvents.type, 'SiteArrived')))
      .orderBy(asc(tripEvents.timestamp));
    expect(arrived).toHaveLength(2);
    // At 20 m/s from the fix 15 minutes ago to the fence's edge, 200 m short of the site.
    const expected = Date.now() - 15 * 60_000 + ((destinationEast - 200 - 11_400) / 20) * 1000;
    expect(Math.abs((arrived[1]?.timestamp.getTime() ?? 0) - expected)).toBeLessThan(30_000);
  });

  it('keeps in full in the state a fix the rate limit kept out of the position history', async () => {
    // A flood: a full batch uses up the phone's burst, so the next batch's newest fix only moves the
    // latest position and is no row of device_positions to read back from.
    const flood = (from: number, count: number) =>
      Array.from({ length: count }, (_, index) => ({
        ...fix(22_000 + (from + index) * 0.1, 2.5 - (from + index) / 1_200, 0),
      }));
    await post(nodeA, flood(0, 1_000));
    await post(nodeA, flood(1_000, 50));
    const [stored] = await test.database.db
      .select({ deviceId: deviceTrackingStates.deviceId, state: deviceTrackingStates.state })
      .from(deviceTrackingStates)
      .innerJoin(devices, eq(devices.id, deviceTrackingStates.deviceId))
      .where(eq(devices.clientId, 'two-nodes-phone'));
    const packed: (number | [number, ...unknown[]])[] = JSON.parse(stored?.state ?? 'null')?.visits?.recent?.packed ?? [];
    // Each step as stored (its time after the one before): a time alone when it is a row of the history.
    let time = 0;
    const steps = packed.map((step) => {
      time += typeof step === 'number' ? step : step[0];
      return { time, byTime: typeof step === 'number', madeEvents: typeof step !== 'number' && step.length > 5 };
    });
    const history = new Set(
      (
        await test.database.db
          .select({ recordedAt: devicePositions.recordedAt })
          .from(devicePositions)
          .where(eq(devicePositions.deviceId, stored?.deviceId ?? 0))
      ).map((row) => row.recordedAt.getTime()),
    );
    expect(steps.at(-1)?.byTime, 'the newest fix, over the limit').toBe(false);
    expect(steps.some((step) => step.byTime)).toBe(true);
    for (const step of steps.filter((candidate) => !candidate.madeEvents)) {
      expect(step.byTime, `the step at ${step.time}`).toBe(history.has(step.time));
    }
  });

  it('keeps each state as JSON text PostgreSQL never parses, ending at the last fix derived', async () => {
    const [stored] = await test.database.db
      .select({ type: sql<string>`pg_typeof(${deviceTrackingStates.state})::text`, state: deviceTrackingStates.state })
      .from(deviceTrackingStates)
      .innerJoin(devices, eq(devices.id, deviceTrackingStates.deviceId))
      .where(eq(devices.clientId, 'two-nodes-phone'));
    expect(stored?.type).toBe('text');
    const last = fix(22_000 + 1_049 * 0.1, 2.5 - 1_049 / 1_200, 0);
    expect(JSON.parse(stored?.state ?? 'null')?.visits?.lastFix).toMatchObject({
      latitude: last.latitude,
      longitude: last.longitude,
    });
  });
});
