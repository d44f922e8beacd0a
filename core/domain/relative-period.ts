import { calendarDaysBetween, shiftCalendarDay, sundayOfCalendarDay } from './weeks.ts';

/**
 * The period a toolbar shows (the order groups' day / week / custom switch, spec 3): calendar days
 * "YYYY-MM-DD" in the user's zone, `from` to `to` inclusive, and the words naming it relative to
 * today ("today", "3 days ago", "next week"). The caller translates `key` (with `count` for i18next's
 * plural forms) and shows the dates themselves when there is no label.
 */

export const PERIOD_MODES = ['day', 'week', 'custom'] as const;
export type PeriodMode = (typeof PERIOD_MODES)[number];

export interface CalendarPeriod {
  from: string;
  to: string;
}

export type RelativePeriodKey =
  | 'today'
  | 'yesterday'
  | 'tomorrow'
  | 'daysAgo'
  | 'daysAhead'
  | 'thisWeek'
  | 'lastWeek'
  | 'nextWeek'
  | 'weeksAgo'
  | 'weeksAhead';

export interface RelativePeriodLabel {
  key: RelativePeriodKey;
  /** Days or weeks away, for the keys that count ("N days ago"); absent otherwise. */
  count?: number;
}

/** The period a mode starts on: today, or the week (Sunday to Saturday) holding it; custom starts on the week. */
export function periodOf(mode: PeriodMode, today: string): CalendarPeriod {
  if (mode === 'day') return { from: today, to: today };
  const sunday = sundayOfCalendarDay(today);
  return { from: sunday, to: shiftCalendarDay(sunday, 6) };
}

/** The previous (-1) or next (+1) period: a day, a week, or a custom period's own length. */
export function shiftPeriod(period: CalendarPeriod, mode: PeriodMode, direction: -1 | 1): CalendarPeriod {
  const days = mode === 'day' ? 1 : mode === 'week' ? 7 : calendarDaysBetween(period.from, period.to) + 1;
  return { from: shiftCalendarDay(period.from, direction * days), to: shiftCalendarDay(period.to, direction * days) };
}

function isWholeWeek(period: CalendarPeriod): boolean {
  return sundayOfCalendarDay(period.from) === period.from && calendarDaysBetween(period.from, period.to) === 6;
}

function dayLabel(day: string, today: string): RelativePeriodLabel {
  const days = calendarDaysBetween(today, day);
  if (days === 0) return { key: 'today' };
  if (days === -1) return { key: 'yesterday' };
  if (days === 1) return { key: 'tomorrow' };
  return days < 0 ? { key: 'daysAgo', count: -days } : { key: 'daysAhead', count: days };
}

function weekLabel(sunday: string, today: string): RelativePeriodLabel {
  const weeks = calendarDaysBetween(sundayOfCalendarDay(today), sunday) / 7;
  if (weeks === 0) return { key: 'thisWeek' };
  if (weeks === -1) return { key: 'lastWeek' };
  if (weeks === 1) return { key: 'nextWeek' };
  return weeks < 0 ? { key: 'weeksAgo', count: -weeks } : { key: 'weeksAhead', count: weeks };
}

/**
 * The words for a period relative to `today`: a day by its distance in days, a week (Sunday to
 * Saturday) by its distance in weeks. A custom period gets them when it is exactly one day or one
 * such week; otherwise none (null), and the toolbar shows its dates.
 */
export function relativePeriodLabel(period: CalendarPeriod, mode: PeriodMode, today: string): RelativePeriodLabel | null {
  if (mode === 'day' || (mode === 'custom' && period.from === period.to)) return dayLabel(period.from, today);
  if (mode === 'week') return weekLabel(sundayOfCalendarDay(period.from), today);
  return isWholeWeek(period) ? weekLabel(period.from, today) : null;
}
