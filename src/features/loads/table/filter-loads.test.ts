import { describe, expect, it } from 'vitest';
import type { Order } from '#core/contract/orders';
import type { LoadStatus } from '#core/domain/load-rules';
import { weightUnitToGrams } from '#core/domain/units';
import {
  buildLoadRows,
  EMPTY_FILTERS,
  filterAndSortLoads,
  hasActiveFilters,
  type LoadFilters,
  type LoadLookups,
  type LoadRow,
  type LoadSort,
  locationChoice,
  tripMinutes,
  UNASSIGNED,
  weightMatches,
} from './filter-loads.ts';
import { filtersFromPreset, presetFields } from './filter-presets.ts';
import { makeLoad, makeStop } from '#test/fixtures/loads';
import { zonedClock } from '#src/ui/zoned-clock.ts';

const ZONE = 'America/Chicago';

const stop = makeStop;
const load = makeLoad;

const lookups: LoadLookups = {
  locations: new Map([
    [10, { name: 'North Mill', customerId: null, subLocations: new Map([[101, 'Bin 1']]) }],
    [
      11,
      {
        name: 'South Mill',
        customerId: null,
        subLocations: new Map([
          [111, 'Bay A'],
          [112, 'Bay B'],
        ]),
      },
    ],
    [20, { name: 'Hilltop Farm', customerId: 7, subLocations: new Map() }],
    [21, { name: 'River Farm', customerId: null, subLocations: new Map() }],
  ]),
  cargoTypes: new Map([
    [2, 'Corn'],
    [9, 'Soybean meal'],
  ]),
  customers: new Map([
    [7, 'Hilltop Co'],
    [8, 'River Co'],
  ]),
  drivers: new Map([
    [5, 'Ana Ruiz'],
    [6, 'Bo Chen'],
  ]),
  tractors: new Map([[30, 'T-30']]),
  trailers: new Map([[40, 'TR-40']]),
};

const statusLabel = (status: LoadStatus) => `label-${status}`;
const context = { lookups, clock: zonedClock(ZONE), statusLabel };

/**
 * Five loads covering every filter. Times are UTC; Chicago is UTC−6 in November, so 03:00Z on the
 * 18th is the evening of the 17th there.
 */
const LOADS: Order[] = [
  load({
    id: 1,
    status: 'Assigned',
    transportedByUserId: 5,
    tractorId: 30,
    trailerId: 40,
    stops: [
      stop({
        sequence: 1,
        organizationLocationId: 10,
        organizationSubLocationIds: [101],
        cargoTypeId: 2,
        orderNumber: 'PF-100',
        weight: weightUnitToGrams(40_000, 'Pound'),
        arrivalTime: '2026-11-18T03:00:00.000Z',
      }),
      stop({
        sequence: 2,
        organizationLocationId: 20,
        cargoTypeId: 2,
        orderNumber: 'PF-100',
        arrivalTime: '2026-11-18T05:00:00.000Z',
      }),
    ],
  }),
  load({
    id: 2,
    status: 'Open',
    stops: [
      stop({
        sequence: 1,
        organizationLocationId: 11,
        organizationSubLocationIds: [112],
        cargoTypeId: 9,
        orderNumber: 'pf-20',
        weight: weightUnitToGrams(20, 'USTon') + 1000,
        customerOrderNumber: 'CUST-77',
        arrivalTime: '2026-11-19T14:00:00.000Z',
      }),
      stop({ sequence: 2, organizationLocationId: 21, customerId: 8, arrivalTime: '2026-11-19T16:30:00.000Z' }),
    ],
  }),
  load({
    id: 3,
    status: 'Delivered',
    transportedByUserId: 6,
    stops: [
      stop({
        sequence: 1,
        organizationLocationId: 11,
        organizationSubLocationIds: [111],
        cargoTypeId: 2,
        orderNumber: 'PF-9',
        weight: 1000,
        actualWeight: 2000,
        arrivalTime: '2026-11-16T12:00:00.000Z',
        completedAt: '2026-11-16T12:40:00.000Z',
      }),
      stop({
        sequence: 2,
        organizationLocationId: 20,
        arrivalTime: '2026-11-16T15:00:00.000Z',
        completedAt: '2026-11-16T15:20:00.000Z',
      }),
    ],
  }),
  // Stops out of sequence order, no order number, no times.
  load({
    id: 4,
    status: 'Open',
    date: '2026-11-20T18:00:00.000Z',
    stops: [stop({ sequence: 2, organizationLocationId: 21 }), stop({ sequence: 1, organizationLocationId: 10 })],
  }),
  // Created offline: a negative provisional id.
  load({
    id: -1_700_000_000_000_00,
    status: 'Open',
    stops: [stop({ sequence: 1, orderNumber: 'PF-5', arrivalTime: '2026-11-21T10:00:00.000Z' }), stop({ sequence: 2 })],
  }),
];

