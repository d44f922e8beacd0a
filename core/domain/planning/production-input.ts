import type { PlanningCard, TrailerProfile } from './distribution.ts';

/**
 * What the distribution reads of production cards and trailers (issue 22), shared by the planner
 * worker's preview and the server's generation so both distribute the same numbers.
 */

/** The fields of a production card (core/contract/production-cards.ts) the distribution needs. */
export interface ProductionCardAmounts {
  id: number;
  cargoTypeId: number;
  quantity: number | null;
  targetDate: string;
  lotId: string | null;
  orderNumber: string | null;
  productionPlan: string | null;
  stops: readonly { organizationLocationId: number; organizationSubLocationIds: readonly number[] }[];
  metadata: { cargo: { weight: number | null; averageWeight: number | null } };
}

/**
 * A card as the distribution reads it: by quantity (units, and their weight from the average weight
 * in kilograms per unit) or by weight (grams), as its cargo type is measured.
 */
export function planningCardOf(card: ProductionCardAmounts, basis: 'weight' | 'quantity'): PlanningCard {
  const [origin, destination] = card.stops;
  const { weight, averageWeight } = card.metadata.cargo;
  const quantity = basis === 'quantity' ? (card.quantity ?? 0) : null;
  return {
    id: card.id,
    cargoTypeId: card.cargoTypeId,
    basis,
    quantity,
    weightGrams: quantity !== null ? Math.round(quantity * (averageWeight ?? 0) * 1000) : Math.round(weight ?? 0),
    originLocationId: origin?.organizationLocationId ?? 0,
    originSubLocationIds: [...(origin?.organizationSubLocationIds ?? [])],
    destinationLocationId: destination?.organizationLocationId ?? 0,
    destinationSubLocationIds: [...(destination?.organizationSubLocationIds ?? [])],
    lotId: card.lotId,
    orderNumber: card.orderNumber,
    productionPlan: card.productionPlan,
    targetDate: card.targetDate,
  };
}

/** The fields of a trailer (core/contract/reference-lists.ts) a profile reads. */
export interface ProfileTrailer {
  enabled: boolean;
  /** Grams; a trailer without one cannot be planned on. */
  maxCargoWeight: number | null;
  trailerCargoTypes: readonly { cargoTypeId: number; compartmentCount: number }[];
}

/**
 * One profile per cargo type the enabled trailers carry: the smallest capacity and the fewest
 * compartments among them, so every draft fits whichever of those trailers is scheduled.
 */
export function trailerProfiles(trailers: readonly ProfileTrailer[]): TrailerProfile[] {
  const profiles = new Map<number, TrailerProfile>();
  for (const trailer of trailers) {
    if (!trailer.enabled || trailer.maxCargoWeight === null || trailer.maxCargoWeight <= 0) continue;
    for (const { cargoTypeId, compartmentCount } of trailer.trailerCargoTypes) {
      if (compartmentCount < 1) continue;
      const known = profiles.get(cargoTypeId);
      profiles.set(cargoTypeId, {
        cargoTypeId,
        maxCargoWeightGrams: Math.min(known?.maxCargoWeightGrams ?? Number.POSITIVE_INFINITY, trailer.maxCargoWeight),
        compartmentCount: Math.min(known?.compartmentCount ?? Number.POSITIVE_INFINITY, compartmentCount),
      });
    }
  }
  return [...profiles.values()].sort((a, b) => a.cargoTypeId - b.cargoTypeId);
}
