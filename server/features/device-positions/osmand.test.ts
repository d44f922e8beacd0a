import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Device } from '#core/contract/devices';
import { deviceLatestPositions, devicePositions, devices } from '#server/db/schema';
import { seededDriver, seededOrganizationIds } from '#test/server/seeded';
import { createTestApp, signInAs, type TestApp } from '#test/server/test-app';
import { readOsmandRequest } from './osmand.ts';

let test: TestApp;
let app: FastifyInstance;
let adminCookie: string;
let phone: Device;
let swiftPhoneId: number;

const KNOTS = 1852 / 3600;
const secondsAgo = (seconds: number) => Math.floor(Date.now() / 1000) - seconds;

async function storedOf(deviceId: number, recordedAt?: Date) {
  const [row] = await test.database.db
    .select({ count: count() })
    .from(devicePositions)
    .where(and(eq(devicePositions.deviceId, deviceId), recordedAt ? eq(devicePositions.recordedAt, recordedAt) : undefined));
  return row?.count ?? 0;
}

async function latestOf(deviceId: number) {
  const [row] = await test.database.db.select().from(deviceLatestPositions).where(eq(deviceLatestPositions.deviceId, deviceId));
  return row;
}

const osmand = (options: { query?: string; payload?: string | object; contentType?: string; method?: 'GET' | 'POST' }) =>
  app.inject({
    method: options.method ?? 'POST',
    url: `/api/osmand${options.query ? `?${options.query}` : ''}`,
    ...(options.payload === undefined ? {} : { payload: options.payload }),
    ...(options.contentType ? { headers: { 'content-type': options.contentType } } : {}),
  });

beforeAll(async () => {
  test = await createTestApp();
  app = test.app;
  adminCookie = await signInAs(app, 'admin');
  const organizationId = await seededOrganizationIds(test.database.db);
  const prairie = organizationId('Prairie Feed Co.');
  const hansen = await seededDriver(test.database.db, 'driver.hansen');
  const created = await app.inject({
    method: 'POST',
    url: `/api/organizations/${prairie}/devices`,
    headers: { cookie: adminCookie },
    payload: { clientId: '48151623', name: 'Hansen Traccar', kind: 'phone', driverUserId: hansen.id },
  });
  expect(created.statusCode, created.body).toBe(201);
  phone = created.json() as Device;
  const [swift] = await test.database.db
    .insert(devices)
    .values({ organizationId: organizationId('Swift Haul Carriers'), clientId: '77777777', name: 'Swift', kind: 'phone' })
    .returning({ id: devices.id });
  swiftPhoneId = swift?.id as number;
  await test.database.db
    .insert(devices)
    .values({ organizationId: prairie, clientId: '00000000', name: 'Off', kind: 'phone', enabled: false });
});
afterAll(() => test.close());

describe('reading the OsmAnd forms of each Traccar Client version', () => {
  const receivedAt = new Date('2026-11-28T08:00:00Z');
  it('reads the URL query of the old apps: seconds, knots, bearing', () => {
    const report = readOsmandRequest(
      {
        query: {
          id: 'a1',
          lat: '42.5',
          lon: '-93.25',
          timestamp: '1795852800',
          speed: '10',
          bearing: '270',
          accuracy: '0',
          batt: '80',
        },
        body: undefined,
        contentType: undefined,
      },
      new Date('2026-11-28T08:00:00Z'),
    );
    expect(report).toEqual({
      clientId: 'a1',
      fix: expect.objectContaining({
        clientId: 'a1',
        latitude: 42.5,
        longitude: -93.25,
        heading: 270,
        accuracy: 0,
        timestamp: '2026-11-28T08:00:00.000Z',
      }),
    });
    expect(report.fix?.speed).toBeCloseTo(10 * KNOTS, 6);
  });

  it('reads milliseconds, ISO 8601 and "yyyy-MM-dd HH:mm:ss" timestamps, deviceid and location=lat,lon', () => {
    const read = (query: Record<string, string>) =>
      readOsmandRequest({ query, body: undefined, contentType: undefined }, receivedAt).fix;
    expect(read({ deviceid: 'a1', lat: '1', lon: '2', timestamp: '1795852800000' })?.timestamp).toBe('2026-11-28T08:00:00.000Z');
    expect(read({ id: 'a1', lat: '1', lon: '2', timestamp: '2026-11-28T07:59:00Z' })?.timestamp).toBe('2026-11-28T07:59:00.000Z');
    expect(read({ id: 'a1', lat: '1', lon: '2', timestamp: '2026-11-28 07:58:00' })?.timestamp).toBe('2026-11-28T07:58:00.000Z');
    expect(read({ id: 'a1', location: '41.5,-93.5' })).toMatchObject({
      latitude: 41.5,
      longitude: -93.5,
      timestamp: receivedAt.toISOString(),
    });
  });

  it('reads the 9.x JSON body: m/s, −1 as unknown, the ISO timestamp', () => {
    const report = readOsmandRequest(
      {
        query: {},
        contentType: 'application/json',
        body: {
          device_id: 'a1',
          location: {
            timestamp: '2026-11-28T07:45:12.862Z',
            coords: { latitude: 42, longitude: -93, accuracy: 12, speed: 20, heading: -1, altitude: 300 },
            battery: { level: 0.5 },
            is_moving: true,
          },
          _: '&id=a1&lat=42&lon=-93&timestamp=2026-11-28T07:45:12.862Z&',
        },
      },
      receivedAt,
    );
    expect(report.fix).toMatchObject({ latitude: 42, longitude: -93, speed: 20, heading: null, accuracy: 12 });
    expect(report.fix?.timestamp).toBe('2026-11-28T07:45:12.862Z');
  });

  it('reads a position without coordinates as none, and invalid values as invalid', () => {
    expect(readOsmandRequest({ query: { id: 'a1', notificationToken: 'x' }, body: undefined, contentType: undefined })).toEqual({
      clientId: 'a1',
      fix: null,
    });
    const invalid = readOsmandRequest({ query: { id: 'a1', lat: '95', lon: '2' }, body: undefined, contentType: undefined });
    expect(invalid.fix).toBeNull();
    expect(invalid.invalid).toContain('latitude');
    const future = readOsmandRequest(
      {
        query: { id: 'a1', lat: '1', lon: '2', timestamp: String(receivedAt.getTime() + 3_600_000) },
        body: undefined,
        contentType: undefined,
      },
      receivedAt,
    );
    expect(future.invalid).toContain('future');
    // Past what a Date holds: no time at all, so invalid (answered 200, not stored), never an error.
    const beyond = readOsmandRequest(
      { query: { id: 'a1', lat: '1', lon: '2', timestamp: '99999999999999999' }, body: undefined, contentType: undefined },
      receivedAt,
    );
    expect(beyond.fix).toBeNull();
    expect(beyond.invalid).toContain('timestamp');
  });
});

