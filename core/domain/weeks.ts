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

/*
 * Day arithmetic is done on calendar dates ("YYYY-MM-DD", in UTC where every day has 24 hours) and
 * only then placed in the zone: dayjs's tz objects keep their offset through add()/hour(), so a
 * week crossing a daylight-saving change would otherwise start or end an hour off.
 */
const DATE = 'YYYY-MM-DD';
const shiftDate = (date: string, days: number) => dayjs.utc(date).add(days, 'day').format(DATE);
const midnightIn = (date: string, zone: string) => dayjs.tz(`${date}T00:00`, zone).toDate();

function weekFromSunday(sunday: string, zone: string): WeekRange {
  return { start: midnightIn(sunday, zone), end: new Date(midnightIn(shiftDate(sunday, 7), zone).getTime() - 1) };
}

/** The week holding `at`, Sunday to Saturday in `zone` (spec 1 §1: the week starts on Sunday). */
export function weekContaining(at: Date, zone: string): WeekRange {
  const local = dayjs(at).tz(zone);
  return weekFromSunday(shiftDate(local.format(DATE), -local.day()), zone);
}

/** The week `offset` weeks away from the one holding `at` (negative = earlier). */
export function weekAtOffset(at: Date, zone: string, offset: number): WeekRange {
  const sunday = dayjs(weekContaining(at, zone).start).tz(zone).format(DATE);
  return weekFromSunday(shiftDate(sunday, offset * 7), zone);
}

/** The calendar day ("YYYY-MM-DD") `days` days after `day` (negative = before). */
export function shiftCalendarDay(day: string, days: number): string {
  return shiftDate(day, days);
}

/** The Sunday starting the week (spec 1 §1) that holds a calendar day. */
export function sundayOfCalendarDay(day: string): string {
  return shiftDate(day, -dayjs.utc(day).day());
}

/** Whole days from `from` to `to`, two calendar days (negative when `to` is earlier). */
export function calendarDaysBetween(from: string, to: string): number {
  return dayjs.utc(to).diff(dayjs.utc(from), 'day');
}

/** A wall-clock time in `zone` on the day `dayOffset` days after the week's Sunday. */
export function timeInWeek(week: WeekRange, zone: string, dayOffset: number, hour: number, minute = 0): Date {
  const day = shiftDate(dayjs(week.start).tz(zone).format(DATE), dayOffset);
  const clock = `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
  return dayjs.tz(`${day}T${clock}`, zone).toDate();
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
