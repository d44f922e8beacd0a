import type { Customer, CustomerInput, Tractor, TractorInput, Trailer, TrailerInput } from '#core/contract/master-data';
import {
  firstDuplicateCargoType,
  isValidCompartmentCount,
  isValidEquipmentWeight,
  isValidMaxCargoWeight,
  isValidVin,
  withCargoType,
} from '#core/domain/master-data/index';
import { gramsToDisplayWeight, type WeightUnit, weightUnitToGrams } from '#core/domain/units';
import type { FieldError } from '#src/ui/form-fields.ts';

/**
 * The administration forms' values, their errors and the bodies they send, as pure functions over
 * the domain rules (core/domain/master-data): what the form refuses is what the server refuses.
 * Weights are typed in the user's unit and sent in grams.
 */

/** A number input's value: empty while nothing is typed. */
export type NumberField = number | '';

/**
 * An error (FieldError) names its translation key (namespace administration) and what it interpolates. The keys,
 * for the extractor: t('administration:errors.nameRequired'), t('administration:errors.invalidVin'),
 * t('administration:errors.weightNotNegative'), t('administration:errors.maxCargoWeightRequired'),
 * t('administration:errors.maxCargoWeightMinimum'), t('administration:errors.compartmentCount'),
 * t('administration:errors.duplicateCargoType'), t('administration:errors.customerNameRequired'),
 * t('administration:errors.descriptionRequired'), t('administration:errors.beginRequired'),
 * t('administration:errors.weekdayRequired'), t('administration:errors.durationRequired').
 */
export type FormErrors<Field extends string> = Partial<Record<Field, FieldError>>;

/** Any field (or, for trailers, any cargo-type row) in error. */
export function hasErrors(errors: object): boolean {
  return Object.values(errors).some((error) => error !== undefined);
}

const textOrNull = (value: string) => (value.trim() === '' ? null : value.trim());
const weightField = (grams: number | null, unit: WeightUnit): NumberField =>
  grams === null ? '' : gramsToDisplayWeight(grams, unit);
const gramsOf = (value: NumberField, unit: WeightUnit) => (value === '' ? null : weightUnitToGrams(value, unit));

/** Equipment fields both tractors and trailers have. */
interface EquipmentValues {
  userDisplayName: string;
  vinNumber: string;
  licensePlate: string;
  enabled: boolean;
  contract: boolean;
  weight: NumberField;
}

type EquipmentField = keyof EquipmentValues;

function equipmentErrors(values: EquipmentValues, unit: WeightUnit): FormErrors<EquipmentField> {
  return {
    userDisplayName: values.userDisplayName.trim() === '' ? { key: 'errors.nameRequired' } : undefined,
    vinNumber: isValidVin(values.vinNumber.trim()) ? undefined : { key: 'errors.invalidVin' },
    weight: isValidEquipmentWeight(gramsOf(values.weight, unit)) ? undefined : { key: 'errors.weightNotNegative' },
  };
}

// ── Tractor ─────────────────────────────────────────────────────────────────────────────────────

export interface TractorValues extends EquipmentValues {
  make: string;
  model: string;
}

export function tractorValues(row: Tractor | null, unit: WeightUnit): TractorValues {
  return {
    userDisplayName: row?.userDisplayName ?? '',
    vinNumber: row?.vinNumber ?? '',
    licensePlate: row?.licensePlate ?? '',
    make: row?.make ?? '',
    model: row?.model ?? '',
    enabled: row?.enabled ?? true,
    contract: row?.contract ?? false,
    weight: weightField(row?.weight ?? null, unit),
  };
}

export function tractorErrors(values: TractorValues, unit: WeightUnit): FormErrors<keyof TractorValues> {
  return equipmentErrors(values, unit);
}

/** `standard`: the Standard-tier fields (weight, contract) are shown and sent. */
export function tractorInput(values: TractorValues, unit: WeightUnit, standard: boolean): TractorInput {
  return {
    userDisplayName: values.userDisplayName.trim(),
    vinNumber: textOrNull(values.vinNumber),
    licensePlate: textOrNull(values.licensePlate),
    make: textOrNull(values.make),
    model: textOrNull(values.model),
    enabled: values.enabled,
    ...(standard ? { contract: values.contract, weight: gramsOf(values.weight, unit) } : {}),
  };
}

// ── Trailer ─────────────────────────────────────────────────────────────────────────────────────

