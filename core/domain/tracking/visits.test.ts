import { describe, expect, it } from 'vitest';
import type { GeofenceShape } from '../geo/geofence.ts';
import {
  type DetectionSettings,
  advanceVisits,
  ENTRY_DWELL_SECONDS,
  emptyVisitState,
  type Fence,
  type TrackFix,
  type VisitEvent,
  type VisitState,
} from './visits.ts';

const METERS_PER_DEGREE = (6_371_000 * Math.PI) / 180;
const SITE: GeofenceShape = { latitude: 42, longitude: -93, radius: 150, bbox: null };
const fence: Fence = { id: 'location:1', shape: SITE };
const settings: DetectionSettings = { insideSiteInactiveMinutes: 30, outsideSiteInactiveMinutes: 10 };
const T0 = Date.parse('2026-11-28T08:00:00Z');

/** A fix `east` metres east and `north` metres north of the site's centre, `seconds` after T0. */
function fixAt(seconds: number, east: number, north = 0, extra: Partial<TrackFix> = {}): TrackFix {
  return {
    time: T0 + seconds * 1000,
    latitude: SITE.latitude + north / METERS_PER_DEGREE,
    longitude: SITE.longitude + east / (METERS_PER_DEGREE * Math.cos((SITE.latitude * Math.PI) / 180)),
    accuracy: 10,
    speed: 0,
    ...extra,
  };
}

function run(fixes: TrackFix[], start: VisitState = emptyVisitState()) {
  const state = start;
  const events: VisitEvent[] = [];
  for (const fix of fixes) events.push(...advanceVisits(state, fix, () => [fence], settings));
  return { state, events };
}

const kinds = (events: VisitEvent[]) => events.map((event) => event.type);

