import type { Order, Stop } from '#core/contract/orders';

/**
 * What goes to the planner worker and back. Structured-cloning whole loads both ways costs more main
 * thread time than the rules themselves for a thousand drafts, so only the fields a rule reads are
 * sent, and the answer's times are laid over the drafts here.
 */

/**
 * What completeness and the schedule read of a stop (its place, cargo and amounts for the rules and the
 * throughput durations, its arrival and duration for the times).
 */
export type PlanningInputStop = Pick<
  Stop,
  'sequence' | 'type' | 'organizationLocationId' | 'cargoTypeId' | 'quantity' | 'weight' | 'arrivalTime' | 'durationMinutes'
>;

export function planningInput(drafts: readonly Order[]): { date: string; stops: PlanningInputStop[] }[] {
  return drafts.map((draft) => ({
    date: draft.date,
    stops: draft.stops.map((stop) => ({
      sequence: stop.sequence,
      type: stop.type,
      organizationLocationId: stop.organizationLocationId,
      cargoTypeId: stop.cargoTypeId,
      quantity: stop.quantity,
      weight: stop.weight,
      arrivalTime: stop.arrivalTime,
      durationMinutes: stop.durationMinutes,
    })),
  }));
}

/** What the cascade reads of a draft. */
export function cascadeInput(
  drafts: readonly Order[],
): { date: string; isDraft: boolean; stops: Pick<Stop, 'sequence' | 'organizationLocationId' | 'arrivalTime'>[] }[] {
  return drafts.map((draft) => ({
    date: draft.date,
    isDraft: draft.isDraft,
    stops: draft.stops.map((stop) => ({
      sequence: stop.sequence,
      organizationLocationId: stop.organizationLocationId,
      arrivalTime: stop.arrivalTime,
    })),
  }));
}

export interface TimedDraft {
  date?: string;
  stops: readonly { sequence: number; arrivalTime: string | null; durationMinutes?: number | null }[];
}

/**
 * The drafts with the worker's answer (same order) laid over them: each stop's arrival (and duration
 * when answered), each draft's date. Stops match by sequence; a draft without an answer stays as it is.
 */
export function withStopTimes(drafts: readonly Order[], answers: readonly TimedDraft[]): Order[] {
  return drafts.map((draft, index) => {
    const answer = answers[index];
    if (!answer) return draft;
    const bySequence = new Map(answer.stops.map((stop) => [stop.sequence, stop]));
    return {
      ...draft,
      date: answer.date ?? draft.date,
      stops: draft.stops.map((stop) => {
        const timed = bySequence.get(stop.sequence);
        if (!timed) return stop;
        return {
          ...stop,
          arrivalTime: timed.arrivalTime,
          durationMinutes: timed.durationMinutes === undefined ? stop.durationMinutes : timed.durationMinutes,
        };
      }),
    };
  });
}
