import type { Preferences } from '#core/contract/user';

/** The columns of the loads and drafts tables, in order (spec 1 §2). */
export const COLUMNS = [
  'select',
  'date',
  'orderNumber',
  'cargo',
  'origin',
  'destination',
  'firstStopTime',
  'lastStopTime',
  'completedTime',
  'tripTime',
  'resourceScheduling',
  'driver',
  'tractor',
  'trailer',
  'status',
  'expander',
] as const;
export type ColumnKey = (typeof COLUMNS)[number];

/**
 * Each column's width in px, cell padding (4 px a side) included. The text columns share what is
 * left by weight (their cells clamp to two lines, the full text on hover). The table is laid out
 * fixed at the width of its box, so 100 rows never reflow it and it never grows wider than the page.
 */
const FIXED_WIDTHS: Partial<Record<ColumnKey, number>> = {
  select: 88,
  date: 56,
  orderNumber: 84,
  firstStopTime: 72,
  lastStopTime: 72,
  completedTime: 84,
  tripTime: 56,
  resourceScheduling: 44,
  tractor: 68,
  trailer: 68,
  status: 100,
  expander: 36,
};
/** Drafts rows also carry the completeness warning beside the row buttons. */
const DRAFT_SELECT_WIDTH = 120;
/** The text columns' shares of the width left, and the least each needs before columns fold. */
const TEXT_WEIGHTS: Partial<Record<ColumnKey, number>> = { cargo: 1, origin: 1.3, destination: 1.3, driver: 1 };
const TEXT_COLUMN_MIN_WIDTH = 88;

/**
 * Folded first when the table is narrow (a tablet, a half-screen window): their values show in the
 * row's expansion instead. Order number, origin, destination, first stop time, driver and status stay.
 */
const FOLD_ORDER: readonly ColumnKey[] = [
  'completedTime',
  'lastStopTime',
  'resourceScheduling',
  'tripTime',
  'trailer',
  'tractor',
  'date',
  'cargo',
];

function fixedWidth(column: ColumnKey, table: 'loads' | 'drafts'): number | undefined {
  return column === 'select' && table === 'drafts' ? DRAFT_SELECT_WIDTH : FIXED_WIDTHS[column];
}

/**
 * The columns a table offers: completed time on loads only; date, trip time, tractor and trailer
 * as the user's settings say (shown unless switched off).
 */
export function visibleColumns(table: 'loads' | 'drafts', preferences: Preferences | undefined): ColumnKey[] {
  const hidden = new Set<ColumnKey>();
  if (table === 'drafts') hidden.add('completedTime');
  if (preferences?.showLoadDate === false) hidden.add('date');
  if (preferences?.showEstimatedTotalTripTime === false) hidden.add('tripTime');
  if (preferences?.showTractor === false) hidden.add('tractor');
  if (preferences?.showTrailer === false) hidden.add('trailer');
  return COLUMNS.filter((column) => !hidden.has(column));
}

function neededWidth(columns: readonly ColumnKey[], table: 'loads' | 'drafts') {
  return columns.reduce((sum, column) => sum + (fixedWidth(column, table) ?? TEXT_COLUMN_MIN_WIDTH), 0);
}

export interface ColumnLayout {
  /** The columns shown, each with its width in px. */
  shown: { key: ColumnKey; width: number }[];
  /** The offered columns that did not fit: the row's expansion shows their values. */
  folded: ColumnKey[];
}

/**
 * Lays the offered columns out in `width` px (the table's box): folds columns in FOLD_ORDER until the
 * rest fit, then shares the width left among the text columns by weight.
 */
export function layoutColumns(offered: readonly ColumnKey[], table: 'loads' | 'drafts', width: number): ColumnLayout {
  const folded = new Set<ColumnKey>();
  let shown = [...offered];
  for (const candidate of FOLD_ORDER) {
    if (neededWidth(shown, table) <= width) break;
    if (!shown.includes(candidate)) continue;
    shown = shown.filter((column) => column !== candidate);
    folded.add(candidate);
  }
  // Every text column gets its minimum, and what is left over is shared by weight.
  const spare = Math.max(0, width - neededWidth(shown, table));
  const weights = shown.reduce(
    (sum, column) => sum + (fixedWidth(column, table) === undefined ? (TEXT_WEIGHTS[column] ?? 1) : 0),
    0,
  );
  return {
    shown: shown.map((key) => ({
      key,
      width: fixedWidth(key, table) ?? TEXT_COLUMN_MIN_WIDTH + Math.floor((spare * (TEXT_WEIGHTS[key] ?? 1)) / (weights || 1)),
    })),
    folded: offered.filter((column) => folded.has(column)),
  };
}
