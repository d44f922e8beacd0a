import type { ChangeWindowRange } from '#core/contract/change-feed';

import { weekAtOffset, weekContaining } from '#core/domain/weeks';

/**
 * Which loads the mirror keeps. A company with years of loads cannot download them all on a
 * tablet, so the mirror holds the drafts and the loads of a few weeks: the current and the next
 * one (what a dispatcher works on, offline too) and the weeks opened most recently. Other weeks are
 * fetched when opened, online. Ranges are ISO instants of `toISOString()`'s one format, so they
 * compare as strings, as the mirror's date index does.
 */
export type DateRange = ChangeWindowRange;

/** Opened weeks kept besides the current and next one; older ones leave the mirror. */
export const OPENED_WEEKS_KEPT = 8;

const rangeOfWeek = (week: { start: Date; end: Date }): DateRange => ({
  start: week.start.toISOString(),
  end: week.end.toISOString(),
});

/** The opened weeks with `range` first (most recent), without repeats, at most OPENED_WEEKS_KEPT. */
export function withOpenedRange(opened: readonly DateRange[], range: DateRange): DateRange[] {
  const others = opened.filter((week) => week.start !== range.start || week.end !== range.end);
  return [range, ...others].slice(0, OPENED_WEEKS_KEPT);
}

/** Sorted ranges, overlapping or touching ones (a week ends 1 ms before the next starts) joined. */
export function mergeRanges(ranges: readonly DateRange[]): DateRange[] {
  const sorted = [...ranges].sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
  const merged: DateRange[] = [];
  for (const range of sorted) {
    const last = merged.at(-1);
    if (last && Date.parse(range.start) <= Date.parse(last.end) + 1) {
      if (range.end > last.end) last.end = range.end;
    } else {
      merged.push({ ...range });
    }
  }
  return merged;
}

/** The loads' date ranges the mirror keeps at `now`: this week, next week and the opened weeks. */
export function mirrorWindow(opened: readonly DateRange[], now: Date, zone: string): DateRange[] {
  return mergeRanges([rangeOfWeek(weekContaining(now, zone)), rangeOfWeek(weekAtOffset(now, zone, 1)), ...opened]);
}

/** Whether every load of `range` is in the window (the window's ranges are merged). */
export function windowCovers(window: readonly DateRange[], range: DateRange): boolean {
  return window.some((kept) => kept.start <= range.start && range.end <= kept.end);
}
