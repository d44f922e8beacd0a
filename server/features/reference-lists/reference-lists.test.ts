import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, createTestApp, signInAs, type TestApp } from '#test/server/test-app';

let test: TestApp;
const cookies: Record<string, string> = {};
beforeAll(async () => {
  test = await createTestApp();
  for (const username of ['admin', 'dispatcher', 'carrier', 'freemium', 'platform']) {
    cookies[username] = await signInAs(test.app, username);
  }
});
afterAll(() => test.close());

async function get(username: string, url: string) {
  return test.app.inject({ method: 'GET', url, headers: { cookie: cookies[username] ?? '' } });
}

async function selfOf(username: string) {
  return (await get(username, '/api/self')).json() as {
    id: number;
    activeOrganizationId: number;
    organization: { name: string };
  };
}

const SCOPED_LISTS = [
  '/api/drivers',
  '/api/tractors',
  '/api/trailers',
  '/api/locations',
  '/api/customers',
  '/api/carriers',
  '/api/users',
  '/api/contacts',
];

describe('reference lists', () => {
  it('answer the demo master data of Prairie Feed to its administrator', async () => {
    const counts: Record<string, number> = {};
    for (const url of [...SCOPED_LISTS, '/api/cargo-types', '/api/location-types', '/api/features', '/api/roles']) {
      const response = await get('admin', url);
      expect(response.statusCode, url).toBe(200);
      counts[url] = response.json().length;
    }
    expect(counts['/api/drivers']).toBeGreaterThanOrEqual(8);
    expect(counts['/api/locations']).toBeGreaterThanOrEqual(12);
    expect(counts['/api/customers']).toBeGreaterThanOrEqual(5);
    expect(counts['/api/tractors']).toBeGreaterThanOrEqual(10);
    expect(counts['/api/trailers']).toBeGreaterThanOrEqual(10);
    expect(counts['/api/cargo-types']).toBe(36);
    const features = (await get('admin', '/api/features')).json() as { enabled: boolean }[];
    expect(features.every((feature) => feature.enabled)).toBe(true);
  });

  it('describe cargo types by the measurement basis of spec 1 §3', async () => {
    const cargoTypes = (await get('admin', '/api/cargo-types')).json() as { id: number; measuredBy: string; category: string }[];
    const basis = Object.fromEntries(cargoTypes.map((type) => [type.id, type.measuredBy]));
    for (const id of [2, 9, 10, 11, 22, 35]) expect(basis[id], `cargo ${id}`).toBe('weight');
    for (const id of [1, 3, 4, 6, 7, 12, 20, 36]) expect(basis[id], `cargo ${id}`).toBe('quantity');
    expect(new Set(cargoTypes.map((type) => type.category))).toEqual(new Set(['Feed', 'Other']));
  });

  it('never list another organization’s rows', async () => {
    for (const username of ['admin', 'carrier', 'freemium']) {
      const { activeOrganizationId } = await selfOf(username);
      for (const url of SCOPED_LISTS) {
        const response = await get(username, url);
        if (response.statusCode !== 200) continue;
        const rows = response.json() as { organizationId: number }[];
        for (const row of rows) expect(row.organizationId, `${username} ${url}`).toBe(activeOrganizationId);
      }
    }
  });

  it('answers 403 without the view permission', async () => {
    // The dispatcher has no administration permissions.
    expect((await get('dispatcher', '/api/users')).statusCode).toBe(403);
    expect((await get('dispatcher', '/api/contacts')).statusCode).toBe(403);
    expect((await get('dispatcher', '/api/permissions')).statusCode).toBe(403);
    expect((await get('dispatcher', '/api/drivers')).statusCode).toBe(200);
    // Contacts are not for carriers.
    expect((await get('carrier', '/api/contacts')).statusCode).toBe(403);
  });

  it('list organizations: all for platform administrators, own otherwise', async () => {
    const own = (await get('admin', '/api/organizations')).json() as { name: string }[];
    expect(own.map((organization) => organization.name)).toEqual(['Prairie Feed Co.']);
    const all = (await get('platform', '/api/organizations')).json() as { name: string }[];
    expect(all.map((organization) => organization.name)).toEqual(
      expect.arrayContaining(['Prairie Feed Co.', 'Swift Haul Carriers', 'Little Creek Farms']),
    );
  });

  it('shows the carrier relation to the owner, and the owner as client to the carrier', async () => {
    const carriers = (await get('admin', '/api/carriers')).json();
    expect(carriers).toEqual([
      expect.objectContaining({
        name: 'Swift Haul Carriers',
        isActive: true,
        loadDriver: 'Carrier',
        loadTractor: 'Carrier',
        loadTrailer: 'Both',
      }),
    ]);
    const carrierSelf = (await get('carrier', '/api/self')).json();
    expect(carrierSelf.organization.isCarrier).toBe(true);
    expect(carrierSelf.organization.clients).toEqual([expect.objectContaining({ name: 'Prairie Feed Co.' })]);
  });
});

describe('active company switching', () => {
  it('lets a platform administrator switch, and every scoped list follows', async () => {
    const organizations = (await get('platform', '/api/organizations')).json() as { id: number; name: string }[];
    const prairie = organizations.find((organization) => organization.name === 'Prairie Feed Co.');
    const switched = await test.app.inject({
      method: 'PUT',
      url: '/api/session/organization',
      headers: { cookie: cookies.platform ?? '' },
      payload: { organizationId: prairie?.id },
    });
    expect(switched.statusCode).toBe(200);
    expect(switched.json().organization.name).toBe('Prairie Feed Co.');
    // The switch rotates the session token (session.test.ts).
    cookies.platform = cookieHeader(switched);
    const locations = (await get('platform', '/api/locations')).json() as { organizationId: number }[];
    expect(locations.length).toBeGreaterThanOrEqual(12);
    expect(locations.every((location) => location.organizationId === prairie?.id)).toBe(true);
  });

  it('refuses switching without ViewAllCompanies, and answers 404 for an unknown company', async () => {
    const refused = await test.app.inject({
      method: 'PUT',
      url: '/api/session/organization',
      headers: { cookie: cookies.admin ?? '' },
      payload: { organizationId: 1 },
    });
    expect(refused.statusCode).toBe(403);
    const unknown = await test.app.inject({
      method: 'PUT',
      url: '/api/session/organization',
      headers: { cookie: cookies.platform ?? '' },
      payload: { organizationId: 999_999 },
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('weekly loads summary', () => {
  it('counts the week’s loads by status and validates the range', async () => {
    const start = new Date(Date.now() - 8 * 24 * 3600 * 1000).toISOString();
    const end = new Date(Date.now() + 8 * 24 * 3600 * 1000).toISOString();
    const response = await get('dispatcher', `/api/self/loads-summary?startDate=${start}&endDate=${end}`);
    expect(response.statusCode).toBe(200);
    const summary = response.json();
    expect(summary.numberOfLoadsCompleted).toBeGreaterThan(0);
    expect(summary.numberOfLoadsInTransit).toBeGreaterThan(0);
    expect(summary.numberOfLoadsUpcoming).toBeGreaterThan(0);
    const bad = await get('dispatcher', '/api/self/loads-summary?startDate=yesterday&endDate=2026-01-01');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.issues[0].path).toContain('querystring');
    const reversed = await get('dispatcher', `/api/self/loads-summary?startDate=${end}&endDate=${start}`);
    expect(reversed.statusCode).toBe(400);
  });
});
