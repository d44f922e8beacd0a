import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AuthContext, OrganizationCaller } from '#server/plugins/auth';
import type { Queryable } from '#server/db/database';
import { cargoBasis } from '#core/domain/cargo';
import { ROLE_IDS } from '#core/domain/access';
import {
  cargoTypes,
  carrierLinks,
  contacts,
  customers,
  features,
  locations,
  locationTypes,
  locationUsers,
  organizationCargoTypes,
  organizationFeatures,
  organizations,
  permissions,
  rolePermissions,
  roles,
  subLocations,
  tractors,
  trailers,
  userRoles,
  users,
} from '#server/db/schema';

/** Every list answers for the active organization only (DESIGN §4). */

export const cargoTypeColumns = { id: cargoTypes.id, label: cargoTypes.label, category: cargoTypes.category };

/** A cargo type in the contract shape: its row and whether it is measured by weight or quantity. */
export const withCargoBasis = (row: { id: number; label: string; category: string }) => ({
  ...row,
  measuredBy: cargoBasis(row.id),
});

export async function listCargoTypes(db: Queryable, auth: OrganizationCaller) {
  const rows = await db
    .select(cargoTypeColumns)
    .from(organizationCargoTypes)
    .innerJoin(cargoTypes, eq(cargoTypes.id, organizationCargoTypes.cargoTypeId))
    .where(eq(organizationCargoTypes.organizationId, auth.organizationId))
    .orderBy(asc(cargoTypes.id));
  return rows.map(withCargoBasis);
}

export async function listLocationTypes(db: Queryable) {
  return db.select().from(locationTypes).orderBy(asc(locationTypes.id));
}

export async function listOrganizations(db: Queryable, auth: AuthContext) {
  const query = db
    .select({ id: organizations.id, name: organizations.name, tier: organizations.tier, isCarrier: organizations.isCarrier })
    .from(organizations)
    .orderBy(asc(organizations.name));
  return auth.permissions.includes('ViewAllCompanies')
    ? query
    : query.where(inArray(organizations.id, [auth.organizationId, auth.homeOrganizationId]));
}

export async function listFeatures(db: Queryable, auth: AuthContext) {
  return db
    .select({
      id: features.id,
      name: features.name,
      description: features.description,
      enabled: sql<boolean>`${organizationFeatures.featureId} is not null`,
    })
    .from(features)
    .leftJoin(
      organizationFeatures,
      and(eq(organizationFeatures.featureId, features.id), eq(organizationFeatures.organizationId, auth.organizationId)),
    )
    .orderBy(asc(features.id));
}

export async function listPermissions(db: Queryable) {
  return db.select().from(permissions).orderBy(asc(permissions.name));
}

export async function listRoles(db: Queryable) {
  const rows = await db
    .select({ id: roles.id, name: roles.name, permissionId: permissions.id, permissionName: permissions.name })
    .from(roles)
    .leftJoin(rolePermissions, eq(rolePermissions.roleId, roles.id))
    .leftJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .orderBy(asc(roles.name), asc(permissions.name));
  const byId = new Map<number, { id: number; name: string; permissions: { id: number; name: string }[] }>();
  for (const row of rows) {
    const role = byId.get(row.id) ?? { id: row.id, name: row.name, permissions: [] };
    if (row.permissionId !== null && row.permissionName !== null)
      role.permissions.push({ id: row.permissionId, name: row.permissionName });
    byId.set(row.id, role);
  }
  return [...byId.values()];
}

export async function listDrivers(db: Queryable, auth: OrganizationCaller) {
  const rows = await db
    .select({ user: users, phone: contacts.phone })
    .from(users)
    .innerJoin(userRoles, and(eq(userRoles.userId, users.id), eq(userRoles.roleId, ROLE_IDS.Driver)))
    .innerJoin(contacts, eq(contacts.id, users.contactId))
    .where(eq(users.organizationId, auth.organizationId))
    .orderBy(asc(users.name));
  return rows.map(({ user, phone }) => ({
    id: user.id,
    organizationId: user.organizationId,
    name: user.name,
    phone,
    enabled: user.enabled,
    driverInfo: {
      defaultTractorId: user.driverInfo?.defaultTractorId ?? null,
      defaultTrailerId: user.driverInfo?.defaultTrailerId ?? null,
      contract: user.driverInfo?.contract ?? false,
    },
    version: user.version,
  }));
}

export async function listTractors(db: Queryable, auth: OrganizationCaller) {
  const rows = await db
    .select()
    .from(tractors)
    .where(eq(tractors.organizationId, auth.organizationId))
    .orderBy(asc(tractors.userDisplayName));
  return rows.map(toTractor);
}

/** A tractor row in the contract shape (weights in grams). */
export function toTractor({ weightGrams, createdAt, updatedAt, ...tractor }: typeof tractors.$inferSelect) {
  return { ...tractor, weight: weightGrams };
}

