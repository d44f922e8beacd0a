import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import { type ChangeEntity, type ChangeWindow, changeEntitySchema } from '#core/contract/orders';
import type { Queryable } from '#server/db/database';
import { orders } from '#server/db/schema';
import type { AuthContext } from '#server/plugins/auth';
import { listDowntimes } from '#server/features/master-data/downtime.service';
import { visibleContacts } from '#server/features/people/contacts.service';
import { visibleLoadingTeams } from '#server/features/people/loading-teams.service';
import { visibleNotificationConfigs } from '#server/features/notification-configs/notification-configs.service';
import { visibleUsers } from '#server/features/people/users.service';
import { loadOrdersByIds } from '#server/features/orders/orders.service';
import * as lists from '#server/features/reference/reference.service';
import { carriedCargoTypes, carriedCustomers, carriedLocations } from './carried-references.ts';

/** The kinds of rows the change feed carries, in the contract's order (a snapshot cursor names a kind by its index). */
export const FEED_ENTITIES: readonly ChangeEntity[] = changeEntitySchema.options;

export interface FeedChange {
  entity: ChangeEntity;
  id: number;
  op: 'upsert' | 'delete';
  row?: unknown;
}

type RowLoader = (db: Queryable, auth: AuthContext, ids: number[]) => Promise<{ id: number }[]>;

const byIds =
  (list: (db: Queryable, auth: AuthContext) => Promise<{ id: number }[]>): RowLoader =>
  async (db, auth, ids) =>
    (await list(db, auth)).filter((row) => ids.includes(row.id));

/** The organization's own rows, then those of other organizations its carried loads name. */
const ownOrCarried =
  (own: RowLoader, carried: RowLoader): RowLoader =>
  async (db, auth, ids) => [...(await own(db, auth, ids)), ...(await carried(db, auth, ids))];

/** Each kind's rows by id as the caller may see them; an id left out is not (or no longer) visible. */
export const LOADERS: Record<ChangeEntity, RowLoader> = {
  order: loadOrdersByIds,
  customer: ownOrCarried(byIds(lists.listCustomers), carriedCustomers),
  location: ownOrCarried(byIds(lists.listLocations), carriedLocations),
  tractor: byIds(lists.listTractors),
  trailer: byIds(lists.listTrailers),
  driver: byIds(lists.listDrivers),
  cargoType: ownOrCarried(byIds(lists.listCargoTypes), carriedCargoTypes),
  carrier: byIds(lists.listCarriers),
  downtime: byIds(listDowntimes),
  // The administration tables' rows, only to callers with the matching View permission.
  user: visibleUsers,
  contact: visibleContacts,
  loadingTeam: visibleLoadingTeams,
  notificationConfig: visibleNotificationConfigs,
};

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
    const loaded = await LOADERS[entity](db, auth, inWindow ? ids.filter((id) => inWindow.has(id)) : ids);
    const rows = new Map(loaded.map((row) => [row.id, row]));
    for (const id of ids) {
      const row = rows.get(id);
      changes.push(row ? { entity, id, op: 'upsert', row } : { entity, id, op: 'delete' });
    }
  }
  return changes;
}
