import type { TrackFix, VisitEvent, VisitState } from '#core/domain/tracking/visits';

/**
 * A recent step as stored: its fix as an array (its time after the step before it, the first's in
 * full), and its events only when it made some.
 */
type PackedStep =
  | [time: number, latitude: number, longitude: number, accuracy: number | null, speed: number | null]
  | [time: number, latitude: number, longitude: number, accuracy: number | null, speed: number | null, events: VisitEvent[]];

type RecentStep = NonNullable<VisitState['recent']>['steps'][number];

function pack(steps: readonly RecentStep[]): PackedStep[] {
  let previous = 0;
  return steps.map(({ fix, events }) => {
    const time = fix.time - previous;
    previous = fix.time;
    return events.length
      ? [time, fix.latitude, fix.longitude, fix.accuracy, fix.speed, events]
      : [time, fix.latitude, fix.longitude, fix.accuracy, fix.speed];
  });
}

function unpack(packed: readonly PackedStep[]): RecentStep[] {
  let previous = 0;
  return packed.map(([time, latitude, longitude, accuracy, speed, events]) => {
    previous += time;
    const fix: TrackFix = { time: previous, latitude, longitude, accuracy, speed };
    return { fix, events: events ?? [] };
  });
}

/**
 * A device's tracking state as stored (device_tracking_states.state): JSON, with the recent steps
 * (RECENT_STEPS fixes kept to replay a late one) as arrays under `packed`. Written for every device
 * of every batch, the steps as objects were 4.6 KB a device (in PostgreSQL, compressed out of line),
 * more to write than the fixes themselves; packed, less than half.
 */
export function trackingStateJson<State extends { visits: VisitState }>(state: State): string {
  const recent = state.visits.recent;
  if (!recent) return JSON.stringify(state);
  return JSON.stringify({ ...state, visits: { ...state.visits, recent: { base: recent.base, packed: pack(recent.steps) } } });
}

/** Reads what `trackingStateJson` wrote, and states stored before the steps were packed. */
export function readTrackingState<State extends { visits: VisitState }>(json: string): State {
  const state = JSON.parse(json) as State;
  const recent = state.visits.recent as { base: VisitState; packed?: PackedStep[] } | undefined;
  if (recent?.packed) state.visits.recent = { base: recent.base, steps: unpack(recent.packed) };
  return state;
}
