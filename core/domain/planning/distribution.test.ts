import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Distribution,
  type DistributionMode,
  distributeCards,
  type PlanningCard,
  type TrailerProfile,
} from './distribution.ts';

const TONNE = 1_000_000;

function card(id: number, fields: Partial<PlanningCard> = {}): PlanningCard {
  return {
    id,
    cargoTypeId: 2,
    basis: 'weight',
    quantity: null,
    weightGrams: 10 * TONNE,
    originLocationId: 1,
    originSubLocationIds: [],
    destinationLocationId: 2,
    destinationSubLocationIds: [],
    lotId: `L${id}`,
    orderNumber: `O${id}`,
    productionPlan: `P${id}`,
    targetDate: '2026-11-30',
    ...fields,
  };
}

const TRAILER_25T: TrailerProfile = { cargoTypeId: 2, maxCargoWeightGrams: 25 * TONNE, compartmentCount: 5 };

/** ceil(Σ ceil(card / compartment) / compartments) per cargo type, computed independently of the implementation. */
function expectedLowerBound(cards: readonly PlanningCard[], profile: TrailerProfile): number {
  const compartmentGrams = Math.floor(profile.maxCargoWeightGrams / profile.compartmentCount);
  const compartments = cards.reduce((sum, item) => {
    if (item.basis === 'weight') return sum + Math.max(1, Math.ceil(item.weightGrams / compartmentGrams));
    const quantity = item.quantity ?? 0;
    const perCompartment = item.weightGrams === 0 ? quantity : Math.floor((compartmentGrams * quantity) / item.weightGrams);
    return sum + Math.max(1, Math.ceil(quantity / perCompartment));
  }, 0);
  return Math.ceil(compartments / profile.compartmentCount);
}

function spread(distribution: Distribution): number {
  const weights = distribution.drafts.map((draft) => draft.weightGrams);
  return Math.max(...weights) - Math.min(...weights);
}

/** The invariants both modes keep, asserted one by one. */
function expectSound(cards: readonly PlanningCard[], profile: TrailerProfile, distribution: Distribution) {
  const compartmentGrams = Math.floor(profile.maxCargoWeightGrams / profile.compartmentCount);
  expect(distribution.unplaced).toEqual([]);
  expect(distribution.drafts.length).toBe(expectedLowerBound(cards, profile));
  expect(distribution.lowerBound).toBe(distribution.drafts.length);
  for (const draft of distribution.drafts) {
    expect(draft.weightGrams).toBeLessThanOrEqual(profile.maxCargoWeightGrams);
    expect(draft.compartmentsUsed).toBeLessThanOrEqual(profile.compartmentCount);
    expect(draft.weightGrams).toBe(draft.parts.reduce((sum, part) => sum + part.weightGrams, 0));
    expect(draft.compartmentsUsed).toBe(draft.parts.reduce((sum, part) => sum + part.compartments, 0));
    for (const part of draft.parts) {
      expect(Number.isInteger(part.weightGrams)).toBe(true);
      expect(part.weightGrams).toBeLessThanOrEqual(part.compartments * compartmentGrams);
    }
    // A card appears once per load: its parts in one load share compartments.
    expect(new Set(draft.parts.map((part) => part.cardId)).size).toBe(draft.parts.length);
  }
  for (const item of cards) {
    const parts = distribution.drafts.flatMap((draft) => draft.parts.filter((part) => part.cardId === item.id));
    expect(parts.length).toBeGreaterThan(0);
    expect(parts.reduce((sum, part) => sum + part.weightGrams, 0)).toBe(item.weightGrams);
    if (item.basis === 'quantity') {
      expect(parts.every((part) => Number.isInteger(part.quantity))).toBe(true);
      expect(parts.reduce((sum, part) => sum + (part.quantity ?? 0), 0)).toBe(item.quantity);
    } else {
      expect(parts.every((part) => part.quantity === null)).toBe(true);
    }
  }
}

const profileArbitrary = fc.record({
  cargoTypeId: fc.constant(2),
  maxCargoWeightGrams: fc.integer({ min: 1_000, max: 40 * TONNE }),
  compartmentCount: fc.integer({ min: 1, max: 12 }),
});

/** Weight cards from a gram to several trailers' worth, scaled to the trailer so every size class occurs. */
const weightDayArbitrary = profileArbitrary.chain((profile) =>
  fc.record({
    profile: fc.constant(profile),
    cards: fc
      .array(
        fc.oneof(
          fc.integer({ min: 1, max: Math.max(1, Math.floor(profile.maxCargoWeightGrams / profile.compartmentCount)) }),
          fc.integer({ min: 1, max: 3 * profile.maxCargoWeightGrams }),
        ),
        { minLength: 1, maxLength: 25 },
      )
      .map((weights) => weights.map((weightGrams, index) => card(index + 1, { weightGrams }))),
  }),
);

