import { describe, expect, it } from 'vitest';
import { GRAMS_PER_US_TON } from '#core/domain/units';
import {
  COMPLETENESS_RULES,
  type CompletenessStop,
  canPublish,
  completenessOfDrafts,
  completenessOptions,
  draftCompleteness,
  publishSelection,
} from './completeness.ts';

const MILL = 11;
const SCALE = 13;
const FARM_A = 21;
const FARM_B = 22;
const BULK_FEED = 2; // by weight

const POUNDS = completenessOptions('Pound', true);

/** Mill → scale → two farms: 450 bags and 24 US tons picked, 200 + 250 bags and 10 + 14 tons dropped. */
function completeDraft(): { stops: CompletenessStop[] } {
  return {
    stops: [
      {
        sequence: 1,
        type: 'Origin',
        organizationLocationId: MILL,
        cargoTypeId: BULK_FEED,
        quantity: 450,
        weight: 24 * 907_185,
        arrivalTime: '2026-11-24T13:00:00.000Z',
      },
      {
        sequence: 2,
        type: 'Weigh',
        organizationLocationId: SCALE,
        cargoTypeId: null,
        quantity: null,
        weight: null,
        arrivalTime: '2026-11-24T14:15:00.000Z',
      },
      {
        sequence: 3,
        type: 'Destination',
        organizationLocationId: FARM_A,
        cargoTypeId: BULK_FEED,
        quantity: 200,
        weight: 10 * 907_185,
        arrivalTime: '2026-11-24T14:45:00.000Z',
      },
      {
        sequence: 4,
        type: 'Destination',
        organizationLocationId: FARM_B,
        cargoTypeId: BULK_FEED,
        quantity: 250,
        weight: 14 * 907_185,
        arrivalTime: '2026-11-24T15:55:00.000Z',
      },
    ],
  };
}

function withStop(index: number, change: Partial<CompletenessStop>) {
  const draft = completeDraft();
  draft.stops[index] = { ...draft.stops[index]!, ...change };
  return draft;
}

const missing = (draft: { stops: CompletenessStop[] }, options = POUNDS) => draftCompleteness(draft, options).missing;

