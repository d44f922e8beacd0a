import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_IDS } from '#core/domain/access';
import { createTestApp, signInAs, type TestApp } from '#test/server/test-app';

let test: TestApp;
let app: FastifyInstance;
const cookies: Record<string, string> = {};
let permissionIds: Map<string, number>;

beforeAll(async () => {
  test = await createTestApp();
  app = test.app;
  for (const username of ['admin', 'dispatcher', 'platform']) cookies[username] = await signInAs(app, username);
  const list = (await call('platform', 'GET', '/permissions')).json() as { id: number; name: string }[];
  permissionIds = new Map(list.map((row) => [row.name, row.id]));
});
afterAll(() => test.close());

function call(username: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) {
  return app.inject({ method, url: `/api${url}`, headers: { cookie: cookies[username] ?? '' }, ...(payload ? { payload } : {}) });
}
const permissionId = (name: string) => permissionIds.get(name) ?? 0;
const selfPermissions = async (username: string) =>
  ((await call(username, 'GET', '/self')).json() as { permissions: string[] }).permissions;

describe('role permissions', () => {
  it("a removed permission leaves the role's signed-in users at their next request, and comes back when added", async () => {
    const body = { roleId: ROLE_IDS.Dispatcher, permissionId: permissionId('ViewOwningOrders') };
    const removed = await call('platform', 'DELETE', '/role-permissions', body);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().permissions.map((held: { name: string }) => held.name)).not.toContain('ViewOwningOrders');
    expect(await selfPermissions('dispatcher')).not.toContain('ViewOwningOrders');
    expect((await call('dispatcher', 'GET', '/drivers')).statusCode).toBe(403);

    const added = await call('platform', 'POST', '/role-permissions', body);
    expect(added.statusCode).toBe(200);
    expect(await selfPermissions('dispatcher')).toContain('ViewOwningOrders');
    expect((await call('dispatcher', 'GET', '/drivers')).statusCode).toBe(200);
  });

  it('locks ViewAllCompanies and CreateCompany', async () => {
    for (const name of ['ViewAllCompanies', 'CreateCompany']) {
      const answer = await call('platform', 'POST', '/role-permissions', {
        roleId: ROLE_IDS.Administrator,
        permissionId: permissionId(name),
      });
      expect(answer.statusCode).toBe(422);
      expect(answer.json().error.rule).toBe('permissionLocked');
      const removal = await call('platform', 'DELETE', '/role-permissions', {
        roleId: ROLE_IDS.PlatformAdministrator,
        permissionId: permissionId(name),
      });
      expect(removal.statusCode).toBe(422);
    }
    expect(await selfPermissions('platform')).toEqual(expect.arrayContaining(['ViewAllCompanies', 'CreateCompany']));
  });

  it('name an unknown or missing role and permission, and refuse without all-companies access', async () => {
    const unknown = await call('platform', 'POST', '/role-permissions', { roleId: 999, permissionId: 99999 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.issues.map((issue: { path: string }) => issue.path)).toEqual([
      'body.roleId',
      'body.permissionId',
    ]);
    const missing = await call('platform', 'POST', '/role-permissions', { roleId: ROLE_IDS.Dispatcher });
    expect(missing.json().error.issues).toEqual([expect.objectContaining({ path: 'body.permissionId' })]);
    const refused = await call('admin', 'POST', '/role-permissions', {
      roleId: ROLE_IDS.Dispatcher,
      permissionId: permissionId('ViewOwningOrders'),
    });
    expect(refused.statusCode).toBe(403);
  });
});
