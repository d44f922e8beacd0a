import { and, eq } from 'drizzle-orm';
import { PERMISSION_LOCKED_RULE, type RolePermissionBody } from '#core/contract/companies';
import { ERROR_CODES } from '#core/contract/errors';
import { type PermissionName, PLATFORM_PERMISSIONS } from '#core/domain/access';
import type { Database } from '#server/db/database';
import { permissions, rolePermissions, roles } from '#server/db/schema';
import { listRoles } from '#server/features/reference-lists/reference-lists.service';
import { badRequest, HttpError } from '#server/plugins/error-handler';

/**
 * Adds or removes a permission of a role (spec 2 §5). Permissions are resolved per request from these
 * rows (plugins/auth.ts), so the role's signed-in users hold the change from their next request.
 * ViewAllCompanies and CreateCompany are locked: only the platform administrator account holds them.
 */
export async function setRolePermission(db: Database, { roleId, permissionId }: RolePermissionBody, granted: boolean) {
  await db.transaction(async (tx) => {
    const [role] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.id, roleId));
    const [permission] = await tx.select().from(permissions).where(eq(permissions.id, permissionId));
    const issues = [
      ...(role ? [] : [{ path: 'body.roleId', message: 'unknown role' }]),
      ...(permission ? [] : [{ path: 'body.permissionId', message: 'unknown permission' }]),
    ];
    if (issues.length || !permission) throw badRequest(issues);
    if ((PLATFORM_PERMISSIONS as readonly string[]).includes(permission.name))
      throw new HttpError(422, ERROR_CODES.ruleViolation, `${permission.name} is held only by the platform administrator`, {
        rule: PERMISSION_LOCKED_RULE,
      });
    if (granted) await tx.insert(rolePermissions).values({ roleId, permissionId }).onConflictDoNothing();
    else
      await tx
        .delete(rolePermissions)
        .where(and(eq(rolePermissions.roleId, roleId), eq(rolePermissions.permissionId, permissionId)));
  });
  const role = (await listRoles(db)).find((row) => row.id === roleId);
  if (!role) throw new Error(`role ${roleId} vanished`);
  return { ...role, permissions: role.permissions.map((held) => ({ ...held, name: held.name as PermissionName })) };
}
