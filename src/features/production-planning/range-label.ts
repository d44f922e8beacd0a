import type { TFunction } from 'i18next';
import { dateTimeFormat } from '#core/domain/date-format';
import type { GroupRange } from './group-range.ts';
import { relativeRange } from './relative-range.ts';

/** The toolbar's label of the range (spec 3): today, yesterday, N days ago, this week…, else the dates. */
export function rangeLabel(range: GroupRange, today: string, language: string, t: TFunction<'production-planning'>): string {
  const relative = relativeRange(range, today);
  switch (relative?.kind) {
    case 'today':
      return t('production-planning:groups.relative.today');
    case 'yesterday':
      return t('production-planning:groups.relative.yesterday');
    case 'tomorrow':
      return t('production-planning:groups.relative.tomorrow');
    case 'daysAgo':
      return t('production-planning:groups.relative.daysAgo', { count: relative.count });
    case 'daysAhead':
      return t('production-planning:groups.relative.daysAhead', { count: relative.count });
    case 'thisWeek':
      return t('production-planning:groups.relative.thisWeek');
    case 'lastWeek':
      return t('production-planning:groups.relative.lastWeek');
    case 'nextWeek':
      return t('production-planning:groups.relative.nextWeek');
    case 'weeksAgo':
      return t('production-planning:groups.relative.weeksAgo', { count: relative.count });
    case 'weeksAhead':
      return t('production-planning:groups.relative.weeksAhead', { count: relative.count });
  }
  const calendarDate = dateTimeFormat(language, 'UTC').calendarDate;
  return range.from === range.to ? calendarDate(range.from) : `${calendarDate(range.from)} – ${calendarDate(range.to)}`;
}
