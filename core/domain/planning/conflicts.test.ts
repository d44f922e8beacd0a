import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ResourceDowntime } from '#core/domain/master-data/downtime';
import {
  type ConflictLoad,
  type ConflictResources,
  type ConflictStop,
  conflictsByLoad,
  loadBusyWindow,
  loadConflicts,
  loadedStopsByCargoType,
  peakWeightOnBoard,
} from './conflicts.ts';

const TONNE = 1_000_000;

const stop = (overrides: Partial<ConflictStop> = {}): ConflictStop => ({
  sequence: 1,
  type: 'Origin',
  cargoTypeId: 9,
  weight: null,
  arrivalTime: '2026-11-24T13:00:00.000Z',
  durationMinutes: 30,
  completedAt: null,
  ...overrides,
});

// Load 1: 13:00 → 14:30 + 20 min = 14:50.
const load = (overrides: Partial<ConflictLoad> = {}): ConflictLoad => ({
  id: 1,
  date: '2026-11-24T13:00:00.000Z',
  status: 'Assigned',
  timeSeconds: null,
  transportedByUserId: 7,
  tractorId: 11,
  trailerId: 12,
  stops: [stop(), stop({ sequence: 2, type: 'Destination', arrivalTime: '2026-11-24T14:30:00.000Z', durationMinutes: 20 })],
  ...overrides,
});

const noResources: ConflictResources = { drivers: [], tractors: [], trailers: [], downtimes: [] };

const trailer = (overrides: Partial<ConflictResources['trailers'][number]> = {}) => ({
  id: 12,
  enabled: true,
  maxCargoWeight: 24 * TONNE,
  trailerCargoTypes: [
    { cargoTypeId: 9, compartmentCount: 2 },
    { cargoTypeId: 10, compartmentCount: 1 },
  ],
  ...overrides,
});

const downtime = (overrides: Partial<ResourceDowntime> = {}): ResourceDowntime => ({
  resourceType: 'tractor',
  resourceId: 11,
  description: 'Weekly washout',
  startDate: '2026-11-01',
  startTime: '14:00:00',
  durationMinutes: 60,
  timezone: 'UTC',
  recurrenceDaysOfWeek: '0000000',
  ...overrides,
});

describe('a load busy window', () => {
  it('runs from the first arrival to the last arrival plus its duration, or the trip time when longer', () => {
    expect(loadBusyWindow(load())).toEqual({
      start: Date.parse('2026-11-24T13:00:00.000Z'),
      end: Date.parse('2026-11-24T14:50:00.000Z'),
    });
    expect(loadBusyWindow(load({ timeSeconds: 3 * 3600 })).end).toBe(Date.parse('2026-11-24T16:00:00.000Z'));
    const done = load({ stops: [stop({ completedAt: '2026-11-24T15:30:00.000Z' })] });
    expect(loadBusyWindow(done).end).toBe(Date.parse('2026-11-24T15:30:00.000Z'));
  });

  it('holds one minute from the load date when no stop has a time', () => {
    const untimed = load({ date: '2026-11-25T06:00:00.000Z', stops: [stop({ arrivalTime: null })] });
    expect(loadBusyWindow(untimed)).toEqual({
      start: Date.parse('2026-11-25T06:00:00.000Z'),
      end: Date.parse('2026-11-25T06:01:00.000Z'),
    });
  });
});

describe('overlapping loads', () => {
  const overlapping = load({
    id: 2,
    tractorId: 21,
    stops: [stop({ arrivalTime: '2026-11-24T14:00:00.000Z', durationMinutes: 15 })],
  });
  const touching = load({
    id: 3,
    stops: [stop({ arrivalTime: '2026-11-24T14:50:00.000Z', durationMinutes: 10 })],
  });

  it('names the shared driver and trailer and the other loads, not a resource that differs', () => {
    expect(loadConflicts(load(), [load(), overlapping], noResources)).toEqual([
      { kind: 'overlap', resource: 'driver', resourceId: 7, orderIds: [2] },
      { kind: 'overlap', resource: 'trailer', resourceId: 12, orderIds: [2] },
    ]);
  });

  it('does not count loads that only touch at the edges', () => {
    // Load 1 ends at 14:50 when load 3 starts.
    expect(loadConflicts(load(), [touching], noResources)).toEqual([]);
    expect(loadConflicts(touching, [load()], noResources)).toEqual([]);
    // One minute more and they overlap.
    const late = load({ id: 1, stops: [stop({ arrivalTime: '2026-11-24T13:00:00.000Z', durationMinutes: 111 })] });
    expect(loadConflicts(late, [touching], noResources).map((found) => found.resource)).toEqual(['driver', 'tractor', 'trailer']);
  });

  it('ignores merged loads, the load itself and loads without resources', () => {
    expect(loadConflicts(load(), [load({ id: 5, status: 'Merged' })], noResources)).toEqual([]);
    expect(loadConflicts(load({ status: 'Merged' }), [overlapping], noResources)).toEqual([]);
    expect(loadConflicts(load(), [load()], noResources)).toEqual([]);
    const bare = { transportedByUserId: null, tractorId: null, trailerId: null };
    expect(loadConflicts(load({ ...bare }), [load({ id: 6, ...bare })], noResources)).toEqual([]);
  });

  it('answers every load of a week at once, leaving out those without conflicts', () => {
    const week = [load(), overlapping, load({ id: 4, transportedByUserId: 8, tractorId: 31, trailerId: 32 })];
    const found = conflictsByLoad(week, week, noResources);
    expect([...found.keys()]).toEqual([1, 2]);
    expect(found.get(2)).toEqual([
      { kind: 'overlap', resource: 'driver', resourceId: 7, orderIds: [1] },
      { kind: 'overlap', resource: 'trailer', resourceId: 12, orderIds: [1] },
    ]);
  });
});

