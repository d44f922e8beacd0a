/** A week's Sunday in the URL, "YYYY-MM-DD". */
export const WEEK_PARAM_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** The URL search of the loads and drafts pages: the week shown and a load to open. */
export interface WeekPageSearch {
  week?: string;
  load?: number;
}

/**
 * Checks the search of the loads and drafts pages. A malformed value is dropped rather than
 * refused, so an old or hand-edited link still opens the page. Written without zod: route search
 * checks run at start-up, and zod would be a large part of what the sign-in screen downloads.
 */
export function validateWeekPageSearch(search: Record<string, unknown>): WeekPageSearch {
  const load = Number(search.load);
  return {
    week: typeof search.week === 'string' && WEEK_PARAM_PATTERN.test(search.week) ? search.week : undefined,
    load: Number.isInteger(load) ? load : undefined,
  };
}
