import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceLocationEvent } from '#core/contract/realtime';
import { deviceLatestPositions, devicePositions, devices } from '#server/db/schema';
import { realtimeOff } from '#server/plugins/realtime';
import { seededOrganizationIds } from '#test/server/seeded';
import { createTestApp, type TestApp } from '#test/server/test-app';
import { createPositionIngest, POSITION_INGEST_TUNING, type StoredFixBatch } from './position-ingest.ts';

let test: TestApp;
let prairie: number;
let swift: number;

const base = Date.now() - 6 * 3600_000;
const fixAt = (clientId: string, second: number, latitude = 42) => ({
  clientId,
  latitude,
  longitude: -93.6,
  heading: 90,
  speed: 20,
  accuracy: 5,
  timestamp: new Date(base + second * 1000).toISOString(),
});

async function addDevice(organizationId: number, clientId: string) {
  const [device] = await test.database.db
    .insert(devices)
    .values({ organizationId, clientId, name: clientId, kind: 'phone' })
    .returning({ id: devices.id });
  return device?.id as number;
}

async function storedOf(deviceId: number) {
  const [row] = await test.database.db
    .select({ count: count() })
    .from(devicePositions)
    .where(eq(devicePositions.deviceId, deviceId));
  return row?.count ?? 0;
}

async function latestOf(deviceId: number) {
  const [row] = await test.database.db.select().from(deviceLatestPositions).where(eq(deviceLatestPositions.deviceId, deviceId));
  return row;
}

beforeAll(async () => {
  test = await createTestApp();
  const organizationId = await seededOrganizationIds(test.database.db);
  prairie = organizationId('Prairie Feed Co.');
  swift = organizationId('Swift Haul Carriers');
});
afterAll(() => test.close());

