import { useDebouncedValue } from '@mantine/hooks';
import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  EMPTY_FILTERS,
  type LoadFilters,
  type SelectFilterField,
  type TextFilterField,
  type WeightFilter,
} from './filter-loads.ts';

/** Spec 1 §9: column text filters wait 500 ms after the last keystroke, the free-text search 300 ms. */
export const TEXT_FILTER_DEBOUNCE_MS = 500;
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The table's filters: `filters` is what the inputs show, `applied` what the rows are filtered by.
 * Typed text reaches `applied` after its debounce; choices, the weight and whole sets of filters
 * (a preset, a reset) apply at once.
 */
export function useLoadFilters(initial: LoadFilters = EMPTY_FILTERS) {
  const [filters, setFilters] = useState(initial);
  // True after a preset or reset: the debounced copies are behind and must not be used until they catch up.
  const [immediate, setImmediate] = useState(true);
  const [debouncedText, , { flush: flushText }] = useDebouncedValue(filters.text, TEXT_FILTER_DEBOUNCE_MS);
  const [debouncedSearch, , { flush: flushSearch }] = useDebouncedValue(filters.search, SEARCH_DEBOUNCE_MS);

  // After a preset or reset, bring the debounced copies up to date at once, so that the next typed
  // character does not fall back to the filters from before. (This runs after the debounce's own
  // effect has started its timer, which is what flush completes.)
  useEffect(() => {
    if (immediate && filters) {
      flushText();
      flushSearch();
    }
  }, [immediate, filters, flushText, flushSearch]);

  const text = immediate ? filters.text : debouncedText;
  const search = immediate ? filters.search : debouncedSearch;
  // Each part keeps its identity until it changes, so typing re-filters only once the debounce ends.
  const applied = useMemo<LoadFilters>(
    () => ({ text, select: filters.select, weight: filters.weight, search }),
    [text, search, filters.select, filters.weight],
  );

  const setText = useCallback((field: TextFilterField, value: string) => {
    setFilters((current) => ({ ...current, text: { ...current.text, [field]: value } }));
    setImmediate(false);
  }, []);
  const setSearch = useCallback((search: string) => {
    setFilters((current) => ({ ...current, search }));
    setImmediate(false);
  }, []);
  const setSelect = useCallback((field: SelectFilterField, values: string[]) => {
    setFilters((current) => ({ ...current, select: { ...current.select, [field]: values } }));
  }, []);
  const setWeight = useCallback((weight: WeightFilter | null) => {
    setFilters((current) => ({ ...current, weight }));
  }, []);
  const replace = useCallback((next: LoadFilters) => {
    setFilters(next);
    setImmediate(true);
  }, []);

  return { filters, applied, setText, setSearch, setSelect, setWeight, replace };
}

export type LoadFiltersState = ReturnType<typeof useLoadFilters>;
