import { useMemo } from 'react';
import type { Order } from '#core/contract/orders';
import { conflictFinder, type LoadConflict } from '#core/domain/planning/index';
import { planner } from '#src/data/planner.ts';
import { useConflictResources, useLoadLabels, useWeekLoadsAndDrafts } from '../conflicts/use-conflicts.ts';
import { usePlannerResult } from '../planning/use-planner-result.ts';

/** A load's conflicts by id (undefined when it has none). */
export interface ConflictsById {
  get(id: number): LoadConflict[] | undefined;
}

/**
 * The planning conflicts of the loads the table shows, against the week's loads and drafts. For loads
 * the week is indexed once per change and each row asks for its own when it renders (a page of 100,
 * not the week's 10,000, on the main thread); drafts, re-planned often, are all found in the worker.
 */
export function useTableConflicts(
  table: 'loads' | 'drafts',
  orders: readonly Order[] | undefined,
  range: { startDate: string; endDate: string },
): { byLoad: ConflictsById | undefined; labelOf: (id: number) => string } {
  const others = useWeekLoadsAndDrafts(range);
  const resources = useConflictResources();
  const labelOf = useLoadLabels(others);
  // Indexed once per change of the week, not per filter or sort: indexing 10,000 loads is the long part.
  const finder = useMemo(() => (table === 'loads' ? conflictFinder(others, resources) : undefined), [table, others, resources]);
  const onPage = useMemo((): ConflictsById | undefined => {
    if (!finder || !orders) return undefined;
    const byId = new Map(orders.map((order) => [order.id, order]));
    const found = new Map<number, LoadConflict[] | undefined>();
    return {
      get(id) {
        if (!found.has(id)) {
          const order = byId.get(id);
          const conflicts = order ? finder.conflictsOf(order) : [];
          found.set(id, conflicts.length ? conflicts : undefined);
        }
        return found.get(id);
      },
    };
  }, [finder, orders]);
  // The loads table never asks the worker: a key that never changes runs the (empty) call once.
  const inputs = useMemo(() => (table === 'drafts' ? { orders, others, resources } : null), [table, orders, others, resources]);
  const inWorker = usePlannerResult(inputs, async () =>
    inputs?.orders ? planner.conflictsByLoad(inputs.orders, inputs.others, inputs.resources) : undefined,
  );
  return { byLoad: table === 'loads' ? onPage : inWorker.data, labelOf };
}