describe('the position ingest', () => {
  it('rate-limits a flooding device without losing its latest position', async () => {
    const deviceId = await addDevice(prairie, 'ingest-flood');
    const seen: StoredFixBatch[] = [];
    const ingest = createPositionIngest(test.database.db, realtimeOff, test.app.log, {
      ...POSITION_INGEST_TUNING,
      burstFixes: 3,
      fixesPerSecond: 0,
    });
    ingest.onStored(async (batch) => {
      seen.push(batch);
    });
    const answers = [];
    for (let second = 1; second <= 8; second += 1) {
      answers.push(await ingest.ingest({ organizationId: prairie }, [fixAt('ingest-flood', second, 42 + second / 100)]));
    }
    // Over the limit each fix is still answered (the app would resend it) and still moves the latest position.
    expect(answers.map((answer) => answer.stored)).toEqual([1, 1, 1, 0, 0, 0, 0, 0]);
    expect(answers.every((answer) => answer.latestMoved === 1)).toBe(true);
    expect(await storedOf(deviceId)).toBe(3);
    expect(await latestOf(deviceId)).toMatchObject({ latitude: 42.08, recordedAt: new Date(base + 8000) });
    // What derives from fixes still sees the newest one of each request (after the answer).
    await ingest.settled();
    expect(seen.flatMap((batch) => batch.fixes).at(-1)).toMatchObject({ deviceId, latitude: 42.08 });
    await ingest.close();
  });

  it('accepts a backlog sent after hours offline, out of order, in the order the fixes were taken', async () => {
    const deviceId = await addDevice(prairie, 'ingest-backlog');
    const seen: StoredFixBatch[] = [];
    const ingest = createPositionIngest(test.database.db, realtimeOff, test.app.log);
    ingest.onStored(async (batch) => {
      seen.push(batch);
    });
    // 300 fixes, one every 60 s over five hours, delivered shuffled (old iOS resends in no order).
    const backlog = Array.from({ length: 300 }, (_, index) => fixAt('ingest-backlog', index * 60, 41 + index / 1000));
    const shuffled = backlog.map((fix, index) => ({ fix, key: (index * 7919) % 300 })).toSorted((a, b) => a.key - b.key);
    const answer = await ingest.ingest(
      { organizationId: prairie },
      shuffled.map(({ fix }) => fix),
    );
    expect(answer).toEqual({ stored: 300, latestMoved: 1 });
    expect(await storedOf(deviceId)).toBe(300);
    expect(await latestOf(deviceId)).toMatchObject({ latitude: 41.299, recordedAt: new Date(base + 299 * 60_000) });
    await ingest.settled();
    const times = seen.flatMap((batch) => batch.fixes).map((fix) => fix.recordedAt.getTime());
    expect(times).toEqual(backlog.map((fix) => Date.parse(fix.timestamp)));
    await ingest.close();
  });

  it('stores concurrent requests together, a fix sent twice once, and refuses only the request naming a foreign device', async () => {
    const phoneA = await addDevice(prairie, 'ingest-a');
    const phoneB = await addDevice(prairie, 'ingest-b');
    await addDevice(swift, 'ingest-swift');
    const ingest = createPositionIngest(test.database.db, realtimeOff, test.app.log, {
      ...POSITION_INGEST_TUNING,
      commitDelayMs: 50,
    });
    const poster = { organizationId: prairie };
    const results = await Promise.allSettled([
      ingest.ingest(poster, [fixAt('ingest-a', 1)]),
      ingest.ingest(poster, [fixAt('ingest-a', 1)]),
      ingest.ingest(poster, [fixAt('ingest-a', 2), fixAt('ingest-b', 2)]),
      ingest.ingest(poster, [fixAt('ingest-b', 3), fixAt('ingest-swift', 3)]),
      ingest.ingest({ organizationId: null }, [fixAt('ingest-swift', 4)]),
    ]);
    expect(results.map((result) => (result.status === 'fulfilled' ? result.value.stored : 'refused'))).toEqual([
      1,
      0,
      2,
      'refused',
      1,
    ]);
    const refused = results[3];
    expect(refused?.status === 'rejected' && (refused.reason as { statusCode: number }).statusCode).toBe(404);
    expect(await storedOf(phoneA)).toBe(2);
    expect(await storedOf(phoneB)).toBe(1);
    await ingest.close();
  });

  it('pushes each organization’s moved positions as one array per interval, the newest per device', async () => {
    const phoneC = await addDevice(prairie, 'ingest-c');
    const phoneD = await addDevice(prairie, 'ingest-d');
    const pushes: { organizationId: number; locations: DeviceLocationEvent[] }[] = [];
    const ingest = createPositionIngest(
      test.database.db,
      { ...realtimeOff, publishDeviceLocations: (organizationId, locations) => pushes.push({ organizationId, locations }) },
      test.app.log,
      { ...POSITION_INGEST_TUNING, pushIntervalMs: 60_000 },
    );
    await ingest.ingest({ organizationId: prairie }, [fixAt('ingest-c', 10, 42.1)]);
    await ingest.ingest({ organizationId: prairie }, [fixAt('ingest-c', 11, 42.2)]);
    await ingest.ingest({ organizationId: prairie }, [fixAt('ingest-d', 11, 42.3)]);
    expect(pushes).toEqual([]);
    // Closing sends what is buffered (the interval here is a minute).
    await ingest.close();
    expect(pushes).toHaveLength(1);
    expect(pushes[0]?.organizationId).toBe(prairie);
    expect(pushes[0]?.locations.map((location) => [location.deviceId, location.latitude])).toEqual([
      [phoneC, 42.2],
      [phoneD, 42.3],
    ]);
  });

  it('pushes the latest position as stored, every field, and nothing for a late or resent fix', async () => {
    const phone = await addDevice(prairie, 'ingest-pushed');
    const pushes: DeviceLocationEvent[][] = [];
    const ingest = createPositionIngest(
      test.database.db,
      { ...realtimeOff, publishDeviceLocations: (_organizationId, locations) => pushes.push(locations) },
      test.app.log,
      { ...POSITION_INGEST_TUNING, pushIntervalMs: 60_000 },
    );
    await ingest.ingest({ organizationId: prairie }, [{ ...fixAt('ingest-pushed', 20, 42.5), heading: 45, accuracy: 7 }]);
    // Late, then the same fix again: stored (once), answered, never pushed, the latest unchanged.
    expect(await ingest.ingest({ organizationId: prairie }, [fixAt('ingest-pushed', 10, 42.4)])).toEqual({
      stored: 1,
      latestMoved: 0,
    });
    expect(await ingest.ingest({ organizationId: prairie }, [fixAt('ingest-pushed', 20, 42.5)])).toEqual({
      stored: 0,
      latestMoved: 0,
    });
    // Closing sends what is buffered (the interval here is a minute).
    await ingest.close();
    expect(pushes).toEqual([
      [
        {
          deviceId: phone,
          deviceType: 'mobile',
          userId: null,
          orderId: null,
          tractorId: null,
          trailerId: null,
          latitude: 42.5,
          longitude: -93.6,
          heading: 45,
          speed: 20,
          accuracy: 7,
          timestamp: new Date(base + 20_000).toISOString(),
        },
      ],
    ]);
    const stored = await latestOf(phone);
    expect([stored?.latitude, stored?.recordedAt.toISOString()]).toEqual([42.5, new Date(base + 20_000).toISOString()]);
  });

  it('answers once the fixes are committed, without waiting for the listeners, which still see every batch in order', async () => {
    await addDevice(prairie, 'ingest-slow');
    const ingest = createPositionIngest(test.database.db, realtimeOff, test.app.log);
    const seen: number[] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    ingest.onStored(async (batch) => {
      await held;
      seen.push(...batch.fixes.map((fix) => fix.latitude));
    });
    // Both are answered while the listener is still busy with the first.
    expect(await ingest.ingest({ organizationId: prairie }, [fixAt('ingest-slow', 1, 42.1)])).toEqual({
      stored: 1,
      latestMoved: 1,
    });
    expect(await ingest.ingest({ organizationId: prairie }, [fixAt('ingest-slow', 2, 42.2)])).toEqual({
      stored: 1,
      latestMoved: 1,
    });
    expect(seen).toEqual([]);
    release();
    await ingest.settled();
    expect(seen).toEqual([42.1, 42.2]);
    await ingest.close();
  });

  it('on close, lets each listener save what it holds once it has seen every batch', async () => {
    await addDevice(prairie, 'ingest-closing');
    const ingest = createPositionIngest(test.database.db, realtimeOff, test.app.log);
    const order: string[] = [];
    ingest.onStored(
      async (batch) => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        order.push(`saw ${batch.fixes.length}`);
      },
      async () => {
        order.push('saved what it held');
      },
    );
    await ingest.ingest({ organizationId: prairie }, [fixAt('ingest-closing', 1, 42.1)]);
    await ingest.close();
    expect(order).toEqual(['saw 1', 'saved what it held']);
  });

  it('hands a batch larger than listenerBatchFixes over in parts of whole devices, each oldest first', async () => {
    const [first, second, third] = [
      await addDevice(prairie, 'ingest-part-1'),
      await addDevice(prairie, 'ingest-part-2'),
      await addDevice(prairie, 'ingest-part-3'),
    ];
    const ingest = createPositionIngest(test.database.db, realtimeOff, test.app.log, {
      ...POSITION_INGEST_TUNING,
      listenerBatchFixes: 2,
    });
    const batches: [number, number][][] = [];
    ingest.onStored(async (batch) => {
      batches.push(batch.fixes.map((fix) => [fix.deviceId, fix.latitude]));
    });
    await ingest.ingest({ organizationId: prairie }, [
      fixAt('ingest-part-3', 3, 42.33),
      fixAt('ingest-part-1', 2, 42.12),
      fixAt('ingest-part-3', 1, 42.31),
      fixAt('ingest-part-2', 1, 42.21),
      fixAt('ingest-part-1', 1, 42.11),
      fixAt('ingest-part-3', 2, 42.32),
    ]);
    await ingest.settled();
    expect(batches).toEqual([
      [
        [first, 42.11],
        [first, 42.12],
      ],
      [[second, 42.21]],
      // One device's fixes stay together, even beyond the limit.
      [
        [third, 42.31],
        [third, 42.32],
        [third, 42.33],
      ],
    ]);
    await ingest.close();
  });

  it('hands what queued while the listeners were busy over as one batch, each device oldest first', async () => {
    const [first, second] = [await addDevice(prairie, 'ingest-queued-1'), await addDevice(prairie, 'ingest-queued-2')];
    const ingest = createPositionIngest(test.database.db, realtimeOff, test.app.log);
    const batches: [number, number][][] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    ingest.onStored(async (batch) => {
      batches.push(batch.fixes.map((fix) => [fix.deviceId, fix.latitude]));
      await held;
    });
    await ingest.ingest({ organizationId: prairie }, [fixAt('ingest-queued-2', 1, 42.1)]);
    await ingest.ingest({ organizationId: prairie }, [fixAt('ingest-queued-2', 2, 42.2)]);
    await ingest.ingest({ organizationId: prairie }, [fixAt('ingest-queued-1', 3, 42.3)]);
    await ingest.ingest({ organizationId: prairie }, [fixAt('ingest-queued-2', 4, 42.4)]);
    release();
    await ingest.settled();
    expect(batches).toEqual([
      [[second, 42.1]],
      [
        [first, 42.3],
        [second, 42.2],
        [second, 42.4],
      ],
    ]);
    await ingest.close();
  });

  it('gives a failing listener the same batch again before the next one', async () => {
    await addDevice(prairie, 'ingest-flaky');
    const ingest = createPositionIngest(test.database.db, realtimeOff, test.app.log, {
      ...POSITION_INGEST_TUNING,
      listenerRetryMs: 1,
    });
    const calls: number[] = [];
    ingest.onStored(async (batch) => {
      const latitude = batch.fixes[0]?.latitude as number;
      calls.push(latitude);
      if (calls.filter((called) => called === latitude).length === 1 && latitude === 42.1) throw new Error('database went away');
    });
    await ingest.ingest({ organizationId: prairie }, [fixAt('ingest-flaky', 1, 42.1)]);
    await ingest.ingest({ organizationId: prairie }, [fixAt('ingest-flaky', 2, 42.2)]);
    await ingest.settled();
    expect(calls).toEqual([42.1, 42.1, 42.2]);
    await ingest.close();
  });

  it('holds the answers back while the listeners are further behind than the backlog allows', async () => {
    const deviceId = await addDevice(prairie, 'ingest-behind');
    const ingest = createPositionIngest(test.database.db, realtimeOff, test.app.log, {
      ...POSITION_INGEST_TUNING,
      listenerBacklogFixes: 1,
    });
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    ingest.onStored(() => held);
    await ingest.ingest({ organizationId: prairie }, [fixAt('ingest-behind', 1)]);
    let answered = false;
    const second = ingest
      .ingest({ organizationId: prairie }, [fixAt('ingest-behind', 2), fixAt('ingest-behind', 3)])
      .then((answer) => {
        answered = true;
        return answer;
      });
    // Stored, yet not answered: three fixes wait for the listener, one is allowed.
    while ((await storedOf(deviceId)) < 3) await new Promise((resolve) => setTimeout(resolve, 10));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(answered).toBe(false);
    release();
    expect(await second).toEqual({ stored: 2, latestMoved: 1 });
    await ingest.close();
  });
});
