import { and, count, eq, isNotNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedServiceAccount } from '#core/contract/service-accounts';
import type { Device } from '#core/contract/devices';
import type { DeviceLocationEvent } from '#core/contract/realtime';
import { changeLog, deviceLatestPositions, devicePositions, devices, orders, tripEvents } from '#server/db/schema';
import { seededDriver, seededOrganizationIds } from '#test/server/seeded';
import { createTestApp, signInAs, type TestApp } from '#test/server/test-app';

let test: TestApp;
let app: FastifyInstance;
const cookies: Record<string, string> = {};
let prairie: number;
let hansenId: number;
let gateway: CreatedServiceAccount;
let phone: Device;
let smartTrailer: Device;
let swiftPhoneId: number;

type Method = 'GET' | 'POST' | 'PUT';
const api = (method: Method, url: string, headers: Record<string, string>, payload?: unknown) =>
  app.inject({ method, url: `/api${url}`, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
const as = (username: string, method: Method, url: string, payload?: unknown) =>
  api(method, url, { cookie: cookies[username] ?? '' }, payload);
const bearer = (secret: string, method: Method, url: string, payload?: unknown) =>
  api(method, url, { authorization: `Bearer ${secret}` }, payload);

async function createDevice(username: string, organizationId: number, body: object): Promise<Device> {
  const created = await as(username, 'POST', `/organizations/${organizationId}/devices`, body);
  expect(created.statusCode, created.body).toBe(201);
  return created.json() as Device;
}

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const fix = (clientId: string, minutes: number, latitude = 42.03) => ({
  clientId,
  latitude,
  longitude: -93.62,
  heading: 180,
  speed: 22.5,
  accuracy: 6,
  timestamp: minutesAgo(minutes),
});

async function storedFixes(deviceId: number) {
  const [row] = await test.database.db
    .select({ count: count() })
    .from(devicePositions)
    .where(eq(devicePositions.deviceId, deviceId));
  return row?.count ?? 0;
}

async function latestOf(username: string, deviceId: number) {
  const answer = await as(username, 'GET', '/devices/locations/latest');
  expect(answer.statusCode).toBe(200);
  return (answer.json() as DeviceLocationEvent[]).find((location) => location.deviceId === deviceId);
}

beforeAll(async () => {
  test = await createTestApp();
  app = test.app;
  for (const username of ['admin', 'dispatcher', 'driver.hansen', 'freemium']) {
    cookies[username] = await signInAs(app, username);
  }
  const organizationId = await seededOrganizationIds(test.database.db);
  prairie = organizationId('Prairie Feed Co.');
  hansenId = (await seededDriver(test.database.db, 'driver.hansen')).id;
  phone = await createDevice('admin', prairie, {
    clientId: 'positions-phone',
    name: 'Hansen phone',
    kind: 'phone',
    driverUserId: hansenId,
  });
  smartTrailer = await createDevice('admin', prairie, { clientId: 'positions-trailer', name: 'Hopper 7', kind: 'trailer' });
  const created = await as('admin', 'POST', `/organizations/${prairie}/service-users`, {
    name: 'GPS gateway',
    scopes: ['positions:write'],
  });
  expect(created.statusCode).toBe(201);
  gateway = created.json() as CreatedServiceAccount;
  const swift = organizationId('Swift Haul Carriers');
  // Swift Haul's own device: the demo carrier dispatcher may not create devices, so it is stored directly.
  const [stored] = await test.database.db
    .insert(devices)
    .values({ organizationId: swift, clientId: 'positions-swift-phone', name: 'Swift phone', kind: 'phone' })
    .returning({ id: devices.id });
  swiftPhoneId = stored?.id as number;
});
afterAll(() => test.close());

describe('device positions (the stream kind of data)', () => {
  it('stores a batch in any order, a resent fix once, and moves the latest position only forward', async () => {
    const batch = [fix('positions-phone', 3, 42.01), fix('positions-phone', 1, 42.03), fix('positions-phone', 2, 42.02)];
    const first = await bearer(gateway.secret, 'POST', '/devices/positions', batch);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ stored: 3, latestMoved: 1 });
    expect(await latestOf('dispatcher', phone.id)).toMatchObject({
      deviceType: 'mobile',
      userId: hansenId,
      latitude: 42.03,
      timestamp: batch[1]?.timestamp,
    });

    // The phone app resends what it did not see answered, and a late fix from its backlog arrives after.
    const resent = await bearer(gateway.secret, 'POST', '/devices/positions', [batch[0], fix('positions-phone', 10, 41.9)]);
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toEqual({ stored: 1, latestMoved: 0 });
    expect(await storedFixes(phone.id)).toBe(4);
    expect((await latestOf('dispatcher', phone.id))?.latitude).toBe(42.03);
  });

  it('never writes the change log', async () => {
    const [before] = await test.database.db.select({ count: count() }).from(changeLog);
    const posted = await bearer(gateway.secret, 'POST', '/devices/positions', [fix('positions-trailer', 0.5)]);
    expect(posted.statusCode).toBe(200);
    const [after] = await test.database.db.select({ count: count() }).from(changeLog);
    expect(after?.count).toBe(before?.count);
    expect(await latestOf('admin', smartTrailer.id)).toMatchObject({ deviceType: 'trailer', userId: null });
  });

  it('lets a driver report their own phone only', async () => {
    const own = await as('driver.hansen', 'POST', '/devices/positions', [fix('positions-phone', 0.2)]);
    expect(own.statusCode, own.body).toBe(200);
    const notTheirs = await as('driver.hansen', 'POST', '/devices/positions', [fix('positions-trailer', 0.2)]);
    expect(notTheirs.statusCode).toBe(404);
    const dispatcher = await as('dispatcher', 'POST', '/devices/positions', [fix('positions-phone', 0.1)]);
    expect(dispatcher.statusCode).toBe(404);
  });

  it('refuses bad input, unknown and foreign devices, storing nothing of the batch', async () => {
    const before = await storedFixes(phone.id);
    const cases: [unknown, number][] = [
      [[{ ...fix('positions-phone', 0), latitude: 91 }], 400],
      [[{ ...fix('positions-phone', 0), longitude: -181 }], 400],
      [[{ ...fix('positions-phone', 0), heading: 361 }], 400],
      [[{ ...fix('positions-phone', 0), accuracy: -1 }], 400],
      [[{ ...fix('positions-phone', 0), timestamp: new Date(Date.now() + 60 * 60_000).toISOString() }], 400],
      [[{ ...fix('positions-phone', 0), timestamp: 'yesterday' }], 400],
      [[], 400],
      [[fix('positions-phone', 0), fix('never-registered', 0)], 404],
      [[fix('positions-phone', 0), fix('positions-swift-phone', 0)], 404],
    ];
    for (const [body, status] of cases) {
      const answer = await bearer(gateway.secret, 'POST', '/devices/positions', body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(status);
      expect(answer.json()).toHaveProperty('error.code');
    }
    expect(await storedFixes(phone.id)).toBe(before);
    expect(await storedFixes(swiftPhoneId)).toBe(0);
  });

  it('refuses a disabled device', async () => {
    const disabled = await createDevice('admin', prairie, {
      clientId: 'positions-off',
      name: 'Spare',
      kind: 'phone',
      enabled: false,
    });
    const answer = await bearer(gateway.secret, 'POST', '/devices/positions', [fix('positions-off', 0)]);
    expect(answer.statusCode).toBe(404);
    expect(await storedFixes(disabled.id)).toBe(0);
  });

  it('needs the positions:write scope for a service account, and the live map for the latest positions', async () => {
    const created = await as('admin', 'POST', `/organizations/${prairie}/service-users`, {
      name: 'Loads only',
      scopes: ['loads:read'],
    });
    const reader = created.json() as CreatedServiceAccount;
    expect((await bearer(reader.secret, 'POST', '/devices/positions', [fix('positions-phone', 0)])).statusCode).toBe(403);
    expect((await bearer(gateway.secret, 'GET', '/devices/locations/latest')).statusCode).toBe(403);
    expect((await as('freemium', 'GET', '/devices/locations/latest')).statusCode).toBe(403);
  });

  it('answers only the organization’s devices reported within the stale time', async () => {
    await bearer(gateway.secret, 'POST', '/devices/positions', [fix('positions-trailer', 0.1)]);
    const stale = await createDevice('admin', prairie, { clientId: 'positions-stale', name: 'Old phone', kind: 'phone' });
    await bearer(gateway.secret, 'POST', '/devices/positions', [fix('positions-stale', 120)]);
    const recent = await as('admin', 'GET', '/devices/locations/latest?staleTimeMinutes=60');
    const ids = (recent.json() as DeviceLocationEvent[]).map((location) => location.deviceId);
    expect(ids).toContain(smartTrailer.id);
    expect(ids).not.toContain(stale.id);
    expect(await latestOf('admin', stale.id)).toBeDefined();
    expect((await as('admin', 'GET', '/devices/locations/latest?staleTimeMinutes=0')).statusCode).toBe(400);
    const [swiftLatest] = await test.database.db
      .select()
      .from(deviceLatestPositions)
      .where(eq(deviceLatestPositions.deviceId, swiftPhoneId));
    expect(swiftLatest).toBeUndefined();
  });
});

describe('history reads of a driver, tractor, trailer or device (spec 1 §7)', () => {
  it('answers the positions of a device and of its driver within the range, oldest first', async () => {
    const times = [50, 40, 30].map((minutes) => minutesAgo(minutes));
    const posted = await bearer(
      gateway.secret,
      'POST',
      '/devices/positions',
      times.map((timestamp, index) => ({ ...fix('positions-phone', 0, 43 + index / 10), timestamp })),
    );
    expect(posted.statusCode, posted.body).toBe(200);
    for (const url of [`/device/${phone.id}/devicelocations`, `/driver/${hansenId}/devicelocations`]) {
      const answer = await as('dispatcher', 'GET', url);
      expect(answer.statusCode, answer.body).toBe(200);
      const locations = answer.json() as DeviceLocationEvent[];
      expect(locations.map((location) => location.timestamp)).toEqual(
        expect.arrayContaining(times.map((time) => new Date(time).toISOString())),
      );
      const stamps = locations.map((location) => Date.parse(location.timestamp));
      expect(stamps).toEqual(stamps.toSorted((a, b) => a - b));
    }
    const range = `startDate=${encodeURIComponent(minutesAgo(45))}&endDate=${encodeURIComponent(minutesAgo(35))}`;
    const ranged = await as('dispatcher', 'GET', `/device/${phone.id}/devicelocations?${range}`);
    expect((ranged.json() as DeviceLocationEvent[]).map((location) => location.latitude)).toEqual([43.1]);
  });

  it('answers the trip events of a driver and of the tractor of their loads', async () => {
    const [event] = await test.database.db
      .select({ id: tripEvents.id, userId: tripEvents.userId, timestamp: tripEvents.timestamp, tractorId: orders.tractorId })
      .from(tripEvents)
      .innerJoin(orders, eq(orders.id, tripEvents.orderId))
      .where(and(eq(tripEvents.organizationId, prairie), isNotNull(tripEvents.userId), isNotNull(orders.tractorId)))
      .limit(1);
    if (!event) throw new Error('the demo seed has no trip event of Prairie Feed with a driver and a tractor');
    const range = `startDate=${encodeURIComponent(new Date(event.timestamp.getTime() - 60_000).toISOString())}&endDate=${encodeURIComponent(new Date(event.timestamp.getTime() + 60_000).toISOString())}`;
    for (const url of [`/driver/${event.userId}/tripevents?${range}`, `/tractor/${event.tractorId}/tripevents?${range}`]) {
      const answer = await as('dispatcher', 'GET', url);
      expect(answer.statusCode, answer.body).toBe(200);
      expect((answer.json() as { id: number }[]).map((found) => found.id)).toContain(event.id);
    }
  });

  it('answers another organization’s resource 404, Freemium and the gateway 403, a bad range 400', async () => {
    expect((await as('dispatcher', 'GET', `/device/${swiftPhoneId}/devicelocations`)).statusCode).toBe(404);
    expect((await as('dispatcher', 'GET', `/device/${swiftPhoneId}/tripevents`)).statusCode).toBe(404);
    expect((await as('dispatcher', 'GET', '/driver/999999/tripevents')).statusCode).toBe(404);
    expect((await as('freemium', 'GET', `/driver/${hansenId}/devicelocations`)).statusCode).toBe(403);
    expect((await bearer(gateway.secret, 'GET', `/device/${phone.id}/devicelocations`)).statusCode).toBe(403);
    const backwards = `startDate=${encodeURIComponent(minutesAgo(10))}&endDate=${encodeURIComponent(minutesAgo(20))}`;
    expect((await as('dispatcher', 'GET', `/device/${phone.id}/devicelocations?${backwards}`)).statusCode).toBe(400);
    const tooLong = `startDate=${encodeURIComponent(minutesAgo(60 * 24 * 40))}`;
    expect((await as('dispatcher', 'GET', `/device/${phone.id}/tripevents?${tooLong}`)).statusCode).toBe(400);
    expect((await as('dispatcher', 'GET', '/vehicle/1/tripevents')).statusCode).toBe(404);
  });
});
