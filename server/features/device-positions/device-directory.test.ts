import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices } from '#server/db/schema';
import { recordChanges } from '#server/features/sync/change-log';
import { seededOrganizationIds } from '#test/server/seeded';
import { createTestApp, signInAs, type TestApp } from '#test/server/test-app';
import { createDeviceDirectory } from './device-directory.ts';
import { createPositionIngest, POSITION_INGEST_TUNING } from './position-ingest.ts';
import { realtimeOff } from '#server/plugins/realtime';

let test: TestApp;
let prairie: number;

beforeAll(async () => {
  test = await createTestApp();
  prairie = (await seededOrganizationIds(test.database.db))('Prairie Feed Co.');
});
afterAll(() => test.close());

async function addDevice(clientId: string) {
  const [device] = await test.database.db
    .insert(devices)
    .values({ organizationId: prairie, clientId, name: clientId, kind: 'phone' })
    .returning();
  return device as typeof devices.$inferSelect;
}

/** Disables the device as an edit does: in one transaction with its change-log entry. */
async function disable(deviceId: number) {
  await test.database.db.transaction(async (tx) => {
    await tx.update(devices).set({ enabled: false }).where(eq(devices.id, deviceId));
    await recordChanges(tx, [{ entity: 'device', id: deviceId, op: 'upsert', organizationIds: [prairie] }]);
  });
}

describe('the device directory', () => {
  it('answers from memory between checks and drops a device disabled since, at the next check of the change log', async () => {
    const device = await addDevice('directory-phone');
    let clock = 1_000_000;
    const lookup = createDeviceDirectory(test.database.db, 1_000, () => clock);
    expect((await lookup(['directory-phone', 'directory-unknown'])).map((found) => found.id)).toEqual([device.id]);

    await disable(device.id);
    // Within the check interval the cached row answers: no query per group commit.
    clock += 500;
    expect((await lookup(['directory-phone'])).map((found) => found.id)).toEqual([device.id]);
    // At the next check the change log names the device: it is read again, and is disabled.
    clock += 500;
    expect(await lookup(['directory-phone'])).toEqual([]);
  });

  it('lets the ingest refuse a device promptly once an administrator disables it', async () => {
    const cookie = await signInAs(test.app, 'admin');
    const created = await test.app.inject({
      method: 'POST',
      url: `/api/organizations/${prairie}/devices`,
      headers: { cookie },
      payload: { clientId: 'directory-disabled', name: 'Soon disabled', kind: 'phone' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const ingest = createPositionIngest(test.database.db, realtimeOff, test.app.log, {
      ...POSITION_INGEST_TUNING,
      deviceCheckMs: 0,
    });
    const fix = (second: number) => ({
      clientId: 'directory-disabled',
      latitude: 42,
      longitude: -93.6,
      timestamp: new Date(Date.now() - 600_000 + second * 1000).toISOString(),
    });
    expect(await ingest.ingest({ organizationId: null }, [fix(1)])).toEqual({ stored: 1, latestMoved: 1 });

    const disabled = await test.app.inject({
      method: 'PUT',
      url: `/api/organizations/${prairie}/devices/${created.json().id}`,
      headers: { cookie },
      payload: { clientId: 'directory-disabled', name: 'Soon disabled', kind: 'phone', enabled: false, version: 1 },
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    await expect(ingest.ingest({ organizationId: null }, [fix(2)])).rejects.toMatchObject({ statusCode: 404 });
    await ingest.close();
  });
});
