import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createWebTestApp, signInAs, type TestApp, type WebTestApp } from '#test/server/test-app';
import { COMPRESSION_THRESHOLD_BYTES } from './compression.ts';

const DAY_MS = 86_400_000;

function decoded(response: LightMyRequestResponse): string {
  const body = response.rawPayload;
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(body).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(body).toString('utf8');
  if (encoding === undefined) return body.toString('utf8');
  throw new Error(`unexpected content-encoding ${encoding}`);
}

describe('compressed API answers', () => {
  let test: TestApp;
  let cookie: string;
  // The demo week's loads, as the streamed week list sends them.
  const weekUrl = `/api/self/orders?startDate=${new Date(Date.now() - 8 * DAY_MS).toISOString()}&endDate=${new Date(Date.now() + 8 * DAY_MS).toISOString()}`;
  const get = (url: string, acceptEncoding?: string) =>
    test.app.inject({
      method: 'GET',
      url,
      headers: { cookie, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
    });

  beforeAll(async () => {
    test = await createTestApp();
    cookie = await signInAs(test.app, 'dispatcher');
  });
  afterAll(() => test.close());

  it.each(['br', 'gzip'])('sends a change-feed page in %s when asked, decoding to the same JSON', async (encoding) => {
    const plain = await get('/api/sync/changes?limit=200');
    const compressed = await get('/api/sync/changes?limit=200', `${encoding}, identity`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(compressed.headers['content-encoding']).toBe(encoding);
    expect(compressed.headers.vary).toContain('accept-encoding');
    expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    // A snapshot's cursor is the feed position at the moment of asking, which other test files move.
    const { cursor: _compressedCursor, ...compressedPage } = JSON.parse(decoded(compressed));
    const { cursor: _plainCursor, ...plainPage } = plain.json();
    expect(compressedPage).toEqual(plainPage);
  });

  it('prefers brotli when the client accepts both, as browsers do', async () => {
    const response = await get('/api/sync/changes?limit=200', 'gzip, deflate, br, zstd');
    expect(response.headers['content-encoding']).toBe('br');
  });

  it('compresses the streamed week list and keeps it streamed (no length known up front)', async () => {
    const plain = await get(weekUrl);
    const loads = plain.json() as { id: number }[];
    expect(loads.length).toBeGreaterThan(10);
    for (const encoding of ['br', 'gzip']) {
      const compressed = await get(weekUrl, encoding);
      expect(compressed.statusCode).toBe(200);
      expect(compressed.headers['content-encoding']).toBe(encoding);
      expect(compressed.headers['content-length']).toBeUndefined();
      expect(JSON.parse(decoded(compressed))).toEqual(loads);
    }
  });

  it('leaves answers under the threshold and clients that ask for nothing as they are', async () => {
    const tiny = await get('/api/health', 'br, gzip');
    expect(tiny.rawPayload.length).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.json()).toEqual({ status: 'ok' });
    const unasked = await get('/api/sync/changes?limit=200');
    expect(unasked.headers['content-encoding']).toBeUndefined();
  });

  it('stores an idempotent answer before compressing it, so a replay decodes to the same load', async () => {
    const [mill, farm] = (await get('/api/locations')).json() as { id: number }[];
    const stop = { cargoTypeId: 2, weight: 21_772_434 };
    const load = {
      date: '2026-11-24T12:00:00.000Z',
      stops: [
        { ...stop, sequence: 1, type: 'Origin', organizationLocationId: mill?.id, arrivalTime: '2026-11-24T13:00:00.000Z' },
        { ...stop, sequence: 2, type: 'Destination', organizationLocationId: farm?.id, arrivalTime: '2026-11-24T14:30:00.000Z' },
      ],
    };
    const create = (acceptEncoding: string) =>
      test.app.inject({
        method: 'POST',
        url: '/api/orders',
        payload: load,
        headers: { cookie, 'accept-encoding': acceptEncoding, 'idempotency-key': 'compressed-create-4b1d' },
      });
    const first = await create('br');
    expect(first.statusCode).toBe(201);
    expect(first.headers['content-encoding']).toBe('br');
    const created = JSON.parse(decoded(first));
    for (const acceptEncoding of ['gzip', 'identity']) {
      const replay = await create(acceptEncoding);
      expect(replay.headers['idempotent-replay']).toBe('true');
      expect(JSON.parse(decoded(replay))).toEqual(created);
    }
  });

  it('does not inflate compressed request bodies', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/session',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ username: 'dispatcher', password: 'Demo-pass1' })),
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('compressed static files', () => {
  let web: FastifyInstance;
  let served: WebTestApp;
  // Long enough to pass the threshold; the twins hold other text, so an answer shows which file it came from.
  const script = `console.log(${JSON.stringify('original '.repeat(300))});`;
  const brotliTwin = 'console.log("from the .br file");';
  const gzipTwin = 'console.log("from the .gz file");';
  const stylesheet = `.row { color: red; }\n`.repeat(200);

  beforeAll(async () => {
    served = await createWebTestApp({
      'index.html': '<!doctype html><title>Dispatch</title>',
      'assets/index-abc123.js': script,
      'assets/index-abc123.js.br': brotliCompressSync(brotliTwin),
      'assets/index-abc123.js.gz': gzipSync(gzipTwin),
      'assets/index-abc123.css': stylesheet,
    });
    web = served.web;
  });
  afterAll(() => served.close());

  const get = (url: string, acceptEncoding?: string) =>
    web.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('sends an asset from its precompressed twin, as the client asks', async () => {
    const brotli = await get('/assets/index-abc123.js', 'gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toContain('javascript');
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(decoded(brotli)).toBe(brotliTwin);

    const gzip = await get('/assets/index-abc123.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(decoded(gzip)).toBe(gzipTwin);

    const plain = await get('/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('compresses an asset without a twin while sending it', async () => {
    const response = await get('/assets/index-abc123.css', 'br');
    expect(response.headers['content-encoding']).toBe('br');
    expect(decoded(response)).toBe(stylesheet);
  });
});
