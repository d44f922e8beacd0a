import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { type NetworkInterfaceInfo, tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { userTokens } from '#server/db/schema';
import { mailLinkBase, serverOrigins } from '#server/mail/link-origin';
import { insertUserWithoutPassword } from '#test/server/new-user';
import { readOutbox, tokenOfLink } from '#test/server/outbox';
import { seededOrganizationIds } from '#test/server/seeded';
import { createTestApp, signInAs, type TestApp } from '#test/server/test-app';
import { issueActivation, issuePasswordReset } from './onboarding.service.ts';

const NEW_PASSWORD = 'Fresh-start9';

let test: TestApp;
let dataDir: string;
let orgId: (name: string) => number;
let adminCookie: string;
let userCount = 0;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'dispatch-onboarding-'));
  test = await createTestApp({ DATA_DIR: dataDir });
  orgId = await seededOrganizationIds(test.database.db);
  adminCookie = await signInAs(test.app, 'admin');
});
afterAll(async () => {
  await test.close();
  await rm(dataDir, { recursive: true, force: true });
});

const outbox = () => path.join(dataDir, 'outbox');

async function newUser(options: { email?: string | null; organization?: string; enabled?: boolean } = {}) {
  userCount += 1;
  const username = `onboarding.${userCount}`;
  const email = options.email === undefined ? `${username}@example.com` : options.email;
  const id = await insertUserWithoutPassword(test.database.db, {
    organizationId: orgId(options.organization ?? 'Prairie Feed Co.'),
    username,
    email,
    enabled: options.enabled,
  });
  return { id, username, email };
}

async function activationToken(userId: number) {
  const mail = await issueActivation(test.database.db, userId);
  if (!mail) throw new Error('no activation issued');
  return mail.token;
}

const linkState = async (route: string) => (await test.app.inject({ method: 'GET', url: route })).json();
const setPassword = (route: string, body: object) => test.app.inject({ method: 'POST', url: route, payload: body });
const signInAnswer = (username: string, password: string) =>
  test.app.inject({ method: 'POST', url: '/api/session', payload: { username, password } });

/** The mails written to the outbox for one address, once `count` of them are there (the reset mail leaves after the answer). */
async function mailsTo(email: string, count = 1) {
  return vi.waitFor(
    async () => {
      const mails = (await readOutbox(outbox())).filter((mail) => mail.to?.includes(email));
      if (mails.length < count) throw new Error(`${mails.length} of ${count} mails to ${email}`);
      return mails;
    },
    { timeout: 10_000, interval: 20 },
  );
}

