import { describe, expect, it } from 'vitest';
import { type StandingState, trackStanding, type UnscheduledStop } from './unscheduled-stops.ts';
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

function run(fixes: TrackFix[]) {
  let standing: StandingState | null = null;
  const stops: UnscheduledStop[] = [];
  for (const fix of fixes) {
    const step = trackStanding(standing, fix, settings);
    standing = step.standing;
    if (step.stop) stops.push(step.stop);
  }
  return stops;
}

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
});
