import { and, eq, inArray, ne, notInArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type locationInputSchema, STANDARD_ROUTE_END } from '#core/contract/locations';
import type { locationSchema } from '#core/contract/reference-lists';
import { MANAGEMENT_ROLE_IDS } from '#core/domain/master-data/people';
import {
  geofenceMoved,
  isSiteCategory,
  SUB_LOCATION_RADIUS_METERS,
  withoutSiteOnlyFields,
} from '#core/domain/master-data/locations';
import type { Queryable, Transaction } from '#server/db/database';
import { locations, locationTypes, locationUsers, orders, stops, subLocations, tripEvents, userRoles } from '#server/db/schema';
import { listLocations, locationRows } from '#server/features/reference-lists/reference-lists.service';
import { carriedLocations } from '#server/features/sync/carried-references';
import { fromList, ownOrCarried } from '#server/features/sync/feed-loaders';
import { badRequest } from '#server/plugins/error-handler';
import type { RecordStore } from '#server/resources/resource-routes';
import { usesOf } from '#server/resources/uses';

type Location = z.output<typeof locationSchema>;
type LocationFields = z.output<typeof locationInputSchema>;

/** The category of a location type (`Site`, `Other`…), or a refusal naming the field when there is no such type. */
async function categoryOf(tx: Queryable, locationTypeId: number): Promise<string> {
  const [type] = await tx
    .select({ category: locationTypes.category })
    .from(locationTypes)
    .where(eq(locationTypes.id, locationTypeId));
  if (!type) throw badRequest([{ path: 'body.organizationLocationTypeId', message: 'no such location type' }]);
  return type.category;
}

/** The input as stored: a non-site location keeps no loading team, site managers or premise id (spec 2 §4). */
async function kept(tx: Queryable, input: LocationFields): Promise<LocationFields> {
  return withoutSiteOnlyFields(input, await categoryOf(tx, input.organizationLocationTypeId));
}

/** A sub-location's stored geofence: a circle of 6.096 m around the point drawn. */
const subLocationGeofence = (sub: { latitude: number; longitude: number }) => ({
  latitude: sub.latitude,
  longitude: sub.longitude,
  radius: SUB_LOCATION_RADIUS_METERS,
  bbox: null,
});

/** Keeps the sub-locations the input names by id (stops name them), adds the new ones and drops the others. */
async function replaceSubLocations(tx: Transaction, organizationId: number, locationId: number, input: LocationFields) {
  const keptIds = input.orgSubLocations.flatMap((sub) => (sub.id === null ? [] : [sub.id]));
  await tx
    .delete(subLocations)
    .where(and(eq(subLocations.locationId, locationId), keptIds.length ? notInArray(subLocations.id, keptIds) : undefined));
  for (const sub of input.orgSubLocations) {
    const values = { name: sub.name, geofence: subLocationGeofence(sub) };
    if (sub.id === null) await tx.insert(subLocations).values({ ...values, locationId, organizationId });
    else
      await tx
        .update(subLocations)
        .set({ ...values, version: sql`${subLocations.version} + 1`, updatedAt: new Date() })
        .where(and(eq(subLocations.id, sub.id), eq(subLocations.locationId, locationId)));
  }
}

async function replaceManagers(tx: Transaction, locationId: number, userIds: number[]) {
  await tx.delete(locationUsers).where(eq(locationUsers.locationId, locationId));
  if (userIds.length) await tx.insert(locationUsers).values(userIds.map((userId) => ({ locationId, userId })));
}

/** How many loads name the location in a stop or a trip event. */
export async function loadsNamingLocation(tx: Queryable, locationId: number): Promise<number> {
  const [row] = await tx
    .execute<{ count: number }>(
      sql`select count(*)::int as count from (
          select ${stops.orderId} from ${stops} where ${stops.locationId} = ${locationId}
          union select ${tripEvents.orderId} from ${tripEvents} where ${tripEvents.locationId} = ${locationId}) named`,
    )
    .then((result) => result.rows);
  return row?.count ?? 0;
}

/**
 * Locations (spec 2 §3–5), written through the record routes (server/resources): the site with its
 * site managers and sub-locations in one write. The carriers transporting loads that stop at a site
 * see it in their mirror too (sync/carried-references.ts), so its changes are logged for them.
 */
export const locationStore: RecordStore<Location, LocationFields> = {
  table: locations,
  noun: 'location',
  rows: (db, where) => locationRows(db, where),
  values: async (input, { tx }) => {
    const stored = await kept(tx, input);
    return {
      name: stored.name,
      description: stored.description,
      locationTypeId: stored.organizationLocationTypeId,
      customerId: stored.customerId,
      loadingTeamId: stored.loadingTeamId,
      premiseId: stored.premiseId,
      hasScale: stored.hasScale,
      enabled: stored.enabled,
      address1: stored.address1,
      address2: stored.address2,
      city: stored.city,
      state: stored.state,
      postalCode: stored.postalCode,
      country: stored.country,
      groupColor: stored.groupColor,
      siteInstructions: stored.siteInstructions,
      geofence: stored.customGeofence,
    };
  },
  check: async (tx, _auth, input, current) => {
    if (current && geofenceMoved(current.customGeofence, input.customGeofence)) {
      const routes = (await usesOf(tx, 'location', current.id)).standardRoute ?? 0;
      if (routes > 0) throw badRequest([{ path: 'body.customGeofence', message: STANDARD_ROUTE_END }]);
    }
    const ownSubIds = new Set(current?.orgSubLocations.map((sub) => sub.id) ?? []);
    const foreignSub = input.orgSubLocations.findIndex((sub) => sub.id !== null && !ownSubIds.has(sub.id));
    if (foreignSub >= 0) {
      throw badRequest([{ path: `body.orgSubLocations.${foreignSub}.id`, message: 'not a sub-location of this location' }]);
    }
    const category = await categoryOf(tx, input.organizationLocationTypeId);
    if (!isSiteCategory(category) || !input.userIds.length) return;
    const managers = await tx
      .selectDistinct({ userId: userRoles.userId })
      .from(userRoles)
      .where(and(inArray(userRoles.userId, input.userIds), inArray(userRoles.roleId, [...MANAGEMENT_ROLE_IDS])));
    const held = new Set(managers.map((row) => row.userId));
    const notManager = input.userIds.findIndex((id) => !held.has(id));
    if (notManager >= 0) throw badRequest([{ path: `body.userIds.${notManager}`, message: 'not a site manager' }]);
  },
  written: async (tx, id, input) => {
    const [row] = await tx.select({ organizationId: locations.organizationId }).from(locations).where(eq(locations.id, id));
    const stored = await kept(tx, input);
    await replaceManagers(tx, id, stored.userIds);
    await replaceSubLocations(tx, row?.organizationId as number, id, input);
  },
  alsoSeenBy: async (tx, organizationId, id) => {
    const carriers = await tx
      .selectDistinct({ organizationId: orders.transportingOrganizationId })
      .from(stops)
      .innerJoin(orders, eq(orders.id, stops.orderId))
      .where(and(eq(stops.locationId, id), ne(orders.transportingOrganizationId, organizationId)));
    return carriers.map((row) => row.organizationId);
  },
  // A site a load stops at stays (its travel times, throughput rules and images go with it).
  uses: async (tx, id) => ({ order: await loadsNamingLocation(tx, id) }),
  feed: ownOrCarried(fromList(listLocations), carriedLocations),
};
