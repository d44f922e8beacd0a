import { describe, expect, it } from 'vitest';
import { canSearchAddress, zoneCoordinateErrors, zoneErrors, zoneInput, zoneValues } from './zone-values.ts';

const area = { latitude: 42, longitude: -93.6, radius: 400, bbox: null };

describe('the avoidance zone form', () => {
  it('sends only the chosen restriction’s value, the threshold in grams', () => {
    const values = { ...zoneValues(null, 'Pound'), name: 'Bridge', area, weightThreshold: 1000 as const, cargoTypeIds: ['3'] };
    expect(zoneInput({ ...values, restriction: 'weight' }, 'Pound')).toMatchObject({
      weightThreshold: 453_592,
      cargoTypeIds: null,
    });
    expect(zoneInput({ ...values, restriction: 'cargoType' }, 'Pound')).toMatchObject({
      weightThreshold: null,
      cargoTypeIds: [3],
    });
    expect(zoneInput({ ...values, restriction: 'none' }, 'Pound')).toMatchObject({ weightThreshold: null, cargoTypeIds: null });
  });

  it('needs a name of at most 200 characters, a location, and the chosen restriction’s value', () => {
    const empty = zoneErrors(zoneValues(null, 'Pound'));
    expect(empty.name?.key).toBe('errors.required');
    expect(empty.area?.key).toBe('errors.noLocation');
    const long = zoneErrors({ ...zoneValues(null, 'Pound'), name: 'x'.repeat(201), area, restriction: 'cargoType' });
    expect(long.name).toEqual({ key: 'errors.tooLong', values: { max: 200 } });
    expect(long.cargoTypeIds?.key).toBe('errors.cargoTypes');
    expect(long.area).toBeUndefined();
  });

  it('refuses a latitude or longitude out of range or zero, and searches only a whole address', () => {
    expect(zoneCoordinateErrors(95, -93)).toEqual({ latitude: 'errors.invalidLatitude', longitude: undefined });
    expect(zoneCoordinateErrors(42, 0).longitude).toBe('errors.invalidLongitude');
    expect(zoneCoordinateErrors(42, -181).longitude).toBe('errors.invalidLongitude');
    const address = { address1: '1 Main St', address2: '', city: 'Ames', state: 'IA', postalCode: '' };
    expect(canSearchAddress(address)).toBe(false);
    expect(canSearchAddress({ ...address, postalCode: '50010' })).toBe(true);
  });
});
