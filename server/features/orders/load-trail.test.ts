import { and, eq, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoadTrailPoint } from '#core/contract/load-details';
import { devices, orders } from '#server/db/schema';
import { createPositionIngest } from '#server/features/device-positions/position-ingest';
import { realtimeOff } from '#server/plugins/realtime';
import { seededDriver, seededOrganizationIds } from '#test/server/seeded';
import { createTestApp, signInAs, type TestApp } from '#test/server/test-app';

let test: TestApp;
let app: FastifyInstance;
const cookies: Record<string, string> = {};
let prairie: number;
let inTransitId: number;
let otherLoadId: number;
let freemiumLoadId: number;
const silent = { error: () => {} } as never;
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const trail = (username: string | null, orderId: number | string) =>
  app.inject({
    method: 'GET',
    url: `/api/order/${orderId}/devicelocations`,
    headers: username ? { cookie: cookies[username] ?? '' } : {},
  });

beforeAll(async () => {
  test = await createTestApp();
  app = test.app;
  for (const username of ['dispatcher', 'carrier', 'freemium', 'driver.schmidt'])
    cookies[username] = await signInAs(app, username);
  const organizationId = await seededOrganizationIds(test.database.db);
  prairie = organizationId('Prairie Feed Co.');
  const db = test.database.db;
  const schmidt = await seededDriver(db, 'driver.schmidt');
  const [load] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.transportedByUserId, schmidt.id), eq(orders.status, 'In Transit')));
  inTransitId = load!.id;
  const hansen = await seededDriver(db, 'driver.hansen');
  // A delivered load of a driver with no phone: only fixes linked to it are its trail.
  const [other] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.organizationId, prairie), eq(orders.status, 'Delivered'), ne(orders.transportedByUserId, hansen.id)));
  otherLoadId = other!.id;
  const [freemiumLoad] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.organizationId, organizationId('Little Creek Farms')));
  freemiumLoadId = freemiumLoad!.id;

  const [phone] = await db.select().from(devices).where(eq(devices.driverUserId, schmidt.id));
  const hansenPhone = await db
    .insert(devices)
    .values({ organizationId: prairie, clientId: 'trail-hansen', name: 'Hansen', kind: 'phone', driverUserId: hansen.id })
    .returning();

  // Linked fixes as live tracking stores them, and unlinked ones from before it linked the device.
  const linked = createPositionIngest(db, realtimeOff, silent);
  linked.linkLoadsWith(
    async (_organization, known) => new Map(known.map((device) => [device.id, { orderId: inTransitId, tractorId: null }])),
  );
  const unlinked = createPositionIngest(db, realtimeOff, silent);
  const elsewhere = createPositionIngest(db, realtimeOff, silent);
  elsewhere.linkLoadsWith(
    async (_organization, known) => new Map(known.map((device) => [device.id, { orderId: otherLoadId, tractorId: null }])),
  );
  const fix = (clientId: string, minutes: number, accuracy: number) => ({
    clientId,
    latitude: 42 + minutes / 1000,
    longitude: -93.5,
    heading: 90,
    speed: 20,
    accuracy,
    timestamp: minutesAgo(minutes),
  });
  await unlinked.ingest({ organizationId: prairie }, [fix(phone!.clientId, 30, 6), fix(phone!.clientId, 29, 250)]);
  await linked.ingest({ organizationId: prairie }, [fix(phone!.clientId, 20, 5), fix(phone!.clientId, 10, 0)]);
  // Another driver's phone, and the same phone's fix linked to another load: not this load's trail.
  await unlinked.ingest({ organizationId: prairie }, [fix(hansenPhone[0]!.clientId, 25, 5)]);
  await elsewhere.ingest({ organizationId: prairie }, [fix(phone!.clientId, 5, 5)]);
});
afterAll(() => test?.close());

describe('GET /api/order/:orderId/devicelocations', () => {
  it("answers the load's trail, oldest first: its linked fixes and its driver's unlinked ones, every accuracy", async () => {
    const answer = await trail('dispatcher', inTransitId);
    expect(answer.statusCode, answer.body).toBe(200);
    const points = answer.json() as LoadTrailPoint[];
    expect(points.map((point) => point.accuracy)).toEqual([6, 250, 5, 0]);
    expect(points.map((point) => point.timestamp)).toEqual([...points.map((point) => point.timestamp)].sort());
    expect(points[0]).toMatchObject({ deviceType: 'mobile', heading: 90, speed: 20, longitude: -93.5 });
  });

  it('needs a session and the delivery log permission, and is no live data for Freemium', async () => {
    expect((await trail(null, inTransitId)).statusCode).toBe(401);
    expect((await trail('driver.schmidt', inTransitId)).statusCode).toBe(403);
    expect((await trail('freemium', freemiumLoadId)).statusCode).toBe(403);
  });

  it("answers 404 for another organization's load and 400 for an id that is not one", async () => {
    expect((await trail('carrier', inTransitId)).statusCode).toBe(404);
    expect((await trail('dispatcher', freemiumLoadId)).statusCode).toBe(404);
    expect((await trail('dispatcher', 999_999)).statusCode).toBe(404);
    expect((await trail('dispatcher', 'abc')).statusCode).toBe(400);
  });

  it('answers only the fixes linked to a load whose driver reported nothing unlinked in its span', async () => {
    const answer = await trail('dispatcher', otherLoadId);
    expect(answer.statusCode).toBe(200);
    expect((answer.json() as LoadTrailPoint[]).map((point) => point.accuracy)).toEqual([5]);
  });
});
