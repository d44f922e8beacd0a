import type { IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proxyTrust, readConfig, trustedProxies } from '#server/config';
import { createTestApp, signInAs, type TestApp } from '#test/server/test-app';
import { requestedHost } from './origin-check.ts';

/** A state-changing request from evil.example's page, claiming through X-Forwarded-Host to be for evil.example. */
const forgedForward = (cookie: string) => ({
  method: 'DELETE' as const,
  url: '/api/session',
  headers: { cookie, origin: 'https://evil.example', host: 'localhost:8080', 'x-forwarded-host': 'evil.example' },
});

describe('origin check without a proxy', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(() => test.close());

  it('does not believe a client-sent X-Forwarded-Host', async () => {
    const cookie = await signInAs(test.app, 'admin');
    const answer = await test.app.inject(forgedForward(cookie));
    expect(answer.statusCode).toBe(403);
    expect(answer.json().error.code).toBe('foreign_origin');
    expect((await test.app.inject({ method: 'GET', url: '/api/self', headers: { cookie } })).statusCode).toBe(200);
  });
});

describe('origin check behind a trusted proxy', () => {
  let test: TestApp;
  beforeAll(async () => {
    // The injected requests come from 127.0.0.1, the proxy named here.
    test = await createTestApp({ TRUST_PROXY: '127.0.0.1' });
  });
  afterAll(() => test.close());

  it('takes the host the proxy forwards', async () => {
    const cookie = await signInAs(test.app, 'admin');
    expect((await test.app.inject(forgedForward(cookie))).statusCode).toBe(204);
  });
});

describe('the requested host of a socket.io handshake', () => {
  const handshake = (remoteAddress: string) =>
    ({
      headers: { host: 'localhost:8080', 'x-forwarded-host': 'proxy.example, dispatch.example' },
      socket: { remoteAddress },
    }) as unknown as IncomingMessage;
  const trust = (env: Record<string, string>) => proxyTrust(trustedProxies(readConfig({ DEMO: 'false', ...env })));

  it('is Host unless the peer is a trusted proxy, then the last forwarded host', () => {
    expect(requestedHost(handshake('127.0.0.1'), trust({}))).toBe('localhost:8080');
    expect(requestedHost(handshake('127.0.0.1'), trust({ PUBLIC_URL: 'https://dispatch.example' }))).toBe('dispatch.example');
    expect(requestedHost(handshake('10.1.2.3'), trust({ TRUST_PROXY: '10.0.0.0/8' }))).toBe('dispatch.example');
    expect(requestedHost(handshake('192.168.1.9'), trust({ TRUST_PROXY: '10.0.0.0/8' }))).toBe('localhost:8080');
    expect(requestedHost(handshake('::ffff:127.0.0.1'), trust({ TRUST_PROXY: 'loopback' }))).toBe('dispatch.example');
    expect(requestedHost(handshake('127.0.0.1'), trust({ PUBLIC_URL: 'https://dispatch.example', TRUST_PROXY: 'off' }))).toBe(
      'localhost:8080',
    );
  });
});
