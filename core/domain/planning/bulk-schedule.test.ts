import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { StopInput } from '#core/contract/orders';
import type { DriverChoice } from '#core/domain/load-actions';
import type { EditableStop } from '#core/domain/stop-editing';
import {
  applyResourcesToAll,
  canCalculateSchedule,
  isMonotone,
  NO_RESOURCE_CHOICE,
  reorderDrafts,
  reorderStops,
  type ScheduleStop,
  scheduleDrafts,
  scheduleLegPairs,
} from './bulk-schedule.ts';
import { type LoadingRule, travelTimeIndex, travelTimeKey } from './stop-times.ts';

const MILL = 11;
const FARM = 12;
const SCALE = 13;

const at = (hours: number, minutes = 0) => new Date(Date.UTC(2026, 10, 24, hours, minutes)).toISOString();

// Mill → scale 45 min, scale → farm 15 min, farm → mill 50 min.
const travel = travelTimeIndex([
  { originOrganizationLocationId: MILL, destinationOrganizationLocationId: SCALE, timeSeconds: 2_700, distanceMeters: 50_000 },
  { originOrganizationLocationId: SCALE, destinationOrganizationLocationId: FARM, timeSeconds: 900, distanceMeters: 15_000 },
  { originOrganizationLocationId: FARM, destinationOrganizationLocationId: MILL, timeSeconds: 3_000, distanceMeters: 60_000 },
]);

const rule = (stopType: LoadingRule['stopType'], baselineLoadingMinutes: number): LoadingRule => ({
  stopType,
  cargoTypeId: null,
  loadingEntityType: 'Organization',
  locationId: null,
  baselineLoadingMinutes,
  cargoUnitsPerMinute: null,
  weightPerMinute: null,
});
// Loading 30 min, unloading 20 min; no weigh rule, so a weigh stop keeps its own 15 min.
const rules = [rule('Origin', 30), rule('Destination', 20)];

function stop(sequence: number, type: StopInput['type'], location: number, change: Partial<EditableStop> = {}): EditableStop {
  return {
    sequence,
    type,
    organizationLocationId: location,
    organizationSubLocationIds: [],
    cargoTypeId: type === 'Weigh' ? null : 2,
    customerId: null,
    lotId: null,
    orderNumber: null,
    customerOrderNumber: null,
    quantity: null,
    weight: 20_000_000,
    notes: null,
    arrivalTime: null,
    requiredBegin: null,
    requiredEnd: null,
    durationMinutes: type === 'Weigh' ? 15 : null,
    metadata: {},
    ...change,
  };
}

const trip = (id: number) => ({
  id,
  date: at(0),
  status: 'Open' as const,
  transportedByUserId: null as number | null,
  tractorId: null as number | null,
  trailerId: null as number | null,
  stops: [stop(1, 'Origin', MILL), stop(2, 'Weigh', SCALE), stop(3, 'Destination', FARM)],
});

const arrivals = (drafts: { stops: readonly { arrivalTime: string | null }[] }[]) =>
  drafts.map((draft) => draft.stops.map((item) => item.arrivalTime));

describe('bulk schedule (spec 1 §4)', () => {
  it('goes forward from the first stop: previous arrival + travel + the previous stop duration, draft after draft', () => {
    const { drafts, unavailable } = scheduleDrafts([trip(1), trip(2)], {
      direction: 'forward',
      referenceTime: at(13),
      travel,
      durations: rules,
    });
    expect(arrivals(drafts)).toEqual([
      [at(13), at(14, 15), at(14, 45)], // 13:00 + 45 + 30; + 15 + 15
      [at(15, 55), at(17, 10), at(17, 40)], // 14:45 + 50 + 20; + 45 + 30; + 15 + 15
    ]);
    expect(unavailable).toEqual([]);
    // Each draft's date is its first stop's arrival; durations come from the rules.
    expect(drafts.map((draft) => draft.date)).toEqual([at(13), at(15, 55)]);
    expect(drafts[0]!.stops.map((item) => item.durationMinutes)).toEqual([30, 15, 20]);
  });

  it('goes backward from the last stop by subtraction', () => {
    const { drafts } = scheduleDrafts([trip(1), trip(2)], {
      direction: 'backward',
      referenceTime: at(17, 40),
      travel,
      durations: rules,
    });
    expect(arrivals(drafts)).toEqual([
      [at(13), at(14, 15), at(14, 45)],
      [at(15, 55), at(17, 10), at(17, 40)],
    ]);
  });

  it('follows the drafts in the order given and their stops by sequence', () => {
    const reversedStops = { ...trip(1), stops: [...trip(1).stops].reverse() };
    const { drafts } = scheduleDrafts([reversedStops], { direction: 'forward', referenceTime: at(13), travel, durations: rules });
    expect(drafts[0]!.stops.map((item) => [item.sequence, item.arrivalTime])).toEqual([
      [1, at(13)],
      [2, at(14, 15)],
      [3, at(14, 45)],
    ]);
  });

  it('reports stops whose leg has no travel time, by draft and stop, and keeps their arrival', () => {
    const gap = new Map(travel);
    gap.delete(travelTimeKey(FARM, MILL));
    const second = trip(2);
    second.stops[0] = { ...second.stops[0]!, arrivalTime: at(16) };
    const { drafts, unavailable } = scheduleDrafts([trip(1), second], {
      direction: 'forward',
      referenceTime: at(13),
      travel: gap,
      durations: rules,
    });
    expect(unavailable).toEqual([{ draftIndex: 1, stopIndex: 0 }]);
    expect(arrivals(drafts)[1]).toEqual([at(16), at(17, 15), at(17, 45)]);
  });

  it('changes nothing without a valid reference time', () => {
    const drafts = [trip(1)];
    expect(scheduleDrafts(drafts, { direction: 'forward', referenceTime: '', travel, durations: rules }).drafts).toEqual(drafts);
  });

  it('lists the legs to ask travel times for, across drafts, without repeats or same-location legs', () => {
    const second = { ...trip(2), stops: [stop(1, 'Origin', FARM), stop(2, 'Destination', MILL)] };
    expect(scheduleLegPairs([trip(1), second])).toEqual([
      { originOrganizationLocationId: MILL, destinationOrganizationLocationId: SCALE },
      { originOrganizationLocationId: SCALE, destinationOrganizationLocationId: FARM },
      { originOrganizationLocationId: FARM, destinationOrganizationLocationId: MILL },
    ]);
  });
});

