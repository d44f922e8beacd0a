import { PROJECTION_MAX_LOADS_PER_DAY, type ProjectionConfig } from '#core/contract/planning-actions';
import { instantOfWallClock, isoDateInZone, weekAtOffset } from '#core/domain/weeks';

/**
 * The bulk create wizard (spec 1 §2, §5): a week, a cargo type, a site (origin or destination) and a
 * load size or weight, then a 7-day grid of counts, become one projection config per day with loads
 * (`POST /api/orders/create-projections`).
 */

/** An entry cell accepts at most 3 characters (spec 1 §9). */
export const BULK_ENTRY_CELL_LENGTH = 3;
/** The grid covers one week, Sunday first. */
export const BULK_ENTRY_DAYS = 7;
/** The week selector lists 13 weeks: the current one and the 12 after it. */
export const BULK_WEEK_OPTION_COUNT = 13;

/**
 * A cell's count: its first 3 characters read as a whole number; anything that is not an integer
 * ("", "a", "1.5", "12a") counts 0, and so does a negative number (a count of loads cannot be).
 */
export function parseEntryCell(text: string): number {
  const trimmed = text.slice(0, BULK_ENTRY_CELL_LENGTH).trim();
  if (!/^[+-]?\d+$/.test(trimmed)) return 0;
  return Math.max(0, Number.parseInt(trimmed, 10));
}

/** The grid's total; the preview step is disabled while it is 0 or less. */
export function entryGridTotal(cells: readonly (string | number)[]): number {
  return cells.reduce<number>(
    (sum, cell) => sum + (typeof cell === 'number' ? Math.max(0, Math.trunc(cell)) : parseEntryCell(cell)),
    0,
  );
}

export function canPreviewProjections(cells: readonly (string | number)[]): boolean {
  return entryGridTotal(cells) > 0;
}

export interface WeekOption {
  /** The week's Sunday, YYYY-MM-DD in the zone (a select's value, and the drafts page's `?week=`). */
  value: string;
  /** Sunday 00:00 in the zone, ISO instant. */
  start: string;
  /** Saturday 23:59:59.999 in the zone, ISO instant. */
  end: string;
}

/** The week selector's options: the week holding `nowIso` and the 12 following, Sunday to Saturday in `timezone`. */
export function weekOptions(nowIso: string, timezone: string): WeekOption[] {
  const now = new Date(nowIso);
  return Array.from({ length: BULK_WEEK_OPTION_COUNT }, (_, offset) => {
    const week = weekAtOffset(now, timezone, offset);
    return { value: isoDateInZone(week.start, timezone), start: week.start.toISOString(), end: week.end.toISOString() };
  });
}

/** The wizard's first step. */
export interface BulkCreateConfig {
  /** The chosen week's start (`WeekOption.start`). */
  weekStart: string | null;
  /** The zone the week and its days are in (the user's). */
  timezone: string;
  cargoTypeId: number | null;
  /** The site: the loads' origin when `isBasedOnOrigin`, else their destination. */
  organizationLocationId: number | null;
  isBasedOnOrigin: boolean;
  /** Load size (units per load). */
  quantityPerLoad: number | null;
  /** Weight per load in grams (entered in the user's unit, converted with `weightUnitToGrams`). */
  weightPerLoad: number | null;
}

/** 'requiredField' (week, cargo type or site missing) or 'loadInvalidStopValue' (no load size and no weight). */
export type ProjectionConfigError = 'requiredField' | 'loadInvalidStopValue';

/**
 * Checks the wizard's configuration (spec 1 §5): week, cargo type and site are required; a load size
 * (a whole number ≥ 1) or a weight (> 0 grams) must be given.
 */
export function validateProjectionConfig(config: BulkCreateConfig): ProjectionConfigError | null {
  if (!config.weekStart || Number.isNaN(Date.parse(config.weekStart))) return 'requiredField';
  if (!config.cargoTypeId || config.cargoTypeId <= 0) return 'requiredField';
  if (!config.organizationLocationId || config.organizationLocationId <= 0) return 'requiredField';
  return loadSize(config) !== null || loadWeight(config) !== null ? null : 'loadInvalidStopValue';
}

