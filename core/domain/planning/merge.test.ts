import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { StopInput } from '#core/contract/orders';
import {
  applyMergedStopOrder,
  canMerge,
  MERGE_MAX_STOPS,
  type MergeSource,
  type MergeStop,
  markMergedSources,
  mergeDrafts,
  mergedMetadata,
  mergeStopKey,
  unmergeDrafts,
} from './merge.ts';

const MILL = 11;
const SCALE = 13;
const FARM_A = 21;
const FARM_B = 22;
const BULK_FEED = 2;
const BAGGED_FEED = 1;

function stop(sequence: number, type: StopInput['type'], location: number, change: Partial<MergeStop> = {}): MergeStop {
  return {
    sequence,
    type,
    organizationLocationId: location,
    organizationSubLocationIds: [],
    cargoTypeId: type === 'Origin' || type === 'Destination' ? BULK_FEED : null,
    customerId: null,
    lotId: null,
    orderNumber: null,
    customerOrderNumber: null,
    quantity: null,
    weight: null,
    notes: null,
    arrivalTime: null,
    requiredBegin: null,
    requiredEnd: null,
    durationMinutes: null,
    metadata: {},
    ...change,
  };
}

function draft(id: number, stops: MergeStop[], change: Partial<MergeSource> = {}): MergeSource {
  return {
    id,
    isDraft: true,
    status: 'Open',
    owningOrganizationId: 1,
    date: '2026-11-24T13:00:00.000Z',
    transportedByUserId: null,
    tractorId: null,
    trailerId: null,
    washOption: null,
    metadata: {},
    stops,
    ...change,
  };
}

/** Two mill → scale → farm drafts; the mill and scale stops combine, the farms do not. */
const first = draft(1, [
  stop(1, 'Origin', MILL, { quantity: 100, weight: 9_000_000, notes: 'Gate 2', arrivalTime: '2026-11-24T13:00:00.000Z' }),
  stop(2, 'Weigh', SCALE, { arrivalTime: '2026-11-24T14:00:00.000Z' }),
  stop(3, 'Destination', FARM_A, { quantity: 100, weight: 9_000_000, arrivalTime: '2026-11-24T15:00:00.000Z' }),
]);
const second = draft(2, [
  stop(1, 'Origin', MILL, { quantity: 50, weight: 4_500_000, notes: 'Call ahead', arrivalTime: '2026-11-24T12:30:00.000Z' }),
  stop(2, 'Weigh', SCALE, { arrivalTime: '2026-11-24T13:40:00.000Z' }),
  stop(3, 'Destination', FARM_B, { quantity: 50, weight: 4_500_000, arrivalTime: '2026-11-24T14:30:00.000Z' }),
]);

describe('merge stop key', () => {
  it('is type, location, sorted sub-locations, cargo type and customer', () => {
    expect(mergeStopKey(stop(1, 'Origin', MILL, { organizationSubLocationIds: [7, 3, 7], customerId: 5 }))).toBe(
      'Origin|11|3,7|2|5',
    );
    expect(mergeStopKey(stop(1, 'Weigh', SCALE))).toBe('Weigh|13||-|-');
  });

  it('differs when any part differs and ignores everything else', () => {
    const base = stop(1, 'Origin', MILL, { organizationSubLocationIds: [3, 7] });
    const key = mergeStopKey(base);
    expect(mergeStopKey({ ...base, organizationSubLocationIds: [7, 3] })).toBe(key);
    const otherwise = { ...base, quantity: 9, notes: 'x', arrivalTime: '2026-01-01T00:00:00.000Z', lotId: 'L1' };
    expect(mergeStopKey(otherwise)).toBe(key);
    expect(mergeStopKey({ ...base, type: 'Destination' })).not.toBe(key);
    expect(mergeStopKey({ ...base, organizationLocationId: FARM_A })).not.toBe(key);
    expect(mergeStopKey({ ...base, organizationSubLocationIds: [3] })).not.toBe(key);
    expect(mergeStopKey({ ...base, cargoTypeId: BAGGED_FEED })).not.toBe(key);
    expect(mergeStopKey({ ...base, customerId: 4 })).not.toBe(key);
  });
});

