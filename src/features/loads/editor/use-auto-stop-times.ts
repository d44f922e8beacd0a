import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { travelTimeIndex } from '#core/domain/planning/index';
import { planner } from '#src/data/planner.ts';
import { fetchTravelTimes, useThroughputRules } from '#src/data/travel-times.ts';
import { type EditorStop, legPairs } from './editor-state.ts';

export type AutoStopTimesStage = 'idle' | 'travel' | 'computing';

/**
 * "Auto-calculate stop times" (spec 1 §4): fetches the legs' travel times, sets each open stop's
 * duration from the throughput rules, and recomputes arrivals forward and backward from the chosen
 * stop, in the planner worker. Locked (completed) stops keep their times.
 */
export function useAutoStopTimes() {
  const queryClient = useQueryClient();
  const rules = useThroughputRules();
  const [stage, setStage] = useState<AutoStopTimesStage>('idle');

  const run = async (
    stops: EditorStop[],
    fromIndex: number,
    isLocked: (index: number) => boolean,
  ): Promise<{ stops: EditorStop[]; unavailable: number[] }> => {
    setStage('travel');
    try {
      const { entries } = await fetchTravelTimes(queryClient, legPairs(stops));
      setStage('computing');
      const travel = travelTimeIndex(entries);
      const loadingRules = rules.data ?? [];
      const ruled = await Promise.all(stops.map((stop) => planner.stopDurationMinutes(stop, loadingRules)));
      const timed = stops.map((stop, index) =>
        isLocked(index) || ruled[index] === null || ruled[index] === undefined
          ? stop
          : { ...stop, durationMinutes: ruled[index] },
      );
      const result = await planner.recomputeArrivals(
        timed,
        fromIndex,
        travel,
        timed.map((stop) => stop.durationMinutes),
      );
      return {
        stops: result.stops.map((stop, index) => (isLocked(index) ? stops[index]! : (stop as EditorStop))),
        unavailable: result.unavailable,
      };
    } finally {
      setStage('idle');
    }
  };

  return { run, stage, rulesReady: !rules.isPending };
}
