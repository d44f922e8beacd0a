/**
 * Cargo measurement basis by cargo type id (spec 1 §3): ids 2, 9–11 and 22–35 are measured by
 * weight; 1, 3, 4, 6, 7, 12–20 and 36 by quantity; any other id by quantity.
 */
const WEIGHT_BASED_IDS = new Set([2, 9, 10, 11, ...Array.from({ length: 14 }, (_, index) => 22 + index)]);

export type CargoBasis = 'weight' | 'quantity';

export function cargoBasis(cargoTypeId: number): CargoBasis {
  return WEIGHT_BASED_IDS.has(cargoTypeId) ? 'weight' : 'quantity';
}

/** Cargo types in these categories get the special feed handling (spec 1 §3). */
export const SPECIAL_CARGO_CATEGORIES = ['Feed', 'Other'] as const;

/** Id 21 is left out of some lists (spec 1 §3). */
export const CARGO_TYPE_EXCLUDED_FROM_LISTS = 21;
