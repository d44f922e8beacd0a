import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { estimateRoute, greatCircleMeters, osrmRouting } from './routing.ts';

const ONE_DEGREE_OF_LATITUDE = (6_371_000 * Math.PI) / 180; // 111,194.93 m

describe('embedded routing estimate', () => {
  it('measures great-circle distance on a 6371 km earth', () => {
    expect(greatCircleMeters({ latitude: 42, longitude: -93 }, { latitude: 43, longitude: -93 })).toBeCloseTo(
      ONE_DEGREE_OF_LATITUDE,
      3,
    );
  });

  it('is 1.3 × the great circle at 70 km/h, time to the nearest 300 s', () => {
    // 1° of latitude: 144,553.4 m of road, 7,434 s at 70 km/h → 7,500 s.
    expect(estimateRoute({ latitude: 42, longitude: -93 }, { latitude: 43, longitude: -93 })).toEqual({
      timeSeconds: 7_500,
      distanceMeters: 144_553,
    });
    // Nevada Mill → Story City Mill of the demo data: 21.9 km apart, 28.4 km of road, 1,462 s → 1,500 s.
    expect(estimateRoute({ latitude: 42.0169, longitude: -93.4396 }, { latitude: 42.1795, longitude: -93.5889 })).toEqual({
      timeSeconds: 1_500,
      distanceMeters: 28_441,
    });
  });

  it('is 0 between one position and itself', () => {
    expect(estimateRoute({ latitude: 42, longitude: -93 }, { latitude: 42, longitude: -93 })).toEqual({
      timeSeconds: 0,
      distanceMeters: 0,
    });
  });
});

describe('OSRM routing', () => {
  it('gives up on a slow engine after its timeout, logs it and answers the estimate', async () => {
    const engine = createServer(() => {
      // Never answers.
    });
    await new Promise<void>((resolve) => engine.listen(0, '127.0.0.1', resolve));
    const { port } = engine.address() as AddressInfo;
    const warnings: string[] = [];
    const routing = osrmRouting(
      `http://127.0.0.1:${port}`,
      { warn: (_details: unknown, message?: string) => warnings.push(message ?? '') },
      200,
    );
    const from = { latitude: 42, longitude: -93 };
    const to = { latitude: 43, longitude: -93 };
    const started = performance.now();
    expect(await routing.route(from, to)).toEqual(estimateRoute(from, to));
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(warnings).toEqual(['routing engine failed; using the great-circle estimate']);
    engine.closeAllConnections();
    await new Promise((resolve) => engine.close(resolve));
  });
});
