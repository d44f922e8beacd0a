import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserInput, UserRecord } from '#core/contract/people';
import { ROLE_IDS } from '#core/domain/access';
import { USERNAME_CHECK_THROTTLING } from '#core/domain/username-check-throttling';
import { contacts, permissions, rolePermissions, users } from '#server/db/schema';
import { pullChanges, pullChangesUntil } from '#test/server/change-feed';
import { readOutbox } from '#test/server/outbox';
import { seededDriver, seededOrganizationIds } from '#test/server/seeded';
import { createTestApp, signInAs, type TestApp } from '#test/server/test-app';

let test: TestApp;
let app: FastifyInstance;
let dataDir: string;
const cookies: Record<string, string> = {};
let prairie: number;
let littleCreek: number;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'dispatch-people-'));
  test = await createTestApp({ DATA_DIR: dataDir });
  app = test.app;
  for (const username of ['admin', 'dispatcher', 'freemium']) cookies[username] = await signInAs(app, username);
  const organizationId = await seededOrganizationIds(test.database.db);
  prairie = organizationId('Prairie Feed Co.');
  littleCreek = organizationId('Little Creek Farms');
});
afterAll(async () => {
  await test.close();
  await rm(dataDir, { recursive: true, force: true });
});

function call(username: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  return app.inject({ method, url: `/api${url}`, headers: { cookie: cookies[username] ?? '' }, ...(payload ? { payload } : {}) });
}

const driverBody = (username: string, overrides: Partial<UserInput> = {}): UserInput => ({
  username,
  firstName: 'Rosa',
  lastName: 'Lind',
  roleIds: [ROLE_IDS.Driver],
  sublocationTagging: true,
  driverInfo: { defaultTractorId: null, defaultTrailerId: null, contract: false, loadCompletionOutOfSequence: true },
  contact: {
    name: 'Rosa Lind',
    language: 'en-US',
    contactNotificationMethods: [
      { notificationType: 'Email', destination: `${username}@prairiefeed.example` },
      { notificationType: 'Text', destination: '(515) 555-0142' },
    ],
  },
  ...overrides,
});

const issuesOf = (response: { json: () => unknown }) =>
  (response.json() as { error: { issues?: { path: string; message: string }[] } }).error.issues ?? [];

