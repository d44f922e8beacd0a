import { z } from 'zod';
import { WEEK_PARAM_PATTERN } from './week-filter.ts';

/**
 * The URL search of the loads and drafts pages: the week shown and a load to open. A malformed
 * value is dropped rather than refused, so an old or hand-edited link still opens the page.
 */
export const weekPageSearchSchema = z.object({
  week: z.string().regex(WEEK_PARAM_PATTERN).optional().catch(undefined),
  load: z.coerce.number().int().optional().catch(undefined),
});
export type WeekPageSearch = z.infer<typeof weekPageSearchSchema>;
