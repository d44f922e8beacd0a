import * as Comlink from 'comlink';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { travelTimeIndex } from '#core/domain/planning/stop-times';
import type { PlannerApi } from './planner.worker.ts';

afterEach(() => vi.unstubAllGlobals());

/** Loads the worker module with one end of a channel standing in for the worker's global scope. */
async function startPlanner() {
  const { port1, port2 } = new MessageChannel();
  vi.stubGlobal('addEventListener', port1.addEventListener.bind(port1));
  vi.stubGlobal('removeEventListener', port1.removeEventListener.bind(port1));
  vi.stubGlobal('postMessage', port1.postMessage.bind(port1));
  port1.start();
  await import('./planner.worker.ts');
  const close = () => {
    port1.close();
    port2.close();
  };
  return { planner: Comlink.wrap<PlannerApi>(port2), close };
}

describe('planner worker', () => {
  it('answers planning calls across the message boundary, a Map of travel times included', async () => {
    const { planner, close } = await startPlanner();
    const travel = travelTimeIndex([
      { originOrganizationLocationId: 1, destinationOrganizationLocationId: 2, timeSeconds: 2_700, distanceMeters: 50_000 },
    ]);
    const stops = [
      { organizationLocationId: 1, arrivalTime: '2026-11-24T13:00:00.000Z' },
      { organizationLocationId: 2, arrivalTime: null },
      { organizationLocationId: 3, arrivalTime: null },
    ];
    const result = await planner.recomputeArrivals(stops, 0, travel, [30]);
    expect(result.stops[1]?.arrivalTime).toBe('2026-11-24T14:15:00.000Z');
    expect(result.unavailable).toEqual([2]);
    expect(await planner.roundTravelSeconds(451)).toBe(600);
    close();
  });
});