describe('can merge (spec 1 §4, §9)', () => {
  it('needs 2 or more distinct drafts', () => {
    expect(canMerge([first])).toEqual({ allowed: false, reason: 'fewerThanTwoDrafts' });
    expect(canMerge([first, first])).toEqual({ allowed: false, reason: 'duplicateDraft' });
    expect(canMerge([first, second])).toEqual({ allowed: true, reason: null });
  });

  it('refuses loads that are not drafts, of another organization, or not Open or Assigned', () => {
    expect(canMerge([first, { ...second, isDraft: false }]).reason).toBe('notADraft');
    expect(canMerge([first, { ...second, owningOrganizationId: 2 }]).reason).toBe('differentOrganizations');
    expect(canMerge([first, { ...second, status: 'Delivered' }]).reason).toBe('statusNotMergeable');
    expect(canMerge([first, { ...second, status: 'Merged' }]).reason).toBe('statusNotMergeable');
    expect(canMerge([first, { ...second, status: 'In Transit' }]).reason).toBe('statusNotMergeable');
    expect(canMerge([first, { ...second, status: 'Assigned', transportedByUserId: 5 }]).allowed).toBe(true);
  });

  it('refuses a merge whose combined stops would not fit in one load', () => {
    const many = (id: number, offset: number) =>
      draft(
        id,
        Array.from({ length: 51 }, (_, index) => stop(index + 1, 'Destination', 1000 + offset + index)),
      );
    expect(canMerge([many(1, 0), many(2, 0)]).allowed).toBe(true);
    expect(canMerge([many(1, 0), many(2, 51)])).toEqual({ allowed: false, reason: 'tooManyStops' });
    expect(MERGE_MAX_STOPS).toBe(100);
  });
});

