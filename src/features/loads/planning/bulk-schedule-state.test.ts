import { describe, expect, it } from 'vitest';
import type { DriverChoice } from '#core/domain/load-actions';
import { isMonotone, scheduleDrafts, travelTimeIndex } from '#core/domain/planning/index';
import { makeLoad, makeStop } from '#test/fixtures/loads';
import {
  bulkScheduleReducer,
  initialScheduleState,
  isScheduleChanged,
  scheduleBlocker,
  scheduledChanges,
} from './bulk-schedule-state.ts';
import { planningInput, withStopTimes } from './worker-payloads.ts';

const ana: DriverChoice = { id: 7, organizationId: 1, enabled: true, driverInfo: { defaultTractorId: 31, defaultTrailerId: 41 } };

function draft(id: number, from: number, to: number) {
  return makeLoad({
    id,
    isDraft: true,
    version: 4,
    stops: [
      makeStop({ sequence: 2, id: id * 10 + 2, organizationLocationId: to, arrivalTime: '2030-03-04T16:00:00.000Z' }),
      makeStop({
        sequence: 1,
        id: id * 10 + 1,
        organizationLocationId: from,
        arrivalTime: '2030-03-04T14:00:00.000Z',
        type: 'Origin',
      }),
    ],
  });
}

const drafts = [draft(1, 100, 200), draft(2, 300, 400), draft(3, 500, 600)];

describe('bulk schedule state', () => {
  it('starts with stops in sequence order and no driver, tractor or trailer (-1)', () => {
    const state = initialScheduleState(drafts);
    expect(state.drafts.map((item) => item.stops.map((stop) => stop.sequence))).toEqual([
      [1, 2],
      [1, 2],
      [1, 2],
    ]);
    expect([state.driverId, state.tractorId, state.trailerId]).toEqual([-1, -1, -1]);
    expect(scheduleBlocker(state)).toBe('noReferenceTime');
  });

  it('needs a reference time and a driver before calculating or saving', () => {
    let state = bulkScheduleReducer(initialScheduleState(drafts), {
      type: 'referenceTime',
      referenceTime: '2030-03-05T12:00:00.000Z',
    });
    expect(scheduleBlocker(state)).toBe('noDriverChoice');
    state = bulkScheduleReducer(state, { type: 'driver', driver: ana });
    expect(scheduleBlocker(state)).toBeNull();
    state = bulkScheduleReducer(state, { type: 'driver', driver: null });
    expect(scheduleBlocker(state)).toBe('noDriverChoice');
  });

  it('brings the driver default tractor and trailer, each changeable for all', () => {
    let state = bulkScheduleReducer(initialScheduleState(drafts), { type: 'driver', driver: ana });
    expect([state.driverId, state.tractorId, state.trailerId]).toEqual([7, 31, 41]);
    state = bulkScheduleReducer(state, { type: 'trailer', trailerId: 42 });
    expect([state.tractorId, state.trailerId]).toEqual([31, 42]);
  });

  it('reorders drafts and stops (sequences renumbered), dropping a calculation that no longer holds', () => {
    let state = bulkScheduleReducer(initialScheduleState(drafts), { type: 'calculated', drafts, unavailable: 1 });
    state = bulkScheduleReducer(state, { type: 'moveDraft', from: 2, to: 0 });
    expect(state.drafts.map((item) => item.id)).toEqual([3, 1, 2]);
    expect(state.calculated).toBeNull();
    expect(state.unavailable).toBe(0);
    state = bulkScheduleReducer(state, { type: 'moveStop', draftIndex: 1, from: 1, to: 0 });
    expect(state.drafts[1]!.stops.map((stop) => [stop.id, stop.sequence])).toEqual([
      [12, 1],
      [11, 2],
    ]);
  });

  it('saves every calculated draft with the driver, the chosen equipment and status Assigned', () => {
    let state = bulkScheduleReducer(initialScheduleState(drafts), { type: 'driver', driver: ana });
    state = bulkScheduleReducer(state, { type: 'tractor', tractorId: -1 });
    const originals = new Map(drafts.map((item) => [item.id, item]));
    const changes = scheduledChanges(state.drafts, state, ana, originals);
    expect(changes.map((change) => change.original)).toEqual(drafts);
    for (const { changed } of changes) {
      expect(changed).toMatchObject({ transportedByUserId: 7, tractorId: null, trailerId: 41, status: 'Assigned' });
    }
  });

  it('sends the worker only what scheduling reads, and lays its times back over the drafts', () => {
    const state = initialScheduleState(drafts);
    const input = planningInput(state.drafts);
    expect(Object.keys(input[0]!.stops[0]!).sort()).toEqual(
      [
        'arrivalTime',
        'cargoTypeId',
        'durationMinutes',
        'organizationLocationId',
        'quantity',
        'sequence',
        'type',
        'weight',
      ].sort(),
    );
    // Every leg 30 minutes; backward from 18:00 at the last stop of the last draft.
    const legs = [100, 200, 300, 400, 500].map((origin, index) => ({
      originOrganizationLocationId: origin,
      destinationOrganizationLocationId: [200, 300, 400, 500, 600][index]!,
      timeSeconds: 1800,
      distanceMeters: 1000,
    }));
    const result = scheduleDrafts(input, {
      direction: 'backward',
      referenceTime: '2030-03-05T18:00:00.000Z',
      travel: travelTimeIndex(legs),
      durations: [],
    });
    const timed = withStopTimes(state.drafts, result.drafts);
    expect(timed[2]!.stops[1]!.arrivalTime).toBe('2030-03-05T18:00:00.000Z');
    expect(timed[0]!.stops[0]!.arrivalTime).toBe('2030-03-05T15:30:00.000Z');
    expect(timed[0]!.date).toBe('2030-03-05T15:30:00.000Z');
    expect(timed.every(isMonotone)).toBe(true);
    // Everything else of the load is the original's.
    expect(timed[1]).toMatchObject({ id: 2, version: 4, isDraft: true });
    expect(timed[1]!.stops[0]!.id).toBe(21);
  });

  it('counts as changed once the user moved a draft, set the anchor or chose a resource, not for a calculation alone', () => {
    const initial = initialScheduleState(drafts);
    const calculated = bulkScheduleReducer(initial, { type: 'calculated', drafts: initial.drafts, unavailable: 0 });
    expect(isScheduleChanged(calculated, initial)).toBe(false);
    const movedAndBack = bulkScheduleReducer(bulkScheduleReducer(initial, { type: 'moveDraft', from: 0, to: 2 }), {
      type: 'moveDraft',
      from: 2,
      to: 0,
    });
    expect(isScheduleChanged(movedAndBack, initial)).toBe(false);
    expect(isScheduleChanged(bulkScheduleReducer(initial, { type: 'moveDraft', from: 0, to: 2 }), initial)).toBe(true);
    expect(isScheduleChanged(bulkScheduleReducer(initial, { type: 'direction', direction: 'backward' }), initial)).toBe(true);
    expect(
      isScheduleChanged(
        bulkScheduleReducer(initial, { type: 'referenceTime', referenceTime: '2030-03-04T12:00:00.000Z' }),
        initial,
      ),
    ).toBe(true);
    expect(isScheduleChanged(bulkScheduleReducer(initial, { type: 'driver', driver: ana }), initial)).toBe(true);
  });
});
