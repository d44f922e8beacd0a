import type { QueryClient } from '@tanstack/react-query';
import { DEFAULT_TIMEZONE } from '#core/domain/locale';
import { LOAD_REFERENCE_LISTS, mirrorListQuery } from '#src/data/loads.ts';
import { mirrorLoadsQuery } from '#src/data/sync/mirror-loads.ts';
import { selfQuery } from '#src/data/session-queries.ts';
import { weekOfParam } from './week-filter.ts';

/**
 * Starts reading the table's week and the lists its rows name from the mirror while the route's code
 * still loads (the same queries the table runs, so it finds them ready). Not awaited: navigation
 * never waits for it.
 */
export function prefetchWeek(queryClient: QueryClient, table: 'loads' | 'drafts', week: string | undefined) {
  const self = queryClient.getQueryData(selfQuery.queryKey);
  const range = weekOfParam(week, self?.contact.timezone ?? DEFAULT_TIMEZONE);
  void queryClient.prefetchQuery(
    mirrorLoadsQuery({ startDate: range.start.toISOString(), endDate: range.end.toISOString(), isDraft: table === 'drafts' }),
  );
  // The rows show only once the names they need are read too (use-load-lookups.ts).
  for (const list of LOAD_REFERENCE_LISTS) void queryClient.prefetchQuery(mirrorListQuery(list));
}
