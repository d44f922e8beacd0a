import { and, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { ERROR_CODES } from '#core/contract/errors';
import {
  EXISTING_STANDARD_ROUTE,
  INVALID_POLYLINE,
  type StandardRoute,
  type standardRouteInputSchema,
} from '#core/contract/standard-routes';
import { routeSpacing } from '#core/domain/geo/route-gaps';
import { standardRoutePoints } from '#core/domain/standard-routes';
import { writableResource } from '#core/resources/resource-list';
import type { ServerContext } from '#server/context';
import type { Queryable } from '#server/db/database';
import { standardRoutes } from '#server/features/standard-routes/standard-routes.schema';
import { badRequest, HttpError, notFound } from '#server/plugins/error-handler';
import { type RecordStore, registerResourceRoutes } from '#server/resources/resource-routes';
import { registerUse } from '#server/resources/uses';

type StandardRouteWrite = z.output<typeof standardRouteInputSchema>;

function toStandardRoute(stored: Record<string, unknown>): StandardRoute {
  const route = stored as typeof standardRoutes.$inferSelect;
  return {
    id: route.id,
    organizationId: route.organizationId,
    originId: route.originId,
    destinationId: route.destinationId,
    flexiblePolyline: route.flexiblePolyline,
    deletedAt: route.deletedAt?.toISOString() ?? null,
    version: route.version,
  };
}

function existingRoute() {
  return new HttpError(409, ERROR_CODES.conflict, 'A standard route already joins these locations', {
    issues: [{ path: 'body.destinationId', message: EXISTING_STANDARD_ROUTE }],
  });
}

const active = isNull(standardRoutes.deletedAt);

/**
 * Standard routes (spec 1 §2, §5) on the record routes: one active route per ordered pair of the
 * organization's locations (the pair's partial unique index backs the check against concurrent
 * writes), a polyline that decodes to a route, and a delete that stamps `deletedAt`.
 */
export const standardRouteStore: RecordStore<StandardRoute, StandardRouteWrite> = {
  table: standardRoutes,
  noun: 'standard route',
  toRow: toStandardRoute,
  values: (input, { stored }) => {
    // Spec 1 §2: the ends are locked once the route exists.
    if (stored && (stored.originId !== input.originId || stored.destinationId !== input.destinationId)) {
      throw badRequest([{ path: 'body.originId', message: 'the ends of a standard route cannot change' }]);
    }
    const points = standardRoutePoints(input.flexiblePolyline);
    if (!points) throw badRequest([{ path: 'body.flexiblePolyline', message: INVALID_POLYLINE }]);
    // Every point must be a position on the globe: the largest gap is what the editor flags (spec 1 §5).
    const onTheGlobe = points.every((point) => Math.abs(point.latitude) <= 90 && Math.abs(point.longitude) <= 180);
    if (!onTheGlobe || !Number.isFinite(routeSpacing(points, 'Metric').largestGap)) {
      throw badRequest([{ path: 'body.flexiblePolyline', message: INVALID_POLYLINE }]);
    }
    return { originId: input.originId, destinationId: input.destinationId, flexiblePolyline: input.flexiblePolyline };
  },
  check: async (tx, auth, input, current) => {
    if (current?.deletedAt) throw notFound('Standard route');
    const [taken] = await tx
      .select({ id: standardRoutes.id })
      .from(standardRoutes)
      .where(
        and(
          eq(standardRoutes.organizationId, auth.organizationId),
          eq(standardRoutes.originId, input.originId),
          eq(standardRoutes.destinationId, input.destinationId),
          active,
          current ? ne(standardRoutes.id, current.id) : undefined,
        ),
      );
    if (taken) throw existingRoute();
  },
  uniqueViolations: { standard_routes_active_pair_idx: existingRoute },
  softDelete: (stored) => {
    if (stored.deletedAt) throw notFound('Standard route');
    return { deletedAt: new Date() };
  },
};

/** How many active standard routes start or end at the location. */
export async function standardRoutesEndingAt(db: Queryable, locationId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(standardRoutes)
    .where(and(active, or(eq(standardRoutes.originId, locationId), eq(standardRoutes.destinationId, locationId))));
  return row?.count ?? 0;
}

/**
 * Spec 2 §5: a location that ends a standard route cannot move its geofence (the route would no
 * longer start or end at it). For the location feature's check.
 */
export async function isStandardRouteEnd(db: Queryable, locationId: number): Promise<boolean> {
  return (await standardRoutesEndingAt(db, locationId)) > 0;
}

/** The organization's active standard routes, or those between any two of `locationIds` (travel times use them). */
export async function activeStandardRoutesOf(db: Queryable, organizationId: number, locationIds?: readonly number[]) {
  if (locationIds?.length === 0) return [];
  return db
    .select()
    .from(standardRoutes)
    .where(
      and(
        eq(standardRoutes.organizationId, organizationId),
        active,
        locationIds && inArray(standardRoutes.originId, [...locationIds]),
        locationIds && inArray(standardRoutes.destinationId, [...locationIds]),
      ),
    );
}

/** `/organizations/{orgId}/standard-routes[/{id}]` and the routes' feed loader. */
export function registerStandardRouteRoutes(app: FastifyInstance, context: ServerContext) {
  registerResourceRoutes(app, context, writableResource('standardRoutes'), standardRouteStore);
  // A location ending an active route stays (its deleted routes go with it).
  registerUse('location', 'standardRoute', standardRoutesEndingAt);
}