describe('users', () => {
  it('are created with their contact and an activation mail, updated with their base version and deleted, each in the feed', async () => {
    const { cursor } = await pullChanges(app, cookies.admin as string);
    const hansen = await seededDriver(test.database.db, 'driver.hansen');
    const created = await call(
      'admin',
      'POST',
      `/organizations/${prairie}/users`,
      driverBody('rosa.lind', {
        password: 'Dropped-pass1',
        driverInfo: {
          defaultTractorId: hansen.tractorId,
          defaultTrailerId: hansen.trailerId,
          contract: true,
          loadCompletionOutOfSequence: false,
        },
      }),
    );
    expect(created.statusCode).toBe(201);
    const user = created.json() as UserRecord;
    expect(user).toMatchObject({
      organizationId: prairie,
      username: 'rosa.lind',
      name: 'Rosa Lind',
      roleIds: [ROLE_IDS.Driver],
      sublocationTagging: true,
      driverInfo: { defaultTractorId: hansen.tractorId, defaultTrailerId: hansen.trailerId, contract: true },
      // The contact has an email: the activation link sets the password, the one typed is dropped.
      hasPassword: false,
      enabled: true,
      version: 1,
      contact: {
        name: 'Rosa Lind',
        email: 'rosa.lind@prairiefeed.example',
        phone: '+15155550142',
        interactiveUser: true,
        timezone: 'America/Chicago',
        unitsWeight: 'Pound',
      },
    });
    expect(JSON.stringify(user)).not.toMatch(/password_?hash|token/i);

    const mails = (await readOutbox(path.join(dataDir, 'outbox'))).filter((mail) => mail.to?.includes('rosa.lind@'));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.links[0]).toMatch(/\/activate-account\/[0-9a-f-]{36}$/);

    const updated = await call('admin', 'PUT', `/organizations/${prairie}/users/${user.id}`, {
      ...driverBody('Rosa.Lind', { lastName: 'Lindqvist' }),
      version: 1,
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ username: 'Rosa.Lind', name: 'Rosa Lindqvist', version: 2 });

    const stale = await call('admin', 'PUT', `/organizations/${prairie}/users/${user.id}`, {
      ...driverBody('rosa.l'),
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.current).toMatchObject({ id: user.id, username: 'Rosa.Lind', version: 2 });

    const feed = await pullChangesUntil<UserRecord>(app, cookies.admin as string, cursor, (changes) =>
      changes.some((change) => change.entity === 'user' && change.id === user.id && change.row?.version === 2),
    );
    expect(feed.changes.find((change) => change.entity === 'user' && change.id === user.id)?.row).toMatchObject({
      username: 'Rosa.Lind',
      contact: { phone: '+15155550142' },
    });
    expect(feed.changes.some((change) => change.entity === 'contact' && change.id === user.contactId)).toBe(true);
    expect(feed.changes.some((change) => change.entity === 'driver' && change.id === user.id && change.op === 'upsert')).toBe(
      true,
    );

    // A driver's downtime goes with the user, its deletion in the feed first.
    const downtime = await call('admin', 'POST', `/organizations/${prairie}/drivers/${user.id}/downtime`, {
      description: 'Vacation',
      startDate: '2026-12-01',
      startTime: '08:00',
    });
    expect(downtime.statusCode).toBe(201);
    const deleted = await call('admin', 'DELETE', `/organizations/${prairie}/users/${user.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(await test.database.db.select().from(users).where(eq(users.id, user.id))).toEqual([]);
    const afterDelete = await pullChangesUntil(app, cookies.admin as string, feed.cursor, (changes) =>
      changes.some((change) => change.entity === 'user' && change.id === user.id && change.op === 'delete'),
    );
    expect(afterDelete.changes).toEqual(
      expect.arrayContaining([
        { entity: 'downtime', id: downtime.json().id, op: 'delete' },
        { entity: 'contact', id: user.contactId, op: 'delete' },
        { entity: 'driver', id: user.id, op: 'delete' },
      ]),
    );
  });

  it('keep the administrator’s password when the contact has no email, and send no mail', async () => {
    const created = await call(
      'admin',
      'POST',
      `/organizations/${prairie}/users`,
      driverBody('no.mail', {
        password: 'Yard-pass1',
        contact: { name: 'No Mail', contactNotificationMethods: [{ notificationType: 'Text', destination: '5155550177' }] },
      }),
    );
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ hasPassword: true, contact: { email: null, phone: '+15155550177' } });
    expect(await signInAs(app, 'no.mail', 'Yard-pass1')).toContain('dispatch_session');
    // Made a dispatcher, the user keeps no driver info.
    const user = created.json() as UserRecord;
    const dispatcher = await call('admin', 'PUT', `/organizations/${prairie}/users/${user.id}`, {
      ...driverBody('no.mail', { roleIds: [ROLE_IDS.Dispatcher], sublocationTagging: false }),
      driverInfo: { defaultTractorId: null, defaultTrailerId: null, contract: true, loadCompletionOutOfSequence: true },
      version: user.version,
    });
    expect(dispatcher.statusCode).toBe(200);
    expect(dispatcher.json()).toMatchObject({ roleIds: [ROLE_IDS.Dispatcher], driverInfo: null });
    const [stored] = await test.database.db.select().from(users).where(eq(users.id, user.id));
    expect(stored?.driverInfo).toBeNull();
  });

  it('may take an existing contact no user holds, which then belongs to the user', async () => {
    const recipient = await call('admin', 'POST', `/organizations/${prairie}/contacts`, {
      name: 'Grain Desk',
      contactNotificationMethods: [{ notificationType: 'Text', destination: '515 555 0150' }],
    });
    const contactId = recipient.json().id as number;
    const { contact, ...withoutContact } = driverBody('grain.desk', { password: 'Grain-pass1' });
    const created = await call('admin', 'POST', `/organizations/${prairie}/users`, { ...withoutContact, contactId });
    expect(created.statusCode).toBe(201);
    // The contact has no email: the typed password is kept.
    expect(created.json()).toMatchObject({
      contactId,
      hasPassword: true,
      contact: { id: contactId, name: 'Grain Desk', interactiveUser: true, phone: '+15155550150' },
    });
    const again = await call('admin', 'POST', `/organizations/${prairie}/users`, {
      ...withoutContact,
      username: 'grain.desk2',
      contactId,
    });
    expect(again.statusCode).toBe(409);
    expect(issuesOf(again)).toEqual([{ path: 'body.contactId', message: 'contactHasUser' }]);
    const both = await call('admin', 'POST', `/organizations/${prairie}/users`, { ...driverBody('grain.desk3'), contactId });
    expect(both.statusCode).toBe(400);
    expect(issuesOf(both)).toContainEqual({ path: 'body.contact', message: 'contactOrContactId' });
    const [foreign] = await test.database.db.select().from(contacts).where(eq(contacts.organizationId, littleCreek));
    const other = await call('admin', 'POST', `/organizations/${prairie}/users`, {
      ...withoutContact,
      username: 'grain.desk4',
      contactId: foreign?.id,
    });
    expect(other.statusCode).toBe(400);
    expect(issuesOf(other)[0]?.path).toBe('body.contactId');
  });

  it('answer 400 naming each broken rule', async () => {
    const url = `/organizations/${prairie}/users`;
    const cases: [UserInput, string, string][] = [
      [driverBody('two words'), 'body.username', 'invalidCharacters'],
      [driverBody('x.roles', { roleIds: [ROLE_IDS.Driver, ROLE_IDS.Manager] }), 'body.roleIds', 'driverExcludesManagement'],
      [
        driverBody('x.tagging', { roleIds: [ROLE_IDS.Dispatcher], driverInfo: null }),
        'body.sublocationTagging',
        'driverOrSiteManagerOnly',
      ],
      [
        driverBody('x.equipment', {
          roleIds: [ROLE_IDS.SiteManager],
          driverInfo: { defaultTractorId: 1, defaultTrailerId: null, contract: false, loadCompletionOutOfSequence: false },
        }),
        'body.driverInfo.defaultTractorId',
        'driversOnly',
      ],
      [
        driverBody('x.phone', {
          contact: { name: 'X', contactNotificationMethods: [{ notificationType: 'Text', destination: '12' }] },
        }),
        'body.contact.contactNotificationMethods.0.destination',
        'invalidPhone',
      ],
      [driverBody('x.password', { password: 'short' }), 'body.password', 'minLength'],
      [driverBody('x.name', { contact: { name: ' ' } }), 'body.contact.name', 'required'],
    ];
    for (const [body, field, message] of cases) {
      const response = await call('admin', 'POST', url, body);
      expect(response.statusCode, field).toBe(400);
      expect(issuesOf(response), field).toContainEqual(expect.objectContaining({ path: field }));
      expect(
        issuesOf(response).some((issue) => issue.path === field && issue.message.includes(message)),
        `${field}: ${JSON.stringify(issuesOf(response))}`,
      ).toBe(true);
    }
    // Another organization's tractor is not a default for this one.
    const foreign = await call(
      'admin',
      'POST',
      url,
      driverBody('x.foreign', {
        driverInfo: {
          defaultTractorId: (await seededDriver(test.database.db, 'driver.garcia')).tractorId,
          defaultTrailerId: null,
          contract: false,
          loadCompletionOutOfSequence: false,
        },
      }),
    );
    expect(foreign.statusCode).toBe(400);
    expect(issuesOf(foreign)[0]?.path).toBe('body.driverInfo.defaultTractorId');
  });

  it('have unique usernames ignoring case across organizations', async () => {
    const taken = await call('admin', 'POST', `/organizations/${prairie}/users`, driverBody('FREEMIUM'));
    expect(taken.statusCode).toBe(409);
    expect(issuesOf(taken)).toEqual([{ path: 'body.username', message: 'usernameTaken' }]);
    expect((await call('admin', 'GET', '/users/username?username=Freemium')).json()).toBe(false);
    expect((await call('admin', 'GET', '/users/username?username=nobody.yet')).json()).toBe(true);
    expect((await app.inject({ method: 'GET', url: '/api/users/username?username=admin' })).statusCode).toBe(401);
  });

  it('refuse a name that looks like another user’s (Cyrillic, Greek, fullwidth letters), saying only that it is taken', async () => {
    const cyrillic = 'dispаtcher'; // Cyrillic а
    expect((await call('admin', 'GET', `/users/username?username=${encodeURIComponent(cyrillic)}`)).json()).toBe(false);
    expect((await call('admin', 'GET', `/users/username?username=${encodeURIComponent('ＦＲＥＥＭＩＵＭ')}`)).json()).toBe(false);
    const created = await call('admin', 'POST', `/organizations/${prairie}/users`, driverBody(cyrillic));
    expect(created.statusCode).toBe(409);
    // Freemium is another company's user: the answer does not say whose name it looks like.
    const greek = await call('admin', 'POST', `/organizations/${prairie}/users`, driverBody('frееmium')); // Cyrillic е
    expect(greek.json().error).toEqual({
      code: 'conflict',
      message: 'The username is taken',
      rule: 'usernameTaken',
      issues: [{ path: 'body.username', message: 'usernameTaken' }],
    });

    const own = await call('admin', 'POST', `/organizations/${prairie}/users`, driverBody('look.alike'));
    expect(own.statusCode).toBe(201);
    const user = own.json() as UserRecord;
    const rename = (username: string, version: number) =>
      call('admin', 'PUT', `/organizations/${prairie}/users/${user.id}`, { ...driverBody(username), version });
    const renamed = await rename('dispatchеr', user.version); // Cyrillic е
    expect(renamed.statusCode).toBe(409);
    expect(issuesOf(renamed)).toEqual([{ path: 'body.username', message: 'usernameTaken' }]);
    // The user's own name in another letter case, or a look-alike of it, stays the user's.
    expect((await rename('Look.Аlike', user.version)).statusCode).toBe(200);
  });

  it('are checked only by who creates or edits users, and the check is throttled', async () => {
    const driver = await signInAs(app, 'driver.hansen');
    const asDriver = await app.inject({ method: 'GET', url: '/api/users/username?username=x.y', headers: { cookie: driver } });
    expect(asDriver.statusCode).toBe(403);
    expect((await call('dispatcher', 'GET', '/users/username?username=x.y')).statusCode).toBe(403);

    // Freemium's administrator has not checked any name yet.
    const checker = await signInAs(app, 'freemium');
    const check = (cookie: string) =>
      app.inject({ method: 'GET', url: '/api/users/username?username=nobody.yet', headers: { cookie } });
    for (let count = 0; count < USERNAME_CHECK_THROTTLING.limit; count += 1) expect((await check(checker)).statusCode).toBe(200);
    const refused = await check(checker);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('too_many_requests');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The limit is the user's: another administrator still checks.
    expect((await check(cookies.admin as string)).statusCode).toBe(200);
  });

  it('cannot disable or delete themselves, and only a platform administrator grants the platform role', async () => {
    const [admin] = await test.database.db.select().from(users).where(eq(users.username, 'admin'));
    if (!admin) throw new Error('no admin');
    const current = (await pullChanges<UserRecord>(app, cookies.admin as string)).changes.find(
      (change) => change.entity === 'user' && change.id === admin.id,
    )?.row as UserRecord;
    const body = {
      username: 'admin',
      firstName: current.firstName,
      lastName: current.lastName,
      roleIds: current.roleIds,
      contact: { name: current.contact.name },
      version: current.version,
    };
    const disabled = await call('admin', 'PUT', `/organizations/${prairie}/users/${admin.id}`, { ...body, enabled: false });
    expect(disabled.statusCode).toBe(400);
    expect(issuesOf(disabled)).toEqual([{ path: 'body.enabled', message: 'cannotDisableYourself' }]);
    const promoted = await call('admin', 'PUT', `/organizations/${prairie}/users/${admin.id}`, {
      ...body,
      roleIds: [...current.roleIds, ROLE_IDS.PlatformAdministrator],
    });
    expect(promoted.statusCode).toBe(403);
    const deleted = await call('admin', 'DELETE', `/organizations/${prairie}/users/${admin.id}`);
    expect(deleted.statusCode).toBe(400);
  });

  it('lose their sessions for good when disabled: enabling again does not revive an old cookie', async () => {
    const body = driverBody('disabled.once', {
      password: 'Yard-pass1',
      contact: { name: 'Disabled Once', contactNotificationMethods: [{ notificationType: 'Text', destination: '5155550178' }] },
    });
    const created = await call('admin', 'POST', `/organizations/${prairie}/users`, body);
    expect(created.statusCode).toBe(201);
    const user = created.json() as UserRecord;
    const oldCookie = await signInAs(app, 'disabled.once', 'Yard-pass1');
    const self = () => app.inject({ method: 'GET', url: '/api/self', headers: { cookie: oldCookie } });
    expect((await self()).statusCode).toBe(200);

    const { password: _password, ...withoutPassword } = body;
    const disabled = await call('admin', 'PUT', `/organizations/${prairie}/users/${user.id}`, {
      ...withoutPassword,
      enabled: false,
      version: user.version,
    });
    expect(disabled.statusCode).toBe(200);
    expect((await self()).statusCode).toBe(401);
    const enabled = await call('admin', 'PUT', `/organizations/${prairie}/users/${user.id}`, {
      ...withoutPassword,
      enabled: true,
      version: (disabled.json() as UserRecord).version,
    });
    expect(enabled.statusCode).toBe(200);
    expect((await self()).statusCode).toBe(401);
    expect(await signInAs(app, 'disabled.once', 'Yard-pass1')).toContain('dispatch_session');
  });

  it('named by loads are not deleted but may be disabled', async () => {
    const hansen = await seededDriver(test.database.db, 'driver.hansen');
    const refused = await call('admin', 'DELETE', `/organizations/${prairie}/users/${hansen.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ rule: 'inUse', issues: [{ path: 'uses.order' }] });
    const stored = (await pullChanges<UserRecord>(app, cookies.admin as string)).changes.find(
      (change) => change.entity === 'user' && change.id === hansen.id,
    )?.row as UserRecord;
    const disabled = await call('admin', 'PUT', `/organizations/${prairie}/users/${hansen.id}`, {
      username: stored.username,
      firstName: stored.firstName,
      lastName: stored.lastName,
      roleIds: stored.roleIds,
      driverInfo: stored.driverInfo,
      contact: { name: stored.contact.name, contactNotificationMethods: stored.contact.contactNotificationMethods },
      enabled: false,
      version: stored.version,
    });
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json()).toMatchObject({
      enabled: false,
      driverInfo: stored.driverInfo,
      contact: { phone: stored.contact.phone },
    });
  });

  it('of another organization are not found', async () => {
    const [jenny] = await test.database.db.select().from(users).where(eq(users.username, 'freemium'));
    const other = jenny?.id as number;
    expect(
      (await call('admin', 'PUT', `/organizations/${prairie}/users/${other}`, { ...driverBody('x.y'), version: 1 })).statusCode,
    ).toBe(404);
    expect((await call('admin', 'DELETE', `/organizations/${prairie}/users/${other}`)).statusCode).toBe(404);
    expect((await call('admin', 'POST', `/organizations/${littleCreek}/users`, driverBody('x.z'))).statusCode).toBe(404);
  });

  it('need the create, edit and delete permissions each, and reach only who may view users', async () => {
    const [hansen] = await test.database.db.select().from(users).where(eq(users.username, 'driver.hansen'));
    const routes = [
      ['CreateUser', 'POST', `/organizations/${prairie}/users`, driverBody('x.perm')],
      ['EditUser', 'PUT', `/organizations/${prairie}/users/${hansen?.id}`, { ...driverBody('x.perm'), version: 1 }],
      ['DeleteUser', 'DELETE', `/organizations/${prairie}/users/${hansen?.id}`, undefined],
    ] as const;
    const db = test.database.db;
    for (const [permission, method, url, body] of routes) {
      expect((await call('dispatcher', method, url, body)).statusCode, `${method} as dispatcher`).toBe(403);
      const [row] = await db.select({ id: permissions.id }).from(permissions).where(eq(permissions.name, permission));
      const taken = and(eq(rolePermissions.roleId, ROLE_IDS.Administrator), eq(rolePermissions.permissionId, row?.id as number));
      await db.delete(rolePermissions).where(taken);
      try {
        expect((await call('admin', method, url, body)).statusCode, `${method} without ${permission}`).toBe(403);
      } finally {
        await db.insert(rolePermissions).values({ roleId: ROLE_IDS.Administrator, permissionId: row?.id as number });
      }
    }
    const dispatcherFeed = await pullChanges(app, cookies.dispatcher as string);
    expect(dispatcherFeed.changes.some((change) => change.entity === 'user' && change.op === 'upsert')).toBe(false);
    expect(dispatcherFeed.changes.some((change) => change.entity === 'contact' && change.op === 'upsert')).toBe(false);
  });
});
