import { useMemo } from 'react';
import type { Order } from '#core/contract/orders';
import { conflictsByLoad, type LoadConflict } from '#core/domain/planning/index';
import { planner } from '#src/data/planner.ts';
import { useConflictResources, useLoadLabels, useWeekLoadsAndDrafts } from '../conflicts/use-conflicts.ts';
import { usePlannerResult } from '../planning/use-planner-result.ts';

/**
 * The planning conflicts of every load the table shows, against the week's loads and drafts: computed
 * once per change of the week (not per row), on the page for loads and in the planner worker for
 * drafts, whose table is re-planned often.
 */
export function useTableConflicts(
  table: 'loads' | 'drafts',
  orders: readonly Order[] | undefined,
  range: { startDate: string; endDate: string },
): { byLoad: Map<number, LoadConflict[]> | undefined; labelOf: (id: number) => string } {
  const others = useWeekLoadsAndDrafts(range);
  const resources = useConflictResources();
  const labelOf = useLoadLabels(others);
  const onPage = useMemo(
    () => (table === 'loads' && orders ? conflictsByLoad(orders, others, resources) : undefined),
    [table, orders, others, resources],
  );
  // The loads table never asks the worker: a key that never changes runs the (empty) call once.
  const inputs = useMemo(() => (table === 'drafts' ? { orders, others, resources } : null), [table, orders, others, resources]);
  const inWorker = usePlannerResult(inputs, async () =>
    inputs?.orders ? planner.conflictsByLoad(inputs.orders, inputs.others, inputs.resources) : undefined,
  );
  return { byLoad: table === 'loads' ? onPage : inWorker.data, labelOf };
}