describe('merge drafts', () => {
  const merged = mergeDrafts([first, second]);

  it('combines stops with the same key and keeps the others', () => {
    expect(merged.stops.map((item) => [item.sequence, item.type, item.organizationLocationId])).toEqual([
      [1, 'Origin', MILL],
      [2, 'Weigh', SCALE],
      [3, 'Destination', FARM_A],
      [4, 'Destination', FARM_B],
    ]);
  });

  it('sums the amounts of three drafts', () => {
    const third = draft(3, [
      stop(1, 'Origin', MILL, { quantity: 25, weight: 2_250_000 }),
      stop(2, 'Destination', FARM_A, { quantity: 25 }),
    ]);
    const [mill, , farmA] = mergeDrafts([first, second, third]).stops;
    expect(mill).toMatchObject({ organizationLocationId: MILL, quantity: 175, weight: 15_750_000 });
    expect(farmA).toMatchObject({ organizationLocationId: FARM_A, quantity: 125, weight: 9_000_000 });
  });

  it('sums quantities, weights and notes; an amount no stop had stays empty', () => {
    const [mill, scale] = merged.stops;
    expect(mill).toMatchObject({ quantity: 150, weight: 13_500_000, notes: 'Gate 2\nCall ahead' });
    expect(scale).toMatchObject({ quantity: null, weight: null, notes: null });
  });

  it('takes the earliest arrival and window start, the latest window end and the longest duration', () => {
    const a = draft(1, [
      stop(1, 'Origin', MILL, {
        arrivalTime: '2026-11-24T13:00:00.000Z',
        requiredBegin: '2026-11-24T12:00:00.000Z',
        requiredEnd: '2026-11-24T14:00:00.000Z',
        durationMinutes: 20,
        lotId: null,
        orderNumber: 'PO-1',
      }),
    ]);
    const b = draft(2, [
      stop(1, 'Origin', MILL, {
        arrivalTime: '2026-11-24T12:30:00.000Z',
        requiredBegin: '2026-11-24T12:15:00.000Z',
        requiredEnd: '2026-11-24T16:00:00.000Z',
        durationMinutes: 35,
        lotId: 'LOT-9',
        orderNumber: 'PO-2',
      }),
    ]);
    expect(mergeDrafts([a, b]).stops[0]).toMatchObject({
      arrivalTime: '2026-11-24T12:30:00.000Z',
      requiredBegin: '2026-11-24T12:00:00.000Z',
      requiredEnd: '2026-11-24T16:00:00.000Z',
      durationMinutes: 35,
      lotId: 'LOT-9',
      orderNumber: 'PO-1, PO-2',
    });
  });

  it('keeps every distinct lot id, order number and customer order number of the sources, listed', () => {
    const numbers = (orderNumber: string | null, lotId: string | null, customerOrderNumber: string | null) => ({
      orderNumber,
      lotId,
      customerOrderNumber,
    });
    const a = draft(1, [
      stop(1, 'Origin', MILL, numbers('PO-1', 'LOT-1', 'C-1')),
      stop(2, 'Destination', FARM_A, numbers('PO-1', null, 'C-1')),
    ]);
    const b = draft(2, [
      stop(1, 'Origin', MILL, numbers('PO-2', 'LOT-1', null)),
      stop(2, 'Destination', FARM_A, numbers('PO-2', 'LOT-2', 'C-2')),
    ]);
    const c = draft(3, [stop(1, 'Origin', MILL, numbers('PO-3', null, null))]);
    const [mill, farm] = mergeDrafts([a, b]).stops;
    expect(mill).toMatchObject(numbers('PO-1, PO-2', 'LOT-1', 'C-1'));
    expect(farm).toMatchObject(numbers('PO-1, PO-2', 'LOT-2', 'C-1, C-2'));
    // Merged again: a listed value counts as its parts, none repeated.
    const again = mergeDrafts([{ ...draft(4, []), stops: mergeDrafts([a, b]).stops }, c, a]).stops[0];
    expect(again).toMatchObject(numbers('PO-1, PO-2, PO-3', 'LOT-1', 'C-1'));
  });

  it('refuses a merge whose listed numbers would not fit in the stop field (100 characters)', () => {
    const numbered = (id: number, orderNumber: string) => draft(id, [stop(1, 'Origin', MILL, { orderNumber })]);
    const fifty = (letter: string) => letter.repeat(49);
    // 49 + 2 + 49 = 100 characters fit; one more number does not.
    expect(canMerge([numbered(1, fifty('a')), numbered(2, fifty('b'))]).allowed).toBe(true);
    expect(mergeDrafts([numbered(1, fifty('a')), numbered(2, fifty('b'))]).stops[0]?.orderNumber).toHaveLength(100);
    expect(canMerge([numbered(1, fifty('a')), numbered(2, fifty('b')), numbered(3, 'c')])).toEqual({
      allowed: false,
      reason: 'identifiersTooLong',
    });
    // The same number on each source is listed once, so it always fits.
    expect(canMerge([numbered(1, 'x'.repeat(100)), numbered(2, 'x'.repeat(100))]).allowed).toBe(true);
  });

  it('is a new draft recording its sources, dated by its first stop', () => {
    expect(merged).toMatchObject({ isDraft: true, mergedFromOrderIds: [1, 2], date: '2026-11-24T12:30:00.000Z' });
    expect(mergeDrafts([second, first]).mergedFromOrderIds).toEqual([1, 2]);
  });

  it('is Assigned to the driver every source shares, else Open without one', () => {
    expect(merged).toMatchObject({ status: 'Open', transportedByUserId: null });
    const withDriver = (source: MergeSource, driver: number) => ({
      ...source,
      status: 'Assigned' as const,
      transportedByUserId: driver,
    });
    expect(mergeDrafts([withDriver(first, 7), withDriver(second, 7)])).toMatchObject({
      status: 'Assigned',
      transportedByUserId: 7,
    });
    expect(mergeDrafts([withDriver(first, 7), withDriver(second, 8)])).toMatchObject({
      status: 'Open',
      transportedByUserId: null,
    });
    expect(mergeDrafts([withDriver(first, 7), second])).toMatchObject({ status: 'Open', transportedByUserId: null });
  });

  it('keeps a tractor, trailer or wash option only when every source has the same one', () => {
    const a = { ...first, tractorId: 3, trailerId: 4, washOption: 'Full' };
    expect(mergeDrafts([a, { ...second, tractorId: 3, trailerId: 5, washOption: 'Full' }])).toMatchObject({
      tractorId: 3,
      trailerId: null,
      washOption: 'Full',
    });
  });

  it('orders combined stops by position: all first stops, then all second stops', () => {
    const a = draft(1, [stop(1, 'Origin', MILL), stop(2, 'Destination', FARM_A)]);
    const b = draft(2, [stop(1, 'Origin', 12), stop(2, 'Destination', FARM_B)]);
    expect(mergeDrafts([a, b]).stops.map((item) => item.organizationLocationId)).toEqual([MILL, 12, FARM_A, FARM_B]);
  });
});

