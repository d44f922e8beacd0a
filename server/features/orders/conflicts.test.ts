import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, tractors, trailers, users } from '#server/db/schema';
import { statementsDuring } from '#test/server/statements';
import { createTestApp, signInAs, type TestApp } from '#test/server/test-app';
import { type SeededDriver, seededDriver } from '#test/server/seeded';

/**
 * Every save of a load answers its planning conflicts (core/domain/planning/conflicts.ts) and still
 * saves: a driver on two overlapping loads, a trailer during its downtime, a trailer over its capacity.
 */
let test: TestApp;
let cookie = '';
let millId: number;
let farmId: number;
let hansen: SeededDriver;
let anderson: SeededDriver;
let hopperId: number;

const TONNE = 1_000_000;
/** Bulk Feed: what Bulk 201, Hansen's trailer, carries (cargo type 9, grain, is the hopper's). */
const BULK_FEED = 2;
// Hopper 209 (the demo's grain hopper): 24,900 kg, two compartments per grain type, washed out on
// Fridays 14:00–16:00 in Chicago. Friday 9 May 2031, 14:30 CDT is 19:30 UTC.
const FRIDAY_WASHOUT = '2031-05-09T19:30:00.000Z';

beforeAll(async () => {
  test = await createTestApp();
  cookie = await signInAs(test.app, 'dispatcher');
  const listed = (await test.app.inject({ method: 'GET', url: '/api/locations', headers: { cookie } })).json();
  millId = listed[0].id;
  farmId = listed[1].id;
  hansen = await seededDriver(test.database.db, 'driver.hansen');
  anderson = await seededDriver(test.database.db, 'driver.anderson');
  const [hopper] = await test.database.db.select().from(trailers).where(eq(trailers.userDisplayName, 'Hopper 209'));
  hopperId = hopper?.id ?? 0;
});
afterAll(() => test.close());

function load(start: string, resources: Record<string, number | null>, overrides: Record<string, unknown> = {}, cargoTypeId = 9) {
  const at = (minutes: number) => new Date(Date.parse(start) + minutes * 60_000).toISOString();
  return {
    date: start,
    ...resources,
    stops: [
      {
        sequence: 1,
        type: 'Origin',
        organizationLocationId: millId,
        cargoTypeId,
        weight: 20 * TONNE,
        arrivalTime: at(0),
        durationMinutes: 30,
      },
      {
        sequence: 2,
        type: 'Destination',
        organizationLocationId: farmId,
        cargoTypeId,
        weight: 20 * TONNE,
        arrivalTime: at(90),
        durationMinutes: 30,
      },
    ],
    ...overrides,
  };
}

const send = (method: 'POST' | 'PUT', url: string, payload: unknown, headers: Record<string, string> = {}) =>
  test.app.inject({ method, url, payload: payload as object, headers: { cookie, ...headers } });

async function stored(id: number) {
  const [row] = await test.database.db.select().from(orders).where(eq(orders.id, id));
  return row;
}

