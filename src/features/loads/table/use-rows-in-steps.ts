import { startTransition, useEffect, useState } from 'react';

/** Rows mounted per step: about one frame of work for a table row with its controls. */
export const ROWS_PER_STEP = 20;

/**
 * A new page of rows (another page, filter or week) is mounted 20 rows at a time, each step in its
 * own task: the first rows show at once and no single task mounts a whole page of 100. Rows whose
 * content changes on the same page (a live update) render at once.
 */
export function useRowsInSteps<Row extends { id: number }>(rows: readonly Row[]): readonly Row[] {
  const pageKey = rows.map((row) => row.id).join(',');
  const [step, setStep] = useState({ pageKey, shown: ROWS_PER_STEP });
  // A different set of rows starts again from the first step (state adjusted while rendering, as React advises).
  const current = step.pageKey === pageKey ? step : { pageKey, shown: ROWS_PER_STEP };
  if (current !== step) setStep(current);

  useEffect(() => {
    if (current.shown >= rows.length) return;
    const timer = setTimeout(() => {
      startTransition(() =>
        setStep((previous) => (previous.pageKey === pageKey ? { pageKey, shown: previous.shown + ROWS_PER_STEP } : previous)),
      );
    }, 0);
    return () => clearTimeout(timer);
  }, [current.shown, rows.length, pageKey]);

  return current.shown >= rows.length ? rows : rows.slice(0, current.shown);
}