describe('downtime during the load', () => {
  it('names a one-time downtime within the load, not one that ends as the load starts', () => {
    const resources = { ...noResources, downtimes: [downtime({ recurrenceDaysOfWeek: '0000000', startDate: '2026-11-24' })] };
    expect(loadConflicts(load(), [], resources)).toEqual([
      { kind: 'downtime', resource: 'tractor', resourceId: 11, descriptions: ['Weekly washout'] },
    ]);
    const before = { ...noResources, downtimes: [downtime({ startDate: '2026-11-24', startTime: '12:00:00' })] };
    expect(loadConflicts(load(), [], before)).toEqual([]);
  });

  it('finds a weekly downtime that crosses midnight in the zone, from the day before', () => {
    // Mondays 22:00–02:00 in Chicago (CST, UTC−6): Tuesday 24 November 04:00–08:00 UTC.
    const overnight = downtime({
      resourceType: 'driver',
      resourceId: 7,
      description: 'Night off',
      startTime: '22:00:00',
      durationMinutes: 240,
      timezone: 'America/Chicago',
      recurrenceDaysOfWeek: '0100000',
    });
    const early = load({ stops: [stop({ arrivalTime: '2026-11-24T07:00:00.000Z', durationMinutes: 30 })] });
    expect(loadConflicts(early, [], { ...noResources, downtimes: [overnight] })).toEqual([
      { kind: 'downtime', resource: 'driver', resourceId: 7, descriptions: ['Night off'] },
    ]);
    const after = load({ stops: [stop({ arrivalTime: '2026-11-24T08:00:00.000Z', durationMinutes: 30 })] });
    expect(loadConflicts(after, [], { ...noResources, downtimes: [overnight] })).toEqual([]);
  });

  it('keeps the wall-clock time of a weekly downtime across a daylight-saving change', () => {
    // Sundays 06:00–08:00 in Chicago: 12:00 UTC before 8 March 2026 (CST), 11:00 UTC from then on (CDT).
    const sunday = downtime({
      startDate: '2026-02-01',
      startTime: '06:00:00',
      durationMinutes: 120,
      timezone: 'America/Chicago',
      recurrenceDaysOfWeek: '1000000',
    });
    const resources = { ...noResources, downtimes: [sunday] };
    const at = (iso: string) => load({ date: iso, stops: [stop({ arrivalTime: iso, durationMinutes: 30 })] });
    // 8 March 2026, 13:30 UTC is 08:30 CDT: after the downtime; on 1 March (CST) it is 07:30, during it.
    expect(loadConflicts(at('2026-03-08T13:30:00.000Z'), [], resources)).toEqual([]);
    expect(loadConflicts(at('2026-03-01T13:30:00.000Z'), [], resources)).toHaveLength(1);
    // 8 March, 11:00 UTC is 06:00 CDT: the downtime has begun.
    expect(loadConflicts(at('2026-03-08T11:00:00.000Z'), [], resources)).toEqual([
      { kind: 'downtime', resource: 'tractor', resourceId: 11, descriptions: ['Weekly washout'] },
    ]);
  });
});