export interface CargoTypeRowValues {
  /** Stable key of the row while it is edited. */
  key: number;
  cargoTypeId: number | null;
  compartmentCount: NumberField;
}

export interface TrailerValues extends EquipmentValues {
  maxCargoWeight: NumberField;
  trailerCargoTypes: CargoTypeRowValues[];
  /** The smart trailer's device, as the select holds it. */
  deviceId: string | null;
}

export type TrailerField = keyof TrailerValues;

export function trailerValues(row: Trailer | null, unit: WeightUnit): TrailerValues {
  return {
    userDisplayName: row?.userDisplayName ?? '',
    vinNumber: row?.vinNumber ?? '',
    licensePlate: row?.licensePlate ?? '',
    enabled: row?.enabled ?? true,
    contract: row?.contract ?? false,
    weight: weightField(row?.weight ?? null, unit),
    maxCargoWeight: weightField(row?.maxCargoWeight ?? null, unit),
    trailerCargoTypes: (row?.trailerCargoTypes ?? []).map((entry, index) => ({ key: index, ...entry })),
    deviceId: row?.deviceId == null ? null : String(row.deviceId),
  };
}

export interface TrailerErrors extends FormErrors<EquipmentField | 'maxCargoWeight'> {
  /** Per cargo-type row key. */
  cargoTypeRows?: Record<number, FieldError>;
}

/**
 * `cargoTypeLabel` names a repeated cargo type in its message. The Standard-tier fields (max cargo
 * weight, cargo types) are checked only where they are shown.
 */
export function trailerErrors(
  values: TrailerValues,
  unit: WeightUnit,
  standard: boolean,
  cargoTypeLabel: (id: number) => string,
): TrailerErrors {
  const errors: TrailerErrors = { ...equipmentErrors(values, unit) };
  if (!standard) return errors;
  if (values.maxCargoWeight === '') errors.maxCargoWeight = { key: 'errors.maxCargoWeightRequired' };
  else if (!isValidMaxCargoWeight(gramsOf(values.maxCargoWeight, unit), unit)) {
    errors.maxCargoWeight = { key: 'errors.maxCargoWeightMinimum' };
  }
  const rows: Record<number, FieldError> = {};
  for (const row of values.trailerCargoTypes) {
    if (row.cargoTypeId !== null && (row.compartmentCount === '' || !isValidCompartmentCount(row.compartmentCount))) {
      rows[row.key] = { key: 'errors.compartmentCount' };
    }
  }
  const rowsWithNumbers = values.trailerCargoTypes.map((row) => ({ ...row, compartmentCount: Number(row.compartmentCount) }));
  const duplicate = firstDuplicateCargoType(rowsWithNumbers);
  if (duplicate) {
    const row = values.trailerCargoTypes[duplicate.index]!;
    rows[row.key] = { key: 'errors.duplicateCargoType', values: { cargoType: cargoTypeLabel(duplicate.cargoTypeId) } };
  }
  if (Object.keys(rows).length > 0) errors.cargoTypeRows = rows;
  return errors;
}

export function trailerInput(values: TrailerValues, unit: WeightUnit, standard: boolean): TrailerInput {
  const rows = values.trailerCargoTypes.map((row) => ({
    cargoTypeId: row.cargoTypeId,
    compartmentCount: Number(row.compartmentCount),
  }));
  return {
    userDisplayName: values.userDisplayName.trim(),
    vinNumber: textOrNull(values.vinNumber),
    licensePlate: textOrNull(values.licensePlate),
    enabled: values.enabled,
    deviceId: values.deviceId === null ? null : Number(values.deviceId),
    ...(standard
      ? {
          contract: values.contract,
          weight: gramsOf(values.weight, unit),
          maxCargoWeight: gramsOf(values.maxCargoWeight, unit),
          // Rows without a cargo type are dropped (spec 2 §5).
          trailerCargoTypes: withCargoType(rows),
        }
      : {}),
  };
}

// ── Customer ────────────────────────────────────────────────────────────────────────────────────

export interface CustomerValues {
  customerName: string;
}

export function customerValues(row: Customer | null): CustomerValues {
  return { customerName: row?.customerName ?? '' };
}

export function customerErrors(values: CustomerValues): FormErrors<keyof CustomerValues> {
  return { customerName: values.customerName.trim() === '' ? { key: 'errors.customerNameRequired' } : undefined };
}

export function customerInput(values: CustomerValues): CustomerInput {
  return { customerName: values.customerName.trim() };
}
