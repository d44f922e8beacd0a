import { describe, expect, it } from 'vitest';
import type { ProductionCard } from '#core/contract/production-cards';
import { draftStopsOf, trailerProfilesOf } from './production-planning.ts';

const trailer = (maxCargoWeight: number | null, compartments: Record<number, number>, enabled = true) => ({
  enabled,
  maxCargoWeight,
  trailerCargoTypes: Object.entries(compartments).map(([cargoTypeId, compartmentCount]) => ({
    cargoTypeId: Number(cargoTypeId),
    compartmentCount,
  })),
});

describe('trailerProfilesOf', () => {
  it('takes the smallest capacity and the fewest compartments among the enabled trailers carrying each cargo type', () => {
    const trailers = [
      trailer(25_000_000, { 27: 8, 1: 1 }),
      trailer(22_000_000, { 27: 10 }),
      // Disabled, or without a known capacity: shapes no profile.
      trailer(10_000_000, { 27: 2 }, false),
      trailer(null, { 27: 1 }),
    ];
    expect(trailerProfilesOf(trailers, [27, 1, 27])).toEqual([
      { cargoTypeId: 27, maxCargoWeightGrams: 22_000_000, compartmentCount: 8 },
      { cargoTypeId: 1, maxCargoWeightGrams: 25_000_000, compartmentCount: 1 },
    ]);
  });

  it('gives no profile to a cargo type no enabled trailer carries', () => {
    expect(trailerProfilesOf([trailer(25_000_000, { 27: 8 })], [33])).toEqual([]);
  });
});

const card = (id: number, overrides: Partial<ProductionCard> = {}): ProductionCard => ({
  id,
  organizationId: 1,
  guid: `00000000-0000-4000-8000-00000000000${id}`,
  cargoTypeId: 27,
  quantity: null,
  targetDate: '2026-11-24',
  lotId: `LOT-${id}`,
  orderNumber: `PF-${id}`,
  productionPlan: `Plan ${id}`,
  stops: [
    { type: 'Origin', organizationLocationId: 10 + id, organizationSubLocationIds: [100 + id], lotId: null },
    { type: 'Destination', organizationLocationId: 20 + id, organizationSubLocationIds: [], lotId: null },
  ],
  metadata: { cargo: { averageWeight: null, weight: 30_000_000, numberOfLoads: 1, salmonellaResult: null } },
  orderGroupGuid: null,
  version: 1,
  ...overrides,
});

describe('draftStopsOf', () => {
  it('picks each part up at its card’s origin, then drops each at its destination, with the card’s lot id, order number and plan', () => {
    const cards = new Map([
      [1, card(1)],
      [
        2,
        card(2, {
          stops: [
            card(2).stops[0] as ProductionCard['stops'][number],
            { ...(card(2).stops[1] as ProductionCard['stops'][number]), lotId: 'BIN-7' },
          ],
        }),
      ],
    ]);
    const stops = draftStopsOf(
      {
        cargoTypeId: 27,
        weightGrams: 22_000_000,
        compartmentsUsed: 8,
        parts: [
          { cardId: 1, compartments: 5, quantity: null, weightGrams: 14_000_000 },
          { cardId: 2, compartments: 3, quantity: null, weightGrams: 8_000_000 },
        ],
      },
      cards,
    );
    expect(stops.map((stop) => [stop.sequence, stop.type, stop.organizationLocationId, stop.weight])).toEqual([
      [1, 'Origin', 11, 14_000_000],
      [2, 'Origin', 12, 8_000_000],
      [3, 'Destination', 21, 14_000_000],
      [4, 'Destination', 22, 8_000_000],
    ]);
    expect(stops[0]).toMatchObject({
      organizationSubLocationIds: [101],
      cargoTypeId: 27,
      lotId: 'LOT-1',
      orderNumber: 'PF-1',
      productionPlan: 'Plan 1',
      metadata: { productionCardId: 1, compartments: 5 },
    });
    // A stop's own lot id wins over the card's.
    expect(stops[3]?.lotId).toBe('BIN-7');
    expect(stops[1]?.lotId).toBe('LOT-2');
  });

  it('refuses a part of a card it was not given', () => {
    expect(() =>
      draftStopsOf(
        {
          cargoTypeId: 27,
          weightGrams: 1,
          compartmentsUsed: 1,
          parts: [{ cardId: 9, compartments: 1, quantity: null, weightGrams: 1 }],
        },
        new Map(),
      ),
    ).toThrow(/card 9/);
  });
});
