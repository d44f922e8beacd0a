// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { encodeFlexiblePolyline } from '#core/domain/geo/flexible-polyline';
import type { StandardRoute } from '#core/contract/standard-routes';
import { StopsMapPanel } from './stops-map-panel.tsx';

/** What the panel hands the map (the map itself needs a canvas happy-dom lacks). */
const drawn: { points: { sequence: number }[]; route?: { latitude: number; longitude: number }[] }[] = [];
vi.mock('#src/map/stops-map.tsx', () => ({
  StopsMap: (props: (typeof drawn)[number]) => {
    drawn.push(props);
    return <div data-testid="stops-map" data-route={props.route ? props.route.length : 'none'} />;
  },
}));

const ORG = 4;
const locations = new Map([
  [1, { id: 1, name: 'Nevada Mill', customGeofence: { latitude: 42.0169, longitude: -93.4396 } }],
  [2, { id: 2, name: 'Ames Farm', customGeofence: { latitude: 42.0347, longitude: -93.62 } }],
  [3, { id: 3, name: 'Des Moines Farm', customGeofence: { latitude: 41.5868, longitude: -93.625 } }],
]);
const ROAD = [
  { latitude: 42.0347, longitude: -93.62 },
  { latitude: 42.03, longitude: -93.5 },
  { latitude: 42.0169, longitude: -93.4396 },
  { latitude: 41.8, longitude: -93.5 },
  { latitude: 41.5868, longitude: -93.625 },
];

let requests: { path: string; body: unknown }[];
let answer: () => Response;

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en-US', resources: {}, showSupportNotice: false } as never);
});
beforeEach(() => {
  drawn.length = 0;
  requests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: URL | string, init?: RequestInit) => {
      requests.push({ path: new URL(String(input)).pathname, body: JSON.parse(String(init?.body)) });
      return answer();
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPanel(stops: { sequence: number; organizationLocationId: number | null }[], standardRoutes: StandardRoute[] = []) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(['self'], { activeOrganizationId: ORG });
  render(
    <QueryClientProvider client={queryClient}>
      <MantineProvider>
        <StopsMapPanel stops={stops} locations={locations} standardRoutes={standardRoutes} />
      </MantineProvider>
    </QueryClientProvider>,
  );
  return queryClient;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('the load form map', () => {
  it("asks for the route through the stops' positions in sequence and draws its path", async () => {
    answer = () =>
      json(200, {
        polyline: encodeFlexiblePolyline(ROAD),
        distanceMeters: 90_000,
        timeSeconds: 4_000,
        legs: [],
        engine: 'embedded',
        notices: [],
      });
    const queryClient = renderPanel([
      { sequence: 2, organizationLocationId: 1 },
      { sequence: 1, organizationLocationId: 2 },
      { sequence: 3, organizationLocationId: 3 },
      { sequence: 4, organizationLocationId: null },
    ]);
    await waitFor(() => expect(screen.getByTestId('stops-map').dataset.route).toBe('5'));
    expect(requests).toEqual([
      {
        path: '/api/routing/routes',
        body: {
          points: [
            { lat: 42.0347, lng: -93.62 },
            { lat: 42.0169, lng: -93.4396 },
            { lat: 41.5868, lng: -93.625 },
          ],
        },
      },
    ]);
    expect(drawn.at(-1)?.route).toEqual(ROAD);
    // Kept 20 days in the cache the device saves, so the path shows offline after one visit...
    const [cached] = queryClient.getQueryCache().findAll({ queryKey: ['route', ORG] });
    expect(cached?.gcTime).toBe(20 * 24 * 60 * 60 * 1000);
    expect(cached?.meta?.persist).not.toBe(false);
    // ...also once no map shows it (a removal timer past setTimeout's limit would fire at once).
    cleanup();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(queryClient.getQueryCache().findAll({ queryKey: ['route', ORG] })).toHaveLength(1);
  });

  it('follows a standard route between two stops and asks the server only for the other legs', async () => {
    const FARM_TO_MILL = [
      { latitude: 42.0347, longitude: -93.62 },
      { latitude: 42.2, longitude: -93.55 },
      { latitude: 42.0169, longitude: -93.4396 },
    ];
    const MILL_TO_DES_MOINES = [
      { latitude: 42.0169, longitude: -93.4396 },
      { latitude: 41.5868, longitude: -93.625 },
    ];
    answer = () =>
      json(200, {
        polyline: encodeFlexiblePolyline(MILL_TO_DES_MOINES),
        distanceMeters: 50_000,
        timeSeconds: 3_000,
        legs: [],
        engine: 'embedded',
        notices: [],
      });
    const route = (id: number, deletedAt: string | null): StandardRoute => ({
      id,
      organizationId: ORG,
      originId: 2,
      destinationId: 1,
      flexiblePolyline: encodeFlexiblePolyline(FARM_TO_MILL),
      deletedAt,
      version: 1,
    });
    renderPanel(
      [
        { sequence: 1, organizationLocationId: 2 },
        { sequence: 2, organizationLocationId: 1 },
        { sequence: 3, organizationLocationId: 3 },
      ],
      [route(7, '2026-11-01T00:00:00.000Z'), route(8, null)],
    );
    await waitFor(() => expect(screen.getByTestId('stops-map').dataset.route).toBe('5'));
    expect(requests.map((request) => request.body)).toEqual([
      {
        points: [
          { lat: 42.0169, lng: -93.4396 },
          { lat: 41.5868, lng: -93.625 },
        ],
      },
    ]);
    expect(drawn.at(-1)?.route).toEqual([...FARM_TO_MILL, ...MILL_TO_DES_MOINES]);
  });

  it('joins the stops with straight lines while the route is unknown or refused', async () => {
    answer = () => json(503, { error: { code: 'unavailable', message: 'down' } });
    const queryClient = renderPanel([
      { sequence: 1, organizationLocationId: 1 },
      { sequence: 2, organizationLocationId: 3 },
    ]);
    await waitFor(() => expect(queryClient.getQueryCache().findAll({ queryKey: ['route'] })[0]?.state.status).toBe('error'));
    expect(requests).toHaveLength(1);
    expect(screen.getByTestId('stops-map').dataset.route).toBe('none');
    expect(drawn.at(-1)?.points).toHaveLength(2);
  });

  it('asks for no route with fewer than two positions', async () => {
    answer = () => json(500, null);
    renderPanel([{ sequence: 1, organizationLocationId: 1 }]);
    await screen.findByTestId('stops-map');
    expect(requests).toEqual([]);
  });
});
