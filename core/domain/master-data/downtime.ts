import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * Downtime of a driver, tractor or trailer (spec 2 §3, §4, §9): one time, or weekly on the days of a
 * 7-character Sunday-first mask, each time from the start time for `durationMinutes` in the
 * downtime's zone. The admin forms, the driver-assignment panel, the resource scheduling dialog and
 * the server all read downtime through these functions.
 */

export const DOWNTIME_DEFAULT_DURATION_MINUTES = 60;
export const DAYS_PER_WEEK = 7;
/** All zeros: a one-time downtime. */
export const ONE_TIME_MASK = '0000000';
export const DOWNTIME_MASK_PATTERN = /^[01]{7}$/;
/** `YYYY-MM-DD`. */
export const DOWNTIME_DATE_PATTERN = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
/** A `YYYY-MM-DD` that names a real day (no 31 February), in the years instants may hold (1900–2199). */
export function isCalendarDate(value: string): boolean {
  if (!DOWNTIME_DATE_PATTERN.test(value)) return false;
  const year = Number(value.slice(0, 4));
  return year >= 1900 && year <= 2199 && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);
}

/** `HH:mm:00` as stored; the form may send `HH:mm`. */
export const DOWNTIME_TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d(:00)?$/;

export interface DowntimeSchedule {
  startDate: string;
  startTime: string;
  durationMinutes: number;
  timezone: string;
  recurrenceDaysOfWeek: string;
}

export interface Interval {
  start: Date;
  end: Date;
}

export function isRecurring(mask: string): boolean {
  return mask.includes('1');
}

/** Flips one weekday (0 = Sunday) of the mask, as each weekday chip does. */
export function toggleWeekday(mask: string, day: number): string {
  if (!Number.isInteger(day) || day < 0 || day >= DAYS_PER_WEEK) return mask;
  return `${mask.slice(0, day)}${mask[day] === '1' ? '0' : '1'}${mask.slice(day + 1)}`;
}

/** `HH:mm` or `HH:mm:ss` as stored: `HH:mm:00`. */
export function normalizeStartTime(time: string): string {
  return `${time.slice(0, 5)}:00`;
}

/**
 * The duration field is typed in hours: its minutes (hours × 60), or undefined when the text is not a
 * positive number, which the form then ignores (spec 2 §5).
 */
export function parseDurationHours(input: string): number | undefined {
  const trimmed = input.trim().replace(',', '.');
  if (!/^\d+(\.\d+)?$|^\.\d+$/.test(trimmed)) return undefined;
  const minutes = Math.round(Number(trimmed) * 60);
  return minutes > 0 ? minutes : undefined;
}

/** A new downtime's zone: the user's contact's, else the organization's (spec 2 §3). */
export function defaultDowntimeTimezone(contactTimezone: string | null | undefined, organizationTimezone: string): string {
  return contactTimezone || organizationTimezone;
}

const DATE = 'YYYY-MM-DD';
const MINUTE_MS = 60_000;
const shiftDate = (date: string, days: number) => dayjs.utc(date).add(days, 'day').format(DATE);

function occurrenceStart(date: string, schedule: DowntimeSchedule): Date {
  return dayjs.tz(`${date}T${schedule.startTime.slice(0, 5)}`, schedule.timezone).toDate();
}

/**
 * Every time the downtime applies that overlaps [from, to): the one time, or each weekly occurrence on
 * a masked day from the start date on. Days are walked as calendar dates in the downtime's zone, so an
 * occurrence keeps its wall-clock time across daylight-saving changes.
 */
export function downtimeOccurrences(schedule: DowntimeSchedule, from: Date, to: Date): Interval[] {
  const length = schedule.durationMinutes * MINUTE_MS;
  const overlaps = (start: Date) => start.getTime() < to.getTime() && start.getTime() + length > from.getTime();
  const toInterval = (start: Date) => ({ start, end: new Date(start.getTime() + length) });
  if (!isRecurring(schedule.recurrenceDaysOfWeek)) {
    const start = occurrenceStart(schedule.startDate, schedule);
    return overlaps(start) ? [toInterval(start)] : [];
  }
  // An occurrence that started before `from` may still run into it: begin one day earlier than its length reaches back.
  const zone = schedule.timezone;
  const firstDay = dayjs(from.getTime() - length)
    .tz(zone)
    .format(DATE);
  const lastDay = dayjs(to).tz(zone).format(DATE);
  let day = firstDay < schedule.startDate ? schedule.startDate : shiftDate(firstDay, -1);
  const occurrences: Interval[] = [];
  for (; day <= lastDay; day = shiftDate(day, 1)) {
    if (day < schedule.startDate || schedule.recurrenceDaysOfWeek[dayjs.utc(day).day()] !== '1') continue;
    const start = occurrenceStart(day, schedule);
    if (overlaps(start)) occurrences.push(toInterval(start));
  }
  return occurrences;
}

/** Whether the downtime applies at `at`. */
export function isDownAt(schedule: DowntimeSchedule, at: Date): boolean {
  return downtimeOccurrences(schedule, at, new Date(at.getTime() + 1)).length > 0;
}

/** Whether the downtime applies at any time within [start, end); an empty interval is the instant `start`. */
export function overlapsDowntime(schedule: DowntimeSchedule, start: Date, end: Date): boolean {
  return end.getTime() <= start.getTime() ? isDownAt(schedule, start) : downtimeOccurrences(schedule, start, end).length > 0;
}

/** The downtimes of one resource that apply within [start, end) (for marking a driver, tractor or trailer as down). */
export function downtimesOverlapping<Schedule extends DowntimeSchedule>(
  schedules: readonly Schedule[],
  start: Date,
  end: Date,
): Schedule[] {
  return schedules.filter((schedule) => overlapsDowntime(schedule, start, end));
}

/** A downtime of one resource, as the mirror holds it. */
export interface ResourceDowntime extends DowntimeSchedule {
  resourceType: 'tractor' | 'trailer' | 'driver';
  resourceId: number;
  description: string;
}

/**
 * The descriptions of the downtimes that take each resource out during any of `spans` (the loads
 * being assigned), keyed `type:id`: what the driver panel and the scheduling dialog mark as down.
 */
export function resourcesDown(
  downtimes: readonly ResourceDowntime[],
  spans: readonly { start: Date; end: Date }[],
): Map<string, string[]> {
  const down = new Map<string, string[]>();
  for (const downtime of downtimes) {
    if (!spans.some((span) => overlapsDowntime(downtime, span.start, span.end))) continue;
    const key = resourceKey(downtime.resourceType, downtime.resourceId);
    down.set(key, [...(down.get(key) ?? []), downtime.description]);
  }
  return down;
}

export const resourceKey = (type: ResourceDowntime['resourceType'], id: number) => `${type}:${id}`;
