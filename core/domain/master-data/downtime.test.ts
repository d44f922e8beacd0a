import { describe, expect, it } from 'vitest';
import {
  DOWNTIME_DEFAULT_DURATION_MINUTES,
  type DowntimeSchedule,
  defaultDowntimeTimezone,
  downtimeOccurrences,
  downtimesOverlapping,
  isDownAt,
  isRecurring,
  normalizeStartTime,
  isCalendarDate,
  ONE_TIME_MASK,
  overlapsDowntime,
  parseDurationHours,
  resourceKey,
  resourcesDown,
  toggleWeekday,
} from './downtime.ts';

const at = (iso: string) => new Date(iso);

describe('the weekday mask', () => {
  it('is one time when all zeros and toggles one Sunday-first day per chip', () => {
    expect(ONE_TIME_MASK).toBe('0000000');
    expect(isRecurring(ONE_TIME_MASK)).toBe(false);
    expect(toggleWeekday(ONE_TIME_MASK, 1)).toBe('0100000');
    expect(toggleWeekday(toggleWeekday(ONE_TIME_MASK, 1), 5)).toBe('0100010');
    expect(toggleWeekday('0100010', 1)).toBe('0000010');
    expect(isRecurring('0100010')).toBe(true);
    expect(toggleWeekday('0100010', 7)).toBe('0100010');
  });
});

describe('form values', () => {
  it('takes the duration in hours, × 60, ignoring what does not parse', () => {
    expect(DOWNTIME_DEFAULT_DURATION_MINUTES).toBe(60);
    expect(parseDurationHours('1')).toBe(60);
    expect(parseDurationHours('1.5')).toBe(90);
    expect(parseDurationHours('0,25')).toBe(15);
    expect(parseDurationHours('abc')).toBeUndefined();
    expect(parseDurationHours('')).toBeUndefined();
    expect(parseDurationHours('0')).toBeUndefined();
    expect(parseDurationHours('-2')).toBeUndefined();
  });

  it('takes real calendar days only', () => {
    expect(isCalendarDate('2026-03-02')).toBe(true);
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('2026-02-31')).toBe(false);
    expect(isCalendarDate('0000-01-01')).toBe(false);
    expect(isCalendarDate('2026-3-2')).toBe(false);
  });

  it('stores times as HH:mm:00', () => {
    expect(normalizeStartTime('07:30')).toBe('07:30:00');
    expect(normalizeStartTime('07:30:00')).toBe('07:30:00');
  });

  it('defaults the zone to the contact’s, then the organization’s', () => {
    expect(defaultDowntimeTimezone('America/Denver', 'America/Chicago')).toBe('America/Denver');
    expect(defaultDowntimeTimezone(null, 'America/Chicago')).toBe('America/Chicago');
    expect(defaultDowntimeTimezone(undefined, 'Europe/Amsterdam')).toBe('Europe/Amsterdam');
  });
});

describe('one-time downtime', () => {
  // 2026-03-10 08:00 in Chicago (CDT, UTC−5) for 90 minutes: 13:00–14:30 UTC.
  const oneTime: DowntimeSchedule = {
    startDate: '2026-03-10',
    startTime: '08:00:00',
    durationMinutes: 90,
    timezone: 'America/Chicago',
    recurrenceDaysOfWeek: ONE_TIME_MASK,
  };

  it('applies from its start for its duration in its zone', () => {
    expect(isDownAt(oneTime, at('2026-03-10T12:59:59Z'))).toBe(false);
    expect(isDownAt(oneTime, at('2026-03-10T13:00:00Z'))).toBe(true);
    expect(isDownAt(oneTime, at('2026-03-10T14:29:59Z'))).toBe(true);
    expect(isDownAt(oneTime, at('2026-03-10T14:30:00Z'))).toBe(false);
    expect(isDownAt(oneTime, at('2026-03-17T13:30:00Z'))).toBe(false);
  });

  it('overlaps an interval that touches it, not one that only meets it', () => {
    expect(overlapsDowntime(oneTime, at('2026-03-10T10:00:00Z'), at('2026-03-10T13:01:00Z'))).toBe(true);
    expect(overlapsDowntime(oneTime, at('2026-03-10T10:00:00Z'), at('2026-03-10T13:00:00Z'))).toBe(false);
    expect(overlapsDowntime(oneTime, at('2026-03-10T14:30:00Z'), at('2026-03-10T18:00:00Z'))).toBe(false);
    expect(downtimeOccurrences(oneTime, at('2026-03-01T00:00:00Z'), at('2026-04-01T00:00:00Z'))).toEqual([
      { start: at('2026-03-10T13:00:00Z'), end: at('2026-03-10T14:30:00Z') },
    ]);
  });
});

