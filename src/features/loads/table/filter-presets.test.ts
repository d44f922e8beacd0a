import { describe, expect, it } from 'vitest';
import { preferencesSchema } from '#core/contract/user';
import { EMPTY_FILTERS, type LoadFilters } from './filter-loads.ts';
import {
  defaultPresetOf,
  type FilterPreset,
  filtersFromPreset,
  presetFields,
  presetNameError,
  presetsOfTable,
  withDefaultPreset,
  withoutPreset,
  withPreset,
} from './filter-presets.ts';

const PRESETS: FilterPreset[] = [
  { name: 'Corn week', default: true, fields: [{ field: 'cargo', value: ['2'] }], table: 'loads' },
  { name: 'Late', default: false, fields: [{ field: 'status', value: ['Open'] }], table: 'loads' },
  { name: 'Drafts only', default: true, fields: [], table: 'drafts' },
  // Saved before presets had a table: it shows on both.
  { name: 'Old one', default: false, fields: [{ field: 'search', value: 'mill' }] },
];

describe('preset names', () => {
  it('must not be empty (Save stays disabled)', () => {
    expect(presetNameError('', PRESETS, 'loads')).toBe('required');
    expect(presetNameError('   ', PRESETS, 'loads')).toBe('required');
  });

  it('must be unique on the table, compared case-insensitively', () => {
    expect(presetNameError('corn WEEK', PRESETS, 'loads')).toBe('taken');
    expect(presetNameError(' Late ', PRESETS, 'loads')).toBe('taken');
    expect(presetNameError('old ONE', PRESETS, 'drafts')).toBe('taken');
    expect(presetNameError('Corn week', PRESETS, 'drafts')).toBeNull();
    expect(presetNameError('Corn weeks', PRESETS, 'loads')).toBeNull();
  });

  it('agrees with the contract: the server refuses the same duplicate', () => {
    const accepted = withPreset(PRESETS, { name: 'Fresh', default: false, fields: [], table: 'loads' });
    expect(preferencesSchema.safeParse({ presets2: accepted }).success).toBe(true);
    const duplicate = [...PRESETS, { name: 'LATE', default: false, fields: [], table: 'loads' as const }];
    const refused = preferencesSchema.safeParse({ presets2: duplicate });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('presetNameTaken');
  });
});

describe('preset lists', () => {
  it("lists a table's presets with the table-less ones, and finds its default", () => {
    expect(presetsOfTable(PRESETS, 'loads').map((preset) => preset.name)).toEqual(['Corn week', 'Late', 'Old one']);
    expect(presetsOfTable(PRESETS, 'drafts').map((preset) => preset.name)).toEqual(['Drafts only', 'Old one']);
    expect(defaultPresetOf(PRESETS, 'loads')?.name).toBe('Corn week');
    expect(defaultPresetOf(PRESETS, 'drafts')?.name).toBe('Drafts only');
    expect(defaultPresetOf(undefined, 'loads')).toBeUndefined();
  });

  it('keeps one default per table when a new default is saved', () => {
    const next = withPreset(PRESETS, { name: ' Mine ', default: true, fields: [], table: 'loads' });
    expect(next.filter((preset) => preset.default).map((preset) => preset.name)).toEqual(['Drafts only', 'Mine']);
  });

  it('deletes and re-flags only within the table', () => {
    expect(withoutPreset(PRESETS, 'drafts', 'Corn week')).toHaveLength(PRESETS.length);
    expect(withoutPreset(PRESETS, 'loads', 'Corn week').map((preset) => preset.name)).toEqual(['Late', 'Drafts only', 'Old one']);
    const flagged = withDefaultPreset(PRESETS, 'loads', 'Late', true);
    expect(defaultPresetOf(flagged, 'loads')?.name).toBe('Late');
    expect(defaultPresetOf(flagged, 'drafts')?.name).toBe('Drafts only');
    expect(defaultPresetOf(withDefaultPreset(PRESETS, 'loads', 'Corn week', false), 'loads')).toBeUndefined();
  });
});

describe('preset fields', () => {
  it('stores only the filters that are set', () => {
    const filters: LoadFilters = structuredClone(EMPTY_FILTERS);
    filters.text.date = ' 2026-11-17 ';
    filters.select.destination = ['20', '11:112'];
    filters.weight = { operator: '<', value: 12.5, unit: 'MetricTon' };
    filters.search = 'hill';
    expect(presetFields(filters)).toEqual([
      { field: 'date', value: '2026-11-17' },
      { field: 'destination', value: ['20', '11:112'] },
      { field: 'weight', value: ['<', 12.5, 'MetricTon'] },
      { field: 'search', value: 'hill' },
    ]);
    expect(presetFields(EMPTY_FILTERS)).toEqual([]);
  });

  it('applies a preset over empty filters and skips what it cannot read', () => {
    const filters = filtersFromPreset({
      fields: [
        { field: 'driver', value: [5, 'none'] },
        { field: 'orderNumber', value: 'PF' },
        { field: 'unknownField', value: 'x' },
        { field: 'status', value: 'Open' },
        { field: 'weight', value: ['~', 3, 'Pound'] },
      ],
    });
    expect(filters).toEqual({
      ...EMPTY_FILTERS,
      text: { ...EMPTY_FILTERS.text, orderNumber: 'PF' },
      select: { ...EMPTY_FILTERS.select, driver: ['5', 'none'] },
    });
  });
});
