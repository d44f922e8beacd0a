import { describe, expect, it } from 'vitest';
import { blankCardValues, cardFormErrors, cardInput, withCargoType } from './card-form-values.ts';

const allowed = { origins: new Set(['10']), destinations: new Set(['20']) };
const filled = {
  ...blankCardValues(1, '2026-11-30'),
  quantity: 120 as const,
  averageWeight: 2.5 as const,
  weight: '' as const,
  originId: '10',
  destinationId: '20',
  lotId: '  LOT-7  ',
};

describe('the create-card form', () => {
  it('asks for the amounts of the cargo type’s basis, at least 1, whole where counted', () => {
    expect(cardFormErrors(filled, 'quantity', allowed)).toEqual(expect.not.objectContaining({ quantity: expect.anything() }));
    expect(cardFormErrors({ ...filled, quantity: 0 }, 'quantity', allowed).quantity?.key).toBe('form.errors.minimum');
    expect(cardFormErrors({ ...filled, quantity: 1.5 }, 'quantity', allowed).quantity?.key).toBe('form.errors.whole');
    const byWeight = cardFormErrors(filled, 'weight', allowed);
    expect(byWeight.weight?.key).toBe('form.errors.required');
    expect(byWeight.numberOfLoads?.key).toBe('form.errors.required');
    expect(byWeight.quantity).toBeUndefined();
  });

  it('says invalidLocation for a place the cargo type does not allow, and resets both places with the cargo type', () => {
    expect(cardFormErrors({ ...filled, originId: '99' }, 'quantity', allowed).originId?.key).toBe('form.errors.invalidLocation');
    const changed = withCargoType({ ...filled, originSubLocationIds: ['3'] }, '2');
    expect(changed).toMatchObject({ cargoTypeId: '2', originId: null, destinationId: null, originSubLocationIds: [] });
  });

  it('sends the lot id trimmed, the average weight in kilograms and the weight in grams', () => {
    const imperial = cardInput({ ...filled, averageWeight: 5 }, 'quantity', { system: 'Imperial', weightUnit: 'Pound' });
    expect(imperial).toMatchObject({ quantity: 120, lotId: 'LOT-7', metadata: { cargo: { averageWeight: 2.27 } } });
    expect(imperial.stops.map((stop) => [stop.type, stop.organizationLocationId, stop.lotId])).toEqual([
      ['Origin', 10, 'LOT-7'],
      ['Destination', 20, 'LOT-7'],
    ]);
    const byWeight = cardInput({ ...filled, weight: 24, numberOfLoads: 1 }, 'weight', {
      system: 'Metric',
      weightUnit: 'MetricTon',
    });
    expect(byWeight).toMatchObject({ quantity: null, metadata: { cargo: { weight: 24_000_000, numberOfLoads: 1 } } });
  });
});
