import type { ChangeEntity } from '#core/contract/change-feed';
import type { Queryable } from '#server/db/database';
import { changeLog } from '#server/db/schema';
import { refreshOrderDocuments } from '#server/features/orders/orders-json';
import { carriedReferences, loadsNamingCarrierResources } from './carried-references.ts';

/**
 * Appends to the change log inside the writer's transaction, once per organization that may see the
 * row, and refreshes the stored documents of the loads written. A load's carrier also gets entries for
 * the owner's rows its stops name (carried-references.ts), so record a deletion before deleting.
 * Answers the changes recorded: those given and the loads a carrier's resource written renames.
 */
export async function recordChanges(
  tx: Queryable,
  written: { entity: ChangeEntity; id: number; op: 'upsert' | 'delete'; organizationIds: (number | null)[] }[],
) {
  // A carrier's driver, tractor or trailer written (a rename) is written on the loads naming it for their owners.
  const changes = [...written, ...(await loadsNamingCarrierResources(tx, written))];
  const rows = changes.flatMap((change) =>
    [...new Set(change.organizationIds)].map((organizationId) => ({
      organizationId,
      entity: change.entity,
      entityId: change.id,
      op: change.op,
    })),
  );
  if (rows.length) await tx.insert(changeLog).values(rows);
  const loads = changes.filter((change) => change.entity === 'order');
  const namedBefore = await carriedReferences(tx, loads);
  // Every write of a load records its change here: the place to keep its served document current.
  const upsertedOrders = loads.filter((change) => change.op === 'upsert').map((change) => change.id);
  await refreshOrderDocuments(tx, [...new Set(upsertedOrders)]);
  const named = [...namedBefore, ...(await carriedReferences(tx, loads))];
  const distinct = new Map(named.map((row) => [`${row.organizationId}:${row.entity}:${row.entityId}`, row]));
  if (distinct.size) await tx.insert(changeLog).values([...distinct.values()]);
  return changes;
}
