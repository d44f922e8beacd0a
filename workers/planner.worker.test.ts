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
  // A fresh module each time, so Comlink.expose runs again on this test's channel.
  vi.resetModules();
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

  it('exposes the planning rules of issue 5: completeness, merge, cascade, schedule, windows, projections', async () => {
    const { planner, close } = await startPlanner();
    const stop = (sequence: number, type: 'Origin' | 'Destination', organizationLocationId: number, arrivalTime: string) => ({
      sequence,
      type,
      organizationLocationId,
      cargoTypeId: 2,
      quantity: null,
      weight: 9_000_000,
      arrivalTime,
    });
    const draft = {
      stops: [stop(1, 'Origin', 1, '2026-11-24T13:00:00.000Z'), stop(2, 'Destination', 2, '2026-11-24T12:00:00.000Z')],
    };
    const options = await planner.completenessOptions('Pound', true);
    expect(await planner.draftCompleteness(draft, options)).toEqual({ complete: false, missing: ['timesOutOfOrder'] });
    expect(await planner.mergeStopKey({ ...draft.stops[0]!, organizationSubLocationIds: [4, 3], customerId: null })).toBe(
      'Origin|1|3,4|2|-',
    );
    expect(await planner.CASCADE_INTERVALS).toEqual([15, 30, 45, 60, 75, 90]);
    const travel = travelTimeIndex([
      { originOrganizationLocationId: 1, destinationOrganizationLocationId: 2, timeSeconds: 2_700, distanceMeters: 50_000 },
    ]);
    const scheduled = await planner.scheduleDrafts([{ stops: draft.stops.map((item) => ({ ...item, durationMinutes: 30 })) }], {
      direction: 'forward',
      referenceTime: '2026-11-24T13:00:00.000Z',
      travel,
      durations: [],
    });
    expect(scheduled.drafts[0]?.stops[1]?.arrivalTime).toBe('2026-11-24T14:15:00.000Z');
    expect(await planner.parseEntryCell('12a')).toBe(0);
    close();
  });
});
