import type { CarrierOwnership } from '#core/contract/reference-lists';
import { type WeightUnit, weightUnitToGrams } from '#core/domain/units';

/**
 * Tractor and trailer rules (spec 2 §5, §6). The forms and the server both ask these, so a value
 * the form accepts is one the server stores.
 */

/** A VIN, when given, has exactly this many characters (spec 2 §9). */
export const VIN_LENGTH = 17;

/** Empty (or absent) means no VIN; otherwise exactly 17 characters. */
export function isValidVin(vin: string | null | undefined): boolean {
  return !vin || vin.length === VIN_LENGTH;
}

/** A trailer's max cargo weight is at least 2 in the user's weight unit (spec 2 §9). */
export const MIN_MAX_CARGO_WEIGHT = 2;

/** The smallest max cargo weight, in grams, a user of `unit` may store. */
export function minMaxCargoWeightGrams(unit: WeightUnit): number {
  return weightUnitToGrams(MIN_MAX_CARGO_WEIGHT, unit);
}

/** Whether stored grams reach the minimum in the user's unit (the form converts with weightUnitToGrams). */
export function isValidMaxCargoWeight(grams: number | null | undefined, unit: WeightUnit): boolean {
  return grams !== null && grams !== undefined && grams >= minMaxCargoWeightGrams(unit);
}

export const MIN_COMPARTMENT_COUNT = 1;

export function isValidCompartmentCount(count: number): boolean {
  return Number.isInteger(count) && count >= MIN_COMPARTMENT_COUNT;
}

/** Equipment weight is never negative (spec 2 §5). */
export function isValidEquipmentWeight(grams: number | null | undefined): boolean {
  return grams === null || grams === undefined || grams >= 0;
}

export interface TrailerCargoTypeRow {
  cargoTypeId: number | null;
  compartmentCount: number;
}

/** Rows without a cargo type are dropped on save (spec 2 §5). */
export function withCargoType<Row extends TrailerCargoTypeRow>(rows: readonly Row[]) {
  return rows.filter((row): row is Row & { cargoTypeId: number } => row.cargoTypeId !== null);
}

/** The first row naming a cargo type an earlier row already names, or undefined (each at most once per trailer). */
export function firstDuplicateCargoType(
  rows: readonly TrailerCargoTypeRow[],
): { index: number; cargoTypeId: number } | undefined {
  const seen = new Set<number>();
  for (const [index, row] of rows.entries()) {
    if (row.cargoTypeId === null) continue;
    if (seen.has(row.cargoTypeId)) return { index, cargoTypeId: row.cargoTypeId };
    seen.add(row.cargoTypeId);
  }
  return undefined;
}

/** What one client organization's carrier link says about the equipment it takes from the carrier. */
export interface ClientEquipmentLink {
  loadTractor: CarrierOwnership;
  loadTrailer: CarrierOwnership;
}

/**
 * Whether a carrier organization may edit its tractors and trailers (spec 2 §6). With no clients both
 * are editable; otherwise a kind is editable while at least one client's link takes that equipment
 * from the carrier ("Carrier" or "Both"), since then the carrier is the one keeping it up to date.
 * An organization that is not a carrier always edits its own equipment.
 */
export function carrierEquipmentEditing(isCarrier: boolean, clients: readonly ClientEquipmentLink[]) {
  if (!isCarrier || clients.length === 0) return { canEditTractors: true, canEditTrailers: true };
  return {
    canEditTractors: clients.some((link) => link.loadTractor !== 'Owning'),
    canEditTrailers: clients.some((link) => link.loadTrailer !== 'Owning'),
  };
}
