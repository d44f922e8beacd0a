import { type CargoBasis, cargoBasis } from './cargo.ts';
import type { PlanningCard } from './planning/distribution.ts';
import {
  GRAMS_PER_KILOGRAM,
  kilogramsToPounds,
  poundsToKilograms,
  roundTo,
  type UnitSystem,
  type WeightUnit,
  weightInputStep,
  weightUnitToGrams,
} from './units.ts';

/**
 * The create-card rules of production planning (spec 3 "Production card", issue 22), shared by the
 * card form and the server's checks. Stored amounts: `quantity` in units, `metadata.cargo.weight` in
 * grams, `metadata.cargo.averageWeight` in kilograms per unit, `numberOfLoads` a count (what the
 * planner expects; the distribution decides the loads from the trailers).
 */

/** The amount inputs of the form. */
export type CardAmountField = 'quantity' | 'averageWeight' | 'weight' | 'numberOfLoads';

export interface CardAmountRule {
  field: CardAmountField;
  /** Every amount is required, at least 1 in the unit it is entered in. */
  min: 1;
  /** The input's step: 1 for counts, 0.01 for the average weight, the weight unit's precision for weights. */
  step: number;
  /** The unit the user types in: the weight unit, 'lb' or 'kg' for the average weight, null for counts. */
  unit: WeightUnit | 'lb' | 'kg' | null;
}

/** The spec's message key of a location the cargo type or the stop's type does not allow. */
export const INVALID_LOCATION = 'invalidLocation';

/** Why an amount or a location is refused, as the form words it. */
export type CardFieldIssue = 'required' | 'minimum' | 'step' | typeof INVALID_LOCATION;

export const AVERAGE_WEIGHT_STEP = 0.01;
export const NUMBER_OF_LOADS_STEP = 1;
export const QUANTITY_STEP = 1;
export const CARD_AMOUNT_MIN = 1;

/** The average weight is typed per unit in pounds (imperial) or kilograms (metric). */
export function averageWeightUnit(system: UnitSystem): 'lb' | 'kg' {
  return system === 'Imperial' ? 'lb' : 'kg';
}

/**
 * Which amounts a cargo type's card asks for: counted cargo (head, units) a quantity and an average
 * weight; cargo measured by weight its weight and a number of loads. Other fields are not shown.
 */
export function cardAmountRules(cargoTypeId: number, weightUnit: WeightUnit, system: UnitSystem): CardAmountRule[] {
  if (cargoBasis(cargoTypeId) === 'quantity') {
    return [
      { field: 'quantity', min: CARD_AMOUNT_MIN, step: QUANTITY_STEP, unit: null },
      { field: 'averageWeight', min: CARD_AMOUNT_MIN, step: AVERAGE_WEIGHT_STEP, unit: averageWeightUnit(system) },
    ];
  }
  return [
    { field: 'weight', min: CARD_AMOUNT_MIN, step: weightInputStep(weightUnit), unit: weightUnit },
    { field: 'numberOfLoads', min: CARD_AMOUNT_MIN, step: NUMBER_OF_LOADS_STEP, unit: null },
  ];
}

/** A value the user typed against its rule: missing, under 1, or finer than the step. */
export function cardAmountIssue(rule: CardAmountRule, value: number | null | undefined | ''): CardFieldIssue | null {
  if (value === null || value === undefined || value === '' || !Number.isFinite(value)) return 'required';
  if (value < rule.min) return 'minimum';
  const steps = value / rule.step;
  // Tolerance: 0.29 / 0.01 is 28.999999999999996 in binary floating point.
  if (Math.abs(steps - Math.round(steps)) > 1e-6) return 'step';
  return null;
}

/**
 * The average weight as typed (lb or kg per unit) to stored kilograms, to the whole gram (rounding
 * to the input's 0.01 kg would show 550 lb back as 550.01).
 */
