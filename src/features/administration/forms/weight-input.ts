import { WEIGHT_UNIT_ABBREVIATIONS, type WeightUnit, weightInputStep, weightPrecision } from '#core/domain/units';

/** A NumberInput's props for a weight typed in the user's unit (equipment weights, max cargo weight). */
export function weightInput(unit: WeightUnit, min = 0) {
  return { suffix: ` ${WEIGHT_UNIT_ABBREVIATIONS[unit]}`, min, step: weightInputStep(unit), decimalScale: weightPrecision(unit) };
}
