import type { z } from 'zod';
import type { WritableStore } from '#core/resources/resource-list';

/** A queued create, edit or delete of a declared record type (core/resources `writes.offline`). */
export type RecordChange =
  | { kind: 'create'; input: unknown }
  | { kind: 'update'; version: number; input: unknown }
  | { kind: 'delete' };

/** What the outbox keeps for a record's change; everything in it survives a reload in the persisted cache. */
export interface RecordChangeVariables {
  kind: 'record';
  organizationId: number;
  store: WritableStore;
  /** The record's id: negative (provisional) for one created on this device until the server gives its own. */
  recordId: number;
  change: RecordChange;
  /** Made when the user acted, so every re-send after a retry or reload is recognised by the server. */
  idempotencyKey: string;
  /** How notices and the queue list name the record. */
  label: string;
  queuedAt: string;
}

export type PendingChange = RecordChange['kind'];

/**
 * Empty values for every field of a row schema (lists empty, flags off, the rest null), under what
 * a queued create's input gives: a record created offline has the fields only the server fills, so
 * a table or picker reading them finds the row's shape.
 */
export function blankRow(schema: z.core.$ZodType): Record<string, unknown> {
  const def = schema._zod.def as z.core.$ZodTypeDef & { shape?: Record<string, z.core.$ZodType> };
  if (def.type !== 'object' || !def.shape) return {};
  return Object.fromEntries(
    Object.entries(def.shape).map(([key, field]) => {
      const type = field._zod.def.type;
      return [key, type === 'array' ? [] : type === 'boolean' ? false : null];
    }),
  );
}

/**
 * A store's rows with its queued changes laid over them, in queue order, each marked: records created
 * on this device appear under their provisional id (or their real id once the server gave it),
 * edits show their values, deletes stay listed but marked. Nothing is written to the mirror before
 * the server accepts, so a refused change disappears with its mutation.
 */
export function overlayRecords<Row extends { id: number }>(
  rows: readonly Row[],
  store: string,
  queued: readonly RecordChangeVariables[],
  resolve: (id: number) => number,
  blank: Record<string, unknown> = {},
): (Row & { pendingChange?: PendingChange })[] {
  const changes = queued.filter((change) => change.store === store);
  if (changes.length === 0) return rows as Row[];
  const byId = new Map<number, Row & { pendingChange?: PendingChange }>(rows.map((row) => [row.id, row]));
  for (const { change, recordId, organizationId } of changes) {
    const id = resolve(recordId);
    const current = byId.get(id);
    if (change.kind === 'create') {
      // The row as the form's input describes it; fields only the server fills stay empty until it answers.
      byId.set(
        id,
        Object.assign({} as Row, blank, { organizationId, version: 1 }, change.input, { id, pendingChange: 'create' as const }),
      );
    } else if (!current) {
    } else if (change.kind === 'delete') {
      byId.set(id, { ...current, pendingChange: 'delete' });
    } else {
      // A record still being created stays marked as new; its edits show their values.
      const pendingChange = current.pendingChange === 'create' ? 'create' : 'update';
      byId.set(id, { ...current, ...(change.input as Partial<Row>), id, pendingChange });
    }
  }
  return [...byId.values()];
}
