import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Order } from '#core/contract/orders';
import { createTestApp, signInAs, type TestApp } from '#test/server/test-app';

/**
 * Two apps built in one process (two nodes in one test worker, or a test's second app) share no
 * state: each routes with its own ROUTING_URL and publishes through its own realtime.
 */

let engine: Server;
const engineRequests: string[] = [];
/** Built first, routing through the engine. */
let routed: TestApp;
/** Built next, on the embedded estimate. */
let estimated: TestApp;

beforeAll(async () => {
  engine = createServer((request, response) => {
    engineRequests.push(request.url ?? '');
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ code: 'Ok', routes: [{ duration: 1_234.5, distance: 20_123.4 }] }));
  });
  await new Promise<void>((resolve) => engine.listen(0, '127.0.0.1', resolve));
  const { port } = engine.address() as AddressInfo;
  routed = await createTestApp({ ROUTING_URL: `http://127.0.0.1:${port}/osrm` });
  estimated = await createTestApp();
});
afterAll(async () => {
  await routed?.close();
  await estimated?.close();
  await new Promise((resolve) => engine.close(resolve));
});

/** Creates, as the dispatcher, a load between two placed sites whose travel time no one asked for. */
async function createLoad(test: TestApp): Promise<Order> {
  const cookie = await signInAs(test.app, 'dispatcher');
  const listed = (await test.app.inject({ method: 'GET', url: '/api/locations', headers: { cookie } })).json() as {
    id: number;
    customGeofence: { latitude: number };
  }[];
  const [from, to] = listed.filter((row) => row.customGeofence.latitude !== 1).map((row) => row.id);
  await test.database.pool.query('delete from travel_times where origin_location_id = $1 and destination_location_id = $2', [
    from,
    to,
  ]);
  const stop = (sequence: number, type: string, organizationLocationId: number | undefined) => ({
    sequence,
    type,
    organizationLocationId,
    cargoTypeId: 2,
    weight: 12_000_000,
    arrivalTime: `2026-12-01T1${sequence + 2}:00:00.000Z`,
    durationMinutes: 15,
  });
  const response = await test.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { cookie },
    payload: { date: '2026-12-01T12:00:00.000Z', isDraft: false, stops: [stop(1, 'Origin', from), stop(2, 'Destination', to)] },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

describe('two apps in one process', () => {
  it('each routes the legs of its saves with its own ROUTING_URL', async () => {
    const viaEngine = await createLoad(routed);
    expect(engineRequests).toHaveLength(1);
    expect(viaEngine.distanceMeters).toBe(20_123);

    const viaEstimate = await createLoad(estimated);
    expect(engineRequests).toHaveLength(1);
    expect(viaEstimate.distanceMeters).not.toBe(20_123);
  });

  it('each publishes through its own realtime', async () => {
    expect(routed.context.realtime).not.toBe(estimated.context.realtime);
    const routedPublishes = vi.spyOn(routed.context.realtime, 'publishOrderChange');
    const estimatedPublishes = vi.spyOn(estimated.context.realtime, 'publishOrderChange');
    const load = await createLoad(estimated);
    expect(estimatedPublishes).toHaveBeenCalledWith(
      expect.arrayContaining([load.organizationId]),
      expect.objectContaining({ id: load.id }),
    );
    expect(routedPublishes).not.toHaveBeenCalled();
  });
});
