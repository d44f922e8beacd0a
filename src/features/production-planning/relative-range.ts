import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import type { GroupRange } from './group-range.ts';

dayjs.extend(utc);

export type RelativeKind =
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

/** How far a day or a week range lies from today; null for a custom span. */
export function relativeRange(range: GroupRange, today: string): { kind: RelativeKind; count: number } | null {
  const days = dayjs.utc(range.from).diff(dayjs.utc(today), 'day');
  if (range.mode === 'day') {
    if (days === 0) return { kind: 'today', count: 0 };
    if (days === -1) return { kind: 'yesterday', count: 1 };
    if (days === 1) return { kind: 'tomorrow', count: 1 };
    return days < 0 ? { kind: 'daysAgo', count: -days } : { kind: 'daysAhead', count: days };
  }
  if (range.mode === 'week') {
    const sunday = dayjs.utc(today).subtract(dayjs.utc(today).day(), 'day');
    const weeks = Math.round(dayjs.utc(range.from).diff(sunday, 'day') / 7);
    if (weeks === 0) return { kind: 'thisWeek', count: 0 };
    if (weeks === -1) return { kind: 'lastWeek', count: 1 };
    if (weeks === 1) return { kind: 'nextWeek', count: 1 };
    return weeks < 0 ? { kind: 'weeksAgo', count: -weeks } : { kind: 'weeksAhead', count: weeks };
  }
  return null;
}