const rows = buildLoadRows(LOADS, context);

function filtered(change: (filters: LoadFilters) => void, sort: LoadSort = 'firstStopTime:asc'): number[] {
  const filters = structuredClone(EMPTY_FILTERS);
  change(filters);
  return filterAndSortLoads(rows, filters, sort).map((row) => row.id);
}

const ids = (...values: number[]) => values;

describe('load rows', () => {
  it('shows names, sub-locations and times in the user zone', () => {
    const [first] = rows as [LoadRow];
    expect(first).toMatchObject({
      orderNumbers: 'PF-100',
      cargo: 'Corn',
      origin: 'North Mill › Bin 1',
      destination: 'Hilltop Farm',
      driver: 'Ana Ruiz',
      tractor: 'T-30',
      trailer: 'TR-40',
      text: { date: '2026-11-17', firstStopTime: '2026-11-17 21:00', lastStopTime: '2026-11-17 23:00', completedTime: '' },
    });
  });

  it('takes the first and last stop by sequence, completion only for delivered loads, actual weight first', () => {
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(4)?.origin).toBe('North Mill');
    expect(byId.get(3)?.text.completedTime).toBe('2026-11-16 09:20');
    expect(byId.get(3)?.weightGrams).toBe(2000);
    expect(byId.get(4)?.weightGrams).toBeNull();
  });

  it('shows the trip time the server stored on the load, and none before it has one', () => {
    expect(tripMinutes(load({ id: 1, timeSeconds: 3900 }))).toBe(65);
    // Legs on the stops are not a second estimate: only the stored whole-trip figure is shown.
    const legs = [stop({ sequence: 1, durationMinutes: 30 }), stop({ sequence: 2, timeSeconds: 1000, durationMinutes: 20 })];
    expect(tripMinutes(load({ id: 2, stops: legs }))).toBeNull();
  });

  it('reuses the row of an unchanged load object when given a cache', () => {
    const cache = new WeakMap<Order, LoadRow>();
    const once = buildLoadRows(LOADS, context, cache);
    const again = buildLoadRows([...LOADS.slice(0, 4), { ...(LOADS[4] as Order) }], context, cache);
    expect(again.slice(0, 4)).toEqual(once.slice(0, 4));
    expect(again[0]).toBe(once[0]);
    expect(again[4]).not.toBe(once[4]);
  });
});

