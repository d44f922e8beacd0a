import { describe, expect, it } from 'vitest';
import { detectVisits, emptyVisitState, type Fence, RECENT_STEPS, type VisitState } from '#core/domain/tracking/visits';
import { readTrackingState, trackingStateJson } from './tracking-state-json.ts';

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
  let visits: VisitState = emptyVisitState();
  const states: { visits: VisitState; etaAskedAt: number; standing: null }[] = [];
  const drive = (at: number, east: number, speed: number | null) => {
    visits = detectVisits(visits, fixAt(at, east, speed), () => [fence], settings).state;
    states.push({ visits, etaAskedAt: T0 + at, standing: null });
  };
  for (let index = 0; index < 10; index += 1) drive(index * 60 - 600, -5000 + index * 500, 15);
  for (let index = 0; index < 20; index += 1) drive(index * 60, 20 + index, index % 2 ? null : 0);
  for (let index = 0; index < RECENT_STEPS; index += 1) drive(1500 + index * 60, 3000 + index * 800, 15);
  return states;
}

describe('tracking state as stored', () => {
  it('reads back every state as it was, visits and their events included', () => {
    const states = statesAlong();
    const withEvents = states.filter((state) => state.visits.recent?.steps.some((step) => step.events.length));
    expect(withEvents.length).toBeGreaterThan(0);
    for (const state of states) {
      expect(readTrackingState(trackingStateJson(state))).toEqual(JSON.parse(JSON.stringify(state)));
    }
  });

  it('keeps a device with RECENT_STEPS recent fixes in less than half of the same state as plain JSON', () => {
    const full = statesAlong().at(-1);
    if (!full) throw new Error('no state');
    expect(full.visits.recent?.steps).toHaveLength(RECENT_STEPS);
    expect(trackingStateJson(full).length).toBeLessThan(JSON.stringify(full).length / 2);
  });

  it('reads states stored before the recent steps were packed, and states without them', () => {
    const full = statesAlong().at(-1);
    const plain = { visits: emptyVisitState(), etaAskedAt: 0 };
    expect(readTrackingState(JSON.stringify(full))).toEqual(JSON.parse(JSON.stringify(full)));
    expect(readTrackingState(trackingStateJson(plain))).toEqual(plain);
  });
});
