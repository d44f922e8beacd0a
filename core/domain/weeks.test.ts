import { describe, expect, it } from 'vitest';
import { timeInWeek, weekAtOffset, weekContaining } from './weeks.ts';

const CHICAGO = 'America/Chicago';

describe('weeks in a zone, across daylight-saving changes', () => {
  it('starts on Sunday 00:00 and ends Saturday 23:59:59.999 local, in an ordinary week', () => {
    const week = weekContaining(new Date('2026-11-25T18:00:00Z'), CHICAGO);
    expect(week.start.toISOString()).toBe('2026-11-22T06:00:00.000Z');
    expect(week.end.toISOString()).toBe('2026-11-29T05:59:59.999Z');
  });

  it('keeps local midnights in the week the clocks fall back (Sunday 1 November 2026)', () => {
    const week = weekContaining(new Date('2026-11-04T12:00:00Z'), CHICAGO);
    expect(week.start.toISOString()).toBe('2026-11-01T05:00:00.000Z');
    expect(week.end.toISOString()).toBe('2026-11-08T05:59:59.999Z');
    // Monday 2 November 09:00 local is 15:00Z once standard time applies.
    expect(timeInWeek(week, CHICAGO, 1, 9).toISOString()).toBe('2026-11-02T15:00:00.000Z');
  });

  it('keeps local midnights in the week the clocks spring forward (Sunday 8 March 2026)', () => {
    const week = weekContaining(new Date('2026-03-10T12:00:00Z'), CHICAGO);
    expect(week.start.toISOString()).toBe('2026-03-08T06:00:00.000Z');
    expect(week.end.toISOString()).toBe('2026-03-15T04:59:59.999Z');
    expect(timeInWeek(week, CHICAGO, 6, 23, 30).toISOString()).toBe('2026-03-15T04:30:00.000Z');
  });

  it('moves whole weeks whatever lies between', () => {
    const week = weekAtOffset(new Date('2026-11-25T18:00:00Z'), CHICAGO, -4);
    expect(week.start.toISOString()).toBe('2026-10-25T05:00:00.000Z');
    expect(week.end.toISOString()).toBe('2026-11-01T04:59:59.999Z');
  });
});
