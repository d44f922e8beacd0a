import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);
dayjs.extend(timezone);

export interface WeekRange {
  /** Sunday 00:00 in the zone, as a UTC instant. */
  start: Date;
  /** Saturday 23:59:59.999 in the zone, as a UTC instant. */
  end: Date;
}

/** The week holding `at`, Sunday to Saturday in `zone` (spec 1 §1: the week starts on Sunday). */
export function weekContaining(at: Date, zone: string): WeekRange {
  const local = dayjs(at).tz(zone);
  const sunday = local.subtract(local.day(), 'day').startOf('day');
  return { start: sunday.toDate(), end: sunday.add(6, 'day').endOf('day').toDate() };
}

/** The week `offset` weeks away from the one holding `at` (negative = earlier). */
export function weekAtOffset(at: Date, zone: string, offset: number): WeekRange {
  const base = weekContaining(at, zone);
  const start = dayjs(base.start).tz(zone).add(offset, 'week').startOf('day');
  return { start: start.toDate(), end: start.add(6, 'day').endOf('day').toDate() };
}

/** A wall-clock time in `zone` on the day `dayOffset` days after the week's Sunday. */
export function timeInWeek(week: WeekRange, zone: string, dayOffset: number, hour: number, minute = 0): Date {
  return dayjs(week.start).tz(zone).add(dayOffset, 'day').hour(hour).minute(minute).second(0).millisecond(0).toDate();
}

/** YYYY-MM-DD of an instant in a zone, the date format of the table filters. */
export function isoDateInZone(at: Date, zone: string): string {
  return dayjs(at).tz(zone).format('YYYY-MM-DD');
}

/** The instant of a wall-clock time ("YYYY-MM-DDTHH:mm", as a datetime input gives it) in `zone`. */
export function instantOfWallClock(local: string, zone: string): Date | null {
  const parsed = dayjs.tz(local, zone);
  return parsed.isValid() ? parsed.toDate() : null;
}

/** The wall-clock "YYYY-MM-DDTHH:00" of an instant in `zone`, as a datetime input expects it. */
export function wallClockInZone(at: Date, zone: string): string {
  return dayjs(at).tz(zone).format('YYYY-MM-DDTHH:00');
}
