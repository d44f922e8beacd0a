import type { Table } from 'dexie';
import { z } from 'zod';
import type { ChangeEntity, Order } from '#core/contract/orders';
import { changeEntitySchema, changesAnswerSchema, formatChangeWindow } from '#core/contract/orders';
import { apiRequest } from '../api-client.ts';
import { clearMirror, localDatabase } from '../local-database.ts';
import { forgetOpenedWeeks } from './loads-window.ts';
import type { DateRange } from './mirror-window.ts';

const PAGE_SIZE = 1000;

/**
 * The entities this build's mirror keeps. A server newer than the app (an installed PWA runs its
 * old build until it updates) may send kinds it does not know: they are skipped instead of failing
 * the whole pull. The mirror's scope names the kinds it keeps, so the build that learns a new kind
 * starts its mirror again and receives the rows it skipped.
 */
const MIRRORED_ENTITIES: readonly string[] = changeEntitySchema.options;
export const feedPageSchema = z.preprocess((page) => {
  if (typeof page !== 'object' || page === null || !Array.isArray((page as { changes?: unknown }).changes)) return page;
  const changes = (page as { changes: { entity?: unknown }[] }).changes;
  return { ...page, changes: changes.filter((change) => MIRRORED_ENTITIES.includes(String(change?.entity))) };
}, changesAnswerSchema);

/** The mirror's scope: whose mirror it is, and which kinds of rows it holds. */
export function mirrorScope(scope: string) {
  return `${scope}|${MIRRORED_ENTITIES.join(',')}`;
}

// The feed's rows are parsed by the api client's schema; the tables hold them as they come.
// biome-ignore lint/suspicious/noExplicitAny: one table type for rows of every entity
function tableFor(entity: ChangeEntity): Table<any, number> {
  // biome-ignore lint/suspicious/noExplicitAny: see above
  const tables: Record<ChangeEntity, Table<any, number>> = {
    order: localDatabase.orders,
    customer: localDatabase.customers,
    location: localDatabase.locations,
    tractor: localDatabase.tractors,
    trailer: localDatabase.trailers,
    driver: localDatabase.drivers,
    cargoType: localDatabase.cargoTypes,
    carrier: localDatabase.carriers,
    downtime: localDatabase.downtime,
    user: localDatabase.users,
    contact: localDatabase.contacts,
    loadingTeam: localDatabase.loadingTeams,
    notificationConfig: localDatabase.notificationConfigs,
  };
  return tables[entity];
}

async function readMeta(key: string) {
  return (await localDatabase.keyValue.get(key))?.value;
}

/** What one pull wrote to the mirror, so cached reads of it can follow without reading it again. */
export interface PulledChanges {
  /** The mirror was emptied first (another user or company, or a re-sync): every cached read of it is void. */
  reset: boolean;
  orderUpserts: Order[];
  orderDeletions: number[];
  /** Rows of other entities (drivers, locations, …) changed. */
  otherEntities: boolean;
}

/**
 * Pulls the change feed into the mirror until it is caught up. The mirror belongs to one user in
 * one company: another scope starts it again from nothing. Loads come only for the `window` (the
 * weeks kept, and the drafts): the feed answers a load outside it as a deletion. Each page is
 * applied in one IndexedDB transaction together with its cursor, so an interrupted pull resumes
 * where it stopped. A first pull, or one whose cursor predates the server's compaction of its
 * change log, gets a snapshot whose first page says `reset`: the mirror's rows are replaced, while
 * the queued changes (kept in the persisted query cache) and the conflicts stay.
 */
export async function pullChanges(owner: string, window: DateRange[]): Promise<PulledChanges> {
  const pulled: PulledChanges = { reset: false, orderUpserts: [], orderDeletions: [], otherEntities: false };
  const scope = mirrorScope(owner);
  if ((await readMeta('sync.scope')) !== scope) {
    await clearMirror();
    forgetOpenedWeeks();
    await localDatabase.keyValue.put({ key: 'sync.scope', value: scope });
    pulled.reset = true;
  }
  const fetchPage = (cursor: string | undefined) =>
    apiRequest('/sync/changes', feedPageSchema, {
      query: { since: cursor, limit: PAGE_SIZE, window: formatChangeWindow(window) },
    });
  let next = fetchPage(await readMeta('sync.cursor'));
  for (;;) {
    const page = await next;
    // Ask for the following page while this one is written: the server's work overlaps IndexedDB's.
    // Pages are still applied in order, each with its own cursor, so an interruption loses nothing.
    if (page.hasMore) next = fetchPage(page.cursor);
    await applyPage(page);
    if (page.reset) pulled.reset = true;
    for (const change of page.changes) {
      if (change.entity !== 'order') pulled.otherEntities = true;
      else if (change.op === 'upsert') pulled.orderUpserts.push(change.row as Order);
      else pulled.orderDeletions.push(change.id);
    }
    if (!page.hasMore) return pulled;
  }
}

async function applyPage(page: z.infer<typeof changesAnswerSchema>) {
  await localDatabase.transaction('rw', [...localDatabase.tables], async () => {
    if (page.reset) await Promise.all(MIRRORED_ENTITIES.map((entity) => tableFor(entity as ChangeEntity).clear()));
    const byEntity = new Map<ChangeEntity, typeof page.changes>();
    for (const change of page.changes) {
      const changes = byEntity.get(change.entity);
      if (changes) changes.push(change);
      else byEntity.set(change.entity, [change]);
    }
    for (const [entity, changes] of byEntity) {
      const table = tableFor(entity);
      const upserts = changes.filter((change) => change.op === 'upsert').map((change) => change.row as { id: number });
      const deletions = changes.filter((change) => change.op === 'delete').map((change) => change.id);
      if (upserts.length) await table.bulkPut(upserts);
      if (deletions.length) await table.bulkDelete(deletions);
    }
    await localDatabase.keyValue.put({ key: 'sync.cursor', value: page.cursor });
    await localDatabase.keyValue.put({ key: 'sync.lastSyncedAt', value: new Date().toISOString() });
  });
}

export async function lastSyncedAt(): Promise<string | null> {
  return (await readMeta('sync.lastSyncedAt')) ?? null;
}
