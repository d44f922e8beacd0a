import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import { type ChangeEntity, type ChangeWindow, changeEntitySchema } from '#core/contract/change-feed';
import type { Queryable } from '#server/db/database';
import { orders } from '#server/db/schema';
import type { AuthContext } from '#server/plugins/auth';
import { feedLoaderOf } from './feed-loaders.ts';

/** The kinds of rows the change feed carries, in the contract's order (a snapshot cursor names a kind by its index). */
export const FEED_ENTITIES: readonly ChangeEntity[] = changeEntitySchema.options;

export interface FeedChange {
  entity: ChangeEntity;
  id: number;
  op: 'upsert' | 'delete';
  row?: unknown;
}

/** `inChangeWindow` (core/contract/orders.ts) in SQL, one term each: a draft, or a date in a range (ends included). */
function windowTerms(window: ChangeWindow): SQL[] {
  return [
    sql`${orders.isDraft}`,
    ...window.map((range) => sql`${orders.date} between ${range.start}::timestamptz and ${range.end}::timestamptz`),
  ];
}

/**
 * Loads the organization sees (owner or transporter, as `loadOrdersByIds`) within the window, spelt
 * as one OR of (organization column, window term) pairs: PostgreSQL does not multiply out an AND of
 * two ORs, and each pair written out is one scan of an (organization, date) or draft index.
 */
export function visibleInWindow(organizationId: number, window: ChangeWindow): SQL {
  const terms = [orders.organizationId, orders.transportingOrganizationId].flatMap((column) =>
    windowTerms(window).map((term) => and(eq(column, organizationId), term)),
  );
  return or(...terms) as SQL;
}

/** Of these loads, those in the window, decided by one query over the page's ids. */
async function loadsInWindow(db: Queryable, ids: number[], window: ChangeWindow): Promise<Set<number>> {
  const result = await db.execute<{ id: number }>(
    sql`select ${orders.id} as id from ${orders} where ${orders.id} = any(${sql.param(ids)}::int[]) and (${or(...windowTerms(window))})`,
  );
  return new Set(result.rows.map((row) => row.id));
}

/**
 * The rows as they are now; a row that no longer exists or is no longer visible is a deletion, and so
 * is a load outside the client's window (its document is not even read).
 */
export async function currentRows(
  db: Queryable,
  auth: AuthContext,
  wanted: { entity: ChangeEntity; id: number }[],
  window: ChangeWindow | undefined,
): Promise<FeedChange[]> {
  const changes: FeedChange[] = [];
  for (const entity of FEED_ENTITIES) {
    const ids = wanted.filter((change) => change.entity === entity).map((change) => change.id);
    if (!ids.length) continue;
    const inWindow = entity === 'order' && window ? await loadsInWindow(db, ids, window) : null;
    const loaded = await feedLoaderOf(entity)(db, auth, inWindow ? ids.filter((id) => inWindow.has(id)) : ids);
    const rows = new Map(loaded.map((row) => [row.id, row]));
    for (const id of ids) {
      const row = rows.get(id);
      changes.push(row ? { entity, id, op: 'upsert', row } : { entity, id, op: 'delete' });
    }
  }
  return changes;
}
