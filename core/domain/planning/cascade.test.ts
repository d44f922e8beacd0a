import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CASCADE_DEFAULT_INTERVAL,
  CASCADE_INTERVALS,
  CASCADE_OFFSET_STEP,
  type CascadeStop,
  cascadeBasisLocations,
  cascadeDrafts,
  cascadeEligibility,
  cascadeOptionsError,
} from './cascade.ts';

const MILL = 11;
const SCALE = 13;
const FARM = 21;

const at = (hours: number, minutes = 0) => new Date(Date.UTC(2026, 10, 24, hours, minutes)).toISOString();

type TestStop = CascadeStop & { requiredBegin: string | null; requiredEnd: string | null };

/** Farm first (empty trailer picked up), then the mill, the scale, and back at the farm. */
function draft(id: number, start: number) {
  return {
    id,
    isDraft: true,
    date: at(start),
    stops: <TestStop[]>[
      { sequence: 1, organizationLocationId: FARM, arrivalTime: at(start), requiredBegin: at(0), requiredEnd: null },
      { sequence: 2, organizationLocationId: MILL, arrivalTime: at(start, 50), requiredBegin: null, requiredEnd: null },
      { sequence: 3, organizationLocationId: SCALE, arrivalTime: at(start + 1, 35), requiredBegin: null, requiredEnd: null },
      { sequence: 4, organizationLocationId: FARM, arrivalTime: null, requiredBegin: null, requiredEnd: null },
    ],
  };
}

const four = [draft(1, 9), draft(2, 9), draft(3, 12), draft(4, 7)];

describe('cascade constants (spec 1 §4, §9)', () => {
  it('offers 15 to 90 minutes, 60 by default, offsets in 15-minute steps', () => {
    expect(CASCADE_INTERVALS).toEqual([15, 30, 45, 60, 75, 90]);
    expect(CASCADE_DEFAULT_INTERVAL).toBe(60);
    expect(CASCADE_OFFSET_STEP).toBe(15);
  });
});

describe('cascade eligibility', () => {
  it('needs 2 or more drafts', () => {
    expect(cascadeEligibility([draft(1, 9)], MILL)).toEqual({ eligible: false, reason: 'fewerThanTwoDrafts' });
    expect(cascadeEligibility(four.slice(0, 2), MILL)).toEqual({ eligible: true, reason: null });
  });

  it('needs drafts only', () => {
    expect(cascadeEligibility([draft(1, 9), { ...draft(2, 9), isDraft: false }], MILL).reason).toBe('notADraft');
  });

  it('needs a basis location that every draft stops at, with an arrival there', () => {
    expect(cascadeEligibility(four, null).reason).toBe('noBasisLocation');
    const elsewhere = { ...draft(2, 9), stops: draft(2, 9).stops.filter((stop) => stop.organizationLocationId !== MILL) };
    expect(cascadeEligibility([draft(1, 9), elsewhere], MILL).reason).toBe('basisLocationNotOnEveryDraft');
    const untimed = draft(2, 9);
    untimed.stops[1] = { ...untimed.stops[1]!, arrivalTime: null };
    expect(cascadeEligibility([draft(1, 9), untimed], MILL).reason).toBe('basisStopWithoutArrival');
    // The farm's first stop is timed even though the return stop there is not.
    expect(cascadeEligibility(four, FARM).eligible).toBe(true);
  });

  it('offers the locations every draft stops at, in the first draft order', () => {
    expect(cascadeBasisLocations(four)).toEqual([FARM, MILL, SCALE]);
    const noScale = { ...draft(2, 9), stops: draft(2, 9).stops.filter((stop) => stop.organizationLocationId !== SCALE) };
    expect(cascadeBasisLocations([draft(1, 9), noScale])).toEqual([FARM, MILL]);
    expect(cascadeBasisLocations([])).toEqual([]);
  });
});

describe('cascade options', () => {
  const valid = { start: at(0), intervalMinutes: 45, offsetMinutes: 360 };

  it('needs a start date, an offered interval and an offset in 15-minute steps', () => {
    expect(cascadeOptionsError(valid)).toBeNull();
    expect(cascadeOptionsError({ ...valid, start: '' })).toBe('noStartDate');
    expect(cascadeOptionsError({ ...valid, intervalMinutes: 50 })).toBe('intervalNotOffered');
    expect(cascadeOptionsError({ ...valid, intervalMinutes: 105 })).toBe('intervalNotOffered');
    expect(cascadeOptionsError({ ...valid, offsetMinutes: 20 })).toBe('offsetNotInSteps');
    expect(cascadeOptionsError({ ...valid, offsetMinutes: -15 })).toBe('offsetNotInSteps');
    expect(cascadeOptionsError({ ...valid, offsetMinutes: 0 })).toBeNull();
  });
});

