import { describe, expect, it } from 'vitest';
import { inChangeWindow } from '#core/contract/change-feed';
import { mergeRanges, mirrorWindow, OPENED_WEEKS_KEPT, windowCovers, withOpenedRange } from './mirror-window.ts';

const ZONE = 'America/Chicago';
// Wednesday 25 November 2026, noon in Chicago.
const NOW = new Date('2026-11-25T18:00:00.000Z');
const week = (sunday: string, nextSunday: string) => ({
  start: new Date(`${sunday}T06:00:00.000Z`).toISOString(),
  end: new Date(Date.parse(`${nextSunday}T06:00:00.000Z`) - 1).toISOString(),
});
const THIS_WEEK = week('2026-11-22', '2026-11-29');
const NEXT_WEEK = week('2026-11-29', '2026-12-06');
const LAST_YEAR = week('2025-11-23', '2025-11-30');

describe('the weeks the mirror keeps', () => {
  it('keeps this week and the next as one range, in the user’s zone', () => {
    expect(mirrorWindow([], NOW, ZONE)).toEqual([{ start: THIS_WEEK.start, end: NEXT_WEEK.end }]);
  });

  it('adds the weeks opened, joining those that touch', () => {
    const before = week('2026-11-15', '2026-11-22');
    expect(mirrorWindow([LAST_YEAR, before], NOW, ZONE)).toEqual([LAST_YEAR, { start: before.start, end: NEXT_WEEK.end }]);
  });

  it('covers a week only when one kept range holds all of it', () => {
    const window = mirrorWindow([LAST_YEAR], NOW, ZONE);
    expect(windowCovers(window, THIS_WEEK)).toBe(true);
    expect(windowCovers(window, NEXT_WEEK)).toBe(true);
    expect(windowCovers(window, LAST_YEAR)).toBe(true);
    expect(windowCovers(window, week('2026-12-06', '2026-12-13'))).toBe(false);
    expect(windowCovers(window, { start: THIS_WEEK.start, end: week('2026-12-06', '2026-12-13').end })).toBe(false);
  });

  it('keeps the drafts whatever their date, and loads by date inclusive at both ends', () => {
    const window = mirrorWindow([], NOW, ZONE);
    expect(inChangeWindow(window, { date: LAST_YEAR.start, isDraft: true })).toBe(true);
    expect(inChangeWindow(window, { date: LAST_YEAR.start, isDraft: false })).toBe(false);
    expect(inChangeWindow(window, { date: THIS_WEEK.start, isDraft: false })).toBe(true);
    expect(inChangeWindow(window, { date: NEXT_WEEK.end, isDraft: false })).toBe(true);
  });

  it('remembers the most recently opened weeks first, without repeats, up to the limit', () => {
    let opened = withOpenedRange([], LAST_YEAR);
    opened = withOpenedRange(opened, THIS_WEEK);
    opened = withOpenedRange(opened, LAST_YEAR);
    expect(opened).toEqual([LAST_YEAR, THIS_WEEK]);
    for (let index = 0; index < OPENED_WEEKS_KEPT + 3; index++) {
      opened = withOpenedRange(
        opened,
        week(`2024-01-${String(index + 1).padStart(2, '0')}`, `2024-01-${String(index + 8).padStart(2, '0')}`),
      );
    }
    expect(opened).toHaveLength(OPENED_WEEKS_KEPT);
    expect(opened).not.toContainEqual(LAST_YEAR);
  });

  it('merges overlapping ranges and keeps apart those with a gap', () => {
    const a = { start: '2026-01-01T00:00:00.000Z', end: '2026-01-05T00:00:00.000Z' };
    const b = { start: '2026-01-03T00:00:00.000Z', end: '2026-01-04T00:00:00.000Z' };
    const c = { start: '2026-01-05T00:00:00.002Z', end: '2026-01-06T00:00:00.000Z' };
    expect(mergeRanges([c, b, a])).toEqual([a, c]);
  });
});
