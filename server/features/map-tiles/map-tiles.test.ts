import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { mkdtemp } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mapConfigSchema } from '#core/contract/map';
import { createTestApp, signInAs, type TestApp } from '#test/server/test-app';
import { byteRange } from './map-tiles.service.ts';

/** 1,000 bytes whose value is their position modulo 251, so any slice can be checked. */
const ARCHIVE = Buffer.from(Array.from({ length: 1000 }, (_, index) => index % 251));

describe('byteRange', () => {
  it('reads one range of each form, clamps its end, and ignores what it does not understand', () => {
    expect(byteRange(undefined, 100)).toEqual({ kind: 'whole' });
    expect(byteRange('bytes=0-9', 100)).toEqual({ kind: 'part', start: 0, end: 9 });
    expect(byteRange('bytes=90-', 100)).toEqual({ kind: 'part', start: 90, end: 99 });
    expect(byteRange('bytes=-10', 100)).toEqual({ kind: 'part', start: 90, end: 99 });
    expect(byteRange('bytes=50-500', 100)).toEqual({ kind: 'part', start: 50, end: 99 });
    expect(byteRange('bytes=100-', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(byteRange('bytes=-0', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(byteRange('bytes=0-1,5-6', 100)).toEqual({ kind: 'whole' });
    expect(byteRange('items=0-1', 100)).toEqual({ kind: 'whole' });
    expect(byteRange('bytes=9-1', 100)).toEqual({ kind: 'whole' });
  });
});

describe('regional map archives under DATA_DIR/maps', () => {
  let test: TestApp;
  let cookie: string;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'dispatch-maps-'));
    await mkdir(path.join(dataDir, 'maps'));
    await writeFile(path.join(dataDir, 'maps', 'region.pmtiles'), ARCHIVE);
    await writeFile(path.join(dataDir, 'secret.pmtiles'), 'not in the maps folder');
    test = await createTestApp({ DATA_DIR: dataDir });
    cookie = await signInAs(test.app, 'dispatcher');
  });
  afterAll(() => test.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    test.app.inject({ method: 'GET', url, headers: { cookie, ...headers } });

  it('are offered by the map configuration, with their size and version', async () => {
    const response = await get('/api/map/config');
    expect(response.statusCode).toBe(200);
    const config = mapConfigSchema.parse(response.json());
    expect(config).toMatchObject({
      archive: { url: '/api/map/archives/region.pmtiles', bytes: 1000 },
      styleUrl: null,
      tileUrl: null,
    });
  });

  it('answer a range request with 206, Content-Range and exactly those bytes', async () => {
    const response = await get('/api/map/archives/region.pmtiles', { range: 'bytes=100-199', 'accept-encoding': 'br, gzip' });
    expect(response.statusCode).toBe(206);
    expect(response.headers['content-range']).toBe('bytes 100-199/1000');
    expect(response.headers['content-length']).toBe('100');
    expect(response.headers['accept-ranges']).toBe('bytes');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.rawPayload.equals(ARCHIVE.subarray(100, 200))).toBe(true);

    const suffix = await get('/api/map/archives/region.pmtiles', { range: 'bytes=-24' });
    expect(suffix.statusCode).toBe(206);
    expect(suffix.headers['content-range']).toBe('bytes 976-999/1000');
    expect(suffix.rawPayload.equals(ARCHIVE.subarray(976))).toBe(true);
  });

  it('send the whole archive without a range, and 416 for a range past its end', async () => {
    const whole = await get('/api/map/archives/region.pmtiles');
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(ARCHIVE)).toBe(true);
    const past = await get('/api/map/archives/region.pmtiles', { range: 'bytes=1000-1099' });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe('bytes */1000');
  });

  it('refuse names outside the maps folder and anonymous callers', async () => {
    for (const url of [
      '/api/map/archives/..%2Fsecret.pmtiles',
      '/api/map/archives/..%2F..%2Fetc%2Fpasswd',
      '/api/map/archives/.hidden.pmtiles',
      '/api/map/archives/region.json',
    ]) {
      const response = await get(url, { range: 'bytes=0-9' });
      expect([400, 404], url).toContain(response.statusCode);
      expect(response.body).not.toContain('not in the maps folder');
    }
    expect((await get('/api/map/archives/missing.pmtiles')).statusCode).toBe(404);
    const anonymous = await test.app.inject({ method: 'GET', url: '/api/map/archives/region.pmtiles' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('map configuration of a server pointed at other map services', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp({
      MAP_PMTILES_URL: 'https://archives.example.org/region.pmtiles',
      MAP_STYLE_URL: 'https://styles.example.net/streets/style.json',
      MAP_TILE_URL: 'https://imagery.example.com/tiles/{z}/{x}/{y}.jpg',
    });
  });
  afterAll(() => test.close());

  it('names them to the client, and the CSP allows exactly their origins', async () => {
    const cookie = await signInAs(test.app, 'dispatcher');
    const response = await test.app.inject({ method: 'GET', url: '/api/map/config', headers: { cookie } });
    expect(response.json()).toEqual({
      archive: {
        url: 'https://archives.example.org/region.pmtiles',
        version: 'https://archives.example.org/region.pmtiles',
        bytes: null,
      },
      styleUrl: 'https://styles.example.net/streets/style.json',
      tileUrl: 'https://imagery.example.com/tiles/{z}/{x}/{y}.jpg',
    });
    const csp = String(response.headers['content-security-policy']);
    const connect = csp.split(';').find((directive) => directive.trim().startsWith('connect-src'));
    expect(connect?.trim().split(/\s+/).slice(1).sort()).toEqual(
      ["'self'", 'https://archives.example.org', 'https://imagery.example.com', 'https://styles.example.net'].sort(),
    );
  });
});
