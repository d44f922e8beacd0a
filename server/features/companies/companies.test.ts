import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CargoConfig, CompanyCarrierLink, CompanyProfile, CompanyProfileInput } from '#core/contract/companies';
import { changeLog, organizationFeatures } from '#server/db/schema';
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
  for (const username of ['admin', 'platform']) cookies[username] = await signInAs(app, username);
  const organizationId = await seededOrganizationIds(test.database.db);
  prairie = organizationId('Prairie Feed Co.');
  swift = organizationId('Swift Haul Carriers');
  littleCreek = organizationId('Little Creek Farms');
});
afterAll(() => test.close());

function call(username: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  return app.inject({
    method,
    url: `/api${url}`,
    headers: { cookie: cookies[username] ?? '' },
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
}

const NEW_COMPANY: CompanyProfileInput = {
  name: 'Hilltop Grain',
  language: 'en-US',
  timezone: 'America/Chicago',
  units: 'Imperial',
  unitsWeight: 'Pound',
  latitude: 42.03,
  longitude: -93.62,
  tier: 'Standard',
  isCarrier: false,
};

async function created(input: Partial<CompanyProfileInput> = {}) {
  const answer = await call('platform', 'POST', '/organizations', { ...NEW_COMPANY, ...input });
  expect(answer.statusCode).toBe(201);
  return answer.json() as CompanyProfile;
}

function profileUpdate({ id: _id, ...profile }: CompanyProfile) {
  return profile;
}

describe('companies', () => {
  it('a platform administrator creates a company and it is listed', async () => {
    const company = await created({ name: '  Hilltop Grain  ' });
    expect(company).toMatchObject({ name: 'Hilltop Grain', latitude: 42.03, longitude: -93.62, tier: 'Standard', version: 1 });
    const list = (await call('platform', 'GET', '/organizations')).json() as { id: number }[];
    expect(list.map((row) => row.id)).toContain(company.id);
  });

  it('is not created without a latitude and a longitude in range (spec 2), so its settings page opens valid', async () => {
    const { latitude: _latitude, longitude: _longitude, ...unplaced } = NEW_COMPANY;
    const missing = await call('platform', 'POST', '/organizations', unplaced);
    expect(missing.statusCode).toBe(400);
    expect(
      missing
        .json()
        .error.issues.map((issue: { path: string }) => issue.path)
        .sort(),
    ).toEqual(['body.latitude', 'body.longitude']);
    const outOfRange = await call('platform', 'POST', '/organizations', { ...NEW_COMPANY, latitude: 91, longitude: -181 });
    expect(outOfRange.statusCode).toBe(400);
    expect(outOfRange.json().error.issues).toEqual([
      expect.objectContaining({ path: 'body.latitude', message: 'invalidLatitude' }),
      expect.objectContaining({ path: 'body.longitude', message: 'invalidLongitude' }),
    ]);
    const company = await created();
    const moved = await call('platform', 'PUT', `/organizations/${company.id}/profile`, {
      ...profileUpdate(company),
      latitude: 41.5,
    });
    expect(moved.json()).toMatchObject({ latitude: 41.5, longitude: -93.62 });
  });

  it('Freemium forces isCarrier false', async () => {
    expect(await created({ tier: 'Freemium', isCarrier: true })).toMatchObject({ tier: 'Freemium', isCarrier: false });
  });

  it('is edited on its base version; a stale edit answers 409 with the stored company', async () => {
    const company = await created({ isCarrier: true });
    const saved = await call('platform', 'PUT', `/organizations/${company.id}/profile`, {
      ...profileUpdate(company),
      name: 'Hilltop Haulers',
      units: 'Metric',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ name: 'Hilltop Haulers', units: 'Metric', version: 2 });
    const stale = await call('platform', 'PUT', `/organizations/${company.id}/profile`, profileUpdate(company));
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.current).toMatchObject({ name: 'Hilltop Haulers', version: 2 });
  });

  it('keeps a carrier a carrier: its checkbox is locked', async () => {
    const company = await created({ isCarrier: true });
    const saved = await call('platform', 'PUT', `/organizations/${company.id}/profile`, {
      ...profileUpdate(company),
      isCarrier: false,
    });
    expect(saved.json()).toMatchObject({ isCarrier: true, version: 2 });
  });

  it('names the invalid field, answers 404 for an unknown company, and refuses without all-companies access', async () => {
    const invalid = await call('platform', 'POST', '/organizations', { ...NEW_COMPANY, name: '' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.issues).toEqual([expect.objectContaining({ path: 'body.name' })]);
    expect((await call('platform', 'GET', '/organizations/999999/profile')).statusCode).toBe(404);
    expect((await call('admin', 'POST', '/organizations', NEW_COMPANY)).statusCode).toBe(403);
    expect((await call('admin', 'GET', `/organizations/${prairie}/profile`)).statusCode).toBe(403);
  });
});

describe('feature toggles', () => {
  const enabledNames = async (orgId: number) => {
    const answer = await call('platform', 'GET', `/organizations/${orgId}/features`);
    expect(answer.statusCode).toBe(200);
    return (answer.json() as { name: string; enabled: boolean }[]).filter((row) => row.enabled).map((row) => row.name);
  };
  const selfFeatures = async () =>
    ((await call('admin', 'GET', '/self')).json() as { organization: { features: string[] } }).organization.features;

  it("switch a company's features, and its signed-in users get them with their next request", async () => {
    const features = (await call('platform', 'GET', `/organizations/${prairie}/features`)).json() as {
      id: number;
      name: string;
    }[];
    const drafts = features.find((row) => row.name === 'Drafts');
    if (!drafts) throw new Error('no Drafts feature');
    const off = await call('platform', 'DELETE', `/organizations/${prairie}/features/${drafts.id}`);
    expect(off.statusCode).toBe(200);
    expect(await enabledNames(prairie)).not.toContain('Drafts');
    expect(await selfFeatures()).not.toContain('Drafts');
    expect((await call('admin', 'GET', '/self/drafts')).statusCode).toBe(403);

    const on = await call('platform', 'POST', `/organizations/${prairie}/features`, { featureId: drafts.id });
    expect(on.statusCode).toBe(200);
    expect((on.json() as { name: string; enabled: boolean }[]).find((row) => row.name === 'Drafts')?.enabled).toBe(true);
    expect(await selfFeatures()).toContain('Drafts');
    // Switching on twice keeps one row and is no new version of the company (its clients are not poked).
    const version = async () =>
      ((await call('platform', 'GET', `/organizations/${prairie}/profile`)).json() as CompanyProfile).version;
    const before = await version();
    await call('platform', 'POST', `/organizations/${prairie}/features`, { featureId: drafts.id });
    expect(await version()).toBe(before);
    await call('platform', 'DELETE', `/organizations/${prairie}/features/${drafts.id}`);
    expect(await version()).toBe(before + 1);
    await call('platform', 'POST', `/organizations/${prairie}/features`, { featureId: drafts.id });
    const rows = await test.database.db
      .select()
      .from(organizationFeatures)
      .where(and(eq(organizationFeatures.organizationId, prairie), eq(organizationFeatures.featureId, drafts.id)));
    expect(rows).toHaveLength(1);
  });

  it('refuse an unknown feature or company and callers without all-companies access', async () => {
    const unknown = await call('platform', 'POST', `/organizations/${prairie}/features`, { featureId: 999 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.issues).toEqual([expect.objectContaining({ path: 'body.featureId' })]);
    expect((await call('platform', 'DELETE', `/organizations/${prairie}/features/999`)).statusCode).toBe(404);
    expect((await call('platform', 'POST', '/organizations/999999/features', { featureId: 1 })).statusCode).toBe(404);
    expect((await call('admin', 'POST', `/organizations/${prairie}/features`, { featureId: 1 })).statusCode).toBe(403);
    const missing = await call('platform', 'POST', `/organizations/${prairie}/features`, {});
    expect(missing.json().error.issues).toEqual([expect.objectContaining({ path: 'body.featureId' })]);
  });
});

describe('cargo types', () => {
  const config = async (orgId: number) =>
    (await call('platform', 'GET', `/organizations/${orgId}/cargo-config`)).json() as CargoConfig;

  it("answer the catalogue, the selection and the linked companies' types", async () => {
    const prairieConfig = await config(prairie);
    expect(prairieConfig.cargoTypes.length).toBe(36);
    expect(prairieConfig.selectedIds.length).toBe(36);
    expect(prairieConfig.carriers.map((carrier) => carrier.organizationId)).toEqual([swift]);
    expect((await config(swift)).clients.map((client) => client.organizationId)).toEqual([prairie]);
  });

  it('are saved when the coverage rules hold, and the change reaches the feed', async () => {
    const saved = await call('platform', 'PUT', `/organizations/${littleCreek}/cargo-config`, [1, 2, 3]);
    expect(saved.statusCode).toBe(200);
    expect((saved.json() as CargoConfig).selectedIds).toEqual([1, 2, 3]);
    const logged = await test.database.db.select().from(changeLog).where(eq(changeLog.organizationId, littleCreek));
    expect(logged.filter((row) => row.entity === 'cargoType').map((row) => [row.entityId, row.op])).toEqual(
      expect.arrayContaining([
        [4, 'delete'],
        [9, 'delete'],
      ]),
    );
  });

  it("refuse a carrier leaving out a client's type and a client holding a type its carrier lacks", async () => {
    const carrierShort = await call('platform', 'PUT', `/organizations/${swift}/cargo-config`, [1, 2]);
    expect(carrierShort.statusCode).toBe(422);
    expect(carrierShort.json().error).toMatchObject({ rule: 'cargoCoverage', issues: [{ path: `clientNotCovered.${prairie}` }] });

    const narrowed = await call('platform', 'PUT', `/organizations/${prairie}/cargo-config`, [1, 2]);
    expect(narrowed.statusCode).toBe(200);
    expect((await call('platform', 'PUT', `/organizations/${swift}/cargo-config`, [1, 2])).statusCode).toBe(200);
    const beyondCarrier = await call('platform', 'PUT', `/organizations/${prairie}/cargo-config`, [1, 2, 3]);
    expect(beyondCarrier.statusCode).toBe(422);
    expect(beyondCarrier.json().error.issues).toEqual([{ path: `carrierLacks.${swift}`, message: '3' }]);
  });

  it('name an unknown cargo type and refuse callers without all-companies access', async () => {
    const unknown = await call('platform', 'PUT', `/organizations/${littleCreek}/cargo-config`, [1, 99]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.issues).toEqual([expect.objectContaining({ path: 'body.1' })]);
    expect((await call('admin', 'PUT', `/organizations/${prairie}/cargo-config`, [1])).statusCode).toBe(403);
    expect((await call('platform', 'GET', '/organizations/999999/cargo-config')).statusCode).toBe(404);
  });
});

describe('carrier links', () => {
  const links = async (orgId: number) =>
    (await call('platform', 'GET', `/organizations/${orgId}/carriers`)).json() as CompanyCarrierLink[];
  const asInput = ({ carrierOrganizationId, isActive, loadDriver, loadTractor, loadTrailer, version }: CompanyCarrierLink) => ({
    carrierOrganizationId,
    isActive,
    loadDriver,
    loadTractor,
    loadTrailer,
    version,
  });
  const added = (carrierOrganizationId: number) => ({
    carrierOrganizationId,
    isActive: false,
    loadDriver: 'Carrier',
    loadTractor: 'Carrier',
    loadTrailer: 'Carrier',
  });

  it('add a carrier enabled and inactive, then activate it on its base version', async () => {
    // The carrier carries every cargo type the company is offered (the cargo tests left Swift with 1 and 2).
    expect((await call('platform', 'PUT', `/organizations/${littleCreek}/cargo-config`, [1, 2])).statusCode).toBe(200);
    const answer = await call('platform', 'PUT', `/organizations/${littleCreek}/carriers`, [added(swift)]);
    expect(answer.statusCode).toBe(200);
    const [link] = answer.json() as CompanyCarrierLink[];
    expect(link).toMatchObject({ carrierOrganizationId: swift, name: 'Swift Haul Carriers', isActive: false, version: 1 });
    if (!link) throw new Error('no link');
    const activated = await call('platform', 'PUT', `/organizations/${littleCreek}/carriers`, [
      { ...asInput(link), isActive: true, loadTrailer: 'Both' },
    ]);
    expect(activated.json()).toEqual([expect.objectContaining({ isActive: true, loadTrailer: 'Both', version: 2 })]);
    const stale = await call('platform', 'PUT', `/organizations/${littleCreek}/carriers`, [asInput(link)]);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.current).toEqual([expect.objectContaining({ version: 2 })]);
  });

  it("refuse a new carrier that does not carry the company's cargo types, naming them, and leave both companies' cargo free", async () => {
    const bare = await created({ name: 'Bare Haul', isCarrier: true });
    expect((await call('platform', 'PUT', `/organizations/${bare.id}/cargo-config`, [1])).statusCode).toBe(200);
    const short = await call('platform', 'PUT', `/organizations/${littleCreek}/carriers`, [
      ...(await links(littleCreek)).map(asInput),
      added(bare.id),
    ]);
    expect(short.statusCode).toBe(422);
    expect(short.json().error).toMatchObject({
      rule: 'cargoCoverage',
      issues: [{ path: `carrierLacks.${bare.id}`, message: '2' }],
    });
    expect(short.json().error.message).toContain('Bare Haul does not carry');
    expect((await links(littleCreek)).map((link) => link.carrierOrganizationId)).not.toContain(bare.id);
    // Nothing was linked, so either company's cargo types still change freely.
    expect((await call('platform', 'PUT', `/organizations/${bare.id}/cargo-config`, [])).statusCode).toBe(200);
    expect((await call('platform', 'PUT', `/organizations/${littleCreek}/cargo-config`, [1])).statusCode).toBe(200);

    expect((await call('platform', 'PUT', `/organizations/${bare.id}/cargo-config`, [1, 2])).statusCode).toBe(200);
    const covered = await call('platform', 'PUT', `/organizations/${littleCreek}/carriers`, [
      ...(await links(littleCreek)).map(asInput),
      added(bare.id),
    ]);
    expect(covered.statusCode).toBe(200);
  });

  it('cannot be un-enabled once saved', async () => {
    const answer = await call('platform', 'PUT', `/organizations/${prairie}/carriers`, []);
    expect(answer.statusCode).toBe(422);
    expect(answer.json().error.rule).toBe('carrierLinkLocked');
    expect(await links(prairie)).toHaveLength(1);
  });

  it('name a company that is not a carrier, the company itself, or a carrier listed twice', async () => {
    const answer = await call('platform', 'PUT', `/organizations/${swift}/carriers`, [added(prairie), added(swift)]);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error.issues.map((issue: { path: string }) => issue.path)).toEqual([
      'body.0.carrierOrganizationId',
      'body.1.carrierOrganizationId',
    ]);
    const [link] = await links(prairie);
    if (!link) throw new Error('no link');
    const twice = await call('platform', 'PUT', `/organizations/${prairie}/carriers`, [asInput(link), asInput(link)]);
    expect(twice.json().error.issues).toEqual([{ path: 'body.1.carrierOrganizationId', message: 'carrier listed twice' }]);
    expect((await call('admin', 'PUT', `/organizations/${prairie}/carriers`, [asInput(link)])).statusCode).toBe(403);
  });
});
