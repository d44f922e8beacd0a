import { referencedKinds } from '#core/contract/references';
import { RESOURCES, type ResourceKind } from '#core/resources/resource-list';
import type { Queryable } from '#server/db/database';

/** How many records of one kind name a record of another (loads naming a customer), within a write's transaction. */
export type UseCount = (tx: Queryable, id: number) => Promise<number>;

const counts = new Map<ResourceKind, Map<ResourceKind, UseCount>>();

/**
 * Registers, from the feature owning `by`, how many of its records name a `referenced` record: a
 * delete through the record routes is refused (409 `inUse`, `uses.<by>`) while any does. The input
 * schemas' `referenceId` marks say which pairs must be registered (server/resources/uses.test.ts),
 * so the referenced feature never names the ones that use it.
 */
export function registerUse(referenced: ResourceKind, by: ResourceKind, count: UseCount) {
  const byKind = counts.get(referenced) ?? new Map<ResourceKind, UseCount>();
  byKind.set(by, count);
  counts.set(referenced, byKind);
}

/** The kinds registered as naming `referenced`. */
export function registeredUsers(referenced: ResourceKind): ResourceKind[] {
  return [...(counts.get(referenced)?.keys() ?? [])];
}

/** How many records of each registered kind name the record (`{ trailer: 1 }`). */
export async function usesOf(
  tx: Queryable,
  referenced: ResourceKind,
  id: number,
): Promise<Partial<Record<ResourceKind, number>>> {
  const uses: Partial<Record<ResourceKind, number>> = {};
  for (const [by, count] of counts.get(referenced) ?? []) uses[by] = await count(tx, id);
  return uses;
}

/** The kinds deleted through the record routes, whose "in use" refusal reads the registered counts. */
const deletedByRecordRoutes = new Set<ResourceKind>();

export function countsUsesBeforeDeleting(kind: ResourceKind) {
  deletedByRecordRoutes.add(kind);
}

/**
 * Pairs a declared input references (`referenceId` marks) whose count nobody registered, `by → referenced`:
 * a delete would then forget that records still name the referenced one. Empty once every feature registered.
 */
export function unregisteredUses(): string[] {
  return RESOURCES.flatMap((resource) => {
    if (!('writes' in resource)) return [];
    return [...referencedKinds(resource.writes.input)]
      .map((referenced) => referenced as ResourceKind)
      .filter((referenced) => deletedByRecordRoutes.has(referenced) && !registeredUsers(referenced).includes(resource.kind))
      .map((referenced) => `${resource.kind} → ${referenced}`);
  });
}