describe('calculate and save enabling (spec 1 §5)', () => {
  it('needs a reference time and a driver choice of 1 or more', () => {
    expect(NO_RESOURCE_CHOICE).toBe(-1);
    expect(canCalculateSchedule({ referenceTime: at(13), driverChoice: 5 })).toEqual({ allowed: true, reason: null });
    expect(canCalculateSchedule({ referenceTime: at(13), driverChoice: 1 }).allowed).toBe(true);
    expect(canCalculateSchedule({ referenceTime: null, driverChoice: 5 })).toEqual({ allowed: false, reason: 'noReferenceTime' });
    expect(canCalculateSchedule({ referenceTime: 'soon', driverChoice: 5 }).reason).toBe('noReferenceTime');
    expect(canCalculateSchedule({ referenceTime: at(13), driverChoice: NO_RESOURCE_CHOICE })).toEqual({
      allowed: false,
      reason: 'noDriverChoice',
    });
    expect(canCalculateSchedule({ referenceTime: at(13), driverChoice: 0 }).reason).toBe('noDriverChoice');
    expect(canCalculateSchedule({ referenceTime: at(13), driverChoice: null }).reason).toBe('noDriverChoice');
  });
});

describe('reordering by drag', () => {
  it('moves a draft', () => {
    expect(reorderDrafts(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(reorderDrafts(['a', 'b', 'c', 'd'], 3, 0)).toEqual(['d', 'a', 'b', 'c']);
    expect(reorderDrafts(['a', 'b'], 0, 5)).toEqual(['a', 'b']);
  });

  it('moves a stop and renumbers the sequences from 1', () => {
    const moved = reorderStops(trip(1), 2, 0);
    expect(moved.stops.map((item) => [item.sequence, item.organizationLocationId])).toEqual([
      [1, FARM],
      [2, MILL],
      [3, SCALE],
    ]);
    expect(moved.id).toBe(1);
  });
});

describe('resources for all drafts (spec 1 §4)', () => {
  const driver: DriverChoice = {
    id: 5,
    organizationId: 1,
    enabled: true,
    driverInfo: { defaultTractorId: 7, defaultTrailerId: 8 },
  };

  it('sets the driver with the default tractor and trailer, and Assigned', () => {
    const result = applyResourcesToAll([trip(1), trip(2)], { driver });
    expect(result.map((draft) => [draft.transportedByUserId, draft.tractorId, draft.trailerId, draft.status])).toEqual([
      [5, 7, 8, 'Assigned'],
      [5, 7, 8, 'Assigned'],
    ]);
  });

  it('takes a tractor or trailer changed for all', () => {
    const [result] = applyResourcesToAll([trip(1)], { driver, tractorId: 9, trailerId: null });
    expect([result!.tractorId, result!.trailerId]).toEqual([9, null]);
  });

  it('clears everything without a driver, and the draft is Open', () => {
    const assigned = { ...trip(1), status: 'Assigned' as const, transportedByUserId: 5, tractorId: 7, trailerId: 8 };
    const [result] = applyResourcesToAll([assigned], { driver: null });
    expect([result!.transportedByUserId, result!.tractorId, result!.trailerId, result!.status]).toEqual([
      null,
      null,
      null,
      'Open',
    ]);
  });
});

describe('monotone times', () => {
  const timed = (...times: (string | null)[]) => ({
    stops: times.map((arrivalTime, index) => ({ sequence: index + 1, arrivalTime })),
  });

  it('holds when arrivals never go back in time along the sequences', () => {
    expect(isMonotone(timed(at(13), at(13), at(14)))).toBe(true);
    expect(isMonotone(timed(at(13), null, at(14)))).toBe(true);
    expect(isMonotone(timed(at(13), at(12, 59)))).toBe(false);
    expect(isMonotone(timed(at(13), null, at(12)))).toBe(false);
    expect(isMonotone(timed(at(13), 'garbage'))).toBe(false);
    expect(isMonotone({ stops: [] })).toBe(true);
    // By sequence, not list order.
    expect(
      isMonotone({
        stops: [
          { sequence: 2, arrivalTime: at(14) },
          { sequence: 1, arrivalTime: at(13) },
        ],
      }),
    ).toBe(true);
  });
});

describe('bulk schedule properties', () => {
  // 1–5 drafts of 1–6 stops over 5 locations, every leg known (multiples of 5 minutes).
  const board = fc
    .record({
      drafts: fc.array(
        fc.array(
          fc.record({
            location: fc.integer({ min: 1, max: 5 }),
            type: fc.constantFrom('Origin', 'Destination', 'Weigh') as fc.Arbitrary<StopInput['type']>,
            own: fc.option(fc.integer({ min: 0, max: 90 }), { nil: null }),
          }),
          { minLength: 1, maxLength: 6 },
        ),
        { minLength: 1, maxLength: 5 },
      ),
      legMinutes: fc.array(fc.integer({ min: 0, max: 48 }), { minLength: 25, maxLength: 25 }),
      start: fc.integer({ min: 0, max: 20_000 }),
    })
    .map(({ drafts, legMinutes, start }) => {
      const entries = [];
      for (let origin = 1; origin <= 5; origin++) {
        for (let destination = 1; destination <= 5; destination++) {
          const timeSeconds = (legMinutes[(origin - 1) * 5 + destination - 1] ?? 0) * 300;
          entries.push({
            originOrganizationLocationId: origin,
            destinationOrganizationLocationId: destination,
            timeSeconds,
            distanceMeters: 0,
          });
        }
      }
      return {
        drafts: drafts.map((stops, index) => ({
          id: index + 1,
          date: at(0),
          stops: stops.map(
            (item, position): ScheduleStop => ({
              ...stop(position + 1, item.type, item.location),
              durationMinutes: item.own,
            }),
          ),
        })),
        travel: travelTimeIndex(entries),
        referenceTime: new Date(Date.UTC(2026, 10, 24) + start * 60_000).toISOString(),
      };
    });

  it('forward schedules are monotone, within and across drafts, and every stop is timed', () => {
    fc.assert(
      fc.property(board, ({ drafts, travel: legs, referenceTime }) => {
        const result = scheduleDrafts(drafts, { direction: 'forward', referenceTime, travel: legs, durations: rules });
        expect(result.unavailable).toEqual([]);
        for (const draft of result.drafts) expect(isMonotone(draft)).toBe(true);
        const chain = result.drafts.flatMap((draft) => draft.stops.map((item) => Date.parse(item.arrivalTime!)));
        expect(chain).toEqual([...chain].sort((a, b) => a - b));
        expect(chain[0]).toBe(Date.parse(referenceTime));
      }),
    );
  });

  it('backward schedules are monotone and end at the reference time', () => {
    fc.assert(
      fc.property(board, ({ drafts, travel: legs, referenceTime }) => {
        const result = scheduleDrafts(drafts, { direction: 'backward', referenceTime, travel: legs, durations: rules });
        for (const draft of result.drafts) expect(isMonotone(draft)).toBe(true);
        expect(result.drafts.at(-1)!.stops.at(-1)!.arrivalTime).toBe(referenceTime);
      }),
    );
  });

  it('forward then backward from the last arrival gives the same schedule, and back again', () => {
    fc.assert(
      fc.property(board, ({ drafts, travel: legs, referenceTime }) => {
        const forward = scheduleDrafts(drafts, { direction: 'forward', referenceTime, travel: legs, durations: rules }).drafts;
        const last = forward.at(-1)!.stops.at(-1)!.arrivalTime!;
        const backward = scheduleDrafts(forward, {
          direction: 'backward',
          referenceTime: last,
          travel: legs,
          durations: rules,
        }).drafts;
        expect(backward).toEqual(forward);
        const first = backward[0]!.stops[0]!.arrivalTime!;
        expect(first).toBe(referenceTime);
        expect(
          scheduleDrafts(backward, { direction: 'forward', referenceTime: first, travel: legs, durations: rules }).drafts,
        ).toEqual(forward);
      }),
    );
  });
});
