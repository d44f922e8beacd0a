import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DevicePositionInput } from '#core/contract/device-positions';
import { deviceLatestPositions, devices, orders, stops, trailers } from '#server/db/schema';
import { createPositionIngest, type PositionIngest } from '#server/features/device-positions/position-ingest';
import type { PositionPoster } from '#server/features/device-positions/device-positions.service';
import { realtimeOff } from '#server/plugins/realtime';
import { embeddedRouting } from '#server/providers/routing';
import { seededOrganizationIds } from '#test/server/seeded';
import { createTestApp, type TestApp } from '#test/server/test-app';
import { createDemoSimulator } from './demo-simulator.ts';

let test: TestApp;
let prairie: number;
const silent = { error: () => {}, info: () => {}, warn: () => {} } as never;

/** The In Transit loads left their completed stops 10 s before this: every truck is on its first leg. */
const departed = Date.now();

beforeAll(async () => {
  test = await createTestApp();
  const { db } = test.database;
  prairie = (await seededOrganizationIds(db))('Prairie Feed Co.');
  const moving = db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.organizationId, prairie), eq(orders.status, 'In Transit')));
  await db
    .update(stops)
    .set({ completedAt: new Date(departed - 10_000) })
    .where(and(inArray(stops.orderId, moving), eq(stops.status, 'Complete')));
});
afterAll(() => test?.close());

/** The real ingest, recording what was posted to it. */
function recordingIngest(): { ingest: PositionIngest; posted: { poster: PositionPoster; fixes: DevicePositionInput[] }[] } {
  const real = createPositionIngest(test.database.db, realtimeOff, silent);
  const posted: { poster: PositionPoster; fixes: DevicePositionInput[] }[] = [];
  return {
    posted,
    ingest: {
      ...real,
      ingest: (poster, fixes) => {
        posted.push({ poster, fixes: [...fixes] });
        return real.ingest(poster, fixes);
      },
    },
  };
}

describe('demo simulator', () => {
  it('posts, through the ingest, a fix for the phone and the trailer device of each In Transit load', async () => {
    const { db } = test.database;
    const inTransit = await db
      .select({ id: orders.id, driverId: orders.transportedByUserId, trailerId: orders.trailerId })
      .from(orders)
      .where(and(eq(orders.organizationId, prairie), eq(orders.status, 'In Transit'), eq(orders.isDraft, false)));
    expect(inTransit.length).toBeGreaterThanOrEqual(3);
    const phones = await db
      .select({ id: devices.id, clientId: devices.clientId })
      .from(devices)
      .where(
        inArray(
          devices.driverUserId,
          inTransit.map((load) => load.driverId as number),
        ),
      );
    const trailerDevices = await db
      .select({ id: devices.id, clientId: devices.clientId })
      .from(trailers)
      .innerJoin(devices, eq(devices.id, trailers.deviceId))
      .where(
        inArray(
          trailers.id,
          inTransit.map((load) => load.trailerId as number),
        ),
      );
    // The seed registers both devices of every In Transit load.
    expect(phones).toHaveLength(inTransit.length);
    expect(trailerDevices).toHaveLength(inTransit.length);

    const { ingest, posted } = recordingIngest();
    const at = new Date();
    const simulator = createDemoSimulator({
      db,
      positions: ingest,
      routing: embeddedRouting,
      organizationIds: [prairie],
      log: silent,
      now: () => at,
    });
    expect(await simulator.tick()).toBe(inTransit.length * 2);

    expect(posted.map((call) => call.poster)).toEqual([{ organizationId: prairie }]);
    const clientIds = posted.flatMap((call) => call.fixes.map((fix) => fix.clientId)).sort();
    expect(clientIds).toEqual([...phones, ...trailerDevices].map((device) => device.clientId).sort());
    for (const fix of posted[0]!.fixes) {
      expect(fix.timestamp).toBe(at.toISOString());
      expect(fix.accuracy).toBeGreaterThan(0);
      expect(fix.accuracy).toBeLessThan(100);
    }
    // Stored as any device's fixes: the latest position of each device is the fix just posted.
    const latest = await db
      .select()
      .from(deviceLatestPositions)
      .where(
        inArray(
          deviceLatestPositions.deviceId,
          [...phones, ...trailerDevices].map((device) => device.id),
        ),
      );
    expect(latest).toHaveLength(inTransit.length * 2);
    for (const row of latest) expect(row.recordedAt.toISOString()).toBe(at.toISOString());
  });

  it('finds each truck where it was after a restart: journeys run from when the last stop was completed', async () => {
    const { db } = test.database;
    let clock = new Date(departed);
    const before = recordingIngest();
    const running = createDemoSimulator({
      db,
      positions: before.ingest,
      routing: embeddedRouting,
      organizationIds: [prairie],
      log: silent,
      now: () => clock,
    });
    await running.tick();
    clock = new Date(departed + 30_000);
    await running.tick();
    // A server started 30 s later: its first fixes continue the journeys, not start them again.
    const after = recordingIngest();
    const restarted = createDemoSimulator({
      db,
      positions: after.ingest,
      routing: embeddedRouting,
      organizationIds: [prairie],
      log: silent,
      now: () => clock,
    });
    await restarted.tick();
    const positions = (fixes: DevicePositionInput[]) =>
      fixes.map((fix) => [fix.clientId, fix.latitude, fix.longitude, fix.heading]).sort();
    expect(positions(after.posted[0]!.fixes)).toEqual(positions(before.posted[1]!.fixes));
    expect(positions(after.posted[0]!.fixes)).not.toEqual(positions(before.posted[0]!.fixes));
  });

  it('moves each truck between ticks and posts nothing for an organization without In Transit loads', async () => {
    const { db } = test.database;
    let clock = new Date(departed);
    const { ingest, posted } = recordingIngest();
    const simulator = createDemoSimulator({
      db,
      positions: ingest,
      routing: embeddedRouting,
      organizationIds: [prairie],
      log: silent,
      now: () => clock,
    });
    await simulator.tick();
    clock = new Date(departed + 30_000);
    await simulator.tick();
    const [first, second] = posted;
    for (const fix of first!.fixes) {
      const moved = second!.fixes.find((candidate) => candidate.clientId === fix.clientId)!;
      expect([moved.latitude, moved.longitude]).not.toEqual([fix.latitude, fix.longitude]);
      expect(moved.speed).toBeGreaterThan(15);
    }

    const freemium = (await seededOrganizationIds(db))('Little Creek Farms');
    const idle = recordingIngest();
    const none = createDemoSimulator({
      db,
      positions: idle.ingest,
      routing: embeddedRouting,
      organizationIds: [freemium],
      log: silent,
    });
    expect(await none.tick()).toBe(0);
    expect(idle.posted).toEqual([]);
  });
});
