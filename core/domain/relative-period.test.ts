import { describe, expect, it } from 'vitest';
import { periodOf, relativePeriodLabel, shiftPeriod } from './relative-period.ts';

// Wednesday 2 December 2026; its week runs Sunday 29 November to Saturday 5 December.
const TODAY = '2026-12-02';
const day = (date: string) => ({ from: date, to: date });

describe('relativePeriodLabel', () => {
  it('names a day by its distance from today', () => {
    expect(relativePeriodLabel(day(TODAY), 'day', TODAY)).toEqual({ key: 'today' });
    expect(relativePeriodLabel(day('2026-12-01'), 'day', TODAY)).toEqual({ key: 'yesterday' });
    expect(relativePeriodLabel(day('2026-12-03'), 'day', TODAY)).toEqual({ key: 'tomorrow' });
    expect(relativePeriodLabel(day('2026-11-28'), 'day', TODAY)).toEqual({ key: 'daysAgo', count: 4 });
    expect(relativePeriodLabel(day('2026-12-12'), 'day', TODAY)).toEqual({ key: 'daysAhead', count: 10 });
    // Across a year end and a daylight-saving change alike: calendar days, not 24-hour spans.
    expect(relativePeriodLabel(day('2027-01-01'), 'day', '2026-12-31')).toEqual({ key: 'tomorrow' });
    expect(relativePeriodLabel(day('2026-11-01'), 'day', '2026-11-02')).toEqual({ key: 'yesterday' });
  });

  it('names a week (Sunday to Saturday) by its distance from this week', () => {
    expect(relativePeriodLabel({ from: '2026-11-29', to: '2026-12-05' }, 'week', TODAY)).toEqual({ key: 'thisWeek' });
    expect(relativePeriodLabel({ from: '2026-11-22', to: '2026-11-28' }, 'week', TODAY)).toEqual({ key: 'lastWeek' });
    expect(relativePeriodLabel({ from: '2026-12-06', to: '2026-12-12' }, 'week', TODAY)).toEqual({ key: 'nextWeek' });
    expect(relativePeriodLabel({ from: '2026-11-08', to: '2026-11-14' }, 'week', TODAY)).toEqual({ key: 'weeksAgo', count: 3 });
    expect(relativePeriodLabel({ from: '2026-12-13', to: '2026-12-19' }, 'week', TODAY)).toEqual({ key: 'weeksAhead', count: 2 });
    // Today on the week's Saturday and Sunday still is this week.
    expect(relativePeriodLabel({ from: '2026-11-29', to: '2026-12-05' }, 'week', '2026-12-05')).toEqual({ key: 'thisWeek' });
    expect(relativePeriodLabel({ from: '2026-11-29', to: '2026-12-05' }, 'week', '2026-11-29')).toEqual({ key: 'thisWeek' });
  });

  it('names a custom period only when it is one day or one whole week', () => {
    expect(relativePeriodLabel(day('2026-11-30'), 'custom', TODAY)).toEqual({ key: 'daysAgo', count: 2 });
    expect(relativePeriodLabel({ from: '2026-11-22', to: '2026-11-28' }, 'custom', TODAY)).toEqual({ key: 'lastWeek' });
    expect(relativePeriodLabel({ from: '2026-11-23', to: '2026-11-29' }, 'custom', TODAY)).toBeNull();
    expect(relativePeriodLabel({ from: '2026-11-01', to: '2026-12-02' }, 'custom', TODAY)).toBeNull();
  });
});

describe('periods of the toolbar', () => {
  it('starts a mode on today or the week holding it', () => {
    expect(periodOf('day', TODAY)).toEqual(day(TODAY));
    expect(periodOf('week', TODAY)).toEqual({ from: '2026-11-29', to: '2026-12-05' });
    expect(periodOf('custom', TODAY)).toEqual({ from: '2026-11-29', to: '2026-12-05' });
  });

  it('steps a day, a week, or a custom period by its own length', () => {
    expect(shiftPeriod(day(TODAY), 'day', -1)).toEqual(day('2026-12-01'));
    expect(shiftPeriod({ from: '2026-11-29', to: '2026-12-05' }, 'week', 1)).toEqual({ from: '2026-12-06', to: '2026-12-12' });
    expect(shiftPeriod({ from: '2026-12-30', to: '2027-01-02' }, 'custom', 1)).toEqual({ from: '2027-01-03', to: '2027-01-06' });
  });
});
