import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Order } from '#core/contract/orders';
import { dateTimeFormat } from '#core/domain/date-format';
import { DEFAULT_LANGUAGE, DEFAULT_TIMEZONE } from '#core/domain/locale';
import { DEFAULT_UNIT_SYSTEM, DEFAULT_WEIGHT_UNIT, formatDistance, formatDurationShort, formatWeight } from '#core/domain/units';
import { selfQuery } from '#src/data/session-queries.ts';
import { loadLabel } from '../load-label.ts';

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
  const dates = dateTimeFormat(language, timezone);
  const formatDateTime = (iso: string) => dates.dateTime(iso);
  return {
    self,
    language,
    timezone,
    units,
    unitsWeight,
    /** What the export and ticket calls take (spec 1 §7: language, timezone, units, unitsWeight). */
    exportSettings: { language: self?.contact.language ?? DEFAULT_LANGUAGE, timezone, units, unitsWeight },
    formatDateTime,
    formatDate: (iso: string) => dates.date(iso),
    formatDistance: (meters: number) => formatDistance(meters, units, language),
    formatWeight: (grams: number) => formatWeight(grams, unitsWeight, language),
    formatMinutes: (minutes: number) => formatDurationShort(minutes),
    label: (order: Order) => loadLabel(order, formatDateTime),
  };
}

export type ActionFormatting = ReturnType<typeof useActionFormatting>;
