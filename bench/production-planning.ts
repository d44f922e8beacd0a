import {
  type Distribution,
  type DistributionMode,
  distributeCards,
  type PlanningCard,
  type TrailerProfile,
} from '#core/domain/planning/distribution';
import { medianAndP90 } from './stats.ts';

/**
 * Production planning's distribution in Node (issue 22): the preview's computation for 500 cards,
 * and its quality over 1,000 generated days of 30–60 cards — loads used against the lower bound
 * (goal: equal every day, both modes) and the equitable spread, heaviest minus lightest load of a
 * cargo type on a day, in compartments (goal ≤ 1 every day). Seeded, so every run sees the same days.
 */

const PREVIEW_CARDS = 500;
const RUNS = 9;
const DAYS = 1_000;
const FEED = 2;
const CATTLE = 1;
/** A feed trailer of 24.9 t in 8 compartments and a cattle trailer of 22.7 t in 4 decks. */
const PROFILES: TrailerProfile[] = [
  { cargoTypeId: FEED, maxCargoWeightGrams: 24_900_000, compartmentCount: 8 },
  { cargoTypeId: CATTLE, maxCargoWeightGrams: 22_700_000, compartmentCount: 4 },
];

/** Mulberry32: small, fast and good enough to generate test days reproducibly. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = state;
    mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function between(random: () => number, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

/** Four cards in five are feed (0.5–40 t, to the kilogram), the rest cattle (5–150 head of 200–650 kg). */
function generatedCard(random: () => number, id: number, targetDate: string): PlanningCard {
  const common = {
    id,
    originLocationId: 1 + (id % 3),
    originSubLocationIds: [],
    destinationLocationId: 10 + (id % 40),
    destinationSubLocationIds: [],
    lotId: `LOT-${id}`,
    orderNumber: `PO-${id}`,
    productionPlan: `Ration ${id % 7}`,
    targetDate,
  };
  if (random() < 0.8) {
    return { ...common, cargoTypeId: FEED, basis: 'weight', quantity: null, weightGrams: between(random, 500, 40_000) * 1000 };
  }
  const quantity = between(random, 5, 150);
  return {
    ...common,
    cargoTypeId: CATTLE,
    basis: 'quantity',
    quantity,
    weightGrams: quantity * between(random, 200, 650) * 1000,
  };
}

function generatedDays(): PlanningCard[][] {
  const random = seededRandom(22);
  let id = 0;
  return Array.from({ length: DAYS }, (_, day) => {
    const date = new Date(Date.UTC(2026, 0, 1 + day)).toISOString().slice(0, 10);
    return Array.from({ length: between(random, 30, 60) }, () => generatedCard(random, ++id, date));
  });
}

/** Heaviest minus lightest draft of each cargo type, in that type's compartments; the largest of them. */
function spreadInCompartments(distribution: Distribution): number {
  let largest = 0;
  for (const profile of PROFILES) {
    const weights = distribution.drafts
      .filter((draft) => draft.cargoTypeId === profile.cargoTypeId)
      .map((draft) => draft.weightGrams);
    if (weights.length < 2) continue;
    const compartmentGrams = Math.floor(profile.maxCargoWeightGrams / profile.compartmentCount);
    largest = Math.max(largest, (Math.max(...weights) - Math.min(...weights)) / compartmentGrams);
  }
  return largest;
}

function dayFigures(days: readonly PlanningCard[][], mode: DistributionMode) {
  let loads = 0;
  let lowerBound = 0;
  let daysAtLowerBound = 0;
  let daysWithinOneCompartment = 0;
  let maxSpreadCompartments = 0;
  let unplaced = 0;
  for (const cards of days) {
    const distribution = distributeCards(cards, PROFILES, mode);
    loads += distribution.drafts.length;
    lowerBound += distribution.lowerBound;
    unplaced += distribution.unplaced.length;
    if (distribution.drafts.length === distribution.lowerBound) daysAtLowerBound++;
    const spread = spreadInCompartments(distribution);
    if (spread <= 1) daysWithinOneCompartment++;
    maxSpreadCompartments = Math.max(maxSpreadCompartments, spread);
  }
  return {
    loads,
    lowerBound,
    daysAtLowerBound,
    unplaced,
    daysWithinOneCompartment,
    maxSpreadCompartments: Math.round(maxSpreadCompartments * 1000) / 1000,
  };
}

function previewFigures(cards: readonly PlanningCard[], mode: DistributionMode) {
  distributeCards(cards, PROFILES, mode);
  const samples: number[] = [];
  let drafts = 0;
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    drafts = distributeCards(cards, PROFILES, mode).drafts.length;
    samples.push(performance.now() - started);
  }
  const { median, p90 } = medianAndP90(samples);
  return { drafts, medianMs: median, p90Ms: p90 };
}

export function measureProductionPlanning() {
  const days = generatedDays();
  const random = seededRandom(500);
  const previewCards = Array.from({ length: PREVIEW_CARDS }, (_, index) => generatedCard(random, index + 1, '2026-11-30'));
  return {
    preview: {
      cards: PREVIEW_CARDS,
      runs: RUNS,
      greedy: previewFigures(previewCards, 'greedy'),
      equitable: previewFigures(previewCards, 'equitable'),
    },
    days: {
      days: DAYS,
      cards: days.reduce((sum, cards) => sum + cards.length, 0),
      greedy: dayFigures(days, 'greedy'),
      equitable: dayFigures(days, 'equitable'),
    },
  };
}
