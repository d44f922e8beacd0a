import type { ProductionCardInput } from '#core/contract/production-cards';
import { poundsToKilograms, type UnitSystem, type WeightUnit, weightUnitToGrams } from '#core/domain/units';
import type { FieldError } from '#src/ui/form-fields.ts';

/** The create-card form's values as the inputs hold them (numbers empty while nothing is typed). */
export interface CardFormValues {
  cargoTypeId: string | null;
  targetDate: string | null;
  /** Quantity basis: units, and their average weight in the user's system (kg or lb). */
  quantity: number | '';
  averageWeight: number | '';
  /** Weight basis: the total in the user's weight unit, and over how many loads. */
  weight: number | '';
  numberOfLoads: number | '';
  productionPlan: string;
  lotId: string;
  orderNumber: string;
  originId: string | null;
  originSubLocationIds: string[];
  destinationId: string | null;
  destinationSubLocationIds: string[];
}

export function blankCardValues(cargoTypeId: number | null, targetDate: string): CardFormValues {
  return {
    cargoTypeId: cargoTypeId === null ? null : String(cargoTypeId),
    targetDate,
    quantity: '',
    averageWeight: '',
    weight: '',
    numberOfLoads: '',
    productionPlan: '',
    lotId: '',
    orderNumber: '',
    originId: null,
    originSubLocationIds: [],
    destinationId: null,
    destinationSubLocationIds: [],
  };
}

/** Spec 3: changing the cargo type resets both locations (and their sub-locations). */
export function withCargoType(values: CardFormValues, cargoTypeId: string | null): CardFormValues {
  if (cargoTypeId === values.cargoTypeId) return values;
  return { ...values, cargoTypeId, originId: null, originSubLocationIds: [], destinationId: null, destinationSubLocationIds: [] };
}

export type CardFormErrors = Partial<Record<keyof CardFormValues, FieldError>>;

const REQUIRED: FieldError = { key: 'form.errors.required' };
const MINIMUM: FieldError = { key: 'form.errors.minimum', values: { minimum: 1 } };
const INVALID_LOCATION: FieldError = { key: 'form.errors.invalidLocation' };

function amountError(value: number | '', whole: boolean): FieldError | undefined {
  if (value === '') return REQUIRED;
  if (value < 1) return MINIMUM;
  if (whole && !Number.isInteger(value)) return { key: 'form.errors.whole' };
  return undefined;
}

/**
 * Spec 3 §5: the amounts of the cargo type's basis required, minimum 1 (number of loads whole), the
 * cargo type, the day and both locations required, a location outside the choices offered 'invalidLocation'.
 */
export function cardFormErrors(
  values: CardFormValues,
  basis: 'weight' | 'quantity' | null,
  allowed: { origins: ReadonlySet<string>; destinations: ReadonlySet<string> },
): CardFormErrors {
  const location = (id: string | null, choices: ReadonlySet<string>) =>
    id === null ? REQUIRED : choices.has(id) ? undefined : INVALID_LOCATION;
  return {
    cargoTypeId: values.cargoTypeId === null ? REQUIRED : undefined,
    targetDate: values.targetDate ? undefined : REQUIRED,
    quantity: basis === 'quantity' ? amountError(values.quantity, true) : undefined,
    averageWeight: basis === 'quantity' ? amountError(values.averageWeight, false) : undefined,
    weight: basis === 'weight' ? amountError(values.weight, false) : undefined,
    numberOfLoads: basis === 'weight' ? amountError(values.numberOfLoads, true) : undefined,
    originId: location(values.originId, allowed.origins),
    destinationId: location(values.destinationId, allowed.destinations),
  };
}

const textOrNull = (text: string) => (text.trim() === '' ? null : text.trim());
const numberOrNull = (value: number | '') => (value === '' ? null : value);

/**
 * The create payload (spec 3): the lot id trimmed, the weight in grams from the user's unit, the
 * average weight in kilograms from pounds when the user works in imperial.
 */
export function cardInput(
  values: CardFormValues,
  basis: 'weight' | 'quantity',
  units: { system: UnitSystem; weightUnit: WeightUnit },
): ProductionCardInput {
  const lotId = textOrNull(values.lotId);
  const average = numberOrNull(values.averageWeight);
  const weight = numberOrNull(values.weight);
  const stop = (type: 'Origin' | 'Destination', id: string | null, subIds: string[]) => ({
    type,
    organizationLocationId: Number(id),
    organizationSubLocationIds: subIds.map(Number),
    lotId,
  });
  return {
    cargoTypeId: Number(values.cargoTypeId),
    quantity: basis === 'quantity' ? numberOrNull(values.quantity) : null,
    targetDate: values.targetDate ?? '',
    lotId,
    orderNumber: textOrNull(values.orderNumber),
    productionPlan: textOrNull(values.productionPlan),
    stops: [
      stop('Origin', values.originId, values.originSubLocationIds),
      stop('Destination', values.destinationId, values.destinationSubLocationIds),
    ],
    metadata: {
      cargo:
        basis === 'quantity'
          ? {
              averageWeight:
                average === null
                  ? null
                  : Math.round((units.system === 'Imperial' ? poundsToKilograms(average) : average) * 100) / 100,
            }
          : {
              weight: weight === null ? null : weightUnitToGrams(weight, units.weightUnit),
              numberOfLoads: numberOrNull(values.numberOfLoads),
            },
    },
  };
}
