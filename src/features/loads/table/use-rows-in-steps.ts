import { startTransition, useEffect, useState } from 'react';

/** Rows mounted per step: about one frame of work for a table row with its controls. */
export const ROWS_PER_STEP = 20;

/**
 * A new page of rows (another page, filter or week) is mounted ROWS_PER_STEP rows at a time, each step in its
 * own task: the first rows show at once and no single task mounts a whole page of 100. Rows whose
 * content changes on the same page (a live update) render at once.
 */
export function useRowsInSteps<Row extends { id: number }>(rows: readonly Row[]): readonly Row[] {
  const pageKey = rows.map((row) => row.id).join(',');
  const [step, setStep] = useState({ pageKey, shown: ROWS_PER_STEP });
  // A different set of rows starts again from the first step. Derived, not set while rendering: the
  // table renders these rows deferred, and a render-time update made its urgent and deferred renders
  // reset each other's step, so the rows of a new page could stay unmounted for seconds, or for good.
  const shown = step.pageKey === pageKey ? step.shown : ROWS_PER_STEP;

  useEffect(() => {
    if (shown >= rows.length) return;
    const timer = setTimeout(() => {
      startTransition(() => setStep({ pageKey, shown: shown + ROWS_PER_STEP }));
    }, 0);
    return () => clearTimeout(timer);
  }, [shown, rows.length, pageKey]);

  return shown >= rows.length ? rows : rows.slice(0, shown);
}
