/**
 * Production planning: production cards distributed into draft loads that fit the trailers
 * (issue 22, spec 3). Run by the planner worker for the preview and by the server before it writes.
 */

export const DISTRIBUTION_MODES = ['greedy', 'equitable'] as const;
export type DistributionMode = (typeof DISTRIBUTION_MODES)[number];
/** What a card asks to move; amounts are integers in the basis unit (grams for weight basis, head/units for quantity basis). */
export interface PlanningCard {
  id: number;
  cargoTypeId: number;
  basis: 'weight' | 'quantity';
  /** Quantity basis: units to move. */
  quantity: number | null;
  /** Total weight (quantity basis: quantity × average weight). */
  weightGrams: number;
  originLocationId: number;
  originSubLocationIds: number[];
  destinationLocationId: number;
  destinationSubLocationIds: number[];
  lotId: string | null;
  orderNumber: string | null;
  productionPlan: string | null;
  /** YYYY-MM-DD */
  targetDate: string;
}
/** The most restrictive enabled trailer carrying the cargo type, so every draft fits any of them. */
export interface TrailerProfile {
  cargoTypeId: number;
  maxCargoWeightGrams: number;
  compartmentCount: number;
}
export interface PlannedPart {
  cardId: number;
  compartments: number;
  quantity: number | null;
  weightGrams: number;
}
export interface PlannedDraft {
  cargoTypeId: number;
  parts: PlannedPart[];
  weightGrams: number;
  compartmentsUsed: number;
}
export type UnplacedReason = 'capacity' | 'compartments' | 'noTrailer';
export interface Distribution {
  drafts: PlannedDraft[];
  unplaced: { cardId: number; reason: UnplacedReason }[];
  lowerBound: number;
}

/** Placeholder body (the seam first): each card in full compartments, loads filled in card order. */
export function distributeCards(
  cards: readonly PlanningCard[],
  profiles: readonly TrailerProfile[],
  _mode: DistributionMode,
): Distribution {
  const drafts: PlannedDraft[] = [];
  const unplaced: Distribution['unplaced'] = [];
  let lowerBound = 0;
  const cargoTypeIds = [...new Set(cards.map((card) => card.cargoTypeId))];
  for (const cargoTypeId of cargoTypeIds) {
    const ofType = cards.filter((card) => card.cargoTypeId === cargoTypeId);
    const profile = profiles.find((candidate) => candidate.cargoTypeId === cargoTypeId);
    if (!profile) {
      for (const card of ofType) unplaced.push({ cardId: card.id, reason: 'noTrailer' });
      continue;
    }
    if (profile.compartmentCount < 1) {
      for (const card of ofType) unplaced.push({ cardId: card.id, reason: 'compartments' });
      continue;
    }
    const compartmentGrams = Math.floor(profile.maxCargoWeightGrams / profile.compartmentCount);
    let slots = 0;
    let current: PlannedDraft | null = null;
    for (const card of ofType) {
      const unitGrams = card.basis === 'quantity' && card.quantity ? card.weightGrams / card.quantity : 1;
      const perCompartment =
        card.basis === 'quantity' ? Math.floor(compartmentGrams / Math.max(unitGrams, 1e-9)) : compartmentGrams;
      if (perCompartment < 1) {
        unplaced.push({ cardId: card.id, reason: 'capacity' });
        continue;
      }
      const amount = card.basis === 'quantity' ? (card.quantity ?? 0) : card.weightGrams;
      let left = amount;
      let placedGrams = 0;
      let placedAmount = 0;
      do {
        if (!current || current.compartmentsUsed === profile.compartmentCount) {
          current = { cargoTypeId, parts: [], weightGrams: 0, compartmentsUsed: 0 };
          drafts.push(current);
        }
        const compartments = Math.min(
          profile.compartmentCount - current.compartmentsUsed,
          Math.max(1, Math.ceil(left / perCompartment)),
        );
        const take = Math.min(left, compartments * perCompartment);
        placedAmount += take;
        const weightGrams =
          card.basis === 'quantity' ? Math.floor((card.weightGrams * placedAmount) / amount) - placedGrams : take;
        placedGrams += weightGrams;
        current.parts.push({ cardId: card.id, compartments, quantity: card.basis === 'quantity' ? take : null, weightGrams });
        current.weightGrams += weightGrams;
        current.compartmentsUsed += compartments;
        slots += compartments;
        left -= take;
      } while (left > 0);
    }
    lowerBound += Math.ceil(slots / profile.compartmentCount);
  }
  return { drafts, unplaced, lowerBound };
}
