import { describe, expect, it } from 'vitest';
import {
  carrierEquipmentEditing,
  firstDuplicateCargoType,
  isValidCompartmentCount,
  isValidEquipmentWeight,
  isValidMaxCargoWeight,
  isValidVin,
  minMaxCargoWeightGrams,
  withCargoType,
} from './equipment.ts';

describe('VIN', () => {
  it('is empty or exactly 17 characters', () => {
    expect(isValidVin('')).toBe(true);
    expect(isValidVin(null)).toBe(true);
    expect(isValidVin(undefined)).toBe(true);
    expect(isValidVin('1HGCM82633A004352')).toBe(true);
    expect(isValidVin('1HGCM82633A00435')).toBe(false);
    expect(isValidVin('1HGCM82633A0043521')).toBe(false);
  });
});

describe('trailer max cargo weight', () => {
  it('is at least 2 in the user’s weight unit, compared in grams', () => {
    expect(minMaxCargoWeightGrams('Pound')).toBe(907); // 2 × 453.59237 g, rounded
    expect(minMaxCargoWeightGrams('Kilogram')).toBe(2000);
    expect(minMaxCargoWeightGrams('USTon')).toBe(1_814_369);
    expect(minMaxCargoWeightGrams('MetricTon')).toBe(2_000_000);
    expect(isValidMaxCargoWeight(907, 'Pound')).toBe(true);
    expect(isValidMaxCargoWeight(906, 'Pound')).toBe(false);
    expect(isValidMaxCargoWeight(1999, 'Kilogram')).toBe(false);
    expect(isValidMaxCargoWeight(1_999_999, 'MetricTon')).toBe(false);
    expect(isValidMaxCargoWeight(2_000_000, 'MetricTon')).toBe(true);
  });

  it('is required', () => {
    expect(isValidMaxCargoWeight(null, 'Pound')).toBe(false);
    expect(isValidMaxCargoWeight(undefined, 'Kilogram')).toBe(false);
  });
});

describe('compartments, equipment weight', () => {
  it('counts compartments as integers of at least 1', () => {
    expect(isValidCompartmentCount(1)).toBe(true);
    expect(isValidCompartmentCount(4)).toBe(true);
    expect(isValidCompartmentCount(0)).toBe(false);
    expect(isValidCompartmentCount(1.5)).toBe(false);
  });

  it('takes an equipment weight of 0 or more, or none', () => {
    expect(isValidEquipmentWeight(0)).toBe(true);
    expect(isValidEquipmentWeight(null)).toBe(true);
    expect(isValidEquipmentWeight(-1)).toBe(false);
  });
});

describe('trailer cargo types', () => {
  it('finds the first cargo type named twice, ignoring rows without one', () => {
    const rows = [
      { cargoTypeId: 9, compartmentCount: 1 },
      { cargoTypeId: null, compartmentCount: 1 },
      { cargoTypeId: 22, compartmentCount: 2 },
      { cargoTypeId: 9, compartmentCount: 3 },
    ];
    expect(firstDuplicateCargoType(rows)).toEqual({ index: 3, cargoTypeId: 9 });
    expect(firstDuplicateCargoType(rows.slice(0, 3))).toBeUndefined();
    expect(withCargoType(rows).map((row) => row.cargoTypeId)).toEqual([9, 22, 9]);
  });
});

describe('carrier equipment editing', () => {
  it('lets an organization that is not a carrier, or a carrier without clients, edit both', () => {
    const clientsSayOwning = [{ loadTractor: 'Owning', loadTrailer: 'Owning' }] as const;
    expect(carrierEquipmentEditing(false, clientsSayOwning)).toEqual({ canEditTractors: true, canEditTrailers: true });
    expect(carrierEquipmentEditing(true, [])).toEqual({ canEditTractors: true, canEditTrailers: true });
  });

  it('lets a carrier edit a kind while a client takes it from the carrier', () => {
    expect(
      carrierEquipmentEditing(true, [
        { loadTractor: 'Owning', loadTrailer: 'Carrier' },
        { loadTractor: 'Owning', loadTrailer: 'Owning' },
      ]),
    ).toEqual({ canEditTractors: false, canEditTrailers: true });
    expect(carrierEquipmentEditing(true, [{ loadTractor: 'Both', loadTrailer: 'Owning' }])).toEqual({
      canEditTractors: true,
      canEditTrailers: false,
    });
  });
});
