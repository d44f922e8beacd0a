import { describe, expect, it } from 'vitest';
import type { TripEvent } from '#core/contract/load-details';
import { hasAccuracyWarning, isManualCompletion, loadFigures, stopActuals } from './delivery-log-figures.ts';
import { tripMinutes } from '../table/filter-loads.ts';
import { filledLoad, filledStop } from '#test/fixtures/loads';

function event(overrides: Partial<TripEvent>): TripEvent {
  return {
    id: 1,
    orderId: 1,
    stopId: null,
    type: 'SiteArrived',
    timestamp: '2030-03-04T14:00:00.000Z',
    latitude: 41.5,
    longitude: -93.6,
    accuracy: 12,
    userId: 7,
    organizationLocationId: null,
    initiatingId: null,
    metadata: {},
    ...overrides,
  };
}

const delivered = filledLoad({
  status: 'Delivered',
  stops: [
    filledStop({
      id: 11,
      status: 'Complete',
      completedAt: '2030-03-04T14:40:00.000Z',
      actualWeight: 20_000_000,
      distanceMeters: 5_000,
    }),
    filledStop({
      id: 12,
      sequence: 2,
      type: 'Destination',
      status: 'Complete',
      completedAt: '2030-03-04T16:30:00.000Z',
      actualWeight: null,
      distanceMeters: 75_000,
      metadata: { manuallyCompleted: true },
    }),
  ],
});

const events = [
  event({ id: 1, stopId: 11, type: 'SiteArrived', timestamp: '2030-03-04T14:05:00.000Z' }),
  event({ id: 2, stopId: 11, type: 'StopStarted', timestamp: '2030-03-04T14:10:00.000Z' }),
  event({ id: 3, stopId: 11, type: 'TaskCompleted', timestamp: '2030-03-04T14:40:00.000Z', userId: 7 }),
  event({ id: 4, stopId: 12, type: 'SiteArrived', timestamp: '2030-03-04T16:00:00.000Z' }),
];

describe('stopActuals', () => {
  const rows = stopActuals(delivered, events, { tractorGrams: 8_000_000, trailerGrams: 6_000_000 });

  it('takes the start from StopStarted, else from the site arrival, and the duration to completion', () => {
    expect(rows.map((row) => row.startedAt)).toEqual(['2030-03-04T14:10:00.000Z', '2030-03-04T16:00:00.000Z']);
    expect(rows.map((row) => row.actualMinutes)).toEqual([30, 30]);
  });

  it('adds cargo, tractor and trailer into the gross weight, and flags a complete stop missing one', () => {
    expect(rows[0]?.grossWeightGrams).toBe(34_000_000);
    expect(rows[0]?.grossWeightMissing).toBe(false);
    expect(rows[1]?.grossWeightGrams).toBeNull();
    expect(rows[1]?.grossWeightMissing).toBe(true);
    const noTrailer = stopActuals(delivered, events, { tractorGrams: 8_000_000, trailerGrams: null });
    expect(noTrailer[0]?.grossWeightMissing).toBe(true);
  });

  it('does not flag stops that are not complete yet', () => {
    const [open] = stopActuals(filledLoad(), [], { tractorGrams: null, trailerGrams: null });
    expect(open?.grossWeightMissing).toBe(false);
    expect(open?.actualMeters).toBeNull();
    expect(open?.actualMinutes).toBeNull();
  });

  it('names who completed a stop, or that it was completed manually', () => {
    expect(rows[0]?.completedByUserId).toBe(7);
    expect(rows[1]?.completedByUserId).toBeNull();
    expect(rows[1]?.manuallyCompleted).toBe(true);
  });
});

describe('loadFigures', () => {
  it('sets the planned time and distance against the first start to last completion and the driven distance', () => {
    const rows = stopActuals(delivered, events, { tractorGrams: null, trailerGrams: null });
    expect(loadFigures(delivered, rows)).toEqual({
      estimatedMinutes: 120,
      estimatedMeters: 80_000,
      actualMinutes: 140,
      actualMeters: 80_000,
    });
  });

  it('takes the actual distance from the device trail when there is one', () => {
    const rows = stopActuals(delivered, events, { tractorGrams: null, trailerGrams: null });
    expect(loadFigures(delivered, rows, 83_250).actualMeters).toBe(83_250);
    expect(loadFigures(delivered, rows, null).actualMeters).toBe(80_000);
  });

  it('estimates with the whole-trip figure stored on the load, the one the loads table shows', () => {
    const load = { ...delivered, timeSeconds: 5_100 };
    const figures = loadFigures(load, stopActuals(load, events, { tractorGrams: null, trailerGrams: null }));
    expect(figures.estimatedMinutes).toBe(85);
    expect(figures.estimatedMinutes).toBe(tripMinutes(load));
  });

  it('has no actuals before anything happened', () => {
    const load = filledLoad({ timeSeconds: null, distanceMeters: null });
    expect(loadFigures(load, stopActuals(load, [], { tractorGrams: null, trailerGrams: null }))).toEqual({
      estimatedMinutes: null,
      estimatedMeters: null,
      actualMinutes: null,
      actualMeters: null,
    });
  });
});

describe('hasAccuracyWarning', () => {
  it('warns for accuracy 0 only', () => {
    expect(hasAccuracyWarning({ accuracy: 0 })).toBe(true);
    expect(hasAccuracyWarning({ accuracy: 5 })).toBe(false);
    expect(hasAccuracyWarning({ accuracy: null })).toBe(false);
  });
});

describe('isManualCompletion', () => {
  const deviceStop = filledStop({ id: 11, metadata: {} });
  const manualStop = filledStop({ id: 12, metadata: { manuallyCompleted: true } });

  it('says a completion the device recorded was not marked by hand', () => {
    expect(isManualCompletion(event({ type: 'TaskCompleted', metadata: { method: 'device' } }), deviceStop)).toBe(false);
    // The device's own method wins over a stop completed manually later.
    expect(isManualCompletion(event({ type: 'TaskCompleted', metadata: { method: 'device' } }), manualStop)).toBe(false);
    expect(isManualCompletion(event({ type: 'TaskCompleted', metadata: {} }), deviceStop)).toBe(false);
  });

  it('says a completion was marked by hand by its method, else by the manuallyCompleted marker of its stop', () => {
    expect(isManualCompletion(event({ type: 'TaskCompleted', metadata: { method: 'manual' } }), deviceStop)).toBe(true);
    expect(isManualCompletion(event({ type: 'TaskCompleted', metadata: {} }), manualStop)).toBe(true);
    expect(isManualCompletion(event({ type: 'TaskCompleted', metadata: {} }), undefined)).toBe(false);
  });

  it('applies to completions only', () => {
    expect(isManualCompletion(event({ type: 'SiteArrived', metadata: { method: 'manual' } }), manualStop)).toBe(false);
  });
});
