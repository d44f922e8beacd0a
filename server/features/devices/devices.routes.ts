import { and, eq, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { CLIENT_ID_TAKEN, type Device, type deviceInputSchema } from '#core/contract/devices';
import { ERROR_CODES } from '#core/contract/errors';
import { writableResource } from '#core/resources/resource-list';
import type { ServerContext } from '#server/context';
import type { Transaction } from '#server/db/database';
import type { RecordMirrorChanges } from '#server/resources/mirror-write';
import { devicePositions, devices } from '#server/db/schema';
import { badRequest, HttpError } from '#server/plugins/error-handler';
import { type RecordStore, registerResourceRoutes } from '#server/resources/resource-routes';
import { usesOf } from '#server/resources/uses';

/**
 * Driver phones and smart trailers (spec 2 "Smart device"), written through the record routes
 * (server/resources). A position names only its device's `clientId`, so no two devices of any
 * organizations share one; a trailer names its device (`trailers.device_id`), which then stays.
 */
export const deviceStore: RecordStore<Device, z.output<typeof deviceInputSchema>> = {
  table: devices,
  noun: 'device',
  toRow: (stored) => {
    const { createdAt, updatedAt, ...device } = stored as typeof devices.$inferSelect;
    return device;
  },
  // A trailer's device belongs to no driver.
  values: (input) => ({ ...input, driverUserId: input.kind === 'phone' ? input.driverUserId : null }),
  check: async (tx, _auth, input, current) => {
    const [taken] = await tx
      .select({ id: devices.id })
      .from(devices)
      .where(and(eq(devices.clientId, input.clientId), current ? ne(devices.id, current.id) : undefined));
    if (taken) throw clientIdTaken();
    if (current?.kind === 'trailer' && input.kind !== 'trailer' && ((await usesOf(tx, 'device', current.id)).trailer ?? 0) > 0) {
      throw badRequest([{ path: 'body.kind', message: 'a trailer names this device' }]);
    }
  },
  // Its positions go with it: device_positions has no foreign key to cascade (migration 0028).
  beforeDelete: async (tx, id) => {
    await tx.delete(devicePositions).where(eq(devicePositions.deviceId, id));
  },
  // Two creates with one identifier at once both pass the check: the index refuses the second.
  uniqueViolations: { devices_client_id_idx: clientIdTaken },
};

function clientIdTaken() {
  return new HttpError(409, ERROR_CODES.conflict, 'Another device already uses this identifier', {
    issues: [{ path: 'body.clientId', message: CLIENT_ID_TAKEN }],
  });
}

/**
 * A driver deleted leaves the phones that named them without a driver: each such device is written
 * (version + 1) and logged, so every mirror sees its driver cleared.
 */
export async function releaseDriverDevices(tx: Transaction, record: RecordMirrorChanges, organizationId: number, userId: number) {
  const released = await tx
    .update(devices)
    .set({ driverUserId: null, version: sql`${devices.version} + 1`, updatedAt: new Date() })
    .where(eq(devices.driverUserId, userId))
    .returning({ id: devices.id });
  await record(
    released.map((device) => ({
      entity: 'device' as const,
      id: device.id,
      op: 'upsert' as const,
      organizationIds: [organizationId],
    })),
  );
}

/** `/organizations/{orgId}/devices[/{id}]` and the devices' feed loader. */
export function registerDeviceRoutes(app: FastifyInstance, context: ServerContext) {
  registerResourceRoutes(app, context, writableResource('devices'), deviceStore);
}
