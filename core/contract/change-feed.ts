import { z } from 'zod';
import { RESOURCE_KINDS, type ResourceKind, type RowOfKind, resourceOfKind } from '#core/resources/resource-list';
import { instantSchema, queryInt } from './limits.ts';

/**
 * The change feed (`GET /api/sync/changes`, DESIGN §5): what a device pulls into its mirror. A snapshot
 * cursor names a kind by its place in the resource list, so a new kind goes at the end.
 */

/** The kinds of rows the change feed carries: the declared record types, in their order (core/resources). */
export const changeEntitySchema = z.enum(RESOURCE_KINDS);
export type ChangeEntity = z.infer<typeof changeEntitySchema>;

/** A change-feed cursor: both parts are PostgreSQL bigints the feed handed out, so within JS's exact integers. */
const FEED_CURSOR = /^(0|[1-9]\d{0,15})\.(0|[1-9]\d{0,15})$/;
/** A snapshot cursor: `s<txid>.<entityIndex>.<lastId>`, where the snapshot of the current rows goes on. */
const SNAPSHOT_CURSOR = /^s(0|[1-9]\d{0,15})\.(0|[1-9]\d{0,15})\.(0|[1-9]\d{0,15})$/;

/** One range of loads a client mirrors: ISO instants with their offset, both ends included. */
export interface ChangeWindowRange {
  start: string;
  end: string;
}
export type ChangeWindow = ChangeWindowRange[];
const MAX_WINDOW_RANGES = 20;

/** `window` as the URL carries it: `<start>_<end>` ranges separated by commas (`formatChangeWindow`). */
export const changeWindowSchema = z.string().transform((value, ctx): ChangeWindow => {
  const parts = value.split(',');
  if (parts.length > MAX_WINDOW_RANGES) {
    ctx.addIssue({ code: 'custom', message: `at most ${MAX_WINDOW_RANGES} ranges` });
    return z.NEVER;
  }
  const ranges: ChangeWindow = [];
  for (const part of parts) {
    const [start = '', end = '', ...rest] = part.split('_');
    if (rest.length || !instantSchema.safeParse(start).success || !instantSchema.safeParse(end).success) {
      ctx.addIssue({ code: 'custom', message: 'each range is "<start instant>_<end instant>"' });
      return z.NEVER;
    }
    if (Date.parse(start) > Date.parse(end)) {
      ctx.addIssue({ code: 'custom', message: 'a range must not start after it ends' });
      return z.NEVER;
    }
    ranges.push({ start, end });
  }
  return ranges;
});

/** Whether a load belongs to a window: every draft does, other loads by their date, both ends included. */
export function inChangeWindow(window: readonly ChangeWindowRange[], load: { date: string; isDraft: boolean }): boolean {
  if (load.isDraft) return true;
  const at = Date.parse(load.date);
  return window.some((range) => Date.parse(range.start) <= at && at <= Date.parse(range.end));
}

export const formatChangeWindow = (window: ChangeWindow) => window.map((range) => `${range.start}_${range.end}`).join(',');

export const changesQuerySchema = z.object({
  since: z
    .string()
    .refine((cursor) => FEED_CURSOR.test(cursor) || SNAPSHOT_CURSOR.test(cursor), {
      message: 'cursor is "<transaction>.<sequence>" or "s<transaction>.<entity>.<id>"',
      abort: true,
    })
    .refine(
      (cursor) =>
        cursor
          .replace(/^s/, '')
          .split('.')
          .every((part) => Number.isSafeInteger(Number(part))),
      'cursor is out of range',
    )
    .optional(),
  /** Loads outside it are answered as deletions (drafts are always in it); absent, every load. */
  window: changeWindowSchema.optional(),
  limit: queryInt(1, 1000).default(500),
});

export const changeSchema = z.object({
  entity: changeEntitySchema,
  id: z.number().int(),
  op: z.enum(['upsert', 'delete']),
  row: z.unknown().optional(),
});

export const changesAnswerSchema = z.object({
  changes: z.array(changeSchema),
  cursor: z.string(),
  hasMore: z.boolean(),
  /** The first page of a snapshot of the current rows: the client empties its mirror before applying it. */
  reset: z.boolean().optional(),
  /**
   * Rows after the cursor are held back while an older transaction still runs (the feed hands out
   * only what no running transaction precedes): pull again shortly, as no other poke may come.
   */
  heldBack: z.boolean().optional(),
});

export type TypedChange = {
  [Kind in ResourceKind]: { entity: Kind; id: number; op: 'upsert' | 'delete'; row?: RowOfKind<Kind> };
}[ResourceKind];

/**
 * A page as the device reads it: each row parsed with its kind's schema (core/resources), so the
 * mirror stores typed rows and a row the contract does not describe fails the pull (naming it)
 * instead of reaching a screen.
 */
export const typedChangesAnswerSchema = changesAnswerSchema.transform((page, context) => {
  const changes: TypedChange[] = [];
  for (const [index, change] of page.changes.entries()) {
    if (change.row === undefined) {
      changes.push(change as TypedChange);
      continue;
    }
    const parsed = resourceOfKind(change.entity).row.safeParse(change.row);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        context.addIssue({ code: 'custom', path: ['changes', index, 'row', ...issue.path], message: issue.message });
      }
      return z.NEVER;
    }
    changes.push({ ...change, row: parsed.data } as TypedChange);
  }
  return { ...page, changes };
});
