import type { TrackFix, VisitEvent, VisitState } from '#core/domain/tracking/visits';

/**
 * A recent step as stored. Its fix's time comes after the step before it (the first's in full).
 * A step whose fix is a row of device_positions and made no event is that time alone: the fix is read
 * back from there. Otherwise the fix is written out, with its events when it made some.
 */
type PackedStep =
  | number
  | [time: number, latitude: number, longitude: number, accuracy: number | null, speed: number | null]
  | [
      time: number,
      latitude: number,
      longitude: number,
      accuracy: number | null,
      speed: number | null,
      events: readonly VisitEvent[],
    ];

type RecentStep = NonNullable<VisitState['recent']>['steps'][number];

/** A tracking state as stored (device_tracking_states.state), parsed: its recent steps, if packed, apart. */
export interface StoredTrackingState<State extends { visits: VisitState }> {
  /** Without its recent steps when they were packed (`recent` holds them). */
  state: State;
  recent: { base: VisitState; packed: PackedStep[] } | null;
}

/** The times of a stored state's steps kept as a time alone, whose fixes are read from device_positions. */
export function fixTimesToRead(stored: StoredTrackingState<{ visits: VisitState }>): number[] {
  const times: number[] = [];
  let previous = 0;
  for (const step of stored.recent?.packed ?? []) {
    previous += typeof step === 'number' ? step : step[0];
    if (typeof step === 'number') times.push(previous);
  }
  return times;
}

function pack(steps: readonly RecentStep[], inHistory: (fix: TrackFix) => boolean): PackedStep[] {
  let previous = 0;
  return steps.map(({ fix, events }) => {
    const time = fix.time - previous;
    previous = fix.time;
    if (!events.length && inHistory(fix)) return time;
    return events.length
      ? [time, fix.latitude, fix.longitude, fix.accuracy, fix.speed, events]
      : [time, fix.latitude, fix.longitude, fix.accuracy, fix.speed];
  });
}

/**
 * A device's tracking state as stored: JSON, with the recent steps (RECENT_STEPS fixes kept to
 * replay a late one) packed. Written for every device of every batch: as objects the steps were 4.6 KB
 * a device, more to write than the fixes themselves, and as arrays still 1.4 KB; a step whose fix
 * `inHistory` (a row of device_positions) and that made no event is its time alone, about 300 bytes
 * a device in all.
 */
export function trackingStateJson<State extends { visits: VisitState }>(
  state: State,
  inHistory: (fix: TrackFix) => boolean,
): string {
  const recent = state.visits.recent;
  if (!recent) return JSON.stringify(state);
  return JSON.stringify({
    ...state,
    visits: { ...state.visits, recent: { base: recent.base, packed: pack(recent.steps, inHistory) } },
  });
}

/** Parses what `trackingStateJson` wrote, and states stored before the steps were packed. */
export function parseTrackingState<State extends { visits: VisitState }>(json: string): StoredTrackingState<State> {
  const state = JSON.parse(json) as State;
  const stored = state.visits.recent as { base: VisitState; packed?: PackedStep[] } | undefined;
  if (!stored?.packed) return { state, recent: null };
  const { recent: _packed, ...visits } = state.visits;
  return { state: { ...state, visits }, recent: { base: stored.base, packed: stored.packed } };
}

/**
 * The state with its recent steps unpacked, each step kept as a time alone taking its fix from
 * `storedFix`. One no longer stored (the position history pruned under it) is left out: a late fix
 * is then replayed over the steps that remain.
 */
export function unpackTrackingState<State extends { visits: VisitState }>(
  { state, recent }: StoredTrackingState<State>,
  storedFix: (time: number) => TrackFix | undefined,
): State {
  if (!recent) return state;
  const steps: RecentStep[] = [];
  let previous = 0;
  for (const step of recent.packed) {
    if (typeof step === 'number') {
      previous += step;
      const fix = storedFix(previous);
      if (fix) steps.push({ fix, events: [] });
      continue;
    }
    const [time, latitude, longitude, accuracy, speed, events] = step;
    previous += time;
    steps.push({ fix: { time: previous, latitude, longitude, accuracy, speed }, events: events ?? [] });
  }
  return { ...state, visits: { ...state.visits, recent: { base: recent.base, steps } } };
}