describe('account activation', () => {
  it('checks the link, refuses a password breaking a rule without using it, then sets the password once', async () => {
    const user = await newUser();
    const token = await activationToken(user.id);
    const route = `/api/users/${token}/activate`;
    expect(await linkState(route)).toEqual({ valid: true });

    const weak = await setPassword(route, { password: 'lowercase1', repeat: 'lowercase1' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.issues).toEqual([{ path: 'body.password', message: 'uppercase' }]);
    const mismatch = await setPassword(route, { password: NEW_PASSWORD, repeat: 'Other-pass1' });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().error.issues).toEqual([{ path: 'body.repeat', message: 'mismatch' }]);
    expect(await linkState(route)).toEqual({ valid: true });
    expect((await signInAnswer(user.username, NEW_PASSWORD)).statusCode).toBe(401);

    expect((await setPassword(route, { password: NEW_PASSWORD, repeat: NEW_PASSWORD })).statusCode).toBe(204);
    expect((await signInAnswer(user.username, NEW_PASSWORD)).statusCode).toBe(200);

    // Used: not valid any more, and a second use changes nothing.
    expect(await linkState(route)).toEqual({ valid: false });
    const again = await setPassword(route, { password: 'Another-pass2' });
    expect(again.statusCode).toBe(404);
    expect((await signInAnswer(user.username, 'Another-pass2')).statusCode).toBe(401);
  });

  it('answers an expired link as not valid and refuses it', async () => {
    const user = await newUser();
    const token = await activationToken(user.id);
    await test.database.db
      .update(userTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(userTokens.userId, user.id));
    const route = `/api/users/${token}/activate`;
    expect(await linkState(route)).toEqual({ valid: false });
    expect((await setPassword(route, { password: NEW_PASSWORD })).statusCode).toBe(404);
    expect((await signInAnswer(user.username, NEW_PASSWORD)).statusCode).toBe(401);
  });

  it('lasts 7 days', async () => {
    const user = await newUser();
    await activationToken(user.id);
    const [row] = await test.database.db
      .select({ lifetime: sql<number>`extract(epoch from ${userTokens.expiresAt} - ${userTokens.createdAt})::int` })
      .from(userTokens)
      .where(eq(userTokens.userId, user.id));
    expect(row?.lifetime).toBe(7 * 24 * 60 * 60);
  });

  it('answers an unknown link as not valid (never 404) and a malformed one 400', async () => {
    expect(await linkState(`/api/users/${randomUUID()}/activate`)).toEqual({ valid: false });
    expect((await setPassword(`/api/users/${randomUUID()}/activate`, { password: NEW_PASSWORD })).statusCode).toBe(404);
    expect((await test.app.inject({ method: 'GET', url: '/api/users/not-a-token/activate' })).statusCode).toBe(400);
  });

  it('keeps only the newest link of a user working', async () => {
    const user = await newUser();
    const first = await activationToken(user.id);
    const second = await activationToken(user.id);
    expect(await linkState(`/api/users/${first}/activate`)).toEqual({ valid: false });
    expect(await linkState(`/api/users/${second}/activate`)).toEqual({ valid: true });
  });

  it('issues nothing for a contact without email', async () => {
    const user = await newUser({ email: null });
    expect(await issueActivation(test.database.db, user.id)).toBeNull();
  });

  it('does not take a password-reset link, nor the activation route a reset link', async () => {
    const user = await newUser();
    const reset = await issuePasswordReset(test.database.db, user.id);
    expect(await linkState(`/api/users/${reset?.token}/activate`)).toEqual({ valid: false });
    const activation = await activationToken(user.id);
    expect(await linkState(`/api/users/reset-password/${activation}`)).toEqual({ valid: false });
  });
});

