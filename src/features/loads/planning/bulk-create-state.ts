import type { ProjectionConfig } from '#core/contract/planning-actions';
import {
  BULK_ENTRY_CELL_LENGTH,
  BULK_ENTRY_DAYS,
  type BulkCreateConfig,
  entryGridTotal,
  openEntryDays,
  type ProjectionConfigError,
  projectionConfigs,
  validateProjectionConfig,
  type WeekOption,
} from '#core/domain/planning/index';
import { type WeightUnit, weightUnitToGrams } from '#core/domain/units';

/**
 * The bulk create wizard's form (spec 1 §2 "Bulk order modal", §5): what the user entered, and how it
 * becomes core's `BulkCreateConfig` and the projection configs sent to the server. The rules are
 * core's (`validateProjectionConfig`, `parseEntryCell`, `projectionConfigs`); this only maps inputs.
 */

/** Whether the load size is a count of units or a weight in the user's unit. */
export type LoadMeasure = 'quantity' | 'weight';

export interface BulkCreateForm {
  /** The chosen week's Sunday (`WeekOption.value`). */
  week: string | null;
  cargoTypeId: number | null;
  /** The site: the drafts' origin when `isBasedOnOrigin`, else their destination. */
  organizationLocationId: number | null;
  isBasedOnOrigin: boolean;
  measure: LoadMeasure;
  /** Units per load, or the weight per load in the user's weight unit; null when empty. */
  amount: number | null;
  /** The entry grid, Sunday first: what the user typed, at most 3 characters a cell. */
  cells: string[];
}

export function emptyBulkCreateForm(week: string | null): BulkCreateForm {
  return {
    week,
    cargoTypeId: null,
    organizationLocationId: null,
    isBasedOnOrigin: true,
    measure: 'quantity',
    amount: null,
    cells: Array.from({ length: BULK_ENTRY_DAYS }, () => ''),
  };
}

/** Whether closing would lose what the user chose or typed. */
export function isBulkCreateFormChanged(form: BulkCreateForm, initial: BulkCreateForm): boolean {
  return (
    form.week !== initial.week ||
    form.cargoTypeId !== initial.cargoTypeId ||
    form.organizationLocationId !== initial.organizationLocationId ||
    form.isBasedOnOrigin !== initial.isBasedOnOrigin ||
    form.measure !== initial.measure ||
    form.amount !== initial.amount ||
    form.cells.some((cell, day) => cell !== initial.cells[day])
  );
}

/** A cell keeps at most 3 characters (spec 1 §9), whatever was typed or pasted. */
export function withCell(form: BulkCreateForm, day: number, text: string): BulkCreateForm {
  const cells = [...form.cells];
  cells[day] = text.slice(0, BULK_ENTRY_CELL_LENGTH);
  return { ...form, cells };
}

/** The form as core's configuration: the week's start instant, and a weight converted to grams. */
export function bulkCreateConfig(
  form: BulkCreateForm,
  weeks: readonly WeekOption[],
  timezone: string,
  weightUnit: WeightUnit,
): BulkCreateConfig {
  const amount = form.amount;
  return {
    weekStart: weeks.find((week) => week.value === form.week)?.start ?? null,
    timezone,
    cargoTypeId: form.cargoTypeId,
    organizationLocationId: form.organizationLocationId,
    isBasedOnOrigin: form.isBasedOnOrigin,
    quantityPerLoad: form.measure === 'quantity' ? amount : null,
    weightPerLoad: form.measure === 'weight' && amount !== null ? weightUnitToGrams(amount, weightUnit) : null,
  };
}

export interface BulkCreateStepState {
  /** Why the configuration step cannot go on, or null. */
  configError: ProjectionConfigError | null;
  /** The grid's days that can still get loads, Sunday first (a day already past cannot). */
  openDays: boolean[];
  /** The grid's total over its open days; preview needs more than 0. */
  total: number;
  /** One per day with loads (empty while the configuration is invalid). */
  configs: ProjectionConfig[];
}

/** What the wizard's steps show and allow for the form as it is, at `nowIso`. */
export function bulkCreateSteps(
  form: BulkCreateForm,
  weeks: readonly WeekOption[],
  timezone: string,
  weightUnit: WeightUnit,
  nowIso: string,
): BulkCreateStepState {
  const config = bulkCreateConfig(form, weeks, timezone, weightUnit);
  const openDays = openEntryDays(config.weekStart, nowIso, timezone);
  return {
    configError: validateProjectionConfig(config),
    openDays,
    // A count typed for a day that is past (another week was chosen before) does not count.
    total: entryGridTotal(form.cells.map((cell, day) => (openDays[day] ? cell : ''))),
    configs: projectionConfigs(config, form.cells, nowIso),
  };
}
