import '@mantine/dates/styles.css';
import 'dayjs/locale/es-mx';
import 'dayjs/locale/fr-ca';
import 'dayjs/locale/nl';
import { Group, Input, TextInput, type TextInputProps } from '@mantine/core';
import { DatePickerInput, type DatePickerInputProps, DatesProvider } from '@mantine/dates';
import dayjs from 'dayjs';
import timezonePlugin from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dateTimeFormat } from '#core/domain/date-format';
import { instantOfWallClock } from '#core/domain/weeks';
import { parseTypedTime, type TimeOfDay } from './typed-time.ts';

dayjs.extend(utc);
dayjs.extend(timezonePlugin);

/** dayjs locale of each app language, for the calendars' month and day names. */
const DAYJS_LOCALES: Record<string, string> = { 'en-US': 'en', 'es-MX': 'es-mx', 'nl-NL': 'nl', 'fr-CA': 'fr-ca' };

/**
 * Every Mantine date input of the product goes through here: the calendar in the user's language,
 * weeks from Sunday, and the chosen day written in the product's one date format (Mantine's own
 * `valueFormat` strings need dayjs plugins the app does not load, and showed "L").
 */
export function DateField(props: Omit<DatePickerInputProps, 'valueFormat' | 'valueFormatter' | 'type'>) {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const dayText = (date: unknown) =>
    typeof date === 'string' && date ? dateTimeFormat(language, 'UTC').calendarDate(date.slice(0, 10)) : '';
  // The button's name must contain what it shows (axe label-content-name-mismatch): the day, or the placeholder.
  const shown = dayText(props.value) || (typeof props.placeholder === 'string' ? props.placeholder : '');
  const ariaLabel = props['aria-label'] && shown ? `${props['aria-label']}: ${shown}` : props['aria-label'];
  return (
    <DatesProvider settings={{ locale: DAYJS_LOCALES[language] ?? 'en', firstDayOfWeek: 0 }}>
      <DatePickerInput {...props} aria-label={ariaLabel} valueFormatter={({ date }) => dayText(date)} />
    </DatesProvider>
  );
}

interface WallClock {
  date: string;
  time: TimeOfDay;
}

function wallClockOf(iso: string | null, zone: string): WallClock | null {
  if (!iso) return null;
  const local = dayjs(iso).tz(zone);
  return { date: local.format('YYYY-MM-DD'), time: { hours: local.hour(), minutes: local.minute() } };
}

function instantOf({ date, time }: WallClock, zone: string): string | null {
  const two = (value: number) => String(value).padStart(2, '0');
  return instantOfWallClock(`${date}T${two(time.hours)}:${two(time.minutes)}`, zone)?.toISOString() ?? null;
}

export interface DateTimeFieldProps {
  /** A visible label; without one, `aria-label` names the two boxes. */
  label?: ReactNode;
  'aria-label'?: string;
  description?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  clearable?: boolean;
  /** An ISO instant (minutes), or null. */
  value: string | null;
  onChange: (iso: string | null) => void;
  /** The zone the wall clock is in (the user's). */
  timezone: string;
  w?: number | string;
  'data-testid'?: string;
}

/**
 * The one date-time entry of the product: a calendar for the day and a box where the time is typed
 * as people type it ("0700", "7:30", "07" for the hour), both in the user's zone and language. The
 * time is read when the box is left or Enter is pressed; after a day is picked, the time box has focus.
 */