/** Quantity cards: head of an average weight a compartment can hold at least one of. */
const quantityDayArbitrary = profileArbitrary
  .filter((profile) => Math.floor(profile.maxCargoWeightGrams / profile.compartmentCount) >= 10)
  .chain((profile) => {
    const compartmentGrams = Math.floor(profile.maxCargoWeightGrams / profile.compartmentCount);
    return fc.record({
      profile: fc.constant({ ...profile, cargoTypeId: 1 }),
      cards: fc
        .array(
          fc.record({
            quantity: fc.integer({ min: 1, max: 80 }),
            averageGrams: fc.integer({ min: 1, max: compartmentGrams }),
          }),
          { minLength: 1, maxLength: 20 },
        )
        .map((specs) =>
          specs.map(({ quantity, averageGrams }, index) =>
            card(index + 1, { cargoTypeId: 1, basis: 'quantity', quantity, weightGrams: quantity * averageGrams }),
          ),
        ),
    });
  });

const MODES: DistributionMode[] = ['greedy', 'equitable'];

describe('distributeCards', () => {
  for (const mode of MODES) {
    it(`${mode}: conserves every card, never exceeds a trailer, uses exactly the lower bound (weight basis)`, () => {
      fc.assert(
        fc.property(weightDayArbitrary, ({ profile, cards }) => {
          expectSound(cards, profile, distributeCards(cards, [profile], mode));
        }),
        { numRuns: 200 },
      );
    });

    it(`${mode}: conserves every card in whole units, never exceeds a trailer, uses exactly the lower bound (quantity basis)`, () => {
      fc.assert(
        fc.property(quantityDayArbitrary, ({ profile, cards }) => {
          expectSound(cards, profile, distributeCards(cards, [profile], mode));
        }),
        { numRuns: 200 },
      );
    });

    it(`${mode}: is deterministic, and parts carry their card's lot id, order number and production plan`, () => {
      fc.assert(
        fc.property(weightDayArbitrary, ({ profile, cards }) => {
          const first = distributeCards(cards, [profile], mode);
          expect(
            distributeCards(
              cards.map((item) => ({ ...item })),
              [{ ...profile }],
              mode,
            ),
          ).toEqual(first);
          const byId = new Map(cards.map((item) => [item.id, item]));
          for (const part of first.drafts.flatMap((draft) => draft.parts)) {
            expect(byId.has(part.cardId)).toBe(true);
          }
        }),
        { numRuns: 100 },
      );
    });
  }

  for (const mode of MODES) {
    it(`${mode}: keeps each cargo type on its own trailer, its drafts holding only its cards`, () => {
      fc.assert(
        fc.property(weightDayArbitrary, quantityDayArbitrary, (feed, cattle) => {
          const cattleCards = cattle.cards.map((item) => ({ ...item, id: item.id + 1_000 }));
          const mixed = [...feed.cards, ...cattleCards];
          const distribution = distributeCards(mixed, [cattle.profile, feed.profile], mode);
          const cargoTypeOf = new Map(mixed.map((item) => [item.id, item.cargoTypeId]));
          for (const draft of distribution.drafts) {
            expect(draft.parts.every((part) => cargoTypeOf.get(part.cardId) === draft.cargoTypeId)).toBe(true);
          }
          expect(distribution.lowerBound).toBe(
            expectedLowerBound(feed.cards, feed.profile) + expectedLowerBound(cattleCards, cattle.profile),
          );
          expect(distribution.drafts).toHaveLength(distribution.lowerBound);
        }),
        { numRuns: 100 },
      );
    });
  }

  it('equitable: the heaviest and lightest loads differ by at most one compartment (weight basis)', () => {
    fc.assert(
      fc.property(weightDayArbitrary, ({ profile, cards }) => {
        const distribution = distributeCards(cards, [profile], 'equitable');
        expect(spread(distribution)).toBeLessThanOrEqual(Math.floor(profile.maxCargoWeightGrams / profile.compartmentCount));
      }),
      { numRuns: 200 },
    );
  });

  it('equitable: the heaviest and lightest loads differ by at most one compartment (quantity basis)', () => {
    fc.assert(
      fc.property(quantityDayArbitrary, ({ profile, cards }) => {
        const distribution = distributeCards(cards, [profile], 'equitable');
        expect(spread(distribution)).toBeLessThanOrEqual(Math.floor(profile.maxCargoWeightGrams / profile.compartmentCount));
      }),
      { numRuns: 200 },
    );
  });

  describe('worked examples', () => {
    // 76 t as four cards on 25 t trailers of five 5 t compartments: 16 compartments, so 4 loads.
    const cards = [20, 20, 20, 16].map((tonnes, index) => card(index + 1, { weightGrams: tonnes * TONNE }));

    it('greedy fills each load to the trailer in card order and leaves a nearly empty last load', () => {
      const distribution = distributeCards(cards, [TRAILER_25T], 'greedy');
      expect(distribution.drafts.map((draft) => draft.weightGrams / TONNE)).toEqual([25, 25, 25, 1]);
      expect(distribution.drafts[0]?.parts).toEqual([
        { cardId: 1, compartments: 4, quantity: null, weightGrams: 20 * TONNE },
        { cardId: 2, compartments: 1, quantity: null, weightGrams: 5 * TONNE },
      ]);
      expect(spread(distribution)).toBe(24 * TONNE);
    });

    it('equitable spreads the same cards evenly over the same number of loads', () => {
      const distribution = distributeCards(cards, [TRAILER_25T], 'equitable');
      expect(distribution.lowerBound).toBe(4);
      expect(distribution.drafts.map((draft) => draft.weightGrams / TONNE)).toEqual([19, 19, 19, 19]);
      expect(distribution.drafts.every((draft) => draft.compartmentsUsed <= 5)).toBe(true);
    });

    it('equitable evens weights to the gram when the cards allow', () => {
      const odd = [7_000_001, 13_000_000, 9_999_999, 3].map((weightGrams, index) => card(index + 1, { weightGrams }));
      const distribution = distributeCards(odd, [TRAILER_25T], 'equitable');
      expect(distribution.drafts).toHaveLength(2);
      expect(spread(distribution)).toBeLessThanOrEqual(1);
    });

    it('splits a quantity card in whole head, weight following the head', () => {
      // 130 head of 250 kg: 20 head per 5 t compartment, 7 compartments, 2 loads.
      const cattle = [card(1, { cargoTypeId: 1, basis: 'quantity', quantity: 130, weightGrams: 130 * 250_000 })];
      const trailer = { ...TRAILER_25T, cargoTypeId: 1 };
      const greedy = distributeCards(cattle, [trailer], 'greedy');
      expect(greedy.drafts.map((draft) => draft.parts[0]?.quantity)).toEqual([100, 30]);
      const equitable = distributeCards(cattle, [trailer], 'equitable');
      expect(equitable.drafts.map((draft) => draft.parts[0]?.quantity)).toEqual([65, 65]);
      expect(equitable.drafts.map((draft) => draft.weightGrams)).toEqual([65 * 250_000, 65 * 250_000]);
    });

    it('equitable evens counted cargo to the head', () => {
      const cattle = [
        card(1, { cargoTypeId: 1, basis: 'quantity', quantity: 101, weightGrams: 101 * 250_000 }),
        card(2, { cargoTypeId: 1, basis: 'quantity', quantity: 30, weightGrams: 30 * 250_000 }),
      ];
      const distribution = distributeCards(cattle, [{ ...TRAILER_25T, cargoTypeId: 1 }], 'equitable');
      const heads = distribution.drafts.map((draft) => draft.parts.reduce((sum, part) => sum + (part.quantity ?? 0), 0));
      expect(heads.toSorted()).toEqual([65, 66]);
    });

    it('keeps each cargo type on its own trailer profile and sums the lower bounds', () => {
      const mixed = [
        card(1, { weightGrams: 30 * TONNE }),
        card(2, { cargoTypeId: 9, weightGrams: 12 * TONNE }),
        card(3, { weightGrams: 4 * TONNE }),
      ];
      const distribution = distributeCards(
        mixed,
        [TRAILER_25T, { cargoTypeId: 9, maxCargoWeightGrams: 10 * TONNE, compartmentCount: 2 }],
        'greedy',
      );
      expect(distribution.lowerBound).toBe(2 + 2);
      expect(distribution.drafts.map((draft) => [draft.cargoTypeId, draft.weightGrams / TONNE])).toEqual([
        [2, 25],
        [2, 9],
        [9, 10],
        [9, 2],
      ]);
    });

    it('returns the cards it cannot place with their reason', () => {
      const distribution = distributeCards(
        [
          card(1, { cargoTypeId: 30 }),
          card(2, { cargoTypeId: 31 }),
          card(3, { cargoTypeId: 32 }),
          card(4, { cargoTypeId: 1, basis: 'quantity', quantity: 2, weightGrams: 12 * TONNE }),
          card(5),
        ],
        [
          { cargoTypeId: 31, maxCargoWeightGrams: 25 * TONNE, compartmentCount: 0 },
          { cargoTypeId: 32, maxCargoWeightGrams: 0, compartmentCount: 4 },
          { ...TRAILER_25T, cargoTypeId: 1 },
          TRAILER_25T,
        ],
        'equitable',
      );
      expect(distribution.unplaced).toEqual([
        { cardId: 1, reason: 'noTrailer' },
        { cardId: 2, reason: 'compartments' },
        { cardId: 3, reason: 'capacity' },
        // One head of 6 t fits no 5 t compartment: a head is never cut.
        { cardId: 4, reason: 'capacity' },
      ]);
      expect(distribution.drafts.map((draft) => draft.parts.map((part) => part.cardId))).toEqual([[5]]);
      expect(distribution.lowerBound).toBe(1);
    });
  });
});