describe('draft completeness (spec 1 §5)', () => {
  it('finds nothing missing on a complete draft', () => {
    expect(draftCompleteness(completeDraft(), POUNDS)).toEqual({ complete: true, missing: [] });
  });

  it('needs stops, an origin and a destination', () => {
    expect(draftCompleteness({ stops: [] }, POUNDS)).toEqual({ complete: false, missing: ['noStops'] });
    const onlyDestinations = completeDraft();
    onlyDestinations.stops = onlyDestinations.stops.filter((stop) => stop.type !== 'Origin');
    expect(missing(onlyDestinations)).toContain('noOrigin');
    const onlyOrigin = completeDraft();
    onlyOrigin.stops = onlyOrigin.stops.filter((stop) => stop.type !== 'Destination');
    expect(missing(onlyOrigin)).toContain('noDestination');
  });

  it('needs the origin before the destination, by sequence', () => {
    const draft = completeDraft();
    draft.stops[0] = { ...draft.stops[0]!, sequence: 5, arrivalTime: '2026-11-24T16:00:00.000Z' };
    expect(missing(draft)).toContain('originAfterDestination');
    // The list order does not matter, the sequences do.
    expect(missing({ stops: [...completeDraft().stops].reverse() })).toEqual([]);
  });

  it('needs a location and a type on every stop', () => {
    expect(missing(withStop(1, { organizationLocationId: null }))).toEqual(['stopWithoutLocation']);
    expect(missing(withStop(1, { organizationLocationId: 0 }))).toEqual(['stopWithoutLocation']);
    expect(missing(withStop(1, { type: null }))).toEqual(['stopWithoutType']);
  });

  it('needs a positive cargo type on origin and destination stops only', () => {
    expect(missing(withStop(0, { cargoTypeId: null }))).toEqual(['cargoTypeMissing']);
    expect(missing(withStop(3, { cargoTypeId: 0 }))).toEqual(['cargoTypeMissing']);
    // The weigh stop has none by design (a non-cargo stop type clears it).
    expect(missing(withStop(1, { cargoTypeId: null }))).toEqual([]);
  });

  it('needs a quantity or weight on origin and destination stops', () => {
    expect(missing(withStop(2, { quantity: null, weight: null }))).toEqual(
      expect.arrayContaining(['missingAmount', 'quantityOnSomeOnly', 'weightOnSomeOnly']),
    );
  });

  it('needs the quantity on all cargo stops once one stop has it, likewise the weight', () => {
    const quantityOnOne = withStop(3, { quantity: null });
    expect(missing(quantityOnOne)).toEqual(['quantityOnSomeOnly', 'quantityUnbalanced']);
    const weightOnOne = withStop(3, { weight: null });
    expect(missing(weightOnOne)).toEqual(['weightOnSomeOnly', 'weightUnbalanced']);
    // A draft by weight alone is fine: no stop has a quantity.
    const byWeight = completeDraft();
    byWeight.stops = byWeight.stops.map((stop) => ({ ...stop, quantity: null }));
    expect(missing(byWeight)).toEqual([]);
  });

  it('needs at least one stop with a quantity or weight', () => {
    const empty = completeDraft();
    empty.stops = empty.stops.map((stop) => ({ ...stop, quantity: null, weight: null }));
    expect(missing(empty)).toEqual(['missingAmount', 'noAmount']);
  });

  it('needs the origins and destinations to carry the same total quantity', () => {
    expect(missing(withStop(3, { quantity: 249 }))).toEqual(['quantityUnbalanced']);
    // Decimal quantities that balance are not refused for floating-point noise.
    const decimals = completeDraft();
    decimals.stops[0] = { ...decimals.stops[0]!, quantity: 0.3 };
    decimals.stops[2] = { ...decimals.stops[2]!, quantity: 0.1 };
    decimals.stops[3] = { ...decimals.stops[3]!, quantity: 0.2 };
    expect(missing(decimals)).toEqual([]);
  });

  it('balances weights after rounding the difference to the unit precision', () => {
    const off = (grams: number) => withStop(3, { weight: 14 * 907_185 - grams });
    // Pound, 0 decimals: 200 g = 0.44 lb rounds to 0; 250 g = 0.55 lb rounds to 1.
    expect(missing(off(200), completenessOptions('Pound', true))).toEqual([]);
    expect(missing(off(250), completenessOptions('Pound', true))).toEqual(['weightUnbalanced']);
    // Kilogram, 0 decimals: 499 g → 0 kg; 500 g → 1 kg (half away from zero).
    expect(missing(off(499), completenessOptions('Kilogram', true))).toEqual([]);
    expect(missing(off(500), completenessOptions('Kilogram', true))).toEqual(['weightUnbalanced']);
    // MetricTon, 2 decimals: 4,999 g = 0.004999 t → 0.00; 5,000 g = 0.005 t → 0.01.
    expect(missing(off(4_999), completenessOptions('MetricTon', true))).toEqual([]);
    expect(missing(off(5_000), completenessOptions('MetricTon', true))).toEqual(['weightUnbalanced']);
    // USTon, 2 decimals: 0.004 tn balances, 0.005 tn does not.
    expect(missing(off(Math.round(0.004 * GRAMS_PER_US_TON)), completenessOptions('USTon', true))).toEqual([]);
    expect(missing(off(Math.round(0.0051 * GRAMS_PER_US_TON)), completenessOptions('USTon', true))).toEqual(['weightUnbalanced']);
    // Too much delivered is as unbalanced as too little.
    expect(missing(off(-250), completenessOptions('Pound', true))).toEqual(['weightUnbalanced']);
    // Without a unit the difference is counted in pounds (the default weight unit).
    expect(missing(off(200), { checkTimeOrder: true, weightPrecision: 0 })).toEqual([]);
  });

  it('needs an arrival time on every stop', () => {
    expect(missing(withStop(1, { arrivalTime: null }))).toEqual(['missingArrival']);
  });

  it('needs arrivals in order, each after the previous one unless same location and same time', () => {
    expect(missing(withStop(2, { arrivalTime: '2026-11-24T14:00:00.000Z' }))).toEqual(['timesOutOfOrder']);
    // Same time at another location is out of order.
    expect(missing(withStop(2, { arrivalTime: '2026-11-24T14:15:00.000Z' }))).toEqual(['timesOutOfOrder']);
    // Same time at the same location is not.
    const sameSite = withStop(2, { arrivalTime: '2026-11-24T14:15:00.000Z', organizationLocationId: SCALE });
    expect(missing(sameSite)).toEqual([]);
    // A missing arrival is reported once, not also as out of order.
    expect(missing(withStop(2, { arrivalTime: null }))).toEqual(['missingArrival']);
  });

  it('skips the time-order check inside the stop editor', () => {
    const outOfOrder = withStop(2, { arrivalTime: '2026-11-24T14:00:00.000Z' });
    expect(draftCompleteness(outOfOrder, completenessOptions('Pound', false))).toEqual({ complete: true, missing: [] });
  });

  it('lists the missing rules in the catalogue order', () => {
    const broken = completeDraft();
    broken.stops[0] = { ...broken.stops[0]!, arrivalTime: null, organizationLocationId: null, quantity: 1 };
    const found = missing(broken);
    expect(found).toEqual(['stopWithoutLocation', 'quantityUnbalanced', 'missingArrival']);
    expect([...found].sort((a, b) => COMPLETENESS_RULES.indexOf(a) - COMPLETENESS_RULES.indexOf(b))).toEqual(found);
  });

  it('checks many drafts at once', () => {
    const results = completenessOfDrafts([completeDraft(), withStop(1, { arrivalTime: null })], POUNDS);
    expect(results.map((result) => result.complete)).toEqual([true, false]);
  });
});