describe('POST /api/osmand (Traccar Client pointed at the server)', () => {
  it('stores a registered device’s position from the URL query, in the device’s organization, with no session', async () => {
    const timestamp = secondsAgo(600);
    const answer = await osmand({
      query: `id=48151623&lat=42.03&lon=-93.62&timestamp=${timestamp}&speed=20&bearing=180&accuracy=5&batt=77`,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.body).toBe('');
    // A phone app, not a browser: no page policy to send with each of a fleet's reports.
    expect(answer.headers['content-security-policy']).toBeUndefined();
    expect(answer.headers['cache-control']).toBe('no-store');
    const latest = await latestOf(phone.id);
    expect(latest).toMatchObject({ latitude: 42.03, longitude: -93.62, heading: 180, accuracy: 5, userId: phone.driverUserId });
    expect(latest?.speed).toBeCloseTo(20 * KNOTS, 6);
    expect(latest?.recordedAt.getTime()).toBe(timestamp * 1000);
  });

  it('stores the 10.x form body and the 9.x JSON body', async () => {
    const formTime = secondsAgo(500);
    const form = await osmand({
      payload: `id=48151623&lat=42.04&lon=-93.61&timestamp=${formTime}&speed=0.00&bearing=0&accuracy=8`,
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(form.statusCode, form.body).toBe(200);
    expect(await storedOf(phone.id, new Date(formTime * 1000))).toBe(1);
    const oddTime = secondsAgo(450);
    const odd = await osmand({
      payload: `id=48151623&lat=42.045&lon=-93.61&timestamp=${oddTime}`,
      contentType: 'application/octet-stream',
    });
    expect(odd.statusCode, odd.body).toBe(200);
    expect(await storedOf(phone.id, new Date(oddTime * 1000))).toBe(1);

    const jsonTime = new Date(Date.now() - 400_000).toISOString();
    const json = await osmand({
      payload: {
        device_id: '48151623',
        location: {
          timestamp: jsonTime,
          coords: { latitude: 42.05, longitude: -93.6, accuracy: 9, speed: 12, heading: 90, altitude: 280 },
        },
      },
    });
    expect(json.statusCode, json.body).toBe(200);
    expect(await latestOf(phone.id)).toMatchObject({ latitude: 42.05, speed: 12, heading: 90 });
  });

  it('refuses an unknown, a disabled or a missing device identifier in every form, storing nothing', async () => {
    const now = secondsAgo(1);
    const refused = [
      await osmand({ query: `id=99999999&lat=42&lon=-93&timestamp=${now}` }),
      await osmand({ query: `id=00000000&lat=42&lon=-93&timestamp=${now}` }),
      await osmand({ query: `lat=42&lon=-93&timestamp=${now}` }),
      await osmand({ payload: `id=99999999&lat=42&lon=-93&timestamp=${now}`, contentType: 'application/x-www-form-urlencoded' }),
      await osmand({
        payload: {
          device_id: '99999999',
          location: { timestamp: new Date().toISOString(), coords: { latitude: 1, longitude: 2 } },
        },
      }),
      await osmand({ query: 'id=99999999' }),
    ];
    expect(refused.map((answer) => answer.statusCode)).toEqual([404, 404, 404, 404, 404, 404]);
  });

  it('answers a known device 200 for a resent, a late, an invalid and a positionless request, storing each valid fix once', async () => {
    const before = await storedOf(phone.id);
    const newest = await latestOf(phone.id);
    const late = secondsAgo(3000);
    const query = `id=48151623&lat=41.9&lon=-93.7&timestamp=${late}`;
    expect((await osmand({ query })).statusCode).toBe(200);
    expect((await osmand({ query })).statusCode).toBe(200);
    expect(await storedOf(phone.id)).toBe(before + 1);
    // Late: stored in its place, the latest position stays where it was.
    expect((await latestOf(phone.id))?.recordedAt).toEqual(newest?.recordedAt);

    const invalid = [
      await osmand({ query: `id=48151623&lat=91&lon=-93&timestamp=${secondsAgo(10)}` }),
      await osmand({ query: `id=48151623&lat=42&lon=-181&timestamp=${secondsAgo(10)}` }),
      await osmand({ query: `id=48151623&lat=42&lon=-93&timestamp=${secondsAgo(-7200)}` }),
      await osmand({ query: `id=48151623&lat=abc&lon=-93&timestamp=${secondsAgo(10)}` }),
      await osmand({ query: 'id=48151623&notificationToken=abc' }),
      await osmand({ method: 'GET', query: 'id=48151623' }),
    ];
    expect(invalid.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(await storedOf(phone.id)).toBe(before + 1);
    expect(await storedOf(swiftPhoneId)).toBe(0);
  });
});

describe('the query form over HTTP, answered before Fastify routes it (osmand-fast-path.ts)', () => {
  let base: string;
  let fleetPhone: Device;
  const post = (query: string, init: RequestInit = {}) => fetch(`${base}/api/osmand?${query}`, { method: 'POST', ...init });

  beforeAll(async () => {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    base = address;
    const prairie = (await seededOrganizationIds(test.database.db))('Prairie Feed Co.');
    const created = await app.inject({
      method: 'POST',
      url: `/api/organizations/${prairie}/devices`,
      headers: { cookie: adminCookie },
      payload: { clientId: 'fleet-0001', name: 'Fleet phone', kind: 'phone' },
    });
    expect(created.statusCode, created.body).toBe(201);
    fleetPhone = created.json() as Device;
  });

  it('stores a position, answers an empty 200 without the hooks’ headers, and never moves the latest position back', async () => {
    const newest = secondsAgo(120);
    const answer = await post(`id=fleet-0001&lat=42.1&lon=-93.5&timestamp=${newest}&speed=10&bearing=90&accuracy=6`);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe('');
    // The routed answer carries the security hooks' Cache-Control: this one was answered before routing.
    expect(answer.headers.get('cache-control')).toBeNull();
    expect(await latestOf(fleetPhone.id)).toMatchObject({ latitude: 42.1, longitude: -93.5, heading: 90, accuracy: 6 });

    const late = `id=fleet-0001&lat=41.8&lon=-93.9&timestamp=${secondsAgo(900)}`;
    expect((await post(late)).status).toBe(200);
    expect((await post(late, { method: 'GET' })).status).toBe(200);
    expect(await storedOf(fleetPhone.id)).toBe(2);
    expect((await latestOf(fleetPhone.id))?.recordedAt.getTime()).toBe(newest * 1000);
  });

  it('refuses an unknown or disabled identifier with the API’s error body, storing nothing', async () => {
    for (const id of ['99999999', '00000000']) {
      const answer = await post(`id=${id}&lat=42&lon=-93&timestamp=${secondsAgo(5)}`);
      expect(answer.status).toBe(404);
      expect(await answer.json()).toEqual({
        error: { code: 'not_found', message: `No enabled device is registered as ${id}` },
      });
    }
    const missing = await post(`lat=42&lon=-93&timestamp=${secondsAgo(5)}`);
    expect(missing.status).toBe(404);
    expect(await storedOf(swiftPhoneId)).toBe(0);
  });

  it('leaves a body, a heartbeat and an invalid position to the route, which answers them as before', async () => {
    const before = await storedOf(fleetPhone.id);
    const formTime = secondsAgo(60);
    const form = await fetch(`${base}/api/osmand`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `id=fleet-0001&lat=42.2&lon=-93.4&timestamp=${formTime}`,
    });
    expect(form.status).toBe(200);
    expect(form.headers.get('cache-control')).toBe('no-store');
    expect(await storedOf(fleetPhone.id, new Date(formTime * 1000))).toBe(1);

    const heartbeat = await post('id=fleet-0001&notificationToken=abc');
    const invalid = await post(`id=fleet-0001&lat=91&lon=-93&timestamp=${secondsAgo(10)}`);
    // A time past what a Date holds once ended the process from here: it is an invalid position like any other.
    const beyondTime = await post('id=fleet-0001&lat=42&lon=-93&timestamp=99999999999999999');
    expect([heartbeat.status, invalid.status, beyondTime.status]).toEqual([200, 200, 200]);
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
    expect(heartbeat.headers.get('cache-control')).toBe('no-store');
    expect(await storedOf(fleetPhone.id)).toBe(before + 1);
  });
});
