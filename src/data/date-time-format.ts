import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { dateTimeFormat } from '#core/domain/date-format';
import { DEFAULT_LANGUAGE, DEFAULT_TIMEZONE } from '#core/domain/locale';
import { selfQuery } from './session-queries.ts';

/** The signed-in user's language and zone, and the product's one date-time format in them. */
export function useDateTimeFormat() {
  const { i18n } = useTranslation();
  const { data: self } = useQuery(selfQuery);
  const language = i18n.language || DEFAULT_LANGUAGE;
  const timezone = self?.contact.timezone ?? DEFAULT_TIMEZONE;
  return { language, timezone, format: dateTimeFormat(language, timezone) };
}
