import { instantOfWallClock, isoDateInZone, type WeekRange, weekAtOffset, weekContaining } from '#core/domain/weeks';
import { WEEK_PARAM_PATTERN } from './week-search.ts';

/**
 * The week date filter (spec 1 §2): Sunday to Saturday in the user's zone. The URL keeps the
 * week's Sunday as "YYYY-MM-DD" so that a link or a reload shows the same week; no value means
 * the current week, each page's default.
 */
export function weekOfParam(param: string | undefined, timezone: string, now = new Date()): WeekRange {
  // Noon, so the day is the same whatever the zone's offset.
  const at = param && WEEK_PARAM_PATTERN.test(param) ? instantOfWallClock(`${param}T12:00`, timezone) : null;
  return weekContaining(at ?? now, timezone);
}

export function weekParam(week: WeekRange, timezone: string): string {
  return isoDateInZone(week.start, timezone);
}

/** The URL value of the week `offset` weeks from `week`, or undefined when that is the current week. */
export function shiftedWeekParam(week: WeekRange, timezone: string, offset: number, now = new Date()): string | undefined {
  const target = weekParam(weekAtOffset(week.start, timezone, offset), timezone);
  return target === weekParam(weekContaining(now, timezone), timezone) ? undefined : target;
}

/** The URL value of the week holding an instant (for links to one load). */
export function weekParamOf(instant: string, timezone: string): string {
  return weekParam(weekContaining(new Date(instant), timezone), timezone);
}
