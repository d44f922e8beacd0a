import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import timezonePlugin from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Order } from '#core/contract/orders';
import { DEFAULT_LANGUAGE, DEFAULT_TIMEZONE } from '#core/domain/locale';
import { DEFAULT_UNIT_SYSTEM, DEFAULT_WEIGHT_UNIT, formatDistance, formatDurationShort, formatWeight } from '#core/domain/units';
import { instantOfWallClock } from '#core/domain/weeks';
import { selfQuery } from '#src/data/session-queries.ts';
import { loadLabel } from '../load-label.ts';

dayjs.extend(utc);
dayjs.extend(timezonePlugin);

/**
 * The signed-in user's language, zone and units, and the formatters the action dialogs share:
 * times in the user's zone, distance to 1 decimal in km or mi, weights in the user's unit.
 */
export function useActionFormatting() {
  const { i18n } = useTranslation();
  const { data: self } = useQuery(selfQuery);
  const language = i18n.language || DEFAULT_LANGUAGE;
  const timezone = self?.contact.timezone ?? DEFAULT_TIMEZONE;
  const units = self?.contact.units ?? DEFAULT_UNIT_SYSTEM;
  const unitsWeight = self?.contact.unitsWeight ?? DEFAULT_WEIGHT_UNIT;
  // Table rows use this hook too: build the Intl formatters once per language and zone.
  const { dateTimeFormat, dateFormat } = useMemo(
    () => ({
      dateTimeFormat: new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short', timeZone: timezone }),
      dateFormat: new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: timezone }),
    }),
    [language, timezone],
  );
  const formatDateTime = (iso: string) => dateTimeFormat.format(new Date(iso));
  return {
    self,
    language,
    timezone,
    units,
    unitsWeight,
    /** What the export and ticket calls take (spec 1 §7: language, timezone, units, unitsWeight). */
    exportSettings: { language: self?.contact.language ?? DEFAULT_LANGUAGE, timezone, units, unitsWeight },
    formatDateTime,
    formatDate: (iso: string) => dateFormat.format(new Date(iso)),
    formatDistance: (meters: number) => formatDistance(meters, units, language),
    formatWeight: (grams: number) => formatWeight(grams, unitsWeight, language),
    formatMinutes: (minutes: number) => formatDurationShort(minutes),
    label: (order: Order) => loadLabel(order, formatDateTime),
    /** "YYYY-MM-DDTHH:mm" in the user's zone, as a datetime-local input shows it. */
    toWallClock: (iso: string) => dayjs(iso).tz(timezone).format('YYYY-MM-DDTHH:mm'),
    /** The instant of a wall-clock "YYYY-MM-DDTHH:mm" in the user's zone, or null when unreadable. */
    fromWallClock: (local: string) => (local ? (instantOfWallClock(local, timezone)?.toISOString() ?? null) : null),
  };
}

export type ActionFormatting = ReturnType<typeof useActionFormatting>;
