/**
 * The planning functions, as one module: what workers/planner.worker.ts exposes to the page.
 * Pure and synchronous; the worker only moves the heavy ones off the main thread.
 */
export {
  canRecomputeArrivals,
  findThroughputRule,
  recomputeArrivals,
  roundTravelSeconds,
  stopDurationMinutes,
  travelSecondsBetween,
  travelTimeIndex,
  travelTimeKey,
  tripTotalSeconds,
} from './stop-times.ts';
export type { DurationStop, LoadingRule, RecomputedArrivals, TimedStop, TravelIndex } from './stop-times.ts';
