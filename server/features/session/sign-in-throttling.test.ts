import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SIGN_IN_THROTTLING } from '#core/domain/sign-in-throttling';
import { buildApp } from '#server/app';
import { readConfig, trustedProxies } from '#server/config';
import { loginFailures, sessions } from '#server/db/schema';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '#test/server/test-app';

// The product's policy with a flood limit a test reaches quickly; waits are recorded, not slept.
const policy = { ...SIGN_IN_THROTTLING, addressLimit: 20 };
const waits: number[] = [];

let test: TestApp;
let app: FastifyInstance;
beforeAll(async () => {
  test = await createTestApp();
  app = await buildApp({
    db: test.database.db,
    config: readConfig({ DEMO: 'false' }),
    signInThrottling: { policy, sleep: async (ms) => waits.push(ms) },
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await test.close();
});
beforeEach(() => {
  waits.length = 0;
});

function attemptSignIn(username: string, password: string, remoteAddress: string) {
  return app.inject({ method: 'POST', url: '/api/session', payload: { username, password }, remoteAddress });
}

async function failTimes(times: number, username: (attempt: number) => string, address: (attempt: number) => string) {
  for (let attempt = 0; attempt < times; attempt++) {
    const response = await attemptSignIn(username(attempt), 'wrong-password', address(attempt));
    expect(response.statusCode, `failure ${attempt + 1}`).toBe(401);
  }
}

async function sessionCount() {
  const [row] = await test.database.db.select({ count: sql<number>`count(*)::int` }).from(sessions);
  return row?.count;
}

async function failureCount(where: SQL | undefined) {
  const [row] = await test.database.db.select({ count: sql<number>`count(*)::int` }).from(loginFailures).where(where);
  return row?.count;
}

describe('sign-in throttling', () => {
  it('lets the right password in from a new address after 10 failures of the account from 10 addresses', async () => {
    await failTimes(
      10,
      () => 'driver.hansen',
      (attempt) => `10.2.0.${attempt + 1}`,
    );
    const response = await attemptSignIn('driver.hansen', DEMO_PASSWORD, '10.2.1.1');
    expect(response.statusCode).toBe(200);
    expect(response.cookies.map((cookie) => cookie.name)).toContain('dispatch_session');
  });

  it('refuses an account from the address that failed 10 times, and only that account from there', async () => {
    await failTimes(
      10,
      () => 'sitemanager',
      () => '10.4.0.1',
    );
    const sessionsBefore = await sessionCount();
    const refused = await attemptSignIn('SiteManager', DEMO_PASSWORD, '10.4.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('too_many_requests');
    const retryAfter = Number(refused.headers['retry-after']);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(policy.windowMs / 1000);
    // A refusal writes no session and no further failure.
    expect(refused.cookies).toHaveLength(0);
    expect(await sessionCount()).toBe(sessionsBefore);
    expect(await failureCount(eq(loginFailures.username, 'sitemanager'))).toBe(10);

    expect((await attemptSignIn('sitemanager', DEMO_PASSWORD, '10.4.0.2')).statusCode).toBe(200);
    expect((await attemptSignIn('carrier', DEMO_PASSWORD, '10.4.0.1')).statusCode).toBe(200);
  });

  it('refuses every account from a flooding address, and nobody elsewhere', async () => {
    await failTimes(
      policy.addressLimit - 1,
      (attempt) => `nobody${attempt}`,
      () => '10.5.0.1',
    );
    // Under the limit, an office's typos do not keep its colleagues out.
    expect((await attemptSignIn('platform', DEMO_PASSWORD, '10.5.0.1')).statusCode).toBe(200);
    await failTimes(
      1,
      () => 'nobody-last',
      () => '10.5.0.1',
    );

    for (const username of ['admin', 'freemium']) {
      const refused = await attemptSignIn(username, DEMO_PASSWORD, '10.5.0.1');
      expect(refused.statusCode, username).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect((await attemptSignIn('admin', DEMO_PASSWORD, '10.5.0.2')).statusCode).toBe(200);
  });

  it('slows an account down more with each recent failure from any address, up to the cap', async () => {
    await failTimes(
      12,
      () => 'driver.jensen',
      (attempt) => `10.6.0.${attempt + 1}`,
    );
    expect((await attemptSignIn('driver.jensen', DEMO_PASSWORD, '10.6.1.1')).statusCode).toBe(200);
    // Five failures are free; then 250 ms doubling per failure, capped at 5 s.
    expect(waits).toEqual([250, 500, 1000, 2000, 4000, 5000, 5000, 5000]);
  });

  it('forgives the user’s own typos once the right password comes from the same address', async () => {
    const sameAddress = () => '10.7.0.1';
    await failTimes(9, () => 'driver.petersen', sameAddress);
    expect((await attemptSignIn('driver.petersen', DEMO_PASSWORD, '10.7.0.1')).statusCode).toBe(200);
    await failTimes(9, () => 'driver.petersen', sameAddress);
    expect((await attemptSignIn('driver.petersen', DEMO_PASSWORD, '10.7.0.1')).statusCode).toBe(200);
  });

  it('forgets failures older than the window and prunes them', async () => {
    await failTimes(
      10,
      () => 'dispatcher',
      () => '10.8.0.1',
    );
    expect((await attemptSignIn('dispatcher', DEMO_PASSWORD, '10.8.0.1')).statusCode).toBe(429);
    const pair = and(eq(loginFailures.username, 'dispatcher'), eq(loginFailures.address, '10.8.0.1'));
    await test.database.db
      .update(loginFailures)
      .set({ failedAt: new Date(Date.now() - policy.windowMs - 60_000) })
      .where(pair);

    await failTimes(
      1,
      () => 'dispatcher',
      () => '10.8.0.1',
    );
    expect(await failureCount(pair)).toBe(1);
  });

  it('counts an IPv6 client by its /64 network', async () => {
    await failTimes(
      10,
      () => 'driver.garcia',
      (attempt) => `2001:db8:1:2::${attempt + 1}`,
    );
    expect((await attemptSignIn('driver.garcia', DEMO_PASSWORD, '2001:db8:1:2:ffff::1')).statusCode).toBe(429);
    expect((await attemptSignIn('driver.garcia', DEMO_PASSWORD, '2001:db8:1:3::1')).statusCode).toBe(200);
  });
});

describe('sign-in throttling behind a reverse proxy (PUBLIC_URL set)', () => {
  let proxied: FastifyInstance;
  beforeAll(async () => {
    proxied = await buildApp({
      db: test.database.db,
      config: readConfig({ DEMO: 'false', PUBLIC_URL: 'https://dispatch.example.com' }),
      signInThrottling: { policy, sleep: async (ms) => waits.push(ms) },
    });
    await proxied.ready();
  });
  afterAll(() => proxied.close());

  // The proxy appends the address it saw; whatever the client wrote before it is the client's own claim.
  const viaProxy = (username: string, password: string, claimed: string, seenByProxy: string) =>
    proxied.inject({
      method: 'POST',
      url: '/api/session',
      payload: { username, password },
      remoteAddress: '10.9.0.1',
      headers: { 'x-forwarded-for': `${claimed}, ${seenByProxy}` },
    });

  it('counts the address the proxy saw, so a forged X-Forwarded-For neither dodges nor frames an address', async () => {
    for (let attempt = 0; attempt < 10; attempt++) {
      const response = await viaProxy('driver.garcia', 'wrong-password', `198.51.100.${attempt + 1}`, '203.0.113.7');
      expect(response.statusCode, `failure ${attempt + 1}`).toBe(401);
    }
    expect(await failureCount(eq(loginFailures.address, '203.0.113.7'))).toBe(10);
    // A fresh forged address does not escape the pair's limit…
    expect((await viaProxy('driver.garcia', DEMO_PASSWORD, '198.51.100.99', '203.0.113.7')).statusCode).toBe(429);
    // …and the addresses the client claimed were never charged.
    expect((await viaProxy('driver.garcia', DEMO_PASSWORD, '203.0.113.7', '198.51.100.1')).statusCode).toBe(200);
  });
});

describe('trusted proxies', () => {
  const hopsOf = (trust: ReturnType<typeof trustedProxies>) => (typeof trust === 'function' ? trust.hops : trust);
  it('trusts one hop behind a PUBLIC_URL, none without, and what TRUST_PROXY names', () => {
    expect(trustedProxies({ PUBLIC_URL: undefined, TRUST_PROXY: undefined })).toBe(false);
    expect(hopsOf(trustedProxies({ PUBLIC_URL: 'https://dispatch.example.com', TRUST_PROXY: undefined }))).toBe(1);
    expect(hopsOf(trustedProxies({ PUBLIC_URL: 'https://dispatch.example.com', TRUST_PROXY: '2' }))).toBe(2);
    expect(trustedProxies({ PUBLIC_URL: 'https://dispatch.example.com', TRUST_PROXY: 'off' })).toBe(false);
    expect(trustedProxies({ PUBLIC_URL: undefined, TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' })).toBe('10.0.0.0/8, 127.0.0.1');
  });
});
