import { describe, expect, it } from 'vitest';
import { shiftedWeekParam, weekOfParam, weekParam, weekParamOf } from './week-filter.ts';

const ZONE = 'America/Chicago';
// A Wednesday afternoon in Chicago.
const NOW = new Date('2026-11-18T20:00:00.000Z');

describe('week filter', () => {
  it('defaults to the current Sunday–Saturday week in the user zone', () => {
    const week = weekOfParam(undefined, ZONE, NOW);
    expect(week.start.toISOString()).toBe('2026-11-15T06:00:00.000Z');
    expect(week.end.toISOString()).toBe('2026-11-22T05:59:59.999Z');
    expect(weekParam(week, ZONE)).toBe('2026-11-15');
  });

  it('reads any day of a week from the URL as that week, and ignores a malformed value', () => {
    expect(weekParam(weekOfParam('2026-03-11', ZONE, NOW), ZONE)).toBe('2026-03-08');
    expect(weekParam(weekOfParam('not-a-date', ZONE, NOW), ZONE)).toBe('2026-11-15');
  });

  it('moves a week back and forth across a DST change, the current week meaning no parameter', () => {
    const current = weekOfParam(undefined, ZONE, NOW);
    expect(shiftedWeekParam(current, ZONE, -1, NOW)).toBe('2026-11-08');
    expect(shiftedWeekParam(weekOfParam('2026-11-08', ZONE, NOW), ZONE, 1, NOW)).toBeUndefined();
    // 1 November 2026 is the end of daylight saving time in Chicago.
    expect(shiftedWeekParam(weekOfParam('2026-10-25', ZONE, NOW), ZONE, 1, NOW)).toBe('2026-11-01');
    expect(weekOfParam('2026-11-01', ZONE, NOW).start.toISOString()).toBe('2026-11-01T05:00:00.000Z');
  });

  it('finds the week of a load for its link, in the user zone', () => {
    // Sunday 03:00 UTC is still Saturday evening in Chicago.
    expect(weekParamOf('2026-11-22T03:00:00.000Z', ZONE)).toBe('2026-11-15');
    expect(weekParamOf('2026-11-22T07:00:00.000Z', ZONE)).toBe('2026-11-22');
  });
});
