import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Self } from '#core/contract/user';
import type { Queryable } from '#server/db/database';
import {
  carrierLinks,
  contacts,
  features,
  organizationFeatures,
  organizations,
  orders,
  permissions,
  rolePermissions,
  roles,
  userRoles,
  users,
} from '#server/db/schema';
import { notFound } from '#server/plugins/error-handler';

/** The user shape of spec 1 §3, with the active organization as `organization`. */
export async function loadSelf(db: Queryable, userId: number, activeOrganizationId: number): Promise<Self> {
  const [user] = await db
    .select({ user: users, contact: contacts })
    .from(users)
    .innerJoin(contacts, eq(contacts.id, users.contactId))
    .where(eq(users.id, userId));
  if (!user) throw notFound('User');
  const [organization] = await db.select().from(organizations).where(eq(organizations.id, activeOrganizationId));
  if (!organization) throw notFound('Organization');

  const roleRows = await db
    .select({ roleId: roles.id, roleName: roles.name, permissionId: permissions.id, permissionName: permissions.name })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .leftJoin(rolePermissions, eq(rolePermissions.roleId, roles.id))
    .leftJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(eq(userRoles.userId, userId))
    .orderBy(asc(roles.name), asc(permissions.name));
  const roleMap = new Map<number, Self['roles'][number]>();
  for (const row of roleRows) {
    const role = roleMap.get(row.roleId) ?? { id: row.roleId, name: row.roleName, permissions: [] };
    if (row.permissionId !== null && row.permissionName !== null) {
      role.permissions.push({ id: row.permissionId, name: row.permissionName as never });
    }
    roleMap.set(row.roleId, role);
  }
  const roleList = [...roleMap.values()];
  const permissionNames = [...new Set(roleList.flatMap((role) => role.permissions.map((permission) => permission.name)))];

  const featureRows = await db
    .select({ name: features.name })
    .from(organizationFeatures)
    .innerJoin(features, eq(features.id, organizationFeatures.featureId))
    .where(eq(organizationFeatures.organizationId, activeOrganizationId))
    .orderBy(asc(features.id));
  // Clients: the organizations this one carries loads for (spec 1 §6).
  const clientRows = await db
    .select({
      organizationId: organizations.id,
      name: organizations.name,
      loadTractor: carrierLinks.loadTractor,
      loadTrailer: carrierLinks.loadTrailer,
    })
    .from(carrierLinks)
    .innerJoin(organizations, eq(organizations.id, carrierLinks.organizationId))
    .where(and(eq(carrierLinks.carrierOrganizationId, activeOrganizationId), eq(carrierLinks.isActive, true)))
    .orderBy(asc(organizations.name));

  return {
    id: user.user.id,
    username: user.user.username,
    name: user.user.name,
    organizationId: user.user.organizationId,
    activeOrganizationId,
    roles: roleList,
    permissions: permissionNames as Self['permissions'],
    contact: {
      id: user.contact.id,
      name: user.contact.name,
      language: user.contact.language as Self['contact']['language'],
      timezone: user.contact.timezone as Self['contact']['timezone'],
      units: user.contact.units as Self['contact']['units'],
      unitsWeight: user.contact.unitsWeight as Self['contact']['unitsWeight'],
      email: user.contact.email,
      phone: user.contact.phone,
      enabled: user.contact.enabled,
    },
    organization: {
      id: organization.id,
      name: organization.name,
      tier: organization.tier,
      isCarrier: organization.isCarrier,
      features: featureRows.map((row) => row.name) as Self['organization']['features'],
      timezone: organization.timezone as Self['organization']['timezone'],
      language: organization.language as Self['organization']['language'],
      units: organization.units as Self['organization']['units'],
      unitsWeight: organization.unitsWeight as Self['organization']['unitsWeight'],
      clients: clientRows,
    },
    preferences: user.user.preferences,
  };
}

/**
 * Weekly counts for the home summary card: loads (not drafts, not merged) the active
 * organization owns or transports, dated inside the range.
 */
export async function loadsSummary(db: Queryable, organizationId: number, start: Date, end: Date) {
  const [row] = await db
    .select({
      completed: sql<number>`count(*) filter (where ${orders.status} = 'Delivered')::int`,
      inTransit: sql<number>`count(*) filter (where ${orders.status} = 'In Transit')::int`,
      upcoming: sql<number>`count(*) filter (where ${orders.status} in ('Open', 'Assigned'))::int`,
    })
    .from(orders)
    .where(
      and(
        eq(orders.isDraft, false),
        sql`(${orders.organizationId} = ${organizationId} or ${orders.transportingOrganizationId} = ${organizationId})`,
        sql`${orders.date} between ${start.toISOString()} and ${end.toISOString()}`,
        inArray(orders.status, ['Open', 'Assigned', 'In Transit', 'Delivered']),
      ),
    );
  return {
    numberOfLoadsCompleted: row?.completed ?? 0,
    numberOfLoadsInTransit: row?.inTransit ?? 0,
    numberOfLoadsUpcoming: row?.upcoming ?? 0,
  };
}
