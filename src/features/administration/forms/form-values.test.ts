import { describe, expect, it } from 'vitest';
import type { Trailer } from '#core/contract/master-data';
import {
  customerErrors,
  customerInput,
  hasErrors,
  tractorErrors,
  tractorInput,
  tractorValues,
  trailerErrors,
  trailerInput,
  trailerValues,
} from './form-values.ts';

const label = (id: number) => ({ 2: 'Corn', 9: 'Soybean meal' })[id] ?? `#${id}`;

describe('tractor form', () => {
  it('refuses a missing name, a VIN that is not 17 characters and a negative weight', () => {
    const values = { ...tractorValues(null, 'Pound'), userDisplayName: 'T-1' };
    expect(hasErrors(tractorErrors(values, 'Pound'))).toBe(false);
    expect(tractorErrors({ ...values, userDisplayName: '  ' }, 'Pound').userDisplayName?.key).toBe('errors.nameRequired');
    expect(tractorErrors({ ...values, vinNumber: '1HGCM82633A00435' }, 'Pound').vinNumber?.key).toBe('errors.invalidVin');
    expect(tractorErrors({ ...values, vinNumber: '1HGCM82633A004352' }, 'Pound').vinNumber).toBeUndefined();
    expect(tractorErrors({ ...values, weight: -1 }, 'Pound').weight?.key).toBe('errors.weightNotNegative');
  });

  it('sends grams, trimmed text and nulls for empty fields; Standard-tier fields only for Standard', () => {
    const values = { ...tractorValues(null, 'Kilogram'), userDisplayName: ' T-1 ', make: '', weight: 8000 as const };
    expect(tractorInput(values, 'Kilogram', true)).toEqual({
      userDisplayName: 'T-1',
      vinNumber: null,
      licensePlate: null,
      make: null,
      model: null,
      enabled: true,
      contract: false,
      weight: 8_000_000,
    });
    expect(tractorInput(values, 'Kilogram', false)).not.toHaveProperty('weight');
  });

  it('shows a stored weight in the user’s unit', () => {
    const row = {
      id: 1,
      organizationId: 1,
      userDisplayName: 'T-1',
      vinNumber: null,
      licensePlate: null,
      make: null,
      model: null,
      contract: true,
      enabled: false,
      weight: 907_185,
      version: 3,
    };
    expect(tractorValues(row, 'USTon')).toMatchObject({ weight: 1, contract: true, enabled: false });
    expect(tractorValues(row, 'Pound').weight).toBe(2000);
  });
});

describe('trailer form', () => {
  const base = { ...trailerValues(null, 'Pound'), userDisplayName: 'TR-1', maxCargoWeight: 40000 as const };

  it('requires a max cargo weight of at least 2 in the user’s unit, for Standard organizations', () => {
    expect(hasErrors(trailerErrors(base, 'Pound', true, label))).toBe(false);
    expect(trailerErrors({ ...base, maxCargoWeight: '' }, 'Pound', true, label).maxCargoWeight?.key).toBe(
      'errors.maxCargoWeightRequired',
    );
    expect(trailerErrors({ ...base, maxCargoWeight: 1.5 }, 'Pound', true, label).maxCargoWeight?.key).toBe(
      'errors.maxCargoWeightMinimum',
    );
    expect(trailerErrors({ ...base, maxCargoWeight: 2 }, 'USTon', true, label).maxCargoWeight).toBeUndefined();
    expect(hasErrors(trailerErrors({ ...base, maxCargoWeight: '' }, 'Pound', false, label))).toBe(false);
  });

  it('names a cargo type listed twice under its second row, and checks compartments', () => {
    const rows = [
      { key: 0, cargoTypeId: 9, compartmentCount: 2 as const },
      { key: 1, cargoTypeId: null, compartmentCount: 1 as const },
      { key: 5, cargoTypeId: 9, compartmentCount: 1 as const },
    ];
    const errors = trailerErrors({ ...base, trailerCargoTypes: rows }, 'Pound', true, label);
    expect(errors.cargoTypeRows).toEqual({ 5: { key: 'errors.duplicateCargoType', values: { cargoType: 'Soybean meal' } } });
    expect(hasErrors(errors)).toBe(true);
    const fractional = trailerErrors(
      { ...base, trailerCargoTypes: [{ key: 0, cargoTypeId: 2, compartmentCount: 1.5 }] },
      'Pound',
      true,
      label,
    );
    expect(fractional.cargoTypeRows?.[0]?.key).toBe('errors.compartmentCount');
  });

  it('drops cargo-type rows without a cargo type and sends grams', () => {
    const values = {
      ...base,
      trailerCargoTypes: [
        { key: 0, cargoTypeId: 2, compartmentCount: 3 as const },
        { key: 1, cargoTypeId: null, compartmentCount: 1 as const },
      ],
    };
    expect(trailerInput(values, 'Pound', true)).toMatchObject({
      maxCargoWeight: 18_143_695,
      trailerCargoTypes: [{ cargoTypeId: 2, compartmentCount: 3 }],
    });
  });

  it('opens an existing trailer with its rows keyed and its weights in the user’s unit', () => {
    const row: Trailer = {
      id: 4,
      organizationId: 1,
      userDisplayName: 'TR-4',
      vinNumber: null,
      licensePlate: null,
      maxCargoWeight: 2_000_000,
      contract: false,
      enabled: true,
      weight: null,
      trailerCargoTypes: [{ cargoTypeId: 2, compartmentCount: 4 }],
      deviceId: null,
      version: 1,
    };
    expect(trailerValues(row, 'MetricTon')).toMatchObject({
      maxCargoWeight: 2,
      weight: '',
      trailerCargoTypes: [{ key: 0, cargoTypeId: 2, compartmentCount: 4 }],
    });
  });
});

describe('customer form', () => {
  it('requires the customer name and sends it trimmed', () => {
    expect(customerErrors({ customerName: ' ' }).customerName?.key).toBe('errors.customerNameRequired');
    expect(hasErrors(customerErrors({ customerName: 'Acme' }))).toBe(false);
    expect(customerInput({ customerName: ' Acme ' })).toEqual({ customerName: 'Acme' });
  });
});