describe('password reset request', () => {
  it('answers a known and an unknown address alike, and mails the known one a single-use link to the reset screen', async () => {
    const user = await newUser();
    const known = await test.app.inject({
      method: 'POST',
      url: '/api/users/reset-password',
      payload: { email: user.email?.toUpperCase() },
    });
    const unknown = await test.app.inject({
      method: 'POST',
      url: '/api/users/reset-password',
      payload: { email: 'nobody.here@example.com' },
    });
    expect(known.statusCode).toBe(204);
    expect({ status: unknown.statusCode, body: unknown.body, type: unknown.headers['content-type'] }).toEqual({
      status: known.statusCode,
      body: known.body,
      type: known.headers['content-type'],
    });

    const [mail] = await mailsTo(user.email as string);
    expect(mail?.source).toContain('Subject: Set a new Dispatch password');
    expect(mail?.source).toContain(user.username);
    const link = mail?.links[0] as string;
    expect(link).toMatch(/^http:\/\/localhost(:\d+)?\/reset-password\/[0-9a-f-]{36}$/);
    const route = `/api/users/reset-password/${tokenOfLink(link)}`;
    expect(await linkState(route)).toEqual({ valid: true });
    expect((await setPassword(route, { password: 'short1A' })).json().error.issues).toEqual([
      { path: 'body.password', message: 'minLength' },
    ]);
    expect((await setPassword(route, { password: NEW_PASSWORD, repeat: NEW_PASSWORD })).statusCode).toBe(204);
    expect((await signInAnswer(user.username, NEW_PASSWORD)).statusCode).toBe(200);
    expect(await linkState(route)).toEqual({ valid: false });
    expect((await setPassword(route, { password: 'Another-pass2' })).statusCode).toBe(404);
  });

  it('lasts one hour and ends the user’s sessions when used', async () => {
    const user = await newUser();
    const reset = await issuePasswordReset(test.database.db, user.id);
    const [row] = await test.database.db
      .select({ lifetime: sql<number>`extract(epoch from ${userTokens.expiresAt} - ${userTokens.createdAt})::int` })
      .from(userTokens)
      .where(eq(userTokens.userId, user.id));
    expect(row?.lifetime).toBe(60 * 60);
    await setPassword(`/api/users/reset-password/${reset?.token}`, { password: NEW_PASSWORD });
    const cookie = await signInAs(test.app, user.username, NEW_PASSWORD);
    const second = await issuePasswordReset(test.database.db, user.id);
    await setPassword(`/api/users/reset-password/${second?.token}`, { password: 'Second-pass2' });
    const self = await test.app.inject({ method: 'GET', url: '/api/self', headers: { cookie } });
    expect(self.statusCode).toBe(401);
  });

  it('refuses an expired reset link', async () => {
    const user = await newUser();
    const reset = await issuePasswordReset(test.database.db, user.id);
    await test.database.db
      .update(userTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(userTokens.userId, user.id));
    const route = `/api/users/reset-password/${reset?.token}`;
    expect(await linkState(route)).toEqual({ valid: false });
    expect((await setPassword(route, { password: NEW_PASSWORD })).statusCode).toBe(404);
  });

  it('mails an account at most 3 links an hour and a disabled user none, answering alike', async () => {
    const user = await newUser();
    const disabled = await newUser({ enabled: false });
    for (let request = 0; request < 5; request += 1) {
      for (const email of [user.email, disabled.email]) {
        const answer = await test.app.inject({ method: 'POST', url: '/api/users/reset-password', payload: { email } });
        expect(answer.statusCode).toBe(204);
      }
    }
    // The links are issued after the answers.
    await mailsTo(user.email as string, 3);
    const issued = await test.database.db
      .select({ userId: userTokens.userId })
      .from(userTokens)
      .where(sql`${userTokens.userId} in (${user.id}, ${disabled.id})`);
    expect(issued.map((row) => row.userId)).toEqual([user.id, user.id, user.id]);
  });
});

describe('password email of the EditUser action', () => {
  const passwordEmail = (organizationId: number, userId: number, cookie = adminCookie) =>
    test.app.inject({
      method: 'POST',
      url: `/api/organizations/${organizationId}/users/${userId}/password-email`,
      headers: { cookie },
    });

  it('mails a user of the organization a reset link in the contact’s language', async () => {
    const user = await newUser();
    await test.database.pool.query(
      `update contacts set language = 'es-MX' where id = (select contact_id from users where id = $1)`,
      [user.id],
    );
    expect((await passwordEmail(orgId('Prairie Feed Co.'), user.id)).statusCode).toBe(204);
    const [mail] = await mailsTo(user.email as string);
    expect(mail?.source).toContain('Se solicitó una nueva contraseña para su cuenta de Dispatch');
    expect(await linkState(`/api/users/reset-password/${tokenOfLink(mail?.links[0] as string)}`)).toEqual({ valid: true });
  });

  it('answers 404 for another organization’s user and for another organization, and 422 without an email', async () => {
    const stranger = await newUser({ organization: 'Little Creek Farms' });
    expect((await passwordEmail(orgId('Prairie Feed Co.'), stranger.id)).statusCode).toBe(404);
    const own = await newUser();
    expect((await passwordEmail(orgId('Little Creek Farms'), own.id)).statusCode).toBe(404);
    const issued = await test.database.db
      .select()
      .from(userTokens)
      .where(sql`${userTokens.userId} in (${stranger.id}, ${own.id})`);
    expect(issued).toEqual([]);
    const withoutEmail = await newUser({ email: null });
    const answer = await passwordEmail(orgId('Prairie Feed Co.'), withoutEmail.id);
    expect(answer.statusCode).toBe(422);
    expect(answer.json().error.rule).toBe('contactHasNoEmail');
  });

  it('is refused without EditUser', async () => {
    const user = await newUser();
    const dispatcher = await signInAs(test.app, 'dispatcher');
    expect((await passwordEmail(orgId('Prairie Feed Co.'), user.id, dispatcher)).statusCode).toBe(403);
  });
});

