import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Company, CompanyUpdate } from '#core/contract/company';
import { DEFAULT_COMPANY_SETTINGS } from '#core/domain/company-settings';
import { organizations } from '#server/db/schema';
import { seededOrganizationIds } from '#test/server/seeded';
import { createTestApp, signInAs, type TestApp } from '#test/server/test-app';

let test: TestApp;
let app: FastifyInstance;
const cookies: Record<string, string> = {};
let prairie: number;
let swift: number;
let littleCreek: number;

beforeAll(async () => {
  test = await createTestApp();
  app = test.app;
  for (const username of ['admin', 'dispatcher', 'carrier', 'freemium']) cookies[username] = await signInAs(app, username);
  const organizationId = await seededOrganizationIds(test.database.db);
  prairie = organizationId('Prairie Feed Co.');
  swift = organizationId('Swift Haul Carriers');
  littleCreek = organizationId('Little Creek Farms');
});
afterAll(() => test.close());

function call(username: string, method: 'GET' | 'PUT', orgId: number, payload?: object) {
  return app.inject({
    method,
    url: `/api/organizations/${orgId}`,
    headers: { cookie: cookies[username] ?? '' },
    ...(payload ? { payload } : {}),
  });
}

async function companyOf(username: string, orgId: number) {
  const answer = await call(username, 'GET', orgId);
  expect(answer.statusCode).toBe(200);
  return answer.json() as Company;
}

function updateFrom(company: Company): CompanyUpdate {
  const { id: _id, tier: _tier, isCarrier: _isCarrier, latitude, longitude, ...rest } = company;
  return { ...rest, latitude: latitude ?? 0, longitude: longitude ?? 0 };
}

describe('company settings', () => {
  it('answer every setting with its default until saved', async () => {
    const company = await companyOf('admin', prairie);
    expect(company).toMatchObject({ id: prairie, name: 'Prairie Feed Co.', tier: 'Standard', etaThresholdMinutes: 30 });
    expect(company.settings).toEqual(DEFAULT_COMPANY_SETTINGS);
  });

  it('are saved on their base version, and a stale edit answers 409 with the stored company', async () => {
    const company = await companyOf('admin', prairie);
    const saved = await call('admin', 'PUT', prairie, {
      ...updateFrom(company),
      etaThresholdMinutes: 45,
      latitude: 42.5,
      settings: { ...company.settings, etaDelayThresholdMinutes: 600, driverAssignCompartments: 'required' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      etaThresholdMinutes: 45,
      latitude: 42.5,
      version: company.version + 1,
      settings: { etaDelayThresholdMinutes: 600, driverAssignCompartments: 'required' },
    });
    expect(await companyOf('admin', prairie)).toEqual(saved.json());

    const stale = await call('admin', 'PUT', prairie, { ...updateFrom(company), name: 'Stale' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.current).toEqual(saved.json());
  });

  it('refuse thresholds outside 0–600 and coordinates off the globe, naming each field', async () => {
    const company = await companyOf('admin', prairie);
    const refused = await call('admin', 'PUT', prairie, {
      ...updateFrom(company),
      etaThresholdMinutes: 601,
      latitude: 90.5,
      longitude: -181,
      settings: { ...company.settings, etaDelayThresholdMinutes: -1, insideSiteInactiveMinutes: 12.5 },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.issues).toEqual(
      expect.arrayContaining([
        { path: 'body.etaThresholdMinutes', message: 'invalidThresholdNumber' },
        { path: 'body.settings.etaDelayThresholdMinutes', message: 'invalidThresholdNumber' },
        { path: 'body.settings.insideSiteInactiveMinutes', message: 'invalidThresholdNumber' },
        { path: 'body.latitude', message: 'invalidLatitude' },
        { path: 'body.longitude', message: 'invalidLongitude' },
      ]),
    );
    expect((await companyOf('admin', prairie)).version).toBe(company.version);
  });

  it('keep the Standard-only settings of a Freemium or carrier organization as stored', async () => {
    const freemium = await companyOf('freemium', littleCreek);
    const saved = await call('freemium', 'PUT', littleCreek, {
      ...updateFrom(freemium),
      etaThresholdMinutes: 5,
      settings: { ...freemium.settings, etaDelayThresholdMinutes: 5, enforceSameCustomerSplitLocations: true },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      etaThresholdMinutes: freemium.etaThresholdMinutes,
      settings: { etaDelayThresholdMinutes: freemium.settings.etaDelayThresholdMinutes, enforceSameCustomerSplitLocations: true },
    });
  });

  it('need EditCompany and the caller’s own organization', async () => {
    expect((await app.inject({ method: 'GET', url: `/api/organizations/${prairie}` })).statusCode).toBe(401);
    expect((await call('dispatcher', 'GET', prairie)).statusCode).toBe(403);
    const company = await companyOf('admin', prairie);
    expect((await call('dispatcher', 'PUT', prairie, updateFrom(company))).statusCode).toBe(403);
    expect((await call('carrier', 'GET', swift)).statusCode).toBe(403);
    expect((await call('admin', 'GET', littleCreek)).statusCode).toBe(404);
    const foreign = await call('admin', 'PUT', littleCreek, updateFrom(company));
    expect(foreign.statusCode).toBe(404);
    const [theirs] = await test.database.db.select().from(organizations).where(eq(organizations.id, littleCreek));
    expect(theirs?.name).toBe('Little Creek Farms');
  });
});
