import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PAGE_SIZE,
  distinctValues,
  EMPTY_QUERY,
  hasActiveQuery,
  nextSort,
  pageOf,
  pageSizeOf,
  prepareRows,
  queryRows,
  type ResourceColumn,
} from './resource-table-rows.ts';

interface Truck {
  id: number;
  name: string;
  make: string | null;
  weight: number | null;
  enabled: boolean;
}

const columns: ResourceColumn<Truck>[] = [
  { key: 'name', labelKey: 'name', text: (row) => row.name, essential: true },
  { key: 'make', labelKey: 'make', text: (row) => row.make ?? '', filterable: true },
  {
    key: 'weight',
    labelKey: 'weight',
    text: (row) => (row.weight === null ? '' : `${row.weight} lb`),
    sortValue: (row) => row.weight,
  },
];

const trucks: Truck[] = [
  { id: 1, name: 'T-10', make: 'Volvo', weight: 900, enabled: true },
  { id: 2, name: 't-2', make: 'Kenworth', weight: null, enabled: false },
  { id: 3, name: 'T-1', make: 'Volvo', weight: 10000, enabled: true },
  { id: 4, name: 'Spare', make: null, weight: 50, enabled: true },
];

const collator = new Intl.Collator('en-US', { numeric: true, sensitivity: 'base' });
const prepared = prepareRows(trucks, columns);
const ids = (rows: { row: Truck }[]) => rows.map((entry) => entry.row.id);

describe('administration table rows', () => {
  it('keeps each row’s cell texts and whether it is enabled', () => {
    expect(prepared[0]?.texts).toEqual(['T-10', 'Volvo', '900 lb']);
    expect(prepared.map((entry) => entry.enabled)).toEqual([true, false, true, true]);
    expect(
      prepareRows([{ customerName: 'Acme' }], [{ key: 'n', labelKey: 'n', text: (row) => row.customerName }])[0]?.enabled,
    ).toBe(true);
  });

  it('searches every cell, ignoring case and surrounding spaces', () => {
    expect(ids(queryRows(prepared, columns, { ...EMPTY_QUERY, search: '  volvo ' }, collator))).toEqual([1, 3]);
    expect(ids(queryRows(prepared, columns, { ...EMPTY_QUERY, search: 'T-1' }, collator))).toEqual([1, 3]);
    expect(ids(queryRows(prepared, columns, { ...EMPTY_QUERY, search: '50 lb' }, collator))).toEqual([4]);
    expect(queryRows(prepared, columns, { ...EMPTY_QUERY, search: 'nothing like it' }, collator)).toEqual([]);
  });

  it('offers each column’s distinct non-empty values and filters by them', () => {
    expect(distinctValues(prepared, columns, 'make', collator)).toEqual(['Kenworth', 'Volvo']);
    expect(distinctValues(prepared, columns, 'unknown', collator)).toEqual([]);
    const volvo = queryRows(prepared, columns, { ...EMPTY_QUERY, filters: { make: ['Volvo'] } }, collator);
    expect(ids(volvo)).toEqual([1, 3]);
    const both = queryRows(prepared, columns, { search: 't-1', filters: { make: ['Volvo', 'Kenworth'] }, sort: null }, collator);
    expect(ids(both)).toEqual([1, 3]);
    expect(ids(queryRows(prepared, columns, { ...EMPTY_QUERY, filters: { make: [] } }, collator))).toEqual([1, 2, 3, 4]);
  });

  it('sorts text naturally and numbers by value, empty values last either way', () => {
    const byName = (direction: 'asc' | 'desc') =>
      ids(queryRows(prepared, columns, { ...EMPTY_QUERY, sort: { column: 'name', direction } }, collator));
    expect(byName('asc')).toEqual([4, 3, 2, 1]);
    expect(byName('desc')).toEqual([1, 2, 3, 4]);
    const byWeight = (direction: 'asc' | 'desc') =>
      ids(queryRows(prepared, columns, { ...EMPTY_QUERY, sort: { column: 'weight', direction } }, collator));
    expect(byWeight('asc')).toEqual([4, 1, 3, 2]);
    expect(byWeight('desc')).toEqual([3, 1, 4, 2]);
  });

  it('keeps the given order for equal values and without a sort', () => {
    const byMake = queryRows(prepared, columns, { ...EMPTY_QUERY, sort: { column: 'make', direction: 'asc' } }, collator);
    expect(ids(byMake)).toEqual([4, 2, 1, 3]);
    expect(ids(queryRows(prepared, columns, EMPTY_QUERY, collator))).toEqual([1, 2, 3, 4]);
  });

  it('cycles a header’s sort: ascending, descending, none', () => {
    expect(nextSort(null, 'name')).toEqual({ column: 'name', direction: 'asc' });
    expect(nextSort({ column: 'name', direction: 'asc' }, 'name')).toEqual({ column: 'name', direction: 'desc' });
    expect(nextSort({ column: 'name', direction: 'desc' }, 'name')).toBeNull();
    expect(nextSort({ column: 'name', direction: 'desc' }, 'make')).toEqual({ column: 'make', direction: 'asc' });
  });

  it('tells when a search or filter is active', () => {
    expect(hasActiveQuery(EMPTY_QUERY)).toBe(false);
    expect(hasActiveQuery({ ...EMPTY_QUERY, search: '  ' })).toBe(false);
    expect(hasActiveQuery({ ...EMPTY_QUERY, filters: { make: [] } })).toBe(false);
    expect(hasActiveQuery({ ...EMPTY_QUERY, filters: { make: ['Volvo'] } })).toBe(true);
  });

  it('pages 5, 10 or 25 rows, 10 unless another offered size was remembered', () => {
    expect(pageSizeOf(undefined)).toBe(DEFAULT_PAGE_SIZE);
    expect(pageSizeOf(25)).toBe(25);
    expect(pageSizeOf(100)).toBe(10);
    const rows = Array.from({ length: 23 }, (_, index) => index);
    expect(pageOf(rows, 3, 10)).toEqual({ rows: [20, 21, 22], page: 3, pageCount: 3, first: 21, last: 23 });
    expect(pageOf(rows.slice(0, 4), 3, 10)).toMatchObject({ page: 1, first: 1, last: 4, pageCount: 1 });
    expect(pageOf([], 1, 10)).toMatchObject({ rows: [], first: 0, last: 0, pageCount: 1 });
  });

  it('answers 5,000 rows with every search, filter and sort applied', () => {
    const many = Array.from({ length: 5000 }, (_, index) => ({
      id: index,
      name: `Tractor ${index}`,
      make: ['Volvo', 'Kenworth', 'Mack'][index % 3] ?? null,
      weight: index % 7 === 0 ? null : index,
      enabled: index % 2 === 0,
    }));
    const all = prepareRows(many, columns);
    const found = queryRows(
      all,
      columns,
      { search: 'tractor 1', filters: { make: ['Mack'] }, sort: { column: 'weight', direction: 'desc' } },
      collator,
    );
    expect(found.every((entry) => entry.row.make === 'Mack' && entry.row.name.startsWith('Tractor 1'))).toBe(true);
    expect(found.length).toBe(many.filter((row) => row.make === 'Mack' && row.name.startsWith('Tractor 1')).length);
    const weights = found.map((entry) => entry.row.weight).filter((weight) => weight !== null);
    expect(weights).toEqual([...weights].sort((a, b) => b - a));
    expect(found.at(-1)?.row.weight).toBeNull();
  });
});
