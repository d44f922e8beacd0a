import { z } from 'zod';
import { type Order, orderSchema } from '#core/contract/orders';
import { inChangeWindow } from '#core/contract/change-feed';
import { apiRequest } from '../api-client.ts';
import { localDatabase, OPENED_WEEKS_KEY } from '../local-database.ts';
import { type DateRange, mirrorWindow, withOpenedRange } from './mirror-window.ts';

const openedWeeksSchema = z.array(z.object({ start: z.string(), end: z.string() }));

let opened: readonly DateRange[] = [];
let restored: Promise<void> | null = null;
const listeners = new Set<() => void>();

function setOpened(next: readonly DateRange[]) {
  opened = next;
  for (const listener of listeners) listener();
}

/** Reads the opened weeks saved on this device, once per page. */
export function restoreOpenedWeeks(): Promise<void> {
  restored ??= localDatabase.keyValue.get(OPENED_WEEKS_KEY).then((row) => {
    const saved = row ? openedWeeksSchema.safeParse(JSON.parse(row.value)) : null;
    if (saved?.success) setOpened(saved.data);
  });
  return restored;
}

/** Another user or company starts its mirror from nothing, opened weeks included. */
export function forgetOpenedWeeks() {
  setOpened([]);
}

/** The opened weeks for React (useSyncExternalStore); restored from IndexedDB on first use. */
export const openedWeeksStore = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    void restoreOpenedWeeks();
    return () => {
      listeners.delete(listener);
    };
  },
  getSnapshot: () => opened,
  restored: () => restored !== null,
};

export function currentWindow(zone: string, now = new Date()) {
  return mirrorWindow(opened, now, zone);
}

/**
 * Removes from the mirror the loads (not drafts) outside the window, e.g. a week that stopped being
 * one of the last opened, or last week once a new one began. Reads only the gaps between the
 * window's ranges through the date index. Answers the ids removed.
 */
export async function trimToWindow(window: readonly DateRange[]): Promise<number[]> {
  const gaps: [lower: string | null, upper: string | null][] = [];
  let lower: string | null = null;
  for (const range of window) {
    gaps.push([lower, range.start]);
    lower = range.end;
  }
  gaps.push([lower, null]);
  const removed: number[] = [];
  await localDatabase.transaction('rw', localDatabase.orders, async () => {
    for (const [from, to] of gaps) {
      const dates = localDatabase.orders.where('date');
      const gap =
        from === null && to === null
          ? localDatabase.orders.toCollection()
          : from === null
            ? dates.below(to)
            : to === null
              ? dates.above(from)
              : dates.between(from, to, false, false);
      removed.push(...((await gap.filter((order) => !inChangeWindow(window, order)).primaryKeys()) as number[]));
    }
    await localDatabase.orders.bulkDelete(removed);
  });
  return removed;
}

/**
 * Brings a week that is not in the window into the mirror: reads its loads from the server, stores
 * those newer than what the mirror holds, and remembers the week as opened. The caller (the sync
 * engine) holds the mirror's lock throughout and pulls afterwards: the feed from the cursor of
 * before the read then delivers every change of the week's loads the read may predate.
 */
export async function fetchWeekIntoMirror(range: DateRange): Promise<Order[]> {
  const loads = await apiRequest('/self/orders', z.array(orderSchema), {
    query: { startDate: range.start, endDate: range.end },
  });
  const next = withOpenedRange(opened, range);
  let stored: Order[] = [];
  await localDatabase.transaction('rw', localDatabase.orders, localDatabase.keyValue, async () => {
    const held = await localDatabase.orders.bulkGet(loads.map((load) => load.id));
    stored = loads.filter((load, index) => (held[index]?.version ?? 0) < load.version);
    await localDatabase.orders.bulkPut(stored);
    await localDatabase.keyValue.put({ key: OPENED_WEEKS_KEY, value: JSON.stringify(next) });
  });
  setOpened(next);
  return stored;
}

/** Moves an opened week to the front, so the weeks in use are the last to leave the mirror. */
export async function touchOpenedWeek(range: DateRange) {
  if (!opened.some((week) => week.start === range.start && week.end === range.end) || opened[0]?.start === range.start) return;
  const next = withOpenedRange(opened, range);
  await localDatabase.keyValue.put({ key: OPENED_WEEKS_KEY, value: JSON.stringify(next) });
  setOpened(next);
}
