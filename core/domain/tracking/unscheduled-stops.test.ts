import { describe, expect, it } from 'vitest';
import { type ResumedTrip, type StandingState, trackStanding, type UnscheduledStop } from './unscheduled-stops.ts';
import type { TrackFix } from './visits.ts';

const T0 = Date.parse('2026-11-28T08:00:00Z');
const settings = { outsideSiteInactiveMinutes: 10 };

/** A fix `north` metres north of a point in Iowa, `minutes` after T0. */
const fixAt = (minutes: number, north: number, speed = 0, accuracy = 10): TrackFix => ({
  time: T0 + minutes * 60_000,
  latitude: 42 + north / 111_195,
  longitude: -93,
  accuracy,
  speed,
});

function walk(fixes: TrackFix[]) {
  let standing: StandingState | null = null;
  const stops: UnscheduledStop[] = [];
  const resumed: ResumedTrip[] = [];
  for (const fix of fixes) {
    const step = trackStanding(standing, fix, settings);
    standing = step.standing;
    if (step.stop) stops.push(step.stop);
    if (step.resumed) resumed.push(step.resumed);
  }
  return { stops, resumed };
}
const run = (fixes: TrackFix[]) => walk(fixes).stops;

describe('unscheduled stops', () => {
  it('reports a truck standing the outside-site inactive minutes once, dated when it stopped', () => {
    const stops = run([
      fixAt(0, -5000, 20),
      fixAt(5, 0),
      fixAt(10, 15),
      // Still there, drifting a little: the same stop, not reported again.
      fixAt(15, -20),
      fixAt(20, 10),
      fixAt(40, 5),
    ]);
    expect(stops).toHaveLength(1);
    expect(stops[0]?.since).toBe(T0 + 5 * 60_000);
  });

  it('reports nothing for lights and jams shorter than the threshold, nor for a poor fix or a late one', () => {
    expect(run([fixAt(0, 0), fixAt(2, 0), fixAt(3, 3000, 20), fixAt(5, 3000), fixAt(9, 3000), fixAt(10, 6000, 20)])).toEqual([]);
    // A poor fix far away does not move the stop on; a late fix does not end it.
    expect(run([fixAt(0, 0), fixAt(5, 900, 0, 800), fixAt(6, 0), fixAt(3, 0, 20), fixAt(11, 0)])).toHaveLength(1);
  });

  it('reports a second stop after the truck moved on', () => {
    const stops = run([fixAt(0, 0), fixAt(11, 0), fixAt(15, 5000, 20), fixAt(20, 9000), fixAt(31, 9000)]);
    expect(stops.map((stop) => stop.since)).toEqual([T0, T0 + 20 * 60_000]);
  });

  it('resumes the trip once when a truck whose stop was reported moves on, with the minutes it stood', () => {
    // Stopped at 5, reported at 15, last seen standing at 25; 20 m/s and 600 m away at 30: it left at 29:30.
    const { stops, resumed } = walk([
      fixAt(0, -5000, 20),
      fixAt(5, 0),
      fixAt(15, 10),
      fixAt(25, 5),
      fixAt(30, 600, 20),
      fixAt(35, 6600, 20),
    ]);
    expect(stops).toHaveLength(1);
    expect(resumed).toEqual([expect.objectContaining({ since: T0 + 5 * 60_000, at: T0 + 29.5 * 60_000, minutes: 25 })]);
  });

  it('resumes when the truck is found standing elsewhere, dated no earlier than its last fix at the stop', () => {
    // No speed on the fix away (a slow crawl or a phone that does not report it): the fix's own time.
    const { resumed } = walk([fixAt(0, 0), fixAt(12, 0), fixAt(20, 3000)]);
    expect(resumed.map((trip) => [trip.at, trip.minutes])).toEqual([[T0 + 20 * 60_000, 20]]);
    // A fix away whose speed would put the departure before the last fix standing keeps that fix's time.
    const fast = walk([fixAt(0, 0), fixAt(12, 0), fixAt(13, 30_000, 5)]);
    expect(fast.resumed.map((trip) => trip.at)).toEqual([T0 + 12 * 60_000]);
  });

  it('resumes nothing after a stop too short to be reported, nor on a poor or late fix', () => {
    expect(walk([fixAt(0, 0), fixAt(5, 0), fixAt(8, 3000, 20)]).resumed).toEqual([]);
    const poorThenLate = walk([fixAt(0, 0), fixAt(11, 0), fixAt(12, 3000, 20, 800), fixAt(10, 3000, 20)]);
    expect(poorThenLate.stops).toHaveLength(1);
    expect(poorThenLate.resumed).toEqual([]);
  });
});