describe('geofence visit detection', () => {
  it('arrives after the dwell, at the moment interpolated along the segment, and leaves past the margin', () => {
    const { events } = run([
      fixAt(0, -3000, 0, { speed: 20 }),
      // 3,000 m at 20 m/s: the truck reached the fence (150 m from the centre) at 142.5 s, not at 300 s.
      fixAt(300, 0),
      fixAt(600, 10),
      fixAt(900, 20),
      fixAt(1200, 3000, 0, { speed: 20 }),
    ]);
    expect(kinds(events)).toEqual(['arrived', 'left']);
    expect((events[0]?.time ?? 0) - T0).toBeCloseTo(142_500, -3);
    // Left the fence 2,850 m before the last fix, at 20 m/s.
    expect((events[1]?.time ?? 0) - T0).toBeCloseTo(1_200_000 - 142_500, -3);
  });

  it('finds a visit with no fix inside from the time lost on a segment through the fence', () => {
    // 6,000 m in 600 s at a reported 20 m/s: 300 s of driving, 300 s stood somewhere on the way, in the fence.
    const { events } = run([fixAt(0, -3000, 0, { speed: 20 }), fixAt(600, 3000, 0, { speed: 20 })]);
    expect(kinds(events)).toEqual(['arrived', 'left']);
    expect((events[0]?.time ?? 0) - T0).toBeCloseTo(142_500, -3);
    expect((events[1]?.time ?? 0) - T0).toBeCloseTo(600_000 - 142_500, -3);
  });

  it('does not call a drive through the fence a visit, with or without a fix inside', () => {
    expect(run([fixAt(0, -3000, 0, { speed: 20 }), fixAt(300, 3000, 0, { speed: 20 })]).events).toEqual([]);
    const through = run([fixAt(0, -2000, 0, { speed: 20 }), fixAt(100, 0, 0, { speed: 20 }), fixAt(200, 2000, 0, { speed: 20 })]);
    expect(through.events).toEqual([]);
  });

  it('neither flaps nor leaves when fixes jitter around the edge, and a poor fix cannot leave', () => {
    const entered = run([fixAt(0, 0), fixAt(ENTRY_DWELL_SECONDS + 60, 20)]);
    expect(kinds(entered.events)).toEqual(['arrived']);
    const jitter = [170, 130, 185, 140, 190, 120].map((east, index) => fixAt(400 + index * 60, east));
    const poorJump = fixAt(800, 2000, 0, { accuracy: 400 });
    const { events, state } = run([...jitter, poorJump], entered.state);
    expect(events).toEqual([]);
    expect(state.visits['location:1']?.phase).toBe('inside');
  });

  it('lets no single fix enter, however accurate, nor a poor one', () => {
    expect(run([fixAt(0, -3000, 0, { speed: 20 }), fixAt(300, 0, 0, { accuracy: 150 })]).state.visits).toEqual({});
    const one = run([fixAt(0, -3000, 0, { speed: 20 }), fixAt(150, 0)]);
    expect(one.events).toEqual([]);
    expect(one.state.visits['location:1']?.phase).toBe('candidate');
  });

  it('never rewinds on a late, resent or out-of-order fix', () => {
    const entered = run([fixAt(0, 0), fixAt(300, 10)]);
    const before: unknown = JSON.parse(JSON.stringify(entered.state));
    const late = run([fixAt(100, 3000, 0, { speed: 20 }), fixAt(300, 3000), fixAt(200, 0)], entered.state);
    expect(late.events).toEqual([]);
    expect(late.state).toEqual(before);
  });

  it('reports once that a visit lasted the inside-site inactive minutes', () => {
    const fixes = Array.from({ length: 10 }, (_, index) => fixAt(index * 300, 5));
    expect(kinds(run(fixes).events)).toEqual(['arrived', 'dwelled']);
  });

  it('enters a fence marked for entry on crossing (an avoidance zone) when merely driving through it', () => {
    const zone: Fence = { ...fence, id: 'zone:1', entryOnCrossing: true };
    const through = (fixes: TrackFix[]) => {
      const state = emptyVisitState();
      const events: VisitEvent[] = [];
      for (const fix of fixes) events.push(...advanceVisits(state, fix, () => [zone], settings));
      return kinds(events);
    };
    expect(through([fixAt(0, -3000, 0, { speed: 20 }), fixAt(300, 3000, 0, { speed: 20 })])).toEqual(['arrived', 'left']);
    expect(through([fixAt(0, -2000, 0, { speed: 20 }), fixAt(100, 0, 0, { speed: 20 })])).toEqual(['arrived']);
  });

  it('reports the visit a late fix reveals: the one fix inside, resent after the fix that followed it', () => {
    // 4,000 m out at 20 m/s, the one fix inside (standing) arrives after the next one 3,700 m out.
    const { events } = run([fixAt(0, -4000, 0, { speed: 20 }), fixAt(600, 3700, 0, { speed: 20 }), fixAt(300, 0)]);
    expect(kinds(events)).toEqual(['arrived', 'left']);
    // Arrived where the segment into the fence crosses it (3,850 m at 20 m/s), as in order.
    expect((events[0]?.time ?? 0) - T0).toBeCloseTo(192_500, -3);
    expect((events[1]?.time ?? 0) - T0).toBeCloseTo(600_000 - 177_500, -3);
  });

  it('ignores a late fix that would take back a visit already reported, and a resent one', () => {
    const inOrder = run([fixAt(0, -3000, 0, { speed: 20 }), fixAt(300, 0), fixAt(600, 10), fixAt(900, 20)]);
    expect(kinds(inOrder.events)).toEqual(['arrived']);
    const before: unknown = JSON.parse(JSON.stringify(inOrder.state));
    // A fix far away between two inside would make the visit start later: the reported arrival stands.
    const late = run([fixAt(450, 3000, 0, { speed: 20 }), fixAt(600, 10)], inOrder.state);
    expect(late.events).toEqual([]);
    expect(late.state).toEqual(before);
  });

  it('takes a truck that stood beside the fence and drove out through it for no visit', () => {
    // Standing 60 m outside (its own site next door), then pulling out across the fence at 8 m/s.
    const { events } = run([
      fixAt(0, -210),
      fixAt(300, -210),
      fixAt(600, 0, 0, { speed: 8 }),
      fixAt(900, 5600, 0, { speed: 20 }),
    ]);
    expect(events).toEqual([]);
  });

  it('takes lost time for a stop sooner when a fix too inaccurate to place the truck said it stood', () => {
    // 3,000 m to the fence and 2,000 m beyond it at 20 m/s leave 210 s lost in 475 s: a visit only if
    // the truck is known to have stood, not merely slowed.
    const poor = (speed: number) => fixAt(240, 900, 0, { accuracy: 800, speed });
    const drive = (between: TrackFix[]) =>
      kinds(run([fixAt(0, -3150, 0, { speed: 20 }), ...between, fixAt(475, 2150, 0, { speed: 20 })]).events);
    expect(drive([poor(0.2)])).toEqual(['arrived', 'left']);
    expect(drive([poor(20)])).toEqual([]);
    expect(drive([])).toEqual([]);
  });

  it('guesses no stop over a gap missing a fix, and finds the visit when that fix arrives late', () => {
    // Every 300 s, then 600 s with nothing heard: 300 s lost, but the missing fix says where.
    const before = [fixAt(-300, -9150, 0, { speed: 20 }), fixAt(0, -3150, 0, { speed: 20 }), fixAt(600, 2850, 0, { speed: 20 })];
    const inOrder = run(before);
    expect(inOrder.events).toEqual([]);
    const late = run([fixAt(300, 0)], inOrder.state);
    expect(kinds(late.events)).toEqual(['arrived', 'left']);
    expect((late.events[0]?.time ?? 0) - T0).toBeCloseTo(150_000, -3);
  });

  it('replays a fix resent hours late, after twenty newer ones', () => {
    const onward = Array.from({ length: 20 }, (_, index) => fixAt(900 + index * 300, 9700 + index * 6000, 0, { speed: 20 }));
    const { events } = run([fixAt(0, -4000, 0, { speed: 20 }), fixAt(600, 3700, 0, { speed: 20 }), ...onward, fixAt(300, 0)]);
    expect(kinds(events)).toEqual(['arrived', 'left']);
  });

  it('credits the time lost between two fixes to one fence, the one it fits best', () => {
    // 300 s lost driving past the site; a second site 1,500 m off the road could explain it too.
    const nearby: Fence = { id: 'location:2', shape: { ...SITE, latitude: SITE.latitude + 1500 / METERS_PER_DEGREE } };
    const state = emptyVisitState();
    const events: VisitEvent[] = [];
    for (const fix of [fixAt(0, -3150, 0, { speed: 20 }), fixAt(600, 2850, 0, { speed: 20 })]) {
      events.push(...advanceVisits(state, fix, () => [fence, nearby], settings));
    }
    expect(events.map((event) => [event.type, event.fenceId])).toEqual([
      ['arrived', 'location:1'],
      ['left', 'location:1'],
    ]);
  });

  it('finds a stop over a gap longer than the outside-site inactive minutes when a poor fix said the truck stood', () => {
    const drive = (between: TrackFix[]) =>
      kinds(run([fixAt(0, -3150, 0, { speed: 20 }), ...between, fixAt(900, 6850, 0, { speed: 20 })]).events);
    expect(drive([fixAt(450, 400, 0, { accuracy: 900, speed: 0.1 })])).toEqual(['arrived', 'left']);
    expect(drive([])).toEqual([]);
  });
});
