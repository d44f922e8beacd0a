import { useEffect, useRef, useState } from 'react';

export interface PlannerResult<T> {
  data: T | undefined;
  error: unknown;
  pending: boolean;
}

/**
 * The answer of a planner-worker call (`planner.mergeDrafts(...)`, `planner.completenessOfDrafts(...)`)
 * for a dialog, run again whenever `key` changes (an object compared by identity, e.g. the dialog's
 * drafts). A query cache would hash the drafts on every render, which is what the worker saves us.
 */
export function usePlannerResult<T>(key: unknown, run: () => Promise<T>): PlannerResult<T> {
  const [state, setState] = useState<PlannerResult<T>>({ data: undefined, error: undefined, pending: true });
  const latest = useRef(run);
  latest.current = run;
  useEffect(() => {
    let current = true;
    setState((previous) => (previous.pending ? previous : { ...previous, pending: true }));
    latest.current().then(
      (data) => current && setState({ data, error: undefined, pending: false }),
      (error: unknown) => current && setState({ data: undefined, error, pending: false }),
    );
    return () => {
      current = false;
    };
  }, [key]);
  return state;
}
