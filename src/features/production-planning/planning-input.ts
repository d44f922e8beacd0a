import type { ProductionCard } from '#core/contract/production-cards';
import type { PlanningCard, TrailerProfile } from '#core/domain/planning/distribution';

/**
 * What goes to the planner worker for the preview: the cards as the distribution reads them and the
 * trailer profile of each cargo type. Only these fields are structured-cloned, not whole rows.
 */
export function planningCardOf(card: ProductionCard, basis: 'weight' | 'quantity'): PlanningCard {
  const [origin, destination] = card.stops;
  const { weight, averageWeight } = card.metadata.cargo;
  const quantity = basis === 'quantity' ? (card.quantity ?? 0) : null;
  return {
    id: card.id,
    cargoTypeId: card.cargoTypeId,
    basis,
    quantity,
    // The average weight is kilograms per unit; the distribution counts whole grams.
    weightGrams: quantity !== null ? Math.round(quantity * (averageWeight ?? 0) * 1000) : Math.round(weight ?? 0),
    originLocationId: origin?.organizationLocationId ?? 0,
    originSubLocationIds: origin?.organizationSubLocationIds ?? [],
    destinationLocationId: destination?.organizationLocationId ?? 0,
    destinationSubLocationIds: destination?.organizationSubLocationIds ?? [],
    lotId: card.lotId,
    orderNumber: card.orderNumber,
    productionPlan: card.productionPlan,
    targetDate: card.targetDate,
  };
}