describe('merged metadata', () => {
  const withCargo = (source: MergeSource, cargo: Record<string, unknown>, quantity: number) => ({
    ...source,
    metadata: { showTrailerBoxes: source.id === 1, cargo },
    stops: [stop(1, 'Origin', MILL, { quantity }), stop(2, 'Destination', FARM_A, { quantity })],
  });

  it('keeps the worst salmonella result', () => {
    const results = (...values: string[]) =>
      mergedMetadata(values.map((value, index) => withCargo(draft(index + 1, []), { salmonellaResult: value }, 1))).cargo;
    expect(results('negative', 'suspicious')).toMatchObject({ salmonellaResult: 'suspicious' });
    expect(results('mildPositive', 'negative', 'suspicious')).toMatchObject({ salmonellaResult: 'mildPositive' });
    expect(results('highPositive', 'mildPositive')).toMatchObject({ salmonellaResult: 'highPositive' });
    expect(results('negative', 'negative')).toMatchObject({ salmonellaResult: 'negative' });
  });

  it('weights the average weight by each source quantity', () => {
    // 100 head at 120,000 g and 300 head at 100,000 g: (12,000,000 + 30,000,000) / 400 = 105,000 g.
    const metadata = mergedMetadata([
      withCargo(draft(1, []), { averageWeight: 120_000 }, 100),
      withCargo(draft(2, []), { averageWeight: 100_000 }, 300),
    ]);
    expect(metadata.cargo).toEqual({ averageWeight: 105_000 });
    expect(metadata.showTrailerBoxes).toBe(true);
  });

  it('averages plainly without quantities and leaves out sources without a value', () => {
    const metadata = mergedMetadata([
      withCargo(draft(1, []), { averageWeight: 120_000 }, 0),
      withCargo(draft(2, []), { averageWeight: 100_001 }, 0),
      withCargo(draft(3, []), { salmonellaResult: 'negative' }, 0),
    ]);
    expect(metadata.cargo).toEqual({ averageWeight: 110_001, salmonellaResult: 'negative' });
  });

  it('adds no cargo when no source has one', () => {
    expect(mergedMetadata([first, second])).toEqual({});
  });
});

describe('merged stop order from a preview', () => {
  it('follows the preview when it holds the same stops', () => {
    const merged = mergeDrafts([first, second]);
    const preview = [merged.stops[3]!, merged.stops[0]!, merged.stops[2]!, merged.stops[1]!];
    const ordered = applyMergedStopOrder(merged, preview);
    expect(ordered.stops.map((item) => [item.sequence, item.organizationLocationId])).toEqual([
      [1, FARM_B],
      [2, MILL],
      [3, FARM_A],
      [4, SCALE],
    ]);
  });

  it('keeps its own order when the preview differs', () => {
    const merged = mergeDrafts([first, second]);
    expect(applyMergedStopOrder(merged, merged.stops.slice(1))).toBe(merged);
    expect(applyMergedStopOrder(merged, [...merged.stops.slice(1), merged.stops[1]!])).toBe(merged);
  });
});

describe('unmerge', () => {
  const sources = markMergedSources([first, { ...second, status: 'Assigned' as const, transportedByUserId: 9 }]);
  const merged = { id: 50, isDraft: true, mergedFromOrderIds: [1, 2] };

  it('removes the merged draft and restores each source status from its driver', () => {
    const result = unmergeDrafts(merged, sources);
    expect(result.ok && result.removeOrderId).toBe(50);
    expect(result.ok && result.restored.map((source) => [source.id, source.status])).toEqual([
      [1, 'Open'],
      [2, 'Assigned'],
    ]);
  });

  it('refuses what it cannot restore', () => {
    expect(unmergeDrafts({ ...merged, mergedFromOrderIds: null }, sources)).toEqual({ ok: false, reason: 'notAMergedDraft' });
    expect(unmergeDrafts({ ...merged, mergedFromOrderIds: [] }, sources)).toEqual({ ok: false, reason: 'notAMergedDraft' });
    expect(unmergeDrafts({ ...merged, isDraft: false }, sources)).toEqual({ ok: false, reason: 'notADraft' });
    expect(unmergeDrafts(merged, sources.slice(0, 1))).toEqual({ ok: false, reason: 'sourceMissing' });
    expect(unmergeDrafts(merged, [first, sources[1]!])).toEqual({ ok: false, reason: 'sourceNotMerged' });
  });
});

// ---------------------------------------------------------------------------
// Properties
// ---------------------------------------------------------------------------

/**
 * Drafts over a small key space (24 keys: 3 types × 2 locations × 2 sub-location sets × 2 cargo types,
 * with or without a customer on a few), so that three or more stops often share a key.
 */