describe('filterAndSortLoads', () => {
  it('passes everything without filters', () => {
    expect(hasActiveFilters(EMPTY_FILTERS)).toBe(false);
    expect(filtered(() => {})).toHaveLength(LOADS.length);
  });

  it('filters order numbers case-insensitively by substring', () => {
    expect(filtered((f) => (f.text.orderNumber = 'PF-2'))).toEqual(ids(2));
    expect(filtered((f) => (f.text.orderNumber = ' pf-10 '))).toEqual(ids(1));
  });

  it('filters dates as YYYY-MM-DD in the user zone', () => {
    expect(filtered((f) => (f.text.date = '2026-11-17'))).toEqual(ids(1));
    expect(filtered((f) => (f.text.firstStopTime = '2026-11-19'))).toEqual(ids(2));
    expect(filtered((f) => (f.text.lastStopTime = '2026-11-19 10:30'))).toEqual(ids(2));
    expect(filtered((f) => (f.text.completedTime = '2026-11-16'))).toEqual(ids(3));
    expect(filtered((f) => (f.text.date = '2026-11-18'))).toEqual([]);
  });

  it('filters cargo, status and customers (the stop customer, else the location customer)', () => {
    expect(filtered((f) => (f.select.cargo = ['9']))).toEqual(ids(2));
    expect(filtered((f) => (f.select.cargo = ['2', '9']))).toEqual(ids(3, 1, 2));
    expect(filtered((f) => (f.select.status = ['Delivered', 'Assigned']))).toEqual(ids(3, 1));
    expect(filtered((f) => (f.select.customer = ['7']))).toEqual(ids(3, 1));
    expect(filtered((f) => (f.select.customer = ['8']))).toEqual(ids(2));
  });

  it('matches a location with any of its sub-locations, and a sub-location only where it was chosen', () => {
    expect(filtered((f) => (f.select.origin = [locationChoice(11)]))).toEqual(ids(3, 2));
    expect(filtered((f) => (f.select.origin = [locationChoice(11, 112)]))).toEqual(ids(2));
    expect(filtered((f) => (f.select.origin = [locationChoice(11, 111), locationChoice(10)]))).toEqual(ids(3, 1, 4));
    expect(filtered((f) => (f.select.destination = [locationChoice(21)]))).toEqual(ids(2, 4));
    expect(filtered((f) => (f.select.destination = [locationChoice(10)]))).toEqual([]);
  });

  it('filters drivers, tractors and trailers, "none" meaning unassigned', () => {
    expect(filtered((f) => (f.select.driver = ['5']))).toEqual(ids(1));
    expect(filtered((f) => (f.select.driver = ['6', '5']))).toEqual(ids(3, 1));
    expect(filtered((f) => (f.select.driver = [UNASSIGNED]))).toEqual(ids(2, -1_700_000_000_000_00, 4));
    expect(filtered((f) => (f.select.tractor = ['30']))).toEqual(ids(1));
    expect(filtered((f) => (f.select.trailer = ['40', UNASSIGNED]))).toHaveLength(LOADS.length);
  });

  it('compares weights in grams with each operator, in the unit the user typed', () => {
    const pounds40k = weightUnitToGrams(40_000, 'Pound');
    expect(filtered((f) => (f.weight = { operator: '>', value: 40_000, unit: 'Pound' }))).toEqual(ids(2));
    expect(filtered((f) => (f.weight = { operator: '>=', value: 40_000, unit: 'Pound' }))).toEqual(ids(1, 2));
    expect(filtered((f) => (f.weight = { operator: '<', value: 40_000, unit: 'Pound' }))).toEqual(ids(3));
    expect(filtered((f) => (f.weight = { operator: '<=', value: 20, unit: 'USTon' }))).toEqual(ids(3, 1));
    expect(filtered((f) => (f.weight = { operator: '=', value: 20, unit: 'USTon' }))).toEqual(ids(1, 2));
    expect(filtered((f) => (f.weight = { operator: '=', value: 2, unit: 'Kilogram' }))).toEqual(ids(3));
    // "=" is equality as shown: within half the unit's display step, no further.
    expect(weightMatches(pounds40k + 226, { operator: '=', value: 40_000, unit: 'Pound' })).toBe(true);
    expect(weightMatches(pounds40k + 227, { operator: '=', value: 40_000, unit: 'Pound' })).toBe(false);
  });

  it('searches every shown value; every word must match', () => {
    expect(filtered((f) => (f.search = 'cust-77'))).toEqual(ids(2));
    expect(filtered((f) => (f.search = 'hilltop ana'))).toEqual(ids(1));
    expect(filtered((f) => (f.search = 'label-delivered'))).toEqual(ids(3));
    expect(filtered((f) => (f.search = 'bay'))).toEqual(ids(3, 2));
    expect(filtered((f) => (f.search = 'hilltop nobody'))).toEqual([]);
  });

  it('combines filters with AND', () => {
    expect(
      filtered((f) => {
        f.select.cargo = ['2'];
        f.select.destination = [locationChoice(20)];
        f.text.date = '2026-11-16';
      }),
    ).toEqual(ids(3));
  });

  it('sorts by each drafts sort order, missing values last', () => {
    const provisional = -1_700_000_000_000_00;
    expect(filtered(() => {}, 'firstStopTime:asc')).toEqual(ids(3, 1, 2, provisional, 4));
    expect(filtered(() => {}, 'firstStopTime:desc')).toEqual(ids(provisional, 2, 1, 3, 4));
    expect(filtered(() => {}, 'date:asc')).toEqual(ids(3, 1, 2, 4, provisional));
    expect(filtered(() => {}, 'date:desc')).toEqual(ids(provisional, 4, 2, 1, 3));
    expect(filtered(() => {}, 'orderNumber:asc')).toEqual(ids(provisional, 3, 2, 1, 4));
    expect(filtered(() => {}, 'createdAt:desc')).toEqual(ids(provisional, 4, 3, 2, 1));
  });

  it('applies a saved preset exactly like the filters it was saved from', () => {
    const filters = structuredClone(EMPTY_FILTERS);
    filters.select.origin = [locationChoice(11, 112), locationChoice(10)];
    filters.text.orderNumber = 'pf';
    filters.weight = { operator: '>=', value: 20, unit: 'USTon' };
    const restored = filtersFromPreset({ fields: presetFields(filters) });
    expect(restored).toEqual(filters);
    expect(filterAndSortLoads(rows, restored, 'date:asc').map((row) => row.id)).toEqual(ids(1, 2));
  });
});

