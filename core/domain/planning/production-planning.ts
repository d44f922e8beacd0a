import type { ProductionCard } from '#core/contract/production-cards';
import type { PlannedDraft, TrailerProfile } from './distribution.ts';

/**
 * Production planning's inputs and outputs around the distribution (distribution.ts): a card as the
 * distribution reads it, the trailer profile of each cargo type, and a planned draft as the stops of
 * a draft load. The planner worker's preview and the server's generation both use these.
 */

/** A card as the distribution reads it: the card rules' own (core/domain/production-cards.ts), named here for the planner. */
export { toPlanningCard as planningCardOf } from '#core/domain/production-cards';

/** What a trailer says about the cargo it carries (the trailer row of the mirror or the table). */
export interface ProfiledTrailer {
  enabled: boolean;
  /** Grams; a trailer without it has no known capacity and shapes no profile. */
  maxCargoWeight: number | null;
  trailerCargoTypes: readonly { cargoTypeId: number; compartmentCount: number }[];
}

/**
 * The profile of each cargo type: the smallest capacity and the fewest compartments among the
 * enabled trailers carrying it, so every draft fits whichever of them is chosen. A cargo type no
 * such trailer carries has no profile (its cards are unplaced, 'noTrailer').
 */
export function trailerProfilesOf(trailers: readonly ProfiledTrailer[], cargoTypeIds: readonly number[]): TrailerProfile[] {
  return [...new Set(cargoTypeIds)].flatMap((cargoTypeId) => {
    const carrying = trailers.flatMap((trailer) => {
      const carried = trailer.trailerCargoTypes.find((entry) => entry.cargoTypeId === cargoTypeId);
      if (!trailer.enabled || !carried || trailer.maxCargoWeight === null || trailer.maxCargoWeight <= 0) return [];
      return [{ grams: trailer.maxCargoWeight, compartments: carried.compartmentCount }];
    });
    if (!carrying.length) return [];
    return [
      {
        cargoTypeId,
        maxCargoWeightGrams: Math.min(...carrying.map((trailer) => trailer.grams)),
        compartmentCount: Math.min(...carrying.map((trailer) => trailer.compartments)),
      },
    ];
  });
}

/** A stop of a draft load as production planning writes it (the fields of the load's stop input it sets). */
export interface DraftStop {
  sequence: number;
  type: 'Origin' | 'Destination';
  organizationLocationId: number;
  organizationSubLocationIds: number[];
  cargoTypeId: number;
  lotId: string | null;
  orderNumber: string | null;
  productionPlan: string | null;
  quantity: number | null;
  weight: number;
  /** The card the part comes from and the compartments it fills (for the diagram and for tracing). */
  metadata: { productionCardId: number; compartments: number };
}

/**
 * The stops of one planned draft: each part's pickup at its card's origin, in part order, then each
 * part's drop at its card's destination. The card's lot id (the stop's own when the card names one
 * per stop), order number, production plan, cargo type and the part's amount follow onto both.
 */
export function draftStopsOf(draft: PlannedDraft, cardsById: ReadonlyMap<number, ProductionCard>): DraftStop[] {
  const stopsOf = (type: 'Origin' | 'Destination', offset: number) =>
    draft.parts.map((part, index): DraftStop => {
      const card = cardsById.get(part.cardId);
      if (!card) throw new Error(`draft part names card ${part.cardId}, which was not given`);
      const stop = card.stops.find((candidate) => candidate.type === type);
      if (!stop) throw new Error(`card ${card.id} has no ${type} stop`);
      return {
        sequence: offset + index + 1,
        type,
        organizationLocationId: stop.organizationLocationId,
        organizationSubLocationIds: stop.organizationSubLocationIds,
        cargoTypeId: card.cargoTypeId,
        lotId: stop.lotId ?? card.lotId,
        orderNumber: card.orderNumber,
        productionPlan: card.productionPlan,
        quantity: part.quantity,
        weight: part.weightGrams,
        metadata: { productionCardId: card.id, compartments: part.compartments },
      };
    });
  return [...stopsOf('Origin', 0), ...stopsOf('Destination', draft.parts.length)];
}