describe('links without PUBLIC_URL', () => {
  const resetRequest = (email: string, headers: Record<string, string>) =>
    test.app.inject({ method: 'POST', url: '/api/users/reset-password', payload: { email }, headers });

  it('never point at the host a request names, only at an address of this server', async () => {
    const forged = await newUser();
    expect((await resetRequest(forged.email as string, { host: 'evil.example', origin: 'http://evil.example' })).statusCode).toBe(
      204,
    );
    const [forgedMail] = await mailsTo(forged.email as string);
    // The address printed at start (PORT defaults to 8080).
    expect(forgedMail?.links[0]).toMatch(/^http:\/\/localhost:8080\/reset-password\/[0-9a-f-]{36}$/);

    const local = await newUser();
    await resetRequest(local.email as string, { host: '127.0.0.1:8080', origin: 'http://127.0.0.1:8080' });
    const [localMail] = await mailsTo(local.email as string);
    expect(localMail?.links[0]).toMatch(/^http:\/\/127\.0\.0\.1:8080\/reset-password\//);

    const action = await newUser();
    await test.app.inject({
      method: 'POST',
      url: `/api/organizations/${orgId('Prairie Feed Co.')}/users/${action.id}/password-email`,
      headers: { cookie: adminCookie, host: 'evil.example' },
    });
    const [actionMail] = await mailsTo(action.email as string);
    expect(actionMail?.links[0]).toMatch(/^http:\/\/localhost:8080\/reset-password\//);
  });

  it('come from the browser’s origin only when it is one of the server’s addresses, and say once that PUBLIC_URL is missing', () => {
    const interfaces = {
      lo: [{ address: '127.0.0.1' }, { address: '::1' }],
      eth0: [{ address: '192.168.1.5' }],
    } as unknown as NodeJS.Dict<NetworkInterfaceInfo[]>;
    expect(serverOrigins({ HOST: '0.0.0.0', PORT: 8080 }, interfaces, 'yard-pc')).toEqual(
      new Set([
        'http://localhost:8080',
        'http://yard-pc:8080',
        'http://127.0.0.1:8080',
        'http://[::1]:8080',
        'http://192.168.1.5:8080',
      ]),
    );
    expect(serverOrigins({ HOST: '10.0.0.7', PORT: 80 }, interfaces)).toEqual(new Set(['http://10.0.0.7']));

    const warn = vi.fn();
    const linkBase = mailLinkBase({ PUBLIC_URL: undefined, HOST: '127.0.0.1', PORT: 8080 });
    expect(linkBase({ headers: { origin: 'http://localhost:8080' }, log: { warn } })).toBe('http://localhost:8080');
    expect(linkBase({ headers: { origin: 'http://127.0.0.1:8080' }, log: { warn } })).toBe('http://127.0.0.1:8080');
    expect(linkBase({ headers: { origin: 'https://evil.example' }, log: { warn } })).toBe('http://localhost:8080');
    expect(linkBase({ headers: {}, log: { warn } })).toBe('http://localhost:8080');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toContain('PUBLIC_URL');

    const configured = mailLinkBase({ PUBLIC_URL: 'https://dispatch.example.com/', HOST: '0.0.0.0', PORT: 8080 });
    expect(configured({ headers: { origin: 'http://localhost:8080' }, log: { warn } })).toBe('https://dispatch.example.com');
    expect(warn).toHaveBeenCalledTimes(1);
  });
});