describe('a week of 10,000 loads', () => {
  const many: Order[] = Array.from({ length: 10_000 }, (_, index) => {
    const at = Date.parse('2026-11-15T06:00:00.000Z') + (index % 1000) * 9 * 60_000;
    return load({
      id: index + 1,
      status: (['Open', 'Assigned', 'In Transit', 'Delivered'] as const)[index % 4],
      transportedByUserId: index % 3 ? 5 : null,
      stops: [
        stop({
          sequence: 1,
          organizationLocationId: 10 + (index % 2),
          organizationSubLocationIds: index % 2 ? [111] : [],
          cargoTypeId: index % 5 ? 2 : 9,
          orderNumber: `PF-${index}`,
          weight: 1000 * (index % 50),
          arrivalTime: new Date(at).toISOString(),
          completedAt: index % 4 === 3 ? new Date(at + 3_600_000).toISOString() : null,
        }),
        stop({ sequence: 2, organizationLocationId: 20 + (index % 2), arrivalTime: new Date(at + 7_200_000).toISOString() }),
      ],
    });
  });

  // Their speed is a figure of `npm run bench` (loads table: filterSortMs), not a test.
  it('builds a row for every load', () => {
    expect(buildLoadRows(many, { ...context, clock: zonedClock(ZONE) })).toHaveLength(many.length);
  });

  it('filters and sorts the whole week', () => {
    const manyRows = buildLoadRows(many, context);
    const filters = structuredClone(EMPTY_FILTERS);
    filters.select.origin = [locationChoice(11, 111), locationChoice(10)];
    filters.select.status = ['Open', 'Assigned', 'Delivered'];
    filters.text.firstStopTime = '2026-11-1';
    filters.weight = { operator: '>', value: 10, unit: 'Pound' };
    filters.search = 'pf mill';
    const filtered = filterAndSortLoads(manyRows, filters, 'orderNumber:asc');
    expect(filtered.length).toBeGreaterThan(1000);
    expect(filtered.length).toBeLessThan(many.length);
    expect(filterAndSortLoads(manyRows, EMPTY_FILTERS, 'firstStopTime:desc')).toHaveLength(many.length);
  });
});
