import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import type { StopInput } from '#core/contract/orders';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * Bulk modify stop windows (spec 1 §4): the required begin and end of every stop of one type, on all
 * selected drafts at once, optionally cascaded from draft to draft.
 */

const MINUTE_MS = 60_000;

export interface StopWindow {
  /** ISO instant. */
  begin: string;
  /** ISO instant. */
  end: string;
}

/**
 * The dialog's starting window: the current hour (minutes and seconds dropped, in `timezone` when
 * given, so half-hour zones start on their own hour) to one hour later.
 */
export function defaultWindow(nowIso: string, timezone?: string): StopWindow {
  const now = timezone ? dayjs(nowIso).tz(timezone) : dayjs(nowIso).utc();
  const begin = now.startOf('hour');
  return { begin: begin.toDate().toISOString(), end: begin.add(1, 'hour').toDate().toISOString() };
}

export interface WindowStop {
  type: StopInput['type'];
  requiredBegin: string | null;
  requiredEnd: string | null;
}

export interface BulkWindowsOptions extends StopWindow {
  stopType: StopInput['type'];
  /**
   * Cascade: the drafts' windows follow each other in the order given, draft i's window moved by
   * i × `intervalMinutes` (by default the window's own length, so 8–9, 9–10, 10–11…). Every draft
   * must then have a stop of the type; without cascade, drafts without one are left as they are.
   */
  cascade: boolean;
  intervalMinutes?: number;
}

/** The bulk-modify error explanation's key, or a window that ends before it begins. */
export type BulkWindowsError = 'notEveryDraftHasStopType' | 'windowEndBeforeBegin';

/** Sets the window on every stop of `stopType` of each draft (spec 1 §4). */
export function bulkModifyWindows<Draft extends { stops: readonly WindowStop[] }>(
  drafts: readonly Draft[],
  options: BulkWindowsOptions,
): { drafts: Draft[] } | { error: BulkWindowsError } {
  const beginMs = Date.parse(options.begin);
  const endMs = Date.parse(options.end);
  if (Number.isNaN(beginMs) || Number.isNaN(endMs) || endMs < beginMs) return { error: 'windowEndBeforeBegin' };
  const hasType = (draft: Draft) => draft.stops.some((stop) => stop.type === options.stopType);
  if (options.cascade && !drafts.every(hasType)) return { error: 'notEveryDraftHasStopType' };
  const stepMs = options.cascade
    ? options.intervalMinutes !== undefined
      ? options.intervalMinutes * MINUTE_MS
      : endMs - beginMs
    : 0;
  return {
    drafts: drafts.map((draft, index) => {
      if (!hasType(draft)) return draft;
      const requiredBegin = new Date(beginMs + index * stepMs).toISOString();
      const requiredEnd = new Date(endMs + index * stepMs).toISOString();
      const stops = draft.stops.map((stop) => (stop.type === options.stopType ? { ...stop, requiredBegin, requiredEnd } : stop));
      return { ...draft, stops };
    }),
  };
}
