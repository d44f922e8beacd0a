import { describe, expect, it } from 'vitest';
import { planningCardOf, trailerProfiles } from './production-input.ts';

const card = {
  id: 4,
  cargoTypeId: 1,
  quantity: 120,
  targetDate: '2026-11-30',
  lotId: 'LOT-1',
  orderNumber: 'PO-9',
  productionPlan: 'PP-2',
  stops: [
    { organizationLocationId: 10, organizationSubLocationIds: [3] },
    { organizationLocationId: 20, organizationSubLocationIds: [] },
  ],
  metadata: { cargo: { weight: null, averageWeight: 2.5 } },
};

describe('the distribution input', () => {
  it('weighs a quantity card by its average weight in kilograms, in whole grams', () => {
    expect(planningCardOf(card, 'quantity')).toMatchObject({
      basis: 'quantity',
      quantity: 120,
      weightGrams: 300_000,
      originLocationId: 10,
      originSubLocationIds: [3],
      destinationLocationId: 20,
      lotId: 'LOT-1',
    });
  });

  it('takes a weight card at its weight in grams', () => {
    const byWeight = { ...card, quantity: null, metadata: { cargo: { weight: 24_000_000, averageWeight: null } } };
    expect(planningCardOf(byWeight, 'weight')).toMatchObject({ basis: 'weight', quantity: null, weightGrams: 24_000_000 });
  });

  it('profiles each cargo type by the smallest capacity and fewest compartments of the enabled trailers', () => {
    const profiles = trailerProfiles([
      { enabled: true, maxCargoWeight: 25_000_000, trailerCargoTypes: [{ cargoTypeId: 1, compartmentCount: 10 }] },
      {
        enabled: true,
        maxCargoWeight: 22_000_000,
        trailerCargoTypes: [
          { cargoTypeId: 1, compartmentCount: 12 },
          { cargoTypeId: 2, compartmentCount: 4 },
        ],
      },
      { enabled: false, maxCargoWeight: 1_000, trailerCargoTypes: [{ cargoTypeId: 1, compartmentCount: 1 }] },
      { enabled: true, maxCargoWeight: null, trailerCargoTypes: [{ cargoTypeId: 3, compartmentCount: 6 }] },
    ]);
    expect(profiles).toEqual([
      { cargoTypeId: 1, maxCargoWeightGrams: 22_000_000, compartmentCount: 10 },
      { cargoTypeId: 2, maxCargoWeightGrams: 22_000_000, compartmentCount: 4 },
    ]);
  });
});