export function DateTimeField({
  label,
  'aria-label': ariaLabel,
  description,
  error,
  required,
  disabled,
  clearable,
  value,
  onChange,
  timezone,
  w,
  'data-testid': testId,
}: DateTimeFieldProps) {
  const { t, i18n } = useTranslation('common');
  const zone = timezone;
  const format = dateTimeFormat(i18n.language, zone);
  const current = wallClockOf(value, zone);
  const shownTime = value ? format.time(value) : '';
  const [typed, setTyped] = useState(shownTime);
  const timeRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const name = ariaLabel ?? (typeof label === 'string' ? label : undefined);

  // The box shows the value again whenever it changes from outside (or after a commit).
  useEffect(() => setTyped(shownTime), [shownTime]);
  // After a day is picked the box has the focus and the time it shows is selected, so typing replaces it.
  const selectWhenShown = useRef(false);
  useEffect(() => {
    if (!selectWhenShown.current || typed !== shownTime) return;
    selectWhenShown.current = false;
    if (document.activeElement === timeRef.current) timeRef.current?.select();
  }, [typed, shownTime]);

  const commitTime = () => {
    if (typed.trim() === shownTime) return;
    const time = parseTypedTime(typed, current?.time ?? null);
    if (!time) {
      setTyped(shownTime);
      return;
    }
    const date = current?.date ?? dayjs().tz(zone).format('YYYY-MM-DD');
    const next = instantOf({ date, time }, zone);
    if (next === value) setTyped(shownTime);
    else onChange(next);
  };

  return (
    <Input.Wrapper
      label={label}
      description={description}
      error={error}
      required={required}
      id={id}
      w={w}
      data-testid={testId}
      data-value={value ?? ''}
    >
      {/* In a narrow column the time goes under the day rather than the day wrapping inside its box. */}
      <Group gap={4} wrap="wrap" align="flex-start">
        <DateField
          id={id}
          aria-label={name ? `${name}, ${t('dateTime.day')}` : t('dateTime.day')}
          value={current?.date ?? null}
          clearable={clearable}
          disabled={disabled}
          error={Boolean(error)}
          placeholder={t('dateTime.dayPlaceholder')}
          onChange={(date) => {
            if (!date) {
              onChange(null);
              return;
            }
            onChange(instantOf({ date: date.slice(0, 10), time: current?.time ?? { hours: 0, minutes: 0 } }, zone));
            selectWhenShown.current = true;
            timeRef.current?.focus();
          }}
          style={{ flex: 1, minWidth: '9rem' }}
          styles={{ input: { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' } }}
          data-testid={testId ? `${testId}-day` : undefined}
        />
        <TextInput
          ref={timeRef}
          aria-label={name ? `${name}: ${t('dateTime.time')}` : t('dateTime.time')}
          value={typed}
          disabled={disabled}
          error={Boolean(error)}
          placeholder={t('dateTime.timePlaceholder')}
          inputMode="numeric"
          autoComplete="off"
          onFocus={(event) => event.currentTarget.select()}
          onChange={(event) => setTyped(event.currentTarget.value)}
          onBlur={commitTime}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              commitTime();
            }
          }}
          w={96}
          style={{ flexShrink: 0 }}
          data-testid={testId ? `${testId}-time` : undefined}
        />
      </Group>
    </Input.Wrapper>
  );
}

/** "HH:mm" of a time of day. */
const clockText = ({ hours, minutes }: TimeOfDay) => `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;

/**
 * A time of day alone ("HH:mm", as a downtime starts), typed as in the date-time field ("0700",
 * "7:30") and shown in the user's language; read when the box is left or Enter is pressed.
 */
export function TimeField({
  value,
  onChange,
  ...props
}: Omit<TextInputProps, 'value' | 'onChange'> & { value: string; onChange: (value: string) => void }) {
  const { i18n } = useTranslation();
  const parsed = parseTypedTime(value);
  const shown = parsed ? dateTimeFormat(i18n.language, 'UTC').time(Date.UTC(2000, 0, 1, parsed.hours, parsed.minutes)) : value;
  const [typed, setTyped] = useState(shown);
  useEffect(() => setTyped(shown), [shown]);
  const commit = () => {
    const time = parseTypedTime(typed, parsed);
    if (time && clockText(time) !== value) onChange(clockText(time));
    else setTyped(shown);
  };
  return (
    <TextInput
      {...props}
      value={typed}
      inputMode="numeric"
      autoComplete="off"
      onFocus={(event) => event.currentTarget.select()}
      onChange={(event) => setTyped(event.currentTarget.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          commit();
        }
      }}
    />
  );
}
