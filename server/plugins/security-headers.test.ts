import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createWebTestApp, signInAs, type TestApp, type WebTestApp } from '#test/server/test-app';

/** The directives of a Content-Security-Policy header, by name. */
function directives(response: LightMyRequestResponse): Map<string, string[]> {
  const header = String(response.headers['content-security-policy'] ?? '');
  return new Map(
    header
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name as string, sources]),
  );
}

function expectSecurityHeaders(response: LightMyRequestResponse) {
  const csp = directives(response);
  expect(csp.get('default-src')).toEqual(["'self'"]);
  expect(csp.get('script-src')).toEqual(["'self'"]);
  expect(csp.get('script-src-attr')).toEqual(["'none'"]);
  expect(csp.get('object-src')).toEqual(["'none'"]);
  expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  expect(String(response.headers['content-security-policy'])).not.toMatch(/unsafe-eval|unsafe-hashes/);
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
  expect(response.headers['permissions-policy']).toContain('geolocation=(self)');
  expect(response.headers['permissions-policy']).toContain('camera=()');
  expect(response.headers['permissions-policy']).toContain('microphone=()');
}

describe('security headers of API answers', () => {
  let test: TestApp;
  let cookie: string;
  beforeAll(async () => {
    test = await createTestApp();
    cookie = await signInAs(test.app, 'dispatcher');
  });
  afterAll(() => test.close());

  it('go on authenticated, anonymous and unknown API answers, without HSTS on a plain-http address', async () => {
    const answers = await Promise.all([
      test.app.inject({ method: 'GET', url: '/api/self', headers: { cookie } }),
      test.app.inject({ method: 'GET', url: '/api/health' }),
      test.app.inject({ method: 'GET', url: '/api/self' }),
      test.app.inject({ method: 'GET', url: '/api/no-such-route' }),
    ]);
    expect(answers.map((response) => response.statusCode)).toEqual([200, 200, 401, 404]);
    for (const response of answers) {
      expectSecurityHeaders(response);
      expect(response.headers['strict-transport-security']).toBeUndefined();
      expect(directives(response).has('upgrade-insecure-requests')).toBe(false);
    }
  });

  it('forbid storing authenticated answers, the week of loads included', async () => {
    const answers = await Promise.all([
      test.app.inject({ method: 'GET', url: '/api/self', headers: { cookie } }),
      test.app.inject({ method: 'GET', url: '/api/sync/changes?limit=10', headers: { cookie } }),
      test.app.inject({
        method: 'GET',
        url: `/api/self/orders?startDate=${new Date(Date.now() - 7 * 86_400_000).toISOString()}&endDate=${new Date().toISOString()}`,
        headers: { cookie },
      }),
    ]);
    for (const response of answers) {
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });
});

describe('security headers behind an https PUBLIC_URL with a base map', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp({
      PUBLIC_URL: 'https://dispatch.example.com',
      MAP_STYLE_URL: 'https://tiles.example.net/styles/streets/style.json',
    });
  });
  afterAll(() => test.close());

  it('add HSTS, upgrade insecure requests, and allow the websocket and the map host', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/health' });
    expectSecurityHeaders(response);
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const csp = directives(response);
    expect(csp.has('upgrade-insecure-requests')).toBe(true);
    expect(csp.get('connect-src')).toEqual(["'self'", 'wss://dispatch.example.com', 'https://tiles.example.net']);
    expect(csp.get('img-src')).toContain('https://tiles.example.net');
  });
});

describe('security headers and caching of the web app', () => {
  let web: FastifyInstance;
  let served: WebTestApp;
  beforeAll(async () => {
    served = await createWebTestApp({
      'index.html': '<!doctype html><script type="module" src="/assets/index-abc123.js"></script>',
      'assets/index-abc123.js': 'console.log("app");',
      'sw.js': 'self.skipWaiting();',
      'manifest.webmanifest': '{"name":"Dispatch"}',
    });
    web = served.web;
  });
  afterAll(() => served.close());

  it('send the shell, the service worker and the manifest to be revalidated, hashed assets as immutable', async () => {
    const [shell, route, asset, worker, manifest] = await Promise.all(
      ['/', '/loads', '/assets/index-abc123.js', '/sw.js', '/manifest.webmanifest'].map((url) =>
        web.inject({ method: 'GET', url }),
      ),
    );
    for (const response of [shell, route, asset, worker, manifest]) {
      expect(response.statusCode).toBe(200);
      expectSecurityHeaders(response);
    }
    expect(route?.body).toContain('<!doctype html>');
    for (const response of [shell, route, worker, manifest]) expect(response.headers['cache-control']).toBe('no-cache');
    expect(asset?.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});
