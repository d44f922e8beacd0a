import type { TFunction } from 'i18next';
import { dateTimeFormat } from '#core/domain/date-format';
import { type CalendarPeriod, type PeriodMode, relativePeriodLabel } from '#core/domain/relative-period';

/** The toolbar's label of the period (spec 3): today, yesterday, N days ago, this week…, else its dates. */
export function periodLabel(
  period: CalendarPeriod,
  mode: PeriodMode,
  today: string,
  language: string,
  t: TFunction<'production-planning'>,
): string {
  const relative = relativePeriodLabel(period, mode, today);
  switch (relative?.key) {
    case 'today':
      return t('production-planning:groups.relative.today');
    case 'yesterday':
      return t('production-planning:groups.relative.yesterday');
    case 'tomorrow':
      return t('production-planning:groups.relative.tomorrow');
    case 'daysAgo':
      return t('production-planning:groups.relative.daysAgo', { count: relative.count ?? 0 });
    case 'daysAhead':
      return t('production-planning:groups.relative.daysAhead', { count: relative.count ?? 0 });
    case 'thisWeek':
      return t('production-planning:groups.relative.thisWeek');
    case 'lastWeek':
      return t('production-planning:groups.relative.lastWeek');
    case 'nextWeek':
      return t('production-planning:groups.relative.nextWeek');
    case 'weeksAgo':
      return t('production-planning:groups.relative.weeksAgo', { count: relative.count ?? 0 });
    case 'weeksAhead':
      return t('production-planning:groups.relative.weeksAhead', { count: relative.count ?? 0 });
  }
  const calendarDate = dateTimeFormat(language, 'UTC').calendarDate;
  return period.from === period.to ? calendarDate(period.from) : `${calendarDate(period.from)} – ${calendarDate(period.to)}`;
}
