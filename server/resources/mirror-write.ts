import { ERROR_CODES } from '#core/contract/errors';
import { IN_USE_RULE } from '#core/contract/master-data';
import type { ResourceKind } from '#core/resources/resource-list';
import type { ChangeEntity } from '#core/contract/change-feed';
import type { Database, Transaction } from '#server/db/database';
import { recordChanges } from '#server/features/sync/change-log';
import type { AuthContext } from '#server/plugins/auth';
import { HttpError, notFound } from '#server/plugins/error-handler';
import type { RealtimePublisher } from '#server/plugins/realtime';

export type RecordMirrorChanges = (changes: Parameters<typeof recordChanges>[1]) => Promise<void>;

/**
 * Runs a master-data write in one transaction whose `record` logs its changes for the change feed,
 * then, once committed, pokes the sockets of every organization a change was logged for, so their
 * mirrors pull it.
 */
export async function mirrorWrite<T>(
  db: Database,
  realtime: RealtimePublisher,
  write: (tx: Transaction, record: RecordMirrorChanges) => Promise<T>,
): Promise<T> {
  const organizationIds = new Set<number>();
  const entities = new Set<ChangeEntity>();
  const result = await db.transaction((tx) =>
    write(tx, async (changes) => {
      for (const change of await recordChanges(tx, changes)) {
        entities.add(change.entity);
        for (const id of change.organizationIds) if (id !== null) organizationIds.add(id);
      }
    }),
  );
  if (entities.size) realtime.publishMirrorChange([...organizationIds], { entities: [...entities] });
  return result;
}

/** `/organizations/{orgId}/…` acts on the active organization only; another one is not found. */
export function assertActiveOrganization(auth: AuthContext, orgId: number) {
  if (orgId !== auth.organizationId) throw notFound('Organization');
}

/** 409 with the row as stored, so the form can show what changed (like `PUT /api/orders/{id}`). */
export function staleVersion(what: string, current: unknown) {
  return new HttpError(409, ERROR_CODES.conflict, `The ${what} was changed by someone else`, { current });
}

/** 409 `inUse` naming what still uses the record, one issue per kind of record (`uses.order`: "3"); nothing when unused. */
export function assertUnused(what: string, uses: Partial<Record<ResourceKind, number>>) {
  const named = Object.entries(uses).filter(([, count]) => count > 0) as [ResourceKind, number][];
  if (!named.length) return;
  const list = named.map(([kind, count]) => `${count} ${kind}${count === 1 ? '' : 's'}`).join(', ');
  throw new HttpError(409, ERROR_CODES.conflict, `The ${what} cannot be deleted: it is used by ${list}`, {
    rule: IN_USE_RULE,
    issues: named.map(([kind, count]) => ({ path: `uses.${kind}`, message: String(count) })),
  });
}