describe('cascade drafts', () => {
  it('puts the basis stops at start + offset + i × interval (four drafts at 45 minutes)', () => {
    const result = cascadeDrafts(four, { basisLocationId: MILL, start: at(0), intervalMinutes: 45, offsetMinutes: 360 });
    expect(result.map((item) => item.stops[1]!.arrivalTime)).toEqual([at(6), at(6, 45), at(7, 30), at(8, 15)]);
  });

  it('moves the other stops with them, keeping their relative times, windows and untimed stops', () => {
    const [moved] = cascadeDrafts(four, { basisLocationId: MILL, start: at(0), intervalMinutes: 60, offsetMinutes: 360 });
    // Mill was at 9:50, now 6:00: everything 3 h 50 min earlier.
    expect(moved!.stops.map((stop) => stop.arrivalTime)).toEqual([at(5, 10), at(6), at(6, 45), null]);
    expect(moved!.stops[0]!.requiredBegin).toBe(at(0));
    expect(moved!.stops.map((stop) => stop.sequence)).toEqual([1, 2, 3, 4]);
    // The draft's date follows its first stop.
    expect(moved!.date).toBe(at(5, 10));
  });

  it('counts from the first stop at the basis location and leaves an ineligible draft as it was', () => {
    const result = cascadeDrafts(four.slice(0, 2), {
      basisLocationId: FARM,
      start: at(0),
      intervalMinutes: 30,
      offsetMinutes: 0,
    });
    expect(result.map((item) => item.stops[0]!.arrivalTime)).toEqual([at(0), at(0, 30)]);
    const untimed = draft(5, 9);
    untimed.stops[1] = { ...untimed.stops[1]!, arrivalTime: null };
    expect(cascadeDrafts([untimed], { basisLocationId: MILL, start: at(0), intervalMinutes: 30, offsetMinutes: 0 })[0]).toBe(
      untimed,
    );
  });

  it('does not modify the drafts it is given', () => {
    const copy = JSON.parse(JSON.stringify(four));
    cascadeDrafts(four, { basisLocationId: MILL, start: at(0), intervalMinutes: 45, offsetMinutes: 0 });
    expect(four).toEqual(copy);
  });
});

describe('cascade properties', () => {
  const drafts = fc.array(
    fc
      .array(
        fc.record({
          location: fc.integer({ min: 1, max: 4 }),
          gap: fc.integer({ min: 0, max: 240 }),
          timed: fc.boolean(),
        }),
        { minLength: 1, maxLength: 7 },
      )
      .chain((stops) =>
        fc.integer({ min: 0, max: stops.length - 1 }).map((basis) => {
          let minutes = 0;
          return stops.map((stop, index): CascadeStop => {
            minutes += stop.gap;
            return {
              sequence: index + 1,
              // Location 9 is the basis; one stop of each draft is there.
              organizationLocationId: index === basis ? 9 : stop.location,
              arrivalTime: stop.timed || index === basis ? at(6, minutes) : null,
            };
          });
        }),
      )
      .map((stops) => ({ stops })),
    { minLength: 2, maxLength: 8 },
  );
  const options = fc.record({
    intervalMinutes: fc.constantFrom(...CASCADE_INTERVALS),
    offsetMinutes: fc.integer({ min: 0, max: 96 }).map((steps) => steps * CASCADE_OFFSET_STEP),
  });

  it('keeps each draft stop order, its gaps between stops, and spaces basis stops by the interval', () => {
    fc.assert(
      fc.property(drafts, options, (input, { intervalMinutes, offsetMinutes }) => {
        expect(cascadeEligibility(input, 9).eligible).toBe(true);
        const result = cascadeDrafts(input, { basisLocationId: 9, start: at(0), intervalMinutes, offsetMinutes });
        result.forEach((output, index) => {
          const source = input[index]!;
          expect(output.stops.map((stop) => [stop.sequence, stop.organizationLocationId])).toEqual(
            source.stops.map((stop) => [stop.sequence, stop.organizationLocationId]),
          );
          const shift = (stop: CascadeStop, before: CascadeStop) =>
            stop.arrivalTime === null ? null : Date.parse(stop.arrivalTime) - Date.parse(before.arrivalTime!);
          const shifts = new Set(
            output.stops.map((stop, position) => shift(stop, source.stops[position]!)).filter((ms) => ms !== null),
          );
          expect(shifts.size).toBe(1);
          const basis = output.stops.find((stop) => stop.organizationLocationId === 9)!;
          expect(Date.parse(basis.arrivalTime!)).toBe(Date.parse(at(0)) + (offsetMinutes + index * intervalMinutes) * 60_000);
          const times = output.stops.flatMap((stop) => (stop.arrivalTime ? [Date.parse(stop.arrivalTime)] : []));
          expect(times).toEqual([...times].sort((a, b) => a - b));
        });
      }),
    );
  });
});