describe('publish (spec 1 §4)', () => {
  it('names for the server: refused unless every draft named has a stop and is complete', () => {
    expect(canPublish([completeDraft(), completeDraft()], POUNDS)).toBe(true);
    expect(canPublish([completeDraft(), withStop(3, { quantity: 1 })], POUNDS)).toBe(false);
    expect(canPublish([completeDraft(), { stops: [] }], POUNDS)).toBe(false);
    expect(canPublish([], POUNDS)).toBe(false);
  });

  it('applies the time-order check when publishing', () => {
    const outOfOrder = withStop(2, { arrivalTime: '2026-11-24T14:00:00.000Z' });
    expect(canPublish([outOfOrder], POUNDS)).toBe(false);
  });

  it('publishes the complete drafts of a selection and keeps the others as drafts, with what each lacks', () => {
    const drafts = [completeDraft(), withStop(3, { quantity: 1 }), completeDraft(), { stops: [] }];
    const selection = publishSelection(drafts, completenessOfDrafts(drafts, POUNDS));
    expect(selection.complete).toEqual([drafts[0], drafts[2]]);
    expect(selection.incomplete).toEqual([
      { draft: drafts[1], missing: draftCompleteness(drafts[1] as (typeof drafts)[number], POUNDS).missing },
      { draft: drafts[3], missing: ['noStops'] },
    ]);
    expect(selection.incomplete[0]?.missing.length).toBeGreaterThan(0);
    // One incomplete draft no longer blocks the rest; none complete publishes nothing.
    expect(publishSelection([drafts[1]], completenessOfDrafts([drafts[1] as (typeof drafts)[number]], POUNDS)).complete).toEqual(
      [],
    );
  });
});
