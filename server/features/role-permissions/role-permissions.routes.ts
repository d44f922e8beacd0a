import type { FastifyInstance } from 'fastify';
import { rolePermissionAnswerSchema, rolePermissionBodySchema } from '#core/contract/companies';
import { PAGE_RULES } from '#core/domain/access';
import { type ServerContext, zodRoutes } from '#server/context';
import { guard } from '#server/plugins/auth';
import { setRolePermission } from './role-permissions.service.ts';

const tags = ['role permissions'];

/** `POST`/`DELETE /api/role-permissions {roleId, permissionId}` (spec 2 §7), all-companies access; answers the role. */
export function registerRolePermissionRoutes(app: FastifyInstance, { db }: ServerContext) {
  const api = zodRoutes(app);
  const schema = { tags, body: rolePermissionBodySchema, response: { 200: rolePermissionAnswerSchema } };
  const onRequest = guard(PAGE_RULES['admin.permissions']);
  api.post('/role-permissions', { schema, onRequest }, async (request) => setRolePermission(db, request.body, true));
  api.delete('/role-permissions', { schema, onRequest }, async (request) => setRolePermission(db, request.body, false));
}
