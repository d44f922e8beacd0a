// @vitest-environment happy-dom
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { carrierLinksQuery, loadTrailQuery, resourceInfoQuery, TRIP_EVENTS_REFETCH_MS, tripEventsQuery } from './load-details.ts';

// The mirror's carriers table as the change feed filled it.
const mirror = vi.hoisted(() => ({ carriers: [] as Record<string, unknown>[] }));
vi.mock('./local-database.ts', () => ({
  localDatabase: { carriers: { toArray: async () => mirror.carriers } },
}));

let urls: URL[];
let answer: (url: URL) => unknown;

beforeEach(() => {
  urls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: URL | string) => {
      const url = new URL(String(input));
      urls.push(url);
      return new Response(JSON.stringify(answer(url)), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('resource info', () => {
  it('asks once for small lists, with sorted distinct ids in the key and the query', async () => {
    answer = () => ({
      driverTimestamps: [{ driverId: 2, orderId: 40, timestamp: '2026-11-24T13:00:00.000Z' }],
      latestTrailerProductionPlan: [{ trailerId: 9, orderId: 41, productionPlans: ['PP-0412'] }],
    });
    const options = resourceInfoQuery([5, 2, 5], [9]);
    expect(options.queryKey).toEqual(['scheduling', 'resource-info', { driverIds: [2, 5], trailerIds: [9] }]);
    const data = await new QueryClient().fetchQuery(options);
    expect(urls.map((url) => `${url.pathname}${url.search}`)).toEqual([
      '/api/scheduling/resource-info?driverIds=2%2C5&trailerIds=9',
    ]);
    expect(data.latestTrailerProductionPlan[0]?.productionPlans).toEqual(['PP-0412']);
  });

  it('splits lists over 200 ids and merges the answers; nothing to ask is disabled', async () => {
    answer = (url) => ({
      driverTimestamps: (url.searchParams.get('driverIds') ?? '')
        .split(',')
        .filter(Boolean)
        .map((id) => ({ driverId: Number(id), orderId: 1, timestamp: '2026-11-24T13:00:00.000Z' })),
      latestTrailerProductionPlan: [],
    });
    const drivers = Array.from({ length: 450 }, (_, index) => index + 1);
    const data = await new QueryClient().fetchQuery(resourceInfoQuery(drivers, []));
    expect(urls).toHaveLength(3);
    expect(urls.every((url) => !url.searchParams.has('trailerIds'))).toBe(true);
    expect(data.driverTimestamps.map((entry) => entry.driverId)).toEqual(drivers);
    expect(resourceInfoQuery([], []).enabled).toBe(false);
  });
});

describe('trip events', () => {
  it('reads a load’s events and refetches every 300,000 ms', async () => {
    answer = () => [
      {
        id: 1,
        orderId: 77,
        stopId: 5,
        type: 'SiteArrived',
        timestamp: '2026-11-22T12:00:00.000Z',
        latitude: 42.02,
        longitude: -93.45,
        accuracy: 0,
        userId: 3,
        organizationLocationId: 8,
        initiatingId: null,
        metadata: {},
      },
    ];
    const options = tripEventsQuery(77);
    expect(options.refetchInterval).toBe(TRIP_EVENTS_REFETCH_MS);
    expect(TRIP_EVENTS_REFETCH_MS).toBe(300_000);
    const events = await new QueryClient().fetchQuery(options);
    expect(urls[0]?.pathname).toBe('/api/orders/77/tripevents');
    expect(events[0]).toMatchObject({ type: 'SiteArrived', accuracy: 0 });
  });
});

describe('load trail', () => {
  it('reads a load’s device trail from spec 1 §7’s path and refetches it with the events', async () => {
    answer = () => [
      {
        deviceId: 4,
        deviceType: 'mobile',
        latitude: 42.02,
        longitude: -93.45,
        heading: 90,
        speed: 22,
        accuracy: 6,
        timestamp: '2026-11-22T12:00:00.000Z',
      },
    ];
    const options = loadTrailQuery(77);
    expect(options.refetchInterval).toBe(300_000);
    const trail = await new QueryClient().fetchQuery(options);
    expect(urls[0]?.pathname).toBe('/api/order/77/devicelocations');
    expect(trail).toEqual([expect.objectContaining({ deviceId: 4, accuracy: 6 })]);
  });
});

describe('carrier links', () => {
  it('reads the mirrored carrier relations with their ownership fields, by name', async () => {
    mirror.carriers = [
      {
        id: 2,
        organizationId: 1,
        carrierOrganizationId: 30,
        name: 'Swift Haul Carriers',
        isActive: true,
        loadDriver: 'Carrier',
        loadTractor: 'Carrier',
        loadTrailer: 'Both',
      },
      {
        id: 3,
        organizationId: 1,
        carrierOrganizationId: 31,
        name: 'Bluestem Transport',
        isActive: false,
        loadDriver: 'Owning',
        loadTractor: 'Both',
        loadTrailer: 'Carrier',
        // Unknown fields of a newer server are dropped, not stored in the answer.
        version: 4,
      },
    ];
    const links = await new QueryClient().fetchQuery(carrierLinksQuery);
    expect(links.map((link) => [link.name, link.isActive, link.loadDriver, link.loadTractor, link.loadTrailer])).toEqual([
      ['Bluestem Transport', false, 'Owning', 'Both', 'Carrier'],
      ['Swift Haul Carriers', true, 'Carrier', 'Carrier', 'Both'],
    ]);
    expect(links[0]).not.toHaveProperty('version');
    expect(urls).toEqual([]);
  });
});
