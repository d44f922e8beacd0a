import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inputFromOrder, type Order } from '#core/contract/orders';
import { estimatedTripSeconds, travelTimeIndex } from '#core/domain/planning/stop-times';
import { createTestApp, signInAs, type TestApp } from '#test/server/test-app';

/**
 * Every save stores the load's estimated trip time, computed by the server from the saved stops and
 * the travel times the editor was shown (spec 1 §9): legs plus stop durations, rounded up to 5 minutes.
 */

let test: TestApp;
let cookie: string;
let organizationId: number;
let millId: number;
let farmId: number;
/** Mill → farm as the editor asked for it (and the server cached it). */
let legSeconds: number;

beforeAll(async () => {
  test = await createTestApp();
  cookie = await signInAs(test.app, 'dispatcher');
  const listed = (await call('GET', '/api/locations')).json();
  millId = listed[0].id;
  farmId = listed[1].id;
  organizationId = (await call('GET', '/api/self')).json().organizationId;
  const travel = await call('POST', `/api/organizations/${organizationId}/locations/travel-times`, [
    { originOrganizationLocationId: millId, destinationOrganizationLocationId: farmId },
  ]);
  expect(travel.statusCode).toBe(200);
  legSeconds = travel.json()[0].timeSeconds;
});
afterAll(() => test.close());

function call(method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) {
  return test.app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: { cookie },
  });
}

/** The trip time the rule gives for the mill → farm leg and these stop durations (minutes). */
function expectedTrip(...durations: number[]) {
  const seconds = legSeconds + durations.reduce((total, minutes) => total + minutes * 60, 0);
  return Math.ceil(seconds / 300) * 300;
}

/** Mill → farm; arrivals auto-calculated (the destination's is the origin's + travel + loading). */
function newLoad(originMinutes: number, destinationMinutes: number, isDraft = false) {
  const start = Date.parse('2026-12-01T13:00:00.000Z');
  return {
    date: '2026-12-01T12:00:00.000Z',
    isDraft,
    stops: [
      {
        sequence: 1,
        type: 'Origin',
        organizationLocationId: millId,
        cargoTypeId: 2,
        weight: 12_000_000,
        arrivalTime: new Date(start).toISOString(),
        durationMinutes: originMinutes,
      },
      {
        sequence: 2,
        type: 'Destination',
        organizationLocationId: farmId,
        cargoTypeId: 2,
        weight: 12_000_000,
        arrivalTime: new Date(start + legSeconds * 1000 + originMinutes * 60_000).toISOString(),
        durationMinutes: destinationMinutes,
      },
    ],
  };
}

async function storedTripSeconds(id: number): Promise<number | null> {
  const { rows } = await test.database.pool.query('select time_seconds from orders where id = $1', [id]);
  return rows[0].time_seconds;
}

async function storedFigures(id: number) {
  const order = await test.database.pool.query('select time_seconds, distance_meters from orders where id = $1', [id]);
  const legs = await test.database.pool.query(
    'select sequence, time_seconds, distance_meters from stops where order_id = $1 order by sequence',
    [id],
  );
  return { order: order.rows[0], legs: legs.rows };
}

async function create(originMinutes: number, destinationMinutes: number, isDraft = false): Promise<Order> {
  const response = await call('POST', '/api/orders', newLoad(originMinutes, destinationMinutes, isDraft));
  expect(response.statusCode).toBe(201);
  return response.json();
}