export function averageWeightToKilograms(value: number, system: UnitSystem): number {
  return roundTo(system === 'Imperial' ? poundsToKilograms(value) : value, 3);
}

/** Stored kilograms per unit as the average weight input shows it. */
export function averageWeightFromKilograms(kilograms: number, system: UnitSystem): number {
  return roundTo(system === 'Imperial' ? kilogramsToPounds(kilograms) : kilograms, 2);
}

/** The weight as typed in the user's weight unit to stored grams. */
export function cardWeightToGrams(value: number, unit: WeightUnit): number {
  return weightUnitToGrams(value, unit);
}

/** Lot ids are trimmed before sending; one left empty is no lot id. */
export function trimLotId(lotId: string | null | undefined): string | null {
  const trimmed = lotId?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

// ---------------------------------------------------------------------------
// Locations
// ---------------------------------------------------------------------------

/** Where a location chooser puts the location: a card has an origin and a destination; Weigh is a load's scale stop. */
export type CardStopType = 'Origin' | 'Destination' | 'Weigh';

/** The fields of a location (core/contract/reference-lists.ts `locationSchema`) the rules read. */
export interface CardLocation {
  id: number;
  organizationLocationTypeId: number;
  hasScale: boolean;
  enabled: boolean;
  orgSubLocations: readonly { id: number }[];
}

/** The fields of a location type (`locationTypeSchema`) the rules read. */
export interface CardLocationType {
  id: number;
  shipsCargoTypeIds: readonly number[];
  receivesCargoTypeIds: readonly number[];
}

/**
 * May this location be the stop of a card of this cargo type? An origin's location type must ship
 * the cargo type, a destination's receive it; a Weigh stop needs a site with a scale. Disabled
 * locations are never offered.
 */
export function locationAllowed(
  location: CardLocation,
  locationTypes: readonly CardLocationType[],
  cargoTypeId: number,
  stopType: CardStopType,
): boolean {
  if (!location.enabled) return false;
  if (stopType === 'Weigh') return location.hasScale;
  const type = locationTypes.find((candidate) => candidate.id === location.organizationLocationTypeId);
  if (!type) return false;
  const allowed = stopType === 'Origin' ? type.shipsCargoTypeIds : type.receivesCargoTypeIds;
  return allowed.includes(cargoTypeId);
}

/** The choices of a location chooser, in the order given; none until a cargo type is chosen. */
export function locationChoices<Location extends CardLocation>(
  locations: readonly Location[],
  locationTypes: readonly CardLocationType[],
  cargoTypeId: number | null,
  stopType: CardStopType,
): Location[] {
  if (cargoTypeId === null) return [];
  return locations.filter((location) => locationAllowed(location, locationTypes, cargoTypeId, stopType));
}

/**
 * The chosen location and sub-locations of a stop: 'required' when none is chosen, 'invalidLocation'
 * when the location is unknown, not allowed for the cargo type and stop, or a sub-location is not its.
 */
export function cardLocationIssue(
  choice: { locationId: number | null; subLocationIds: readonly number[] },
  locations: readonly CardLocation[],
  locationTypes: readonly CardLocationType[],
  cargoTypeId: number,
  stopType: CardStopType,
): CardFieldIssue | null {
  if (choice.locationId === null) return 'required';
  const location = locations.find((candidate) => candidate.id === choice.locationId);
  if (!location || !locationAllowed(location, locationTypes, cargoTypeId, stopType)) return INVALID_LOCATION;
  const own = new Set(location.orgSubLocations.map((subLocation) => subLocation.id));
  return choice.subLocationIds.every((id) => own.has(id)) ? null : INVALID_LOCATION;
}

// ---------------------------------------------------------------------------
// The form and the payload
// ---------------------------------------------------------------------------

/** The card form's values, as typed (amounts in the user's units, '' while empty). */
export interface CardFormValues {
  cargoTypeId: number | null;
  targetDate: string;
  quantity: number | '';
  averageWeight: number | '';
  weight: number | '';
  numberOfLoads: number | '';
  productionPlan: string;
  lotId: string;
  orderNumber: string;
  originLocationId: number | null;
  originSubLocationIds: number[];
  destinationLocationId: number | null;
  destinationSubLocationIds: number[];
}

/** Changing the cargo type resets both locations (and their sub-locations): they were chosen for the old one. */
export function withCargoType(values: CardFormValues, cargoTypeId: number | null): CardFormValues {
  if (values.cargoTypeId === cargoTypeId) return values;
  return {
    ...values,
    cargoTypeId,
    originLocationId: null,
    originSubLocationIds: [],
    destinationLocationId: null,
    destinationSubLocationIds: [],
  };
}

export interface CardRulesContext {
  weightUnit: WeightUnit;
  unitSystem: UnitSystem;
  locations: readonly CardLocation[];
  locationTypes: readonly CardLocationType[];
}

export type CardFormField = CardAmountField | 'cargoTypeId' | 'targetDate' | 'originLocationId' | 'destinationLocationId';

/** Every refused field of the form with its issue; empty when the card may be created. */
export function cardFormIssues(
  values: CardFormValues,
  context: CardRulesContext,
): Partial<Record<CardFormField, CardFieldIssue>> {
  const issues: Partial<Record<CardFormField, CardFieldIssue>> = {};
  if (!/^\d{4}-\d{2}-\d{2}$/.test(values.targetDate)) issues.targetDate = 'required';
  const { cargoTypeId } = values;
  if (cargoTypeId === null) {
    issues.cargoTypeId = 'required';
    return issues;
  }
  for (const rule of cardAmountRules(cargoTypeId, context.weightUnit, context.unitSystem)) {
    const issue = cardAmountIssue(rule, values[rule.field]);
    if (issue) issues[rule.field] = issue;
  }
  const stops = [
    ['originLocationId', 'Origin', values.originLocationId, values.originSubLocationIds],
    ['destinationLocationId', 'Destination', values.destinationLocationId, values.destinationSubLocationIds],
  ] as const;
  for (const [field, stopType, locationId, subLocationIds] of stops) {
    const issue = cardLocationIssue(
      { locationId, subLocationIds },
      context.locations,
      context.locationTypes,
      cargoTypeId,
      stopType,
    );
    if (issue) issues[field] = issue;
  }
  return issues;
}

/** Spec 3 "Create card payload" (the shape of core/contract/production-cards.ts `productionCardInputSchema`). */
export interface CardPayload {
  cargoTypeId: number;
  quantity: number | null;
  targetDate: string;
  lotId: string | null;
  orderNumber: string | null;
  productionPlan: string | null;
  stops: {
    type: 'Origin' | 'Destination';
    organizationLocationId: number;
    organizationSubLocationIds: number[];
    lotId: string | null;
  }[];
  metadata: { cargo: { averageWeight: number | null; weight: number | null; numberOfLoads: number | null } };
}

function optionalText(value: string): string | null {
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

/**
 * The payload of a valid form (check `cardFormIssues` first): only the basis' amounts, converted —
 * the weight from the user's unit to grams, the average weight to kilograms — and the lot id trimmed.
 */
export function cardPayload(values: CardFormValues, context: Pick<CardRulesContext, 'weightUnit' | 'unitSystem'>): CardPayload {
  const { cargoTypeId, originLocationId, destinationLocationId } = values;
  if (cargoTypeId === null || originLocationId === null || destinationLocationId === null) {
    throw new Error('cardPayload needs a cargo type and both locations (check cardFormIssues first)');
  }
  const amount = (value: number | '') => (value === '' ? null : value);
  const byQuantity = cargoBasis(cargoTypeId) === 'quantity';
  const averageWeight = amount(values.averageWeight);
  const weight = amount(values.weight);
  const lotId = trimLotId(values.lotId);
  return {
    cargoTypeId,
    quantity: byQuantity ? amount(values.quantity) : null,
    targetDate: values.targetDate,
    lotId,
    orderNumber: optionalText(values.orderNumber),
    productionPlan: optionalText(values.productionPlan),
    stops: [
      {
        type: 'Origin',
        organizationLocationId: originLocationId,
        organizationSubLocationIds: values.originSubLocationIds,
        lotId,
      },
      {
        type: 'Destination',
        organizationLocationId: destinationLocationId,
        organizationSubLocationIds: values.destinationSubLocationIds,
        lotId,
      },
    ],
    metadata: {
      cargo: byQuantity
        ? {
            averageWeight: averageWeight === null ? null : averageWeightToKilograms(averageWeight, context.unitSystem),
            weight: null,
            numberOfLoads: null,
          }
        : {
            averageWeight: null,
            weight: weight === null ? null : cardWeightToGrams(weight, context.weightUnit),
            numberOfLoads: amount(values.numberOfLoads),
          },
    },
  };
}

/** The stored amounts the server refuses (it does not know the unit the user typed in, so: above zero, counts whole). */
export function storedAmountIssues(card: {
  cargoTypeId: number;
  quantity: number | null;
  metadata: { cargo: { averageWeight: number | null; weight: number | null; numberOfLoads: number | null } };
}): { field: CardAmountField; issue: CardFieldIssue }[] {
  const { averageWeight, weight, numberOfLoads } = card.metadata.cargo;
  const count = (field: CardAmountField, value: number | null) =>
    value === null
      ? [{ field, issue: 'required' as const }]
      : Number.isInteger(value) && value >= 1
        ? []
        : [{ field, issue: 'minimum' as const }];
  const positive = (field: CardAmountField, value: number | null) =>
    value === null ? [{ field, issue: 'required' as const }] : value > 0 ? [] : [{ field, issue: 'minimum' as const }];
  return cargoBasis(card.cargoTypeId) === 'quantity'
    ? [...count('quantity', card.quantity), ...positive('averageWeight', averageWeight)]
    : [...positive('weight', weight), ...count('numberOfLoads', numberOfLoads)];
}

// ---------------------------------------------------------------------------
// To the distribution
// ---------------------------------------------------------------------------

/** The fields of a stored card (core/contract/production-cards.ts `productionCardSchema`) the distribution reads. */
export interface StoredCard {
  id: number;
  cargoTypeId: number;
  quantity: number | null;
  targetDate: string;
  lotId: string | null;
  orderNumber: string | null;
  productionPlan: string | null;
  stops: readonly {
    type: 'Origin' | 'Destination';
    organizationLocationId: number;
    organizationSubLocationIds: readonly number[];
  }[];
  metadata: { cargo: { averageWeight: number | null; weight: number | null } };
}

/**
 * A stored card as the distribution reads it: counted cargo moves its quantity, weighing quantity ×
 * the average weight in whole grams per unit (so every unit weighs the same whole grams); cargo by
 * weight moves its weight. `basis` defaults to the cargo type's.
 */
export function toPlanningCard(card: StoredCard, basis: CargoBasis = cargoBasis(card.cargoTypeId)): PlanningCard {
  const origin = card.stops.find((stop) => stop.type === 'Origin');
  const destination = card.stops.find((stop) => stop.type === 'Destination');
  const { averageWeight, weight } = card.metadata.cargo;
  const quantity = basis === 'quantity' ? Math.max(0, Math.round(card.quantity ?? 0)) : null;
  const weightGrams =
    quantity === null
      ? Math.max(0, Math.round(weight ?? 0))
      : quantity * Math.max(0, Math.round((averageWeight ?? 0) * GRAMS_PER_KILOGRAM));
  return {
    id: card.id,
    cargoTypeId: card.cargoTypeId,
    basis,
    quantity,
    weightGrams,
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