describe('weekly downtime', () => {
  // Mondays and Fridays ("0100010") from 2026-03-02, 22:00 Chicago time for 4 hours (past midnight).
  const weekly: DowntimeSchedule = {
    startDate: '2026-03-02',
    startTime: '22:00:00',
    durationMinutes: 240,
    timezone: 'America/Chicago',
    recurrenceDaysOfWeek: '0100010',
  };

  it('applies on the masked days only, from the start date on', () => {
    const occurrences = downtimeOccurrences(weekly, at('2026-02-20T00:00:00Z'), at('2026-03-10T00:00:00Z'));
    // Monday 2 March (CST, UTC−6) and Friday 6 March; nothing before the start date; Sunday 8 March is DST.
    expect(occurrences).toEqual([
      { start: at('2026-03-03T04:00:00Z'), end: at('2026-03-03T08:00:00Z') },
      { start: at('2026-03-07T04:00:00Z'), end: at('2026-03-07T08:00:00Z') },
    ]);
  });

  it('keeps its wall-clock time across a daylight-saving change', () => {
    // Monday 9 March 2026 is after the change (CDT, UTC−5): 22:00 local is 03:00 UTC.
    expect(isDownAt(weekly, at('2026-03-10T03:00:00Z'))).toBe(true);
    expect(isDownAt(weekly, at('2026-03-10T02:59:00Z'))).toBe(false);
  });

  it('counts an occurrence that began before the interval and runs into it', () => {
    // Tuesday 01:00 local is inside Monday's 22:00–02:00.
    expect(isDownAt(weekly, at('2026-03-17T06:00:00Z'))).toBe(true);
    expect(overlapsDowntime(weekly, at('2026-03-17T06:30:00Z'), at('2026-03-17T12:00:00Z'))).toBe(true);
    expect(isDownAt(weekly, at('2026-03-18T06:00:00Z'))).toBe(false);
  });

  it('lists the downtimes of a resource that apply within an interval', () => {
    const oneTime = { ...weekly, recurrenceDaysOfWeek: ONE_TIME_MASK, startDate: '2026-03-11', description: 'tyres' };
    const schedules = [{ ...weekly, description: 'weekly service' }, oneTime];
    expect(
      downtimesOverlapping(schedules, at('2026-03-12T00:00:00Z'), at('2026-03-12T12:00:00Z')).map((s) => s.description),
    ).toEqual(['tyres']);
    expect(downtimesOverlapping(schedules, at('2026-03-13T12:00:00Z'), at('2026-03-13T13:00:00Z'))).toEqual([]);
  });
});

describe('resourcesDown', () => {
  const weekly = {
    resourceType: 'driver' as const,
    resourceId: 7,
    description: 'Tuesday training',
    startDate: '2026-11-01',
    startTime: '08:00:00',
    durationMinutes: 120,
    timezone: 'America/Chicago',
    recurrenceDaysOfWeek: '0010000',
  };
  const oneTime = {
    ...weekly,
    resourceType: 'tractor' as const,
    resourceId: 3,
    description: 'Brakes',
    startDate: '2026-11-26',
    recurrenceDaysOfWeek: ONE_TIME_MASK,
  };

  it('names the downtimes that overlap a load, keyed by resource', () => {
    // Tuesday 24 November 2026, 09:00–11:00 in Chicago (15:00–17:00 UTC): the training runs 08:00–10:00.
    const down = resourcesDown([weekly, oneTime], [{ start: at('2026-11-24T15:00:00Z'), end: at('2026-11-24T17:00:00Z') }]);
    expect(down.get(resourceKey('driver', 7))).toEqual(['Tuesday training']);
    expect(down.has(resourceKey('tractor', 3))).toBe(false);
  });

  it('marks nothing for a load outside every downtime', () => {
    const down = resourcesDown([weekly, oneTime], [{ start: at('2026-11-25T15:00:00Z'), end: at('2026-11-25T17:00:00Z') }]);
    expect(down.size).toBe(0);
  });

  it('checks every load being assigned', () => {
    const down = resourcesDown(
      [weekly, oneTime],
      [
        { start: at('2026-11-25T15:00:00Z'), end: at('2026-11-25T17:00:00Z') },
        { start: at('2026-11-26T13:30:00Z'), end: at('2026-11-26T15:00:00Z') },
      ],
    );
    expect([...down.keys()]).toEqual([resourceKey('tractor', 3)]);
  });
});