describe('what a trailer can carry', () => {
  const resources = { ...noResources, trailers: [trailer()] };

  it('finds cargo types the trailer is not set up for, and none for a trailer without cargo types', () => {
    const wheat = load({ stops: [stop({ cargoTypeId: 27 }), stop({ sequence: 2, type: 'Destination', cargoTypeId: 27 })] });
    expect(loadConflicts(wheat, [], resources)).toEqual([
      { kind: 'cargoType', resource: 'trailer', resourceId: 12, cargoTypeIds: [27] },
    ]);
    expect(loadConflicts(wheat, [], { ...noResources, trailers: [trailer({ trailerCargoTypes: [] })] })).toEqual([]);
  });

  it('weighs the peak on board: pickups add, deliveries take off; only deliveries count their sum', () => {
    const milkRun = load({
      stops: [
        stop({ sequence: 1, type: 'Origin', weight: 20 * TONNE }),
        stop({ sequence: 2, type: 'Destination', weight: 10 * TONNE }),
        stop({ sequence: 3, type: 'Origin', weight: 12 * TONNE }),
        stop({ sequence: 4, type: 'Destination', weight: 22 * TONNE }),
      ],
    });
    expect(peakWeightOnBoard(milkRun)).toBe(22 * TONNE);
    expect(loadConflicts(milkRun, [], resources)).toEqual([]);
    const deliveries = load({
      stops: [
        stop({ sequence: 1, type: 'Destination', weight: 13 * TONNE }),
        stop({ sequence: 2, type: 'Destination', weight: 13 * TONNE }),
      ],
    });
    expect(peakWeightOnBoard(deliveries)).toBe(26 * TONNE);
    expect(loadConflicts(deliveries, [], resources)).toEqual([
      { kind: 'overweight', resource: 'trailer', resourceId: 12, weight: 26 * TONNE, maxWeight: 24 * TONNE },
    ]);
    // Exactly the trailer's maximum fits.
    const full = load({ stops: [stop({ weight: 24 * TONNE }), stop({ sequence: 2, type: 'Destination', weight: 24 * TONNE })] });
    expect(loadConflicts(full, [], resources)).toEqual([]);
  });

  it('counts a compartment per pickup of a cargo type, or per delivery when the load only delivers', () => {
    const threePickups = load({
      stops: [
        stop({ sequence: 1, cargoTypeId: 9 }),
        stop({ sequence: 2, cargoTypeId: 9 }),
        stop({ sequence: 3, cargoTypeId: 9 }),
        stop({ sequence: 4, type: 'Destination', cargoTypeId: 9 }),
      ],
    });
    expect(loadedStopsByCargoType(threePickups)).toEqual(new Map([[9, 3]]));
    expect(loadConflicts(threePickups, [], resources)).toEqual([
      { kind: 'compartments', resource: 'trailer', resourceId: 12, cargoTypeId: 9, stops: 3, compartments: 2 },
    ]);
    const twoDeliveries = load({
      stops: [
        stop({ sequence: 1, type: 'Destination', cargoTypeId: 10 }),
        stop({ sequence: 2, type: 'Destination', cargoTypeId: 10 }),
      ],
    });
    expect(loadConflicts(twoDeliveries, [], resources)).toEqual([
      { kind: 'compartments', resource: 'trailer', resourceId: 12, cargoTypeId: 10, stops: 2, compartments: 1 },
    ]);
    expect(loadConflicts(load(), [], resources)).toEqual([]);
  });
});

describe('disabled resources', () => {
  it('names a disabled driver, tractor or trailer, and not an unknown one (another company’s)', () => {
    const resources: ConflictResources = {
      drivers: [{ id: 7, enabled: false }],
      tractors: [{ id: 11, enabled: true }],
      trailers: [trailer({ enabled: false })],
      downtimes: [],
    };
    expect(loadConflicts(load(), [], resources)).toEqual([
      { kind: 'disabled', resource: 'driver', resourceId: 7 },
      { kind: 'disabled', resource: 'trailer', resourceId: 12 },
    ]);
    expect(loadConflicts(load({ transportedByUserId: 99 }), [], resources)).toEqual([
      { kind: 'disabled', resource: 'trailer', resourceId: 12 },
    ]);
  });
});

describe('the overlap index', () => {
  it('finds exactly the loads a pairwise comparison finds, whatever the windows', () => {
    const HOUR = 3_600_000;
    const base = Date.parse('2026-11-23T00:00:00.000Z');
    const window = fc.record({ startHour: fc.integer({ min: 0, max: 160 }), minutes: fc.integer({ min: 0, max: 48 * 60 }) });
    fc.assert(
      fc.property(fc.array(window, { minLength: 1, maxLength: 40 }), (windows) => {
        const loads = windows.map(({ startHour, minutes }, index) =>
          load({
            id: index + 1,
            tractorId: null,
            trailerId: null,
            stops: [
              stop({ arrivalTime: new Date(base + startHour * HOUR).toISOString(), durationMinutes: minutes, type: 'Waypoint' }),
            ],
          }),
        );
        const found = conflictsByLoad(loads, loads, noResources);
        for (const one of loads) {
          const mine = loadBusyWindow(one);
          const expected = loads
            .filter((other) => other.id !== one.id)
            .filter((other) => {
              const theirs = loadBusyWindow(other);
              return theirs.start < mine.end && mine.start < theirs.end;
            })
            .map((other) => other.id);
          const overlap = found.get(one.id)?.find((conflict) => conflict.kind === 'overlap');
          expect(overlap && 'orderIds' in overlap ? overlap.orderIds : []).toEqual(expected);
        }
      }),
    );
  });
});
