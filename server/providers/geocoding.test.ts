import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gazetteerLookup, geocoderUserAgent, matchOwnAddress, nominatimGeocoder } from './geocoding.ts';

describe('own addresses', () => {
  const mill = {
    address1: '1200 West Lincoln Highway',
    city: 'Nevada',
    postalCode: '50201',
    latitude: 42.0169,
    longitude: -93.4396,
  };

  it('matches the first address line with the city or the postal code, however written', () => {
    expect(matchOwnAddress('1200 W. Lincoln Hwy, Nevada, IA', [mill])).toEqual({ latitude: 42.0169, longitude: -93.4396 });
    expect(matchOwnAddress('1200 west lincoln highway 50201', [mill])).toEqual({ latitude: 42.0169, longitude: -93.4396 });
  });

  it('does not match the street alone, nor another number on it', () => {
    expect(matchOwnAddress('1200 West Lincoln Highway, Ames, IA 50010', [mill])).toBeNull();
    expect(matchOwnAddress('12000 West Lincoln Highway, Nevada, IA', [mill])).toBeNull();
  });
});

describe('the embedded gazetteer', () => {
  it("lands an address with a US ZIP code on the ZIP code's centre", () => {
    expect(gazetteerLookup('400 Main St, Ames, IA 50010')).toEqual({ latitude: 42.0379, longitude: -93.6003 });
  });

  it('lands a US town and state on the town', () => {
    const ames = gazetteerLookup('Ames, Iowa');
    expect(ames?.latitude).toBeCloseTo(42.03, 1);
    expect(ames?.longitude).toBeCloseTo(-93.6, 1);
    // The state decides between towns of one name.
    expect(gazetteerLookup('Paris, TX')?.longitude).toBeCloseTo(-95.5, 0);
  });

  it('lands a world city, in the country named', () => {
    expect(gazetteerLookup('Frankfurt am Main, Germany')).toEqual({ latitude: 50.11552, longitude: 8.68417 });
    expect(gazetteerLookup('1 Rue de Rivoli, 75001 Paris, France')).toEqual({ latitude: 48.85341, longitude: 2.3488 });
  });

  it('answers null when no place is named', () => {
    expect(gazetteerLookup('qqqq zzzz')).toBeNull();
  });
});

describe('Nominatim', () => {
  const arrivals: { url: string; userAgent: string | undefined; at: number }[] = [];
  let failing = false;
  let url = '';
  const server = createServer((request, response) => {
    arrivals.push({ url: request.url ?? '', userAgent: request.headers['user-agent'], at: Date.now() });
    const query = new URL(request.url ?? '', 'http://stub').searchParams.get('q') ?? '';
    if (failing) {
      response.writeHead(503).end('busy');
      return;
    }
    const places = query.startsWith('nowhere')
      ? []
      : [{ lat: '41.5868', lon: String(-93.625 - arrivals.length / 1000), display_name: query }];
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(places));
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/nominatim`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('asks /search with jsonv2, identifies the application, and spaces requests at least a second apart', async () => {
    arrivals.length = 0;
    const geocoder = nominatimGeocoder(url, { warn: () => {} }, { userAgent: geocoderUserAgent('https://dispatch.example.com') });
    const [first, second] = await Promise.all([
      geocoder.geocode('1 Court Ave, Des Moines'),
      geocoder.geocode('2 Court Ave, Des Moines'),
    ]);
    expect(first).toEqual({ latitude: 41.5868, longitude: -93.626 });
    expect(second).toEqual({ latitude: 41.5868, longitude: -93.627 });
    expect(arrivals.map((arrival) => arrival.url)).toEqual([
      '/nominatim/search?q=1+Court+Ave%2C+Des+Moines&format=jsonv2&limit=1',
      '/nominatim/search?q=2+Court+Ave%2C+Des+Moines&format=jsonv2&limit=1',
    ]);
    expect(arrivals.map((arrival) => arrival.userAgent)).toEqual([
      'dispatch-pwa/0.1 (https://dispatch.example.com)',
      'dispatch-pwa/0.1 (https://dispatch.example.com)',
    ]);
    expect(arrivals[1]!.at - arrivals[0]!.at).toBeGreaterThanOrEqual(1_000);
  });

  it('keeps answers: the same address, however written, is asked once', async () => {
    arrivals.length = 0;
    const geocoder = nominatimGeocoder(url, { warn: () => {} }, { userAgent: 'test', intervalMs: 0 });
    const first = await geocoder.geocode('5 Court Avenue, Des Moines');
    expect(await geocoder.geocode('5 court avenue,  DES MOINES')).toEqual(first);
    expect(await geocoder.geocode('5 Court Ave Des Moines')).toEqual(first);
    expect(arrivals).toHaveLength(1);
  });

  it('forgets the oldest answer past its bound', async () => {
    arrivals.length = 0;
    const geocoder = nominatimGeocoder(url, { warn: () => {} }, { userAgent: 'test', intervalMs: 0, cacheSize: 2 });
    for (const query of ['a 1', 'a 2', 'a 3', 'a 3', 'a 2', 'a 1']) await geocoder.geocode(query);
    // a 1 was dropped when a 3 came in.
    expect(arrivals.map((arrival) => new URL(arrival.url, 'http://stub').searchParams.get('q'))).toEqual([
      'a 1',
      'a 2',
      'a 3',
      'a 1',
    ]);
  });

  it('falls back to the gazetteer when the service fails, logs it and asks again next time', async () => {
    arrivals.length = 0;
    failing = true;
    const warnings: string[] = [];
    const geocoder = nominatimGeocoder(
      url,
      { warn: (_details: unknown, message?: string) => warnings.push(message ?? '') },
      { userAgent: 'test', intervalMs: 0 },
    );
    expect(await geocoder.geocode('400 Main St, Ames, IA 50010')).toEqual({ latitude: 42.0379, longitude: -93.6003 });
    expect(warnings).toEqual(['geocoder failed; using the gazetteer']);
    failing = false;
    expect(await geocoder.geocode('400 Main St, Ames, IA 50010')).toEqual({ latitude: 41.5868, longitude: -93.627 });
    expect(arrivals).toHaveLength(2);
  });

  it('asks the gazetteer when the service finds nothing', async () => {
    const geocoder = nominatimGeocoder(url, { warn: () => {} }, { userAgent: 'test', intervalMs: 0 });
    expect(await geocoder.geocode('nowhere, Ames, IA 50010')).toEqual({ latitude: 42.0379, longitude: -93.6003 });
    expect(await geocoder.geocode('nowhere qqqq')).toBeNull();
  });
});
