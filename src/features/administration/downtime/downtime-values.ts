import type { Downtime, DowntimeInput } from '#core/contract/master-data';
import {
  DAYS_PER_WEEK,
  DOWNTIME_DATE_PATTERN,
  DOWNTIME_DEFAULT_DURATION_MINUTES,
  DOWNTIME_TIME_PATTERN,
  isRecurring,
  ONE_TIME_MASK,
  parseDurationHours,
} from '#core/domain/master-data/index';
import { TIMEZONES, type Timezone } from '#core/domain/locale';
import type { FormErrors } from '../forms/form-values.ts';

/** The downtime form (spec 2 §3–5): one time or weekly on a Sunday-first weekday mask. */
export interface DowntimeValues {
  description: string;
  recurring: boolean;
  recurrenceDaysOfWeek: string;
  startDate: string | null;
  /** `HH:mm`. */
  startTime: string;
  /** Typed in hours; the minutes are hours × 60. */
  durationHours: string;
  timezone: Timezone;
}

const isTimezone = (zone: string): zone is Timezone => (TIMEZONES as readonly string[]).includes(zone);
const hoursText = (minutes: number) => String(Math.round((minutes / 60) * 100) / 100);

export function downtimeValues(row: Downtime | null, defaults: { timezone: Timezone; today: string }): DowntimeValues {
  return {
    description: row?.description ?? '',
    recurring: row ? isRecurring(row.recurrenceDaysOfWeek) : false,
    recurrenceDaysOfWeek: row?.recurrenceDaysOfWeek ?? ONE_TIME_MASK,
    startDate: row?.startDate ?? defaults.today,
    startTime: row?.startTime.slice(0, 5) ?? '08:00',
    durationHours: hoursText(row?.durationMinutes ?? DOWNTIME_DEFAULT_DURATION_MINUTES),
    timezone: row && isTimezone(row.timezone) ? row.timezone : defaults.timezone,
  };
}

/** Switching to one time clears the weekdays (spec 2 §4). */
export function withRecurring(values: DowntimeValues, recurring: boolean): DowntimeValues {
  return { ...values, recurring, recurrenceDaysOfWeek: recurring ? values.recurrenceDaysOfWeek : ONE_TIME_MASK };
}

/** The weekday chips' values (0 = Sunday) from a mask, and back. */
export function weekdaysOfMask(mask: string): string[] {
  return [...mask].flatMap((bit, day) => (bit === '1' ? [String(day)] : []));
}

export function maskOfWeekdays(days: readonly string[]): string {
  return Array.from({ length: DAYS_PER_WEEK }, (_, day) => (days.includes(String(day)) ? '1' : '0')).join('');
}

export function downtimeErrors(values: DowntimeValues): FormErrors<keyof DowntimeValues> {
  return {
    description: values.description.trim() === '' ? { key: 'errors.descriptionRequired' } : undefined,
    startDate: values.startDate && DOWNTIME_DATE_PATTERN.test(values.startDate) ? undefined : { key: 'errors.beginRequired' },
    startTime: DOWNTIME_TIME_PATTERN.test(values.startTime) ? undefined : { key: 'errors.beginRequired' },
    recurrenceDaysOfWeek:
      values.recurring && !isRecurring(values.recurrenceDaysOfWeek) ? { key: 'errors.weekdayRequired' } : undefined,
    durationHours: parseDurationHours(values.durationHours) === undefined ? { key: 'errors.durationRequired' } : undefined,
  };
}

export function downtimeInput(values: DowntimeValues): DowntimeInput {
  return {
    description: values.description.trim(),
    startDate: values.startDate ?? '',
    startTime: `${values.startTime}:00`,
    durationMinutes: parseDurationHours(values.durationHours) ?? DOWNTIME_DEFAULT_DURATION_MINUTES,
    timezone: values.timezone,
    recurrenceDaysOfWeek: values.recurring ? values.recurrenceDaysOfWeek : ONE_TIME_MASK,
  };
}

/** Short weekday names, Sunday first, in the user's language. */
export function weekdayNames(language: string): string[] {
  const format = new Intl.DateTimeFormat(language, { weekday: 'short', timeZone: 'UTC' });
  // 2023-01-01 was a Sunday.
  return Array.from({ length: DAYS_PER_WEEK }, (_, day) => format.format(Date.UTC(2023, 0, 1 + day)));
}
