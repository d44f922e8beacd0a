import { describe, expect, it } from 'vitest';
import {
  advanceVisits,
  emptyVisitState,
  type Fence,
  RECENT_STEPS,
  type TrackFix,
  type VisitState,
} from '#core/domain/tracking/visits';
import { fixTimesToRead, parseTrackingState, trackingStateJson, unpackTrackingState } from './tracking-state-json.ts';

const SITE = { latitude: 42, longitude: -93 };
const fence: Fence = { id: 'location:1', shape: { ...SITE, radius: 150, bbox: null } };
const settings = { insideSiteInactiveMinutes: 30, outsideSiteInactiveMinutes: 10 };
const T0 = Date.parse('2026-11-28T08:00:00Z');
const fixAt = (seconds: number, east: number, speed: number | null = 0) => ({
  time: T0 + seconds * 1000,
  latitude: SITE.latitude + 0.000_123,
  longitude: SITE.longitude + east / (111_195 * Math.cos((SITE.latitude * Math.PI) / 180)),
  accuracy: 10.5,
  speed,
});

/** Driving in, standing inside the site twenty minutes, and away past RECENT_STEPS fixes: states along the way. */
function statesAlong() {
  const visits: VisitState = emptyVisitState();
  const states: { visits: VisitState; etaAskedAt: number; standing: null }[] = [];
  const drive = (at: number, east: number, speed: number | null) => {
    advanceVisits(visits, fixAt(at, east, speed), () => [fence], settings);
    // A snapshot: detection changes the state in place.
    states.push({ visits: JSON.parse(JSON.stringify(visits)) as VisitState, etaAskedAt: T0 + at, standing: null });
  };
  for (let index = 0; index < 10; index += 1) drive(index * 60 - 600, -5000 + index * 500, 15);
  for (let index = 0; index < 20; index += 1) drive(index * 60, 20 + index, index % 2 ? null : 0);
  for (let index = 0; index < RECENT_STEPS; index += 1) drive(1500 + index * 60, 3000 + index * 800, 15);
  return states;
}

/** The position history the states' fixes were stored in, as `device_positions` answers them. */
function historyOf(states: ReturnType<typeof statesAlong>) {
  const fixes = new Map<number, TrackFix>();
  for (const state of states) for (const step of state.visits.recent?.steps ?? []) fixes.set(step.fix.time, step.fix);
  return fixes;
}

/** Stored and read back, the fixes named by time alone taken from `history`. */
function roundTrip<State extends { visits: VisitState }>(
  state: State,
  history: Map<number, TrackFix>,
  inHistory = (_fix: TrackFix) => true,
) {
  const parsed = parseTrackingState<State>(trackingStateJson(state, inHistory));
  for (const time of fixTimesToRead(parsed)) expect(history.has(time), `fix at ${time} read from the history`).toBe(true);
  return unpackTrackingState(parsed, (time) => history.get(time));
}

const plainJson = (state: unknown) => JSON.parse(JSON.stringify(state));

describe('tracking state as stored', () => {
  it('reads back every state as it was, visits and their events included, its fixes from the position history', () => {
    const states = statesAlong();
    const history = historyOf(states);
    const withEvents = states.filter((state) => state.visits.recent?.steps.some((step) => step.events.length));
    expect(withEvents.length).toBeGreaterThan(0);
    for (const state of states) expect(roundTrip(state, history)).toEqual(plainJson(state));
  });

  it('writes in full the fixes that are no row of the history, and the steps that made events', () => {
    const states = statesAlong();
    const state = states.find((candidate) => candidate.visits.recent?.steps.some((step) => step.events.length));
    const steps = state?.visits.recent?.steps ?? [];
    const notStored = steps.find((step) => !step.events.length)?.fix.time;
    if (!state || notStored === undefined) throw new Error('no state with events and a plain step');
    const parsed = parseTrackingState<typeof state>(trackingStateJson(state, (fix) => fix.time !== notStored));
    const read = fixTimesToRead(parsed);
    expect(read).not.toContain(notStored);
    for (const step of steps.filter((candidate) => candidate.events.length)) expect(read).not.toContain(step.fix.time);
    // Nothing in the history: only the steps written in full come back.
    const alone = unpackTrackingState(parsed, () => undefined);
    expect(alone.visits.recent?.steps.map((step) => step.fix.time)).toEqual(
      steps.filter((step) => step.events.length || step.fix.time === notStored).map((step) => step.fix.time),
    );
    expect(alone.visits.recent?.base).toEqual(plainJson(state.visits.recent?.base));
  });

  it('keeps a device with RECENT_STEPS recent fixes in a quarter of the same state as plain JSON', () => {
    const full = statesAlong().at(-1);
    if (!full) throw new Error('no state');
    expect(full.visits.recent?.steps).toHaveLength(RECENT_STEPS);
    expect(trackingStateJson(full, () => true).length).toBeLessThan(JSON.stringify(full).length / 4);
  });

  it('reads states stored before the recent steps were packed, packed in full, and states without them', () => {
    const states = statesAlong();
    const full = states.at(-1);
    if (!full) throw new Error('no state');
    const plain = { visits: emptyVisitState(), etaAskedAt: 0 };
    expect(unpackTrackingState(parseTrackingState(JSON.stringify(full)), () => undefined)).toEqual(plainJson(full));
    expect(roundTrip(full, new Map(), () => false)).toEqual(plainJson(full));
    expect(unpackTrackingState(parseTrackingState(trackingStateJson(plain, () => true)), () => undefined)).toEqual(plain);
  });
});
