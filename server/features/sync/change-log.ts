import type { ChangeEntity } from '#core/contract/orders';
import type { Queryable } from '#server/db/database';
import { changeLog } from '#server/db/schema';
import { refreshOrderDocuments } from '#server/features/orders/orders-json';

/**
 * Appends to the change log inside the writer's transaction, once per organization that may see the
 * row, and refreshes the stored documents of the loads written.
 */
export async function recordChanges(
  tx: Queryable,
  changes: { entity: ChangeEntity; id: number; op: 'upsert' | 'delete'; organizationIds: (number | null)[] }[],
) {
  const rows = changes.flatMap((change) =>
    [...new Set(change.organizationIds)].map((organizationId) => ({
      organizationId,
      entity: change.entity,
      entityId: change.id,
      op: change.op,
    })),
  );
  if (rows.length) await tx.insert(changeLog).values(rows);
  // Every write of a load records its change here: the place to keep its served document current.
  const upsertedOrders = changes
    .filter((change) => change.entity === 'order' && change.op === 'upsert')
    .map((change) => change.id);
  await refreshOrderDocuments(tx, [...new Set(upsertedOrders)]);
}