describe("a load's estimated trip time", () => {
  it('is stored when a load is created, auto-calculated arrivals included, and answered with it', async () => {
    const load = await create(32, 21);
    expect(load.timeSeconds).toBe(expectedTrip(32, 21));
    expect(await storedTripSeconds(load.id)).toBe(expectedTrip(32, 21));
  });

  it('is the server’s own figure, whatever a client sends', async () => {
    const response = await call('POST', '/api/orders', { ...newLoad(10, 10), timeSeconds: 60 });
    expect(response.statusCode).toBe(201);
    expect(await storedTripSeconds(response.json().id)).toBe(expectedTrip(10, 10));
  });

  it('follows an update of the stops', async () => {
    const load = await create(30, 20);
    const response = await call('PUT', `/api/orders/${load.id}`, {
      ...inputFromOrder(load),
      stops: inputFromOrder(load).stops.map((stop) => ({
        ...stop,
        durationMinutes: stop.sequence === 2 ? 47 : stop.durationMinutes,
      })),
      version: load.version,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().timeSeconds).toBe(expectedTrip(30, 47));
    expect(await storedTripSeconds(load.id)).toBe(expectedTrip(30, 47));
  });

  it('is stored by the planning list save and by a merge', async () => {
    const first = await create(15, 15, true);
    const second = await create(25, 5, true);
    const saved = await call('PUT', '/api/orders', [
      {
        ...inputFromOrder(first),
        id: first.id,
        version: first.version,
        stops: inputFromOrder(first).stops.map((stop) => ({ ...stop, durationMinutes: 40 })),
      },
    ]);
    expect(saved.statusCode).toBe(200);
    expect(await storedTripSeconds(first.id)).toBe(expectedTrip(40, 40));

    const merged = await call('POST', `/api/orders/merge?orderIds=${first.id},${second.id}`);
    expect(merged.statusCode).toBe(201);
    const load = merged.json() as Order;
    const ordered = [...load.stops].sort((a, b) => a.sequence - b.sequence);
    expect(ordered.map((stop) => stop.organizationLocationId)).toEqual([millId, farmId]);
    expect(await storedTripSeconds(load.id)).toBe(expectedTrip(...ordered.map((stop) => stop.durationMinutes ?? 0)));
  });

  it('is unknown (null) while a leg has no travel time', async () => {
    const load = newLoad(10, 10);
    const response = await call('POST', '/api/orders', {
      ...load,
      stops: load.stops.map((stop) => (stop.sequence === 2 ? { ...stop, organizationLocationId: null } : stop)),
    });
    expect(response.statusCode).toBe(201);
    expect(await storedTripSeconds(response.json().id)).toBeNull();
  });

  it('is stored on the demo loads as the editor computes it from the travel times it is shown', async () => {
    const seeded = (
      await call('GET', '/api/self/orders?startDate=2020-01-01T00:00:00.000Z&endDate=2035-01-01T00:00:00.000Z')
    ).json() as Order[];
    const timed = seeded.filter((load) => load.stops.every((stop) => stop.organizationLocationId !== null));
    expect(timed.length).toBeGreaterThan(5);
    for (const load of timed) {
      const ordered = [...load.stops].sort((a, b) => a.sequence - b.sequence);
      const pairs = ordered.slice(1).map((stop, index) => ({
        originOrganizationLocationId: ordered[index]!.organizationLocationId as number,
        destinationOrganizationLocationId: stop.organizationLocationId as number,
      }));
      const shown = (await call('POST', `/api/organizations/${organizationId}/locations/travel-times`, pairs)).json();
      const editorFigure = estimatedTripSeconds(ordered, travelTimeIndex(shown));
      expect(editorFigure).not.toBeNull();
      expect(load.timeSeconds, `load ${load.id}`).toBe(editorFigure);
    }
  });
});

describe("a load's distance, and travel no editor asked for", () => {
  it('stores the distance of a load created in the app (legs cached), on the load and on each stop’s leg', async () => {
    const [cached] = (
      await call('POST', `/api/organizations/${organizationId}/locations/travel-times`, [
        { originOrganizationLocationId: millId, destinationOrganizationLocationId: farmId },
      ])
    ).json();
    const load = await create(10, 10);
    expect(load.distanceMeters).toBe(cached.distanceMeters);
    expect(cached.distanceMeters).toBeGreaterThan(0);
    const stored = await storedFigures(load.id);
    expect(stored.order.distance_meters).toBe(cached.distanceMeters);
    expect(stored.legs).toEqual([
      { sequence: 1, time_seconds: null, distance_meters: null },
      { sequence: 2, time_seconds: cached.timeSeconds, distance_meters: cached.distanceMeters },
    ]);
  });

  it('routes the legs a load created through the API names when they were never cached, and stores time and distance', async () => {
    const listed = (await call('GET', '/api/locations')).json() as { id: number; customGeofence: { latitude: number } }[];
    // Two placed sites no test asked travel times for.
    const placed = listed.filter((row) => row.customGeofence.latitude !== 1).map((row) => row.id);
    const [from, to] = placed.filter((id) => id !== millId && id !== farmId);
    expect(to).toBeDefined();
    await test.database.pool.query(
      'delete from travel_times where organization_id = $1 and ((origin_location_id = $2 and destination_location_id = $3) or (origin_location_id = $3 and destination_location_id = $2))',
      [organizationId, from, to],
    );
    const base = newLoad(20, 15);
    const input = {
      ...base,
      stops: base.stops.map((stop) => ({ ...stop, organizationLocationId: stop.sequence === 1 ? from : to })),
    };
    const response = await call('POST', '/api/orders', input);
    expect(response.statusCode).toBe(201);
    const load = response.json() as Order;
    // The server routed the leg and cached it: the editor is shown the same figures.
    const [leg] = (
      await call('POST', `/api/organizations/${organizationId}/locations/travel-times`, [
        { originOrganizationLocationId: from, destinationOrganizationLocationId: to },
      ])
    ).json();
    expect(leg.distanceMeters).toBeGreaterThan(0);
    const expectedSeconds = Math.ceil((leg.timeSeconds + 35 * 60) / 300) * 300;
    expect(load.timeSeconds).toBe(expectedSeconds);
    expect(load.distanceMeters).toBe(leg.distanceMeters);
    const stored = await storedFigures(load.id);
    expect(stored.order).toEqual({ time_seconds: expectedSeconds, distance_meters: leg.distanceMeters });
    expect(stored.legs[1]).toEqual({ sequence: 2, time_seconds: leg.timeSeconds, distance_meters: leg.distanceMeters });

    // An edit that changes a stop's site recomputes both, again from legs no one asked for.
    const [other] = placed.filter((id) => ![millId, farmId, from, to].includes(id));
    expect(other).toBeDefined();
    await test.database.pool.query(
      'delete from travel_times where organization_id = $1 and origin_location_id = $2 and destination_location_id = $3',
      [organizationId, from, other],
    );
    const edited = await call('PUT', `/api/orders/${load.id}`, {
      ...inputFromOrder(load),
      stops: inputFromOrder(load).stops.map((stop) => (stop.sequence === 2 ? { ...stop, organizationLocationId: other } : stop)),
      version: load.version,
    });
    expect(edited.statusCode).toBe(200);
    const [newLeg] = (
      await call('POST', `/api/organizations/${organizationId}/locations/travel-times`, [
        { originOrganizationLocationId: from, destinationOrganizationLocationId: other },
      ])
    ).json();
    expect(edited.json().distanceMeters).toBe(newLeg.distanceMeters);
    expect(edited.json().timeSeconds).toBe(Math.ceil((newLeg.timeSeconds + 35 * 60) / 300) * 300);
    expect((await storedFigures(load.id)).order.distance_meters).toBe(newLeg.distanceMeters);
  });
});
