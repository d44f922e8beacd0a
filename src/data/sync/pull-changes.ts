import type { Table } from 'dexie';
import { z } from 'zod';
import { type ChangeEntity, changeEntitySchema, formatChangeWindow, typedChangesAnswerSchema } from '#core/contract/change-feed';
import type { Order } from '#core/contract/orders';
import { RESOURCES, resourceOfKind } from '#core/resources/resource-list';
import { apiRequest } from '../api-client.ts';
import { clearMirror, localDatabase } from '../local-database.ts';
import { forgetOpenedWeeks } from './loads-window.ts';
import type { DateRange } from './mirror-window.ts';

const PAGE_SIZE = 1000;

/**
 * The entities this build's mirror keeps. A server newer than the app (an installed PWA runs its
 * old build until it updates) may send kinds it does not know: they are skipped instead of failing
 * the whole pull. The mirror's scope names the kinds it keeps and the shape of their rows, so the
 * build that learns a new kind, or a new field of a kind, starts its mirror again and receives the
 * rows as they are now.
 */
const MIRRORED_ENTITIES: readonly string[] = changeEntitySchema.options;
export const feedPageSchema = z.preprocess((page) => {
  if (typeof page !== 'object' || page === null || !Array.isArray((page as { changes?: unknown }).changes)) return page;
  const changes = (page as { changes: { entity?: unknown }[] }).changes;
  return { ...page, changes: changes.filter((change) => MIRRORED_ENTITIES.includes(String(change?.entity))) };
}, typedChangesAnswerSchema);

/** Rows' shapes (their JSON Schema), hashed: any field added, removed or retyped changes it. */
export function rowShapesOf(rows: readonly z.ZodType[]): string {
  return fnv1a(JSON.stringify(rows.map((row) => z.toJSONSchema(row, { unrepresentable: 'any', io: 'output' }))));
}
const ROW_SHAPES = rowShapesOf(RESOURCES.map((resource) => resource.row));

function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

/** The mirror's scope: whose mirror it is, which kinds of rows it holds and their shapes. */
export function mirrorScope(scope: string) {
  return `${scope}|${MIRRORED_ENTITIES.join(',')}|${ROW_SHAPES}`;
}

/** A kind's store in the mirror, named by its declaration (core/resources). */
const tableFor = (entity: ChangeEntity): Table<{ id: number }, number> => localDatabase.table(resourceOfKind(entity).store);

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
  /** The server held rows back behind an older transaction still running: pull again shortly. */
  heldBack: boolean;
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
  const pulled: PulledChanges = { reset: false, orderUpserts: [], orderDeletions: [], otherEntities: false, heldBack: false };
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
      else if (change.row) pulled.orderUpserts.push(change.row);
      else pulled.orderDeletions.push(change.id);
    }
    if (!page.hasMore) return { ...pulled, heldBack: page.heldBack === true };
  }
}

async function applyPage(page: z.output<typeof typedChangesAnswerSchema>) {
  await localDatabase.transaction('rw', [...localDatabase.tables], async () => {
    if (page.reset) await Promise.all(changeEntitySchema.options.map((entity) => tableFor(entity).clear()));
    const byEntity = new Map<ChangeEntity, typeof page.changes>();
    for (const change of page.changes) {
      const changes = byEntity.get(change.entity);
      if (changes) changes.push(change);
      else byEntity.set(change.entity, [change]);
    }
    for (const [entity, changes] of byEntity) {
      const table = tableFor(entity);
      const upserts = changes.flatMap((change) => (change.op === 'upsert' && change.row ? [change.row] : []));
      const deletions = changes.filter((change) => change.op === 'delete').map((change) => change.id);
      if (upserts.length) await table.bulkPut(upserts);
      if (deletions.length) await table.bulkDelete(deletions);
    }
    await localDatabase.keyValue.put({ key: 'sync.cursor', value: page.cursor });
    await localDatabase.keyValue.put({ key: 'sync.lastSyncedAt', value: new Date().toISOString() });
  });
}

/**
 * Whether the mirror holds a finished sync of `owner`'s scope: its cursor is a feed position, not
 * a snapshot's (`s…`, answered while the first sync's pages are still coming).
 */
export async function mirrorIsComplete(owner: string): Promise<boolean> {
  if ((await readMeta('sync.scope')) !== mirrorScope(owner)) return false;
  const cursor: unknown = await readMeta('sync.cursor');
  return typeof cursor === 'string' && !cursor.startsWith('s');
}

export async function lastSyncedAt(): Promise<string | null> {
  return (await readMeta('sync.lastSyncedAt')) ?? null;
}