describe('the warnings a save answers', () => {
  it('names the other load when a driver is booked on two overlapping loads, and saves both', async () => {
    const driver = { transportedByUserId: hansen.id, tractorId: hansen.tractorId, trailerId: hansen.trailerId };
    const first = await send('POST', '/api/orders', load('2031-05-06T13:00:00.000Z', driver, {}, BULK_FEED));
    expect(first.statusCode).toBe(201);
    expect(first.json().warnings).toEqual([]);

    // Starts 14:00, while the first (13:00–15:00) still runs.
    const { result: second, statements } = await statementsDuring(() =>
      send('POST', '/api/orders', load('2031-05-06T14:00:00.000Z', driver, {}, BULK_FEED)),
    );
    expect(second.statusCode).toBe(201);
    // The other loads come with their stops in the one conflict read; the resources' states in one more.
    expect(statements.filter((text) => /^select [^(]* from "stops"/.test(text))).toEqual([]);
    const tractorStates = statements.filter((text) => text.includes('enabled') && text.includes('from "tractors"'));
    expect(tractorStates).toHaveLength(1);
    expect(tractorStates[0]).toMatch(/from "users".*from "trailers"/);
    const firstId = first.json().id;
    expect(second.json().warnings).toEqual([
      { kind: 'overlap', resource: 'driver', resourceId: hansen.id, orderIds: [firstId] },
      { kind: 'overlap', resource: 'tractor', resourceId: hansen.tractorId, orderIds: [firstId] },
      { kind: 'overlap', resource: 'trailer', resourceId: hansen.trailerId, orderIds: [firstId] },
    ]);
    expect((await stored(second.json().id))?.transportedByUserId).toBe(hansen.id);

    // One that starts as the first ends (15:00) only touches it.
    const touching = await send(
      'POST',
      '/api/orders',
      load('2031-05-06T15:00:00.000Z', { transportedByUserId: hansen.id }, {}, BULK_FEED),
    );
    expect(touching.json().warnings).toEqual([
      { kind: 'overlap', resource: 'driver', resourceId: hansen.id, orderIds: [second.json().id] },
    ]);
  });

  it('finds a load of the same driver that began days before and still runs, and not one that ended before', async () => {
    const driver = { transportedByUserId: anderson.id };
    const stop = (sequence: number, type: string, locationId: number, arrivalTime: string) => ({
      sequence,
      type,
      organizationLocationId: locationId,
      cargoTypeId: BULK_FEED,
      weight: 10 * TONNE,
      arrivalTime,
      durationMinutes: 30,
    });
    // Dated Monday by its first stop, its last stop is Thursday morning: busy Monday 13:00 – Thursday 10:30.
    const long = await send(
      'POST',
      '/api/orders',
      load('2031-06-02T13:00:00.000Z', driver, {
        stops: [
          stop(1, 'Origin', millId, '2031-06-02T13:00:00.000Z'),
          stop(2, 'Destination', farmId, '2031-06-05T10:00:00.000Z'),
        ],
      }),
    );
    const short = await send('POST', '/api/orders', load('2031-06-01T08:00:00.000Z', driver, {}, BULK_FEED));
    expect(short.json().warnings).toEqual([]);

    const thursday = await send('POST', '/api/orders', load('2031-06-05T09:00:00.000Z', driver, {}, BULK_FEED));
    expect(thursday.json().warnings).toEqual([
      { kind: 'overlap', resource: 'driver', resourceId: anderson.id, orderIds: [long.json().id] },
    ]);
    const later = await send('POST', '/api/orders', load('2031-06-05T11:00:00.000Z', driver, {}, BULK_FEED));
    expect(later.json().warnings).toEqual([]);
  });

  it('answers the downtime of a trailer assigned during it, through the driver panel and PUT /orders/{id}', async () => {
    const created = await send('POST', '/api/orders', load(FRIDAY_WASHOUT, {}));
    expect(created.json().warnings).toEqual([]);
    const assigned = await send('POST', '/api/drivers/assign-orders', [
      { id: created.json().id, transportedByUserId: anderson.id, tractorId: anderson.tractorId, trailerId: hopperId },
    ]);
    expect(assigned.statusCode).toBe(200);
    expect(assigned.json()[0].warnings).toEqual([
      { kind: 'downtime', resource: 'trailer', resourceId: hopperId, descriptions: ['Weekly washout'] },
    ]);
    expect((await stored(created.json().id))?.trailerId).toBe(hopperId);

    const moved = await send('PUT', `/api/orders/${created.json().id}`, {
      ...load('2031-05-09T12:00:00.000Z', {
        transportedByUserId: anderson.id,
        tractorId: anderson.tractorId,
        trailerId: hopperId,
      }),
      version: assigned.json()[0].version,
    });
    expect(moved.statusCode).toBe(200);
    // 07:00–09:00 in Chicago: clear of the washout.
    expect(moved.json().warnings).toEqual([]);
  });

  it('names the driver, tractor and trailer a load keeps after they were disabled, each once', async () => {
    const resources = { transportedByUserId: hansen.id, tractorId: hansen.tractorId, trailerId: hansen.trailerId };
    const created = await send('POST', '/api/orders', load('2031-06-03T13:00:00.000Z', resources, {}, BULK_FEED));
    expect(created.json().warnings).toEqual([]);
    const disable = (enabled: boolean) =>
      Promise.all([
        test.database.db.update(users).set({ enabled }).where(eq(users.id, hansen.id)),
        test.database.db.update(tractors).set({ enabled }).where(eq(tractors.id, hansen.tractorId)),
        test.database.db.update(trailers).set({ enabled }).where(eq(trailers.id, hansen.trailerId)),
      ]);
    await disable(false);
    try {
      const kept = await send('PUT', `/api/orders/${created.json().id}`, {
        ...load('2031-06-03T13:00:00.000Z', resources, {}, BULK_FEED),
        version: created.json().version,
      });
      expect(kept.statusCode).toBe(200);
      expect(kept.json().warnings).toEqual([
        { kind: 'disabled', resource: 'driver', resourceId: hansen.id },
        { kind: 'disabled', resource: 'tractor', resourceId: hansen.tractorId },
        { kind: 'disabled', resource: 'trailer', resourceId: hansen.trailerId },
      ]);
    } finally {
      await disable(true);
    }
  });

  it('answers a trailer over its weight and compartments, saves anyway, and replays the same answer for the same key', async () => {
    const heavy = load(
      '2031-05-13T13:00:00.000Z',
      { trailerId: hopperId },
      {
        stops: [1, 2, 3].map((sequence) => ({
          sequence,
          type: 'Origin',
          organizationLocationId: millId,
          cargoTypeId: 9,
          weight: 10 * TONNE,
          arrivalTime: `2031-05-13T1${sequence + 2}:00:00.000Z`,
          durationMinutes: 30,
        })),
      },
    );
    const headers = { 'idempotency-key': 'conflicts-over-capacity-1' };
    const saved = await send('POST', '/api/orders', heavy, headers);
    expect(saved.statusCode).toBe(201);
    expect(saved.json().warnings).toEqual([
      { kind: 'compartments', resource: 'trailer', resourceId: hopperId, cargoTypeId: 9, stops: 3, compartments: 2 },
      { kind: 'overweight', resource: 'trailer', resourceId: hopperId, weight: 30 * TONNE, maxWeight: 24_900 * 1000 },
    ]);
    expect(await stored(saved.json().id)).toBeDefined();

    const replayed = await send('POST', '/api/orders', heavy, headers);
    expect(replayed.headers['idempotent-replay']).toBe('true');
    expect(replayed.json()).toEqual(saved.json());
  });

  it('answers the warnings of each draft a list save writes', async () => {
    const draft = await send('POST', '/api/orders', load('2031-05-20T13:00:00.000Z', {}, { isDraft: true }));
    const listed = await send('PUT', '/api/orders', [
      {
        id: draft.json().id,
        version: draft.json().version,
        ...load(
          '2031-05-20T13:00:00.000Z',
          { trailerId: hopperId },
          {
            isDraft: true,
            stops: [
              {
                sequence: 1,
                type: 'Destination',
                organizationLocationId: farmId,
                cargoTypeId: 2,
                weight: 13 * TONNE,
                arrivalTime: '2031-05-20T13:00:00.000Z',
                durationMinutes: 30,
              },
              {
                sequence: 2,
                type: 'Destination',
                organizationLocationId: farmId,
                cargoTypeId: 2,
                weight: 13 * TONNE,
                arrivalTime: '2031-05-20T14:00:00.000Z',
                durationMinutes: 30,
              },
            ],
          },
        ),
      },
    ]);
    expect(listed.statusCode).toBe(200);
    // Only deliveries: 26 t were on board from the start.
    expect(listed.json()[0].warnings).toEqual([
      { kind: 'cargoType', resource: 'trailer', resourceId: hopperId, cargoTypeIds: [2] },
      { kind: 'overweight', resource: 'trailer', resourceId: hopperId, weight: 26 * TONNE, maxWeight: 24_900 * 1000 },
    ]);
  });
});
