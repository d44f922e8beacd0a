import * as Comlink from 'comlink';
import type { PlannerApi } from '../../workers/planner.worker.ts';

let remote: Comlink.Remote<PlannerApi> | null = null;

/** The worker starts on the first call, so pages that never plan never pay for it. */
function plannerRemote(): Comlink.Remote<PlannerApi> {
  remote ??= Comlink.wrap<PlannerApi>(
    new Worker(new URL('../../workers/planner.worker.ts', import.meta.url), { type: 'module', name: 'planner' }),
  );
  return remote;
}

/**
 * The planning functions of core/domain/planning, run in a web worker: each call answers a promise
 * (`await planner.recomputeArrivals(stops, index, travel, durations)`). Arguments and answers are
 * structured-cloned, so pass plain data (Maps and arrays are fine, functions are not).
 */
export const planner = new Proxy({} as Comlink.Remote<PlannerApi>, {
  get: (_target, property) => Reflect.get(plannerRemote(), property),
});