export async function listTrailers(db: Queryable, auth: OrganizationCaller) {
  const rows = await db
    .select()
    .from(trailers)
    .where(eq(trailers.organizationId, auth.organizationId))
    .orderBy(asc(trailers.userDisplayName));
  return rows.map(toTrailer);
}

/** A trailer row in the contract shape (weights in grams). */
export function toTrailer({ weightGrams, maxCargoWeightGrams, createdAt, updatedAt, ...trailer }: typeof trailers.$inferSelect) {
  return { ...trailer, weight: weightGrams, maxCargoWeight: maxCargoWeightGrams };
}

export async function listLocations(db: Queryable, auth: OrganizationCaller) {
  return locationRows(db, eq(locations.organizationId, auth.organizationId));
}

/**
 * Sites matching `where` in the contract shape, with their sub-locations (only those matching
 * `subLocationsWhere` when given), by name.
 */
export async function locationRows(db: Queryable, where: SQL, subLocationsWhere?: SQL) {
  const rows = await db.select().from(locations).where(where).orderBy(asc(locations.name));
  const subs = rows.length
    ? await db
        .select()
        .from(subLocations)
        .where(
          and(
            inArray(
              subLocations.locationId,
              rows.map((row) => row.id),
            ),
            subLocationsWhere,
          ),
        )
        .orderBy(asc(subLocations.name))
    : [];
  const managers = rows.length
    ? await db
        .select()
        .from(locationUsers)
        .where(
          inArray(
            locationUsers.locationId,
            rows.map((row) => row.id),
          ),
        )
        .orderBy(asc(locationUsers.userId))
    : [];
  return rows.map((location) => ({
    id: location.id,
    organizationId: location.organizationId,
    name: location.name,
    description: location.description,
    organizationLocationTypeId: location.locationTypeId,
    customerId: location.customerId,
    address1: location.address1,
    address2: location.address2,
    city: location.city,
    state: location.state,
    postalCode: location.postalCode,
    country: location.country,
    groupColor: location.groupColor,
    hasScale: location.hasScale,
    enabled: location.enabled,
    premiseId: location.premiseId,
    siteInstructions: location.siteInstructions,
    loadingTeamId: location.loadingTeamId,
    userIds: managers.filter((manager) => manager.locationId === location.id).map((manager) => manager.userId),
    customGeofence: location.geofence,
    orgSubLocations: subs
      .filter((sub) => sub.locationId === location.id)
      .map((sub) => ({ id: sub.id, name: sub.name, customGeofence: sub.geofence })),
    version: location.version,
  }));
}

export const customerColumns = {
  id: customers.id,
  organizationId: customers.organizationId,
  customerName: customers.customerName,
  version: customers.version,
};

export async function listCustomers(db: Queryable, auth: OrganizationCaller) {
  return db
    .select(customerColumns)
    .from(customers)
    .where(eq(customers.organizationId, auth.organizationId))
    .orderBy(asc(customers.customerName));
}

export async function listCarriers(db: Queryable, auth: AuthContext) {
  return db
    .select({
      id: carrierLinks.id,
      organizationId: carrierLinks.organizationId,
      carrierOrganizationId: carrierLinks.carrierOrganizationId,
      name: organizations.name,
      isActive: carrierLinks.isActive,
      loadDriver: carrierLinks.loadDriver,
      loadTractor: carrierLinks.loadTractor,
      loadTrailer: carrierLinks.loadTrailer,
    })
    .from(carrierLinks)
    .innerJoin(organizations, eq(organizations.id, carrierLinks.carrierOrganizationId))
    .where(eq(carrierLinks.organizationId, auth.organizationId))
    .orderBy(asc(organizations.name));
}

export async function listUsers(db: Queryable, auth: AuthContext) {
  return db
    .select({
      id: users.id,
      organizationId: users.organizationId,
      username: users.username,
      name: users.name,
      firstName: users.firstName,
      lastName: users.lastName,
      enabled: users.enabled,
      contactId: users.contactId,
      roleIds: sql<
        number[]
      >`coalesce((select array_agg(ur.role_id order by ur.role_id) from user_roles ur where ur.user_id = ${users.id}), '{}')`,
    })
    .from(users)
    .where(eq(users.organizationId, auth.organizationId))
    .orderBy(asc(users.name));
}

export async function listContacts(db: Queryable, auth: AuthContext) {
  return db
    .select({
      id: contacts.id,
      organizationId: contacts.organizationId,
      name: contacts.name,
      email: contacts.email,
      phone: contacts.phone,
      language: contacts.language,
      timezone: contacts.timezone,
      units: contacts.units,
      unitsWeight: contacts.unitsWeight,
      enabled: contacts.enabled,
      interactiveUser: contacts.interactiveUser,
    })
    .from(contacts)
    .where(eq(contacts.organizationId, auth.organizationId))
    .orderBy(asc(contacts.name));
}
