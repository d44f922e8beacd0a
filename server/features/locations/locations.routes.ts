import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { okSchema } from '#core/contract/common';
import {
  locationImageParamsSchema,
  locationImageSchema,
  locationImagesUploadSchema,
  locationThroughputBodySchema,
  locationThroughputSchema,
  MAX_IMAGES_BODY_BYTES,
} from '#core/contract/locations';
import { organizationRecordParamsSchema } from '#core/contract/master-data';
import { PAGE_RULES, type PageRule, type PermissionName } from '#core/domain/access';
import { writableResource } from '#core/resources/resource-list';
import { type ServerContext, zodRoutes } from '#server/context';
import { guard, requireAuth } from '#server/plugins/auth';
import { assertActiveOrganization } from '#server/resources/mirror-write';
import { registerResourceRoutes } from '#server/resources/resource-routes';
import { registerUse } from '#server/resources/uses';
import {
  addLocationImages,
  deleteLocationImage,
  listLocationImages,
  locationThroughput,
  replaceLocationThroughput,
} from './location-extras.service.ts';
import { locationStore } from './locations.service.ts';
import { locations } from '#server/db/schema';
import { eq, sql } from 'drizzle-orm';
import type { Queryable } from '#server/db/database';

/** A rule of the locations page (tier, not carriers) with its own permissions. */
export const locationRule = (...anyPermission: PermissionName[]): PageRule => ({
  ...PAGE_RULES['admin.locations'],
  permissions: ['ViewLocations'],
  ...(anyPermission.length ? { anyPermission } : {}),
});

/** Sites naming a loading team or a customer. */
const sitesWhere = async (tx: Queryable, column: typeof locations.loadingTeamId | typeof locations.customerId, id: number) => {
  const [row] = await tx.select({ count: sql<number>`count(*)::int` }).from(locations).where(eq(column, id));
  return row?.count ?? 0;
};

/**
 * Locations through the record routes, and their images and throughput rules: images and rules are
 * written with a connection only (the form says so), by those who may create or edit locations.
 */
export function registerLocationRoutes(app: FastifyInstance, context: ServerContext) {
  const { db } = context;
  registerResourceRoutes(app, context, writableResource('locations'), locationStore);
  registerUse('loadingTeam', 'location', (tx, id) => sitesWhere(tx, locations.loadingTeamId, id));
  registerUse('customer', 'location', (tx, id) => sitesWhere(tx, locations.customerId, id));
  const api = zodRoutes(app);
  const tags = ['locations'];
  const writeRule = locationRule('CreateLocations', 'EditLocations');

  api.get(
    '/organizations/:orgId/locations/:id/images',
    {
      schema: { tags, params: organizationRecordParamsSchema, response: { 200: z.array(locationImageSchema) } },
      onRequest: guard(locationRule()),
    },
    async (request) => {
      const auth = requireAuth(request);
      assertActiveOrganization(auth, request.params.orgId);
      return listLocationImages(db, auth, request.params.id);
    },
  );

  api.post(
    '/organizations/:orgId/locations/:id/images',
    {
      // Five photos as data URLs are larger than any other body.
      bodyLimit: MAX_IMAGES_BODY_BYTES,
      schema: {
        tags,
        params: organizationRecordParamsSchema,
        body: locationImagesUploadSchema,
        response: { 201: z.array(locationImageSchema) },
      },
      onRequest: guard(writeRule),
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      assertActiveOrganization(auth, request.params.orgId);
      const added = await db.transaction((tx) => addLocationImages(tx, auth, request.params.id, request.body));
      return reply.code(201).send(added);
    },
  );

  api.delete(
    '/organizations/:orgId/locations/:id/images/:imageId',
    {
      schema: { tags, params: locationImageParamsSchema, response: { 200: okSchema } },
      onRequest: guard(writeRule),
    },
    async (request) => {
      const auth = requireAuth(request);
      assertActiveOrganization(auth, request.params.orgId);
      await db.transaction((tx) => deleteLocationImage(tx, auth, request.params.id, request.params.imageId));
      return { ok: true as const };
    },
  );

  api.get(
    '/organizations/:orgId/locations/:id/throughput',
    {
      schema: { tags, params: organizationRecordParamsSchema, response: { 200: locationThroughputSchema } },
      onRequest: guard(locationRule()),
    },
    async (request) => {
      const auth = requireAuth(request);
      assertActiveOrganization(auth, request.params.orgId);
      return locationThroughput(db, auth, request.params.id);
    },
  );

  api.put(
    '/organizations/:orgId/locations/:id/throughput',
    {
      schema: {
        tags,
        params: organizationRecordParamsSchema,
        body: locationThroughputBodySchema,
        response: { 200: locationThroughputSchema },
      },
      onRequest: guard(writeRule),
    },
    async (request) => {
      const auth = requireAuth(request);
      assertActiveOrganization(auth, request.params.orgId);
      return db.transaction((tx) => replaceLocationThroughput(tx, auth, request.params.id, request.body));
    },
  );
}
