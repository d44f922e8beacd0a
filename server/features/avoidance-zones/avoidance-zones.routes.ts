import { asc, eq, isNull, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { type AvoidanceZone, avoidanceZoneSchema, type avoidanceZoneInputSchema } from '#core/contract/avoidance-zones';
import { deactivatedAtAfter, settleRestriction } from '#core/domain/avoidance-zones';
import { writableResource } from '#core/resources/resource-list';
import { type ServerContext, zodRoutes } from '#server/context';
import { avoidanceZones } from '#server/features/avoidance-zones/avoidance-zones.schema';
import { guard, requireAuth } from '#server/plugins/auth';
import { badRequest } from '#server/plugins/error-handler';
import { type RecordStore, registerResourceRoutes } from '#server/resources/resource-routes';

type ZoneInput = z.output<typeof avoidanceZoneInputSchema>;

function toZone(stored: Record<string, unknown>): AvoidanceZone {
  const zone = stored as typeof avoidanceZones.$inferSelect;
  return {
    id: zone.id,
    organizationId: zone.organizationId,
    name: zone.name,
    description: zone.description,
    deactivatedAt: zone.deactivatedAt?.toISOString() ?? null,
    geoLocation: zone.geoLocation,
    weightThreshold: zone.weightThresholdGrams,
    cargoTypeIds: zone.cargoTypeIds,
    version: zone.version,
  };
}

/**
 * Avoidance zones (spec 2) on the record routes: the organization's own, and global ones (no
 * organization) that every organization's mirror holds and only ModifyGlobalAvoidanceZones writes.
 */
export const avoidanceZoneStore: RecordStore<AvoidanceZone, ZoneInput> = {
  table: avoidanceZones,
  noun: 'avoidance zone',
  toRow: toZone,
  globalRows: 'ModifyGlobalAvoidanceZones',
  values: (input, { auth, stored }) => {
    const restriction = settleRestriction(input);
    if (restriction.missing) throw badRequest([{ path: `body.${restriction.missing}`, message: 'required' }]);
    const storedDeactivation = (stored?.deactivatedAt as Date | null | undefined)?.toISOString() ?? null;
    const deactivatedAt = deactivatedAtAfter(storedDeactivation, input.active, new Date());
    return {
      organizationId: input.global ? null : auth.organizationId,
      name: input.name,
      description: input.description,
      deactivatedAt: deactivatedAt === null ? null : new Date(deactivatedAt),
      geoLocation: input.geoLocation,
      weightThresholdGrams: restriction.weightThreshold,
      cargoTypeIds: restriction.cargoTypeIds,
    };
  },
};

/** `/organizations/{orgId}/avoidance-zones[/{id}]`, the zones' feed loader, and `GET /self/avoidance-zones`. */
export function registerAvoidanceZoneRoutes(app: FastifyInstance, context: ServerContext) {
  registerResourceRoutes(app, context, writableResource('avoidanceZones'), avoidanceZoneStore);

  // For callers without a mirror (a gateway, a driver's app): the zones the active organization's routes consider.
  zodRoutes(app).get(
    '/self/avoidance-zones',
    {
      schema: { tags: ['avoidance-zones'], response: { 200: z.array(avoidanceZoneSchema) } },
      onRequest: guard(),
    },
    async (request) => {
      const auth = requireAuth(request);
      const rows = await context.db
        .select()
        .from(avoidanceZones)
        .where(or(eq(avoidanceZones.organizationId, auth.organizationId), isNull(avoidanceZones.organizationId)))
        .orderBy(asc(avoidanceZones.name), asc(avoidanceZones.id));
      return rows.map(toZone);
    },
  );
}
