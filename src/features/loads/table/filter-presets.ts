import type { Preferences } from '#core/contract/user';
import { WEIGHT_UNITS, type WeightUnit } from '#core/domain/units';
import {
  EMPTY_FILTERS,
  type LoadFilters,
  SELECT_FILTERS,
  type SelectFilterField,
  TEXT_FILTERS,
  type TextFilterField,
  WEIGHT_OPERATORS,
  type WeightOperator,
} from './filter-loads.ts';

/**
 * Saved filter presets (spec 1 §2): stored in the user's preferences `presets2` as a name, a default
 * flag and a list of {field, value}, one list per table.
 */
export type FilterPreset = NonNullable<Preferences['presets2']>[number];
export type PresetField = FilterPreset['fields'][number];
export type PresetTable = 'loads' | 'drafts';

/** The contract's limit on a list value. */
const MAX_LIST = 500;

/** A table's presets; presets saved without a table (older ones) show on both. */
export function presetsOfTable(presets: readonly FilterPreset[] | undefined, table: PresetTable): FilterPreset[] {
  return (presets ?? []).filter((preset) => (preset.table ?? table) === table);
}

export function defaultPresetOf(presets: readonly FilterPreset[] | undefined, table: PresetTable): FilterPreset | undefined {
  return presetsOfTable(presets, table).find((preset) => preset.default);
}

export type PresetNameError = 'required' | 'taken';

/**
 * Why a name cannot be saved: empty, or already used on this table compared case-insensitively.
 * The server refuses a duplicate too ('presetNameTaken'); this says so before sending.
 */
export function presetNameError(
  name: string,
  presets: readonly FilterPreset[] | undefined,
  table: PresetTable,
): PresetNameError | null {
  const wanted = name.trim().toLocaleLowerCase();
  if (!wanted) return 'required';
  return presetsOfTable(presets, table).some((preset) => preset.name.trim().toLocaleLowerCase() === wanted) ? 'taken' : null;
}

/** The preset list with `preset` added; a new default takes the flag from the table's previous one. */
export function withPreset(presets: readonly FilterPreset[] | undefined, preset: FilterPreset): FilterPreset[] {
  const table = preset.table ?? 'loads';
  const others = (presets ?? []).map((existing) =>
    preset.default && existing.default && (existing.table ?? table) === table ? { ...existing, default: false } : existing,
  );
  return [...others, { ...preset, name: preset.name.trim() }];
}

/** The list with the named preset of this table removed. */
export function withoutPreset(presets: readonly FilterPreset[] | undefined, table: PresetTable, name: string): FilterPreset[] {
  return (presets ?? []).filter((preset) => !((preset.table ?? table) === table && preset.name === name));
}

/** The list with the named preset made the table's default (or no longer the default). */
export function withDefaultPreset(
  presets: readonly FilterPreset[] | undefined,
  table: PresetTable,
  name: string,
  isDefault: boolean,
): FilterPreset[] {
  return (presets ?? []).map((preset) => {
    if ((preset.table ?? table) !== table) return preset;
    if (preset.name === name) return { ...preset, default: isDefault };
    return isDefault && preset.default ? { ...preset, default: false } : preset;
  });
}

/** The filters as preset fields; filters left empty are not stored. */
export function presetFields(filters: LoadFilters): PresetField[] {
  const fields: PresetField[] = [];
  for (const field of TEXT_FILTERS) {
    const value = filters.text[field].trim();
    if (value) fields.push({ field, value: value.slice(0, MAX_LIST) });
  }
  for (const field of SELECT_FILTERS) {
    const value = filters.select[field];
    if (value.length) fields.push({ field, value: value.slice(0, MAX_LIST) });
  }
  if (filters.weight)
    fields.push({ field: 'weight', value: [filters.weight.operator, filters.weight.value, filters.weight.unit] });
  const search = filters.search.trim();
  if (search) fields.push({ field: 'search', value: search.slice(0, MAX_LIST) });
  return fields;
}

const isTextField = (field: string): field is TextFilterField => (TEXT_FILTERS as readonly string[]).includes(field);
const isSelectField = (field: string): field is SelectFilterField => (SELECT_FILTERS as readonly string[]).includes(field);

/**
 * The filters a preset sets; every other filter is empty. Fields this version does not know or
 * values of the wrong shape (a preset saved by another version) are skipped, not fatal.
 */
export function filtersFromPreset(preset: Pick<FilterPreset, 'fields'>): LoadFilters {
  const filters: LoadFilters = {
    text: { ...EMPTY_FILTERS.text },
    select: { ...EMPTY_FILTERS.select },
    weight: null,
    search: '',
  };
  for (const { field, value } of preset.fields) {
    if (isTextField(field) && typeof value === 'string') filters.text[field] = value;
    else if (isSelectField(field) && Array.isArray(value)) filters.select[field] = value.map(String);
    else if (field === 'search' && typeof value === 'string') filters.search = value;
    else if (field === 'weight' && Array.isArray(value)) {
      const [operator, amount, unit] = value;
      if (
        (WEIGHT_OPERATORS as readonly unknown[]).includes(operator) &&
        typeof amount === 'number' &&
        Number.isFinite(amount) &&
        (WEIGHT_UNITS as readonly unknown[]).includes(unit)
      ) {
        filters.weight = { operator: operator as WeightOperator, value: amount, unit: unit as WeightUnit };
      }
    }
  }
  return filters;
}
