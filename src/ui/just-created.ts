import { useSyncExternalStore } from 'react';

/** How long a record just created stays marked in its table (as a load just created is). */
export const CREATED_MARK_MS = 4000;

/**
 * The record each administration table has just created, by table key (the collection): the form
 * marks it when the server accepts the create, and the table brings it into view and marks it.
 */
const created = new Map<string, number>();
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

export function markCreated(table: string, id: number) {
  created.set(table, id);
  notify();
  // A table left before it showed the record does not bring it up on a later visit.
  setTimeout(() => clearCreated(table, id), 3 * CREATED_MARK_MS);
}

/** Ends the mark of `table`'s record `id` (a later create's mark stays). */
export function clearCreated(table: string, id: number) {
  if (created.get(table) !== id) return;
  created.delete(table);
  notify();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useCreatedRecord(table: string): number | null {
  return useSyncExternalStore(subscribe, () => created.get(table) ?? null);
}

/** Which page of `pageSize` rows holds the row at `index` (1-based, as the table's pager counts). */
export function pageOfIndex(index: number, pageSize: number): number {
  return Math.floor(index / pageSize) + 1;
}