const stopArbitrary = fc.record({
  type: fc.constantFrom('Origin', 'Destination', 'Weigh') as fc.Arbitrary<StopInput['type']>,
  organizationLocationId: fc.integer({ min: 1, max: 2 }),
  organizationSubLocationIds: fc.constantFrom<number[]>([], [1], [1, 1]),
  cargoTypeId: fc.option(fc.integer({ min: 1, max: 2 }), { nil: null, freq: 8 }),
  customerId: fc.constantFrom<number | null>(null, null, null, 1),
  quantity: fc.option(fc.integer({ min: 0, max: 1000 }), { nil: null }),
  weight: fc.option(fc.integer({ min: 0, max: 40_000_000 }), { nil: null }),
  notes: fc.option(fc.constantFrom('a', 'b'), { nil: null }),
  orderNumber: fc.option(fc.constantFrom('PO-1', 'PO-2', 'PO-3'), { nil: null }),
  lotId: fc.option(fc.constantFrom('L-1', 'L-2'), { nil: null }),
  customerOrderNumber: fc.option(fc.constantFrom('C-1', 'C-2'), { nil: null }),
});

const draftsArbitrary = fc
  .array(
    fc.record({
      stops: fc.array(stopArbitrary, { minLength: 1, maxLength: 6 }),
      driver: fc.option(fc.integer({ min: 1, max: 2 }), { nil: null }),
    }),
    { minLength: 2, maxLength: 6 },
  )
  .map((items) =>
    items.map(({ stops, driver }, index) =>
      draft(
        index + 1,
        stops.map((item, position) => stop(position + 1, item.type, 0, item)),
        { transportedByUserId: driver, status: driver ? 'Assigned' : 'Open' },
      ),
    ),
  );

function totalsByCargoType(stops: readonly Pick<MergeStop, 'cargoTypeId' | 'quantity' | 'weight'>[]) {
  const totals = new Map<string, { quantity: number; weight: number }>();
  for (const item of stops) {
    const key = String(item.cargoTypeId);
    const entry = totals.get(key) ?? { quantity: 0, weight: 0 };
    entry.quantity += item.quantity ?? 0;
    entry.weight += item.weight ?? 0;
    totals.set(key, entry);
  }
  return Object.fromEntries([...totals].sort(([a], [b]) => a.localeCompare(b)));
}

describe('merge properties', () => {
  it('conserves the total quantity and weight of each cargo type', () => {
    fc.assert(
      fc.property(draftsArbitrary, (drafts) => {
        const merged = mergeDrafts(drafts);
        expect(totalsByCargoType(merged.stops)).toEqual(totalsByCargoType(drafts.flatMap((item) => item.stops)));
      }),
    );
  });

  it('keeps every order number, lot id and customer order number on the stop of the same key', () => {
    const listed = (value: string | null) => (value ? value.split(', ') : []);
    fc.assert(
      fc.property(draftsArbitrary, (drafts) => {
        const merged = new Map(mergeDrafts(drafts).stops.map((item) => [mergeStopKey(item), item]));
        for (const source of drafts.flatMap((item) => item.stops)) {
          const target = merged.get(mergeStopKey(source));
          for (const field of ['orderNumber', 'lotId', 'customerOrderNumber'] as const) {
            if (source[field]) expect(listed(target?.[field] ?? null)).toContain(source[field]);
          }
        }
      }),
    );
  });

  it('leaves one stop per key, numbered from 1', () => {
    fc.assert(
      fc.property(draftsArbitrary, (drafts) => {
        const merged = mergeDrafts(drafts);
        const keys = merged.stops.map(mergeStopKey);
        expect(new Set(keys).size).toBe(keys.length);
        expect(new Set(keys)).toEqual(new Set(drafts.flatMap((item) => item.stops.map(mergeStopKey))));
        expect(merged.stops.map((item) => item.sequence)).toEqual(keys.map((_, index) => index + 1));
      }),
    );
  });

  it('unmerge(merge(x)) gives x back', () => {
    fc.assert(
      fc.property(draftsArbitrary, (drafts) => {
        expect(canMerge(drafts).allowed).toBe(true);
        const merged = { ...mergeDrafts(drafts), id: 1000 };
        const stored = markMergedSources(drafts);
        const result = unmergeDrafts(merged, [...stored].reverse());
        expect(result.ok).toBe(true);
        if (result.ok) expect(result.restored).toEqual(drafts);
      }),
    );
  });
});
