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
 * The columns a table shows: completed time on loads only; date, trip time, tractor and trailer
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