/** The load size when it is a whole number ≥ 1 (the quantity input's minimum), else null. */
function loadSize(config: BulkCreateConfig): number | null {
  const quantity = config.quantityPerLoad;
  return quantity !== null && Number.isInteger(quantity) && quantity >= 1 ? quantity : null;
}

/** The weight per load in whole grams when it is above 0, else null. */
function loadWeight(config: BulkCreateConfig): number | null {
  const weight = config.weightPerLoad === null ? Number.NaN : Math.round(config.weightPerLoad);
  return Number.isFinite(weight) && weight > 0 ? weight : null;
}

/** The calendar date (YYYY-MM-DD) `days` after the calendar date `sunday`. */
function dateAfter(sunday: string, days: number): string {
  const [year, month, date] = sunday.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/**
 * Whether the calendar day holding `dayIso` in `timezone` is already past at `nowIso` (before today
 * there). Bulk creation gives such a day no loads: the wizard closes it and the server refuses it,
 * both in the user's zone, where the wizard's days start.
 */
export function isPastDay(dayIso: string, nowIso: string, timezone: string): boolean {
  return isoDateInZone(new Date(dayIso), timezone) < isoDateInZone(new Date(nowIso), timezone);
}

/**
 * Which days of the week starting at `weekStart` can still get loads, Sunday first: today and the
 * days after it in `timezone` (the user's). A day already past (`isPastDay`) gets none, whatever was
 * typed for it; no week at all opens no day.
 */
export function openEntryDays(weekStart: string | null, nowIso: string, timezone: string): boolean[] {
  if (!weekStart || Number.isNaN(Date.parse(weekStart))) return Array.from({ length: BULK_ENTRY_DAYS }, () => false);
  const sunday = isoDateInZone(new Date(weekStart), timezone);
  return Array.from({ length: BULK_ENTRY_DAYS }, (_, day) => !isPastDay(dayStart(sunday, day, timezone), nowIso, timezone));
}

/**
 * 00:00 in `timezone` of the day `days` after the calendar date `sunday`. Counted on the calendar and
 * then placed in the zone, so a daylight-saving change within the week cannot shift a day.
 */
function dayStart(sunday: string, days: number, timezone: string): string {
  return instantOfWallClock(`${dateAfter(sunday, days)}T00:00`, timezone)!.toISOString();
}

/**
 * One projection config per open day of the grid (`openEntryDays` at `nowIso`) with at least one load:
 * the day's 00:00 in the zone as its date, the counts parsed as `parseEntryCell` does. Empty when the
 * configuration is invalid.
 */
export function projectionConfigs(
  config: BulkCreateConfig,
  cells: readonly (string | number)[],
  nowIso: string,
): ProjectionConfig[] {
  if (validateProjectionConfig(config) !== null) return [];
  const sunday = isoDateInZone(new Date(config.weekStart!), config.timezone);
  const open = openEntryDays(config.weekStart, nowIso, config.timezone);
  const configs: ProjectionConfig[] = [];
  cells.slice(0, BULK_ENTRY_DAYS).forEach((cell, day) => {
    if (!open[day]) return;
    const numberOfLoads = Math.min(PROJECTION_MAX_LOADS_PER_DAY, entryGridTotal([cell]));
    if (numberOfLoads <= 0) return;
    configs.push({
      organizationLocationId: config.organizationLocationId!,
      cargoTypeId: config.cargoTypeId!,
      weightPerLoad: loadWeight(config),
      quantityPerLoad: loadSize(config),
      numberOfLoads,
      date: dayStart(sunday, day, config.timezone),
      isBasedOnOrigin: config.isBasedOnOrigin,
    });
  });
  return configs;
}
