import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locations, organizations } from '#server/db/schema';
import { gazetteerLookup } from '#server/providers/geocoding';
import { createTestApp, signInAs, type TestApp } from '#test/server/test-app';

let test: TestApp;
const cookies: Record<string, string> = {};
type Row = typeof locations.$inferSelect;
let own: Row;
let foreign: Row;

const joined = (row: Row) => `${row.address1}, ${row.city}, ${row.state} ${row.postalCode}`;

beforeAll(async () => {
  test = await createTestApp();
  for (const username of ['admin', 'dispatcher', 'freemium']) cookies[username] = await signInAs(test.app, username);
  const db = test.database.db;
  const [prairie] = await db.select().from(organizations).where(eq(organizations.name, 'Prairie Feed Co.'));
  [own] = (await db.select().from(locations).where(eq(locations.organizationId, prairie!.id)).limit(1)) as [Row];
  const [littleCreek] = await db.select().from(organizations).where(eq(organizations.name, 'Little Creek Farms'));
  [foreign] = (await db.select().from(locations).where(eq(locations.organizationId, littleCreek!.id)).limit(1)) as [Row];
  // Make the two organizations' sites share an address but not a position: the answer tells whose was used.
  await db
    .update(locations)
    .set({ address1: own.address1, city: own.city, state: own.state, postalCode: own.postalCode })
    .where(eq(locations.id, foreign.id));
  [foreign] = (await db.select().from(locations).where(eq(locations.id, foreign.id))) as [Row];
  expect(foreign.geofence.latitude).not.toBe(own.geofence.latitude);
});
afterAll(() => test.close());

function geocode(q: string | undefined, username?: string) {
  return test.app.inject({
    method: 'GET',
    url: '/api/locations/geocode',
    query: q === undefined ? {} : { q },
    headers: { cookie: (username && cookies[username]) || '' },
  });
}

describe('GET /api/locations/geocode', () => {
  it("answers the organization's own site at that address first: its geofence centre", async () => {
    const response = await geocode(joined(own), 'admin');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ lat: own.geofence.latitude, lng: own.geofence.longitude });
  });

  it("never answers another organization's site: each finds its own", async () => {
    const response = await geocode(joined(foreign), 'freemium');
    expect(response.json()).toEqual({ lat: foreign.geofence.latitude, lng: foreign.geofence.longitude });
  });

  it('answers an address of no site from the gazetteer, at least at its ZIP code or town', async () => {
    const response = await geocode('400 Main St, Ames, IA 50010', 'admin');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ lat: 42.0379, lng: -93.6003 });
    const town = gazetteerLookup('Story City, Iowa');
    expect((await geocode('Story City, Iowa', 'admin')).json()).toEqual({ lat: town?.latitude, lng: town?.longitude });
  });

  it('answers null (200) when nothing matches', async () => {
    const response = await geocode('qqqq zzzz', 'admin');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toBeNull();
  });

  it('needs a session and a permission to view locations or avoidance zones', async () => {
    expect((await geocode('Ames, IA')).statusCode).toBe(401);
    // The dispatcher role views loads, not locations.
    expect((await geocode('Ames, IA', 'dispatcher')).statusCode).toBe(403);
  });

  it('refuses an empty or missing query, and one longer than 1,000 characters, with 400', async () => {
    expect((await geocode(undefined, 'admin')).statusCode).toBe(400);
    expect((await geocode('   ', 'admin')).statusCode).toBe(400);
    expect((await geocode('a'.repeat(1_001), 'admin')).statusCode).toBe(400);
  });
});
