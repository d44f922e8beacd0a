import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '#server/db/schema';
import { cookieHeader, createTestApp, signInAs, type TestApp } from '#test/server/test-app';

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test.close());

describe('sign-in', () => {
  it('signs in, sets an HttpOnly SameSite=Lax cookie and answers the user shape', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/session',
      payload: { username: 'dispatcher', password: 'Demo-pass1' },
    });
    expect(response.statusCode).toBe(200);
    const cookie = response.cookies.find((entry) => entry.name === 'dispatch_session');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    expect(cookie?.secure).toBeFalsy();
    const { user } = response.json();
    expect(user.username).toBe('dispatcher');
    expect(user.organization).toMatchObject({ name: 'Prairie Feed Co.', tier: 'Standard', isCarrier: false });
    expect(user.organization.features).toContain('Drafts');
    expect(user.permissions).toContain('ViewOwningOrders');
    expect(user.permissions).not.toContain('AccessAdministration');
    expect(user.contact).toMatchObject({ units: 'Imperial', unitsWeight: 'Pound' });
    expect(user.roles[0].permissions.length).toBeGreaterThan(0);
  });

  it('accepts the username in any letter case', async () => {
    await expect(signInAs(test.app, 'DISPATCHER')).resolves.toContain('dispatch_session=');
  });

  it('refuses a wrong password with 401 and sets no cookie', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/session',
      payload: { username: 'admin', password: 'wrong-password' },
      remoteAddress: '10.1.0.1',
    });
    expect(response.statusCode).toBe(401);
    expect(response.cookies).toHaveLength(0);
    expect(response.json().error.code).toBe('unauthenticated');
  });

  it('answers 400 naming the field for a malformed body and writes nothing', async () => {
    const [before] = await test.database.db.select({ count: sql<number>`count(*)::int` }).from(sessions);
    const response = await test.app.inject({ method: 'POST', url: '/api/session', payload: { username: 'admin' } });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.error.code).toBe('bad_request');
    expect(body.error.issues.map((issue: { path: string }) => issue.path)).toContain('body.password');
    const [after] = await test.database.db.select({ count: sql<number>`count(*)::int` }).from(sessions);
    expect(after?.count).toBe(before?.count);
  });

  it('answers 400 for a body that is not JSON', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/session',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('bad_request');
  });
});

describe('session', () => {
  it('answers no user without a session, and 401 on protected routes', async () => {
    const session = await test.app.inject({ method: 'GET', url: '/api/session' });
    expect(session.statusCode).toBe(200);
    expect(session.json()).toEqual({ user: null });
    for (const url of ['/api/self', '/api/drivers', '/api/locations', '/api/self/loads-summary']) {
      const response = await test.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(401);
    }
  });

  it('logs out by destroying the session server-side', async () => {
    const cookie = await signInAs(test.app, 'admin');
    expect((await test.app.inject({ method: 'GET', url: '/api/self', headers: { cookie } })).statusCode).toBe(200);
    const logout = await test.app.inject({ method: 'DELETE', url: '/api/session', headers: { cookie } });
    expect(logout.statusCode).toBe(204);
    // The old cookie value is dead even if a client kept it.
    expect((await test.app.inject({ method: 'GET', url: '/api/self', headers: { cookie } })).statusCode).toBe(401);
  });

  it('switches company under a new token; the old token lives, in the old company, until the new one is used', async () => {
    const oldCookie = await signInAs(test.app, 'platform');
    const organizations = (
      await test.app.inject({ method: 'GET', url: '/api/organizations', headers: { cookie: oldCookie } })
    ).json() as { id: number; name: string }[];
    const byName = (name: string) => organizations.find((organization) => organization.name === name)?.id;
    const switchTo = (organizationId: number | undefined) =>
      test.app.inject({
        method: 'PUT',
        url: '/api/session/organization',
        headers: { cookie: oldCookie },
        payload: { organizationId },
      });
    const companyOf = async (cookie: string) =>
      (await test.app.inject({ method: 'GET', url: '/api/self', headers: { cookie } })).json().organization?.name;

    // A switch whose answer is lost: the client still holds the old cookie, and it still works where it was.
    const lost = await switchTo(byName('Little Creek Farms'));
    expect(lost.statusCode).toBe(200);
    expect(await companyOf(oldCookie)).toBe('Dispatch Platform');
    // Retried, it answers another token; the one never received is ended.
    const switched = await switchTo(byName('Prairie Feed Co.'));
    expect(switched.statusCode).toBe(200);
    const lostCookie = cookieHeader(lost);
    expect((await test.app.inject({ method: 'GET', url: '/api/self', headers: { cookie: lostCookie } })).statusCode).toBe(401);
    const newCookie = cookieHeader(switched);
    expect(newCookie).toMatch(/^dispatch_session=/);
    expect(newCookie).not.toBe(oldCookie);
    expect(switched.cookies[0]).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(await companyOf(newCookie)).toBe('Prairie Feed Co.');
    // The new token was used, so its answer arrived: the old one is dead.
    expect((await test.app.inject({ method: 'GET', url: '/api/self', headers: { cookie: oldCookie } })).statusCode).toBe(401);
    expect(await companyOf(newCookie)).toBe('Prairie Feed Co.');
  });

  it('refuses a state-changing request from a foreign origin', async () => {
    const cookie = await signInAs(test.app, 'admin');
    const response = await test.app.inject({
      method: 'PUT',
      url: '/api/self/contact',
      headers: { cookie, origin: 'https://evil.example', host: 'localhost:8080' },
      payload: { language: 'es-MX', timezone: 'America/Chicago', units: 'Imperial', unitsWeight: 'Pound' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('foreign_origin');
    const self = await test.app.inject({ method: 'GET', url: '/api/self', headers: { cookie } });
    expect(self.json().contact.language).toBe('en-US');
    const sameOrigin = await test.app.inject({
      method: 'DELETE',
      url: '/api/session',
      headers: { cookie, origin: 'http://localhost:8080', host: 'localhost:8080' },
    });
    expect(sameOrigin.statusCode).toBe(204);
  });

  it('marks the cookie Secure when PUBLIC_URL is https', async () => {
    const secure = await createTestApp({ PUBLIC_URL: 'https://dispatch.example.com' });
    try {
      const response = await secure.app.inject({
        method: 'POST',
        url: '/api/session',
        payload: { username: 'admin', password: 'Demo-pass1' },
      });
      expect(response.cookies[0]?.secure).toBe(true);
      expect(cookieHeader(response)).toContain('dispatch_session=');
    } finally {
      await secure.close();
    }
  });
});

describe('health and unknown paths', () => {
  it('answers health when the database answers', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('answers 404 JSON for an unknown /api path', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('not_found');
  });

  it('serves the OpenAPI document', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json().paths)).toContain('/session');
  });
});
