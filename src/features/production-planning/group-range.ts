import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);

/**
 * The order groups toolbar's range (spec 3 "Order groups"): a day, a week (Sunday to Saturday) or
 * a custom span, moved back and forth by its own length. Days are `YYYY-MM-DD`, both ends included.
 */
export const RANGE_MODES = ['day', 'week', 'custom'] as const;
export type RangeMode = (typeof RANGE_MODES)[number];

export interface GroupRange {
  mode: RangeMode;
  from: string;
  to: string;
}

const DATE = 'YYYY-MM-DD';
const shift = (day: string, days: number) => dayjs.utc(day).add(days, 'day').format(DATE);
const sundayOf = (day: string) => shift(day, -dayjs.utc(day).day());

/** The range of a mode around a day: that day, its week, or (custom) the current span kept. */
export function rangeOfMode(mode: RangeMode, day: string, current?: GroupRange): GroupRange {
  if (mode === 'day') return { mode, from: day, to: day };
  if (mode === 'week') return { mode, from: sundayOf(day), to: shift(sundayOf(day), 6) };
  return { mode, from: current?.from ?? day, to: current?.to ?? day };
}

/** Previous (-1) or next (+1): a day, a week, or a custom span's own length. */
export function shiftRange(range: GroupRange, direction: -1 | 1): GroupRange {
  const length = dayjs.utc(range.to).diff(dayjs.utc(range.from), 'day') + 1;
  const days = range.mode === 'day' ? 1 : range.mode === 'week' ? 7 : length;
  return { ...range, from: shift(range.from, direction * days), to: shift(range.to, direction * days) };
}
