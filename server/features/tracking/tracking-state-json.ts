import type { VisitState } from '#core/domain/tracking/visits';

/** Each recent step's JSON, once: steps are never changed, and a state carries its device's last 40 from batch to batch. */
const stepJson = new WeakMap<object, string>();
/** Stands in for the recent steps while the rest of the state is stringified; JSON escapes the NUL, so no value can hold it. */
const STEPS_MARK = '\u0000recent-steps';
const STEPS_MARK_JSON = JSON.stringify(STEPS_MARK);

/**
 * The JSON of a device's tracking state, as `JSON.stringify` writes it, reusing the JSON of the
 * recent steps (RECENT_STEPS fixes kept for late replays) written for earlier batches: a batch adds
 * one step per fix, so stringifying every step anew each time cost the ingest more than the rest of
 * live tracking together.
 */
export function trackingStateJson<State extends { visits: VisitState }>(state: State): string {
  const recent = state.visits.recent;
  if (!recent?.steps.length) return JSON.stringify(state);
  const steps = recent.steps.map((step) => {
    let json = stepJson.get(step);
    if (json === undefined) {
      json = JSON.stringify(step);
      stepJson.set(step, json);
    }
    return json;
  });
  const rest = JSON.stringify({ ...state, visits: { ...state.visits, recent: { ...recent, steps: STEPS_MARK } } });
  return rest.replace(STEPS_MARK_JSON, () => `[${steps.join(',')}]`);
}
