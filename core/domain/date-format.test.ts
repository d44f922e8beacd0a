import { describe, expect, it } from 'vitest';
import { dateTimeFormat, timezoneName, timezoneOptions } from './date-format.ts';

const at = '2026-11-30T13:00:00Z';
/** ICU versions differ in the space before AM (narrow no-break or plain). */
const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

describe('dateTimeFormat', () => {
  it('writes one date-time per language in the user zone', () => {
    expect(plain(dateTimeFormat('en-US', 'America/Chicago').dateTime(at))).toBe('Nov 30, 2026, 7:00 AM');
    expect(plain(dateTimeFormat('en-US', 'Europe/Amsterdam').dateTime(at))).toBe('Nov 30, 2026, 2:00 PM');
    expect(plain(dateTimeFormat('nl-NL', 'Europe/Amsterdam').dateTime(at))).toBe('30 nov 2026, 14:00');
    expect(plain(dateTimeFormat('fr-CA', 'America/Chicago').dateTime(at))).toMatch(/^30 nov\. 2026.*07\sh\s00$/);
  });

  it('writes dates, times and a weekday with a time in the same zone', () => {
    const format = dateTimeFormat('en-US', 'America/Chicago');
    expect(plain(format.date('2026-12-01T03:00:00Z'))).toBe('Nov 30, 2026');
    expect(plain(format.time(Date.parse(at)))).toBe('7:00 AM');
    expect(plain(format.weekdayTime(at))).toBe('Mon 7:00 AM');
  });

  it('writes a calendar day as the same day whatever the zone', () => {
    expect(plain(dateTimeFormat('en-US', 'Pacific/Honolulu').calendarDate('2026-11-30'))).toBe('Nov 30, 2026');
  });
});

describe('timezoneName', () => {
  it('names zones as people read them, not by their IANA id', () => {
    expect(timezoneName('America/Chicago', 'en-US')).toBe('Central Time (Chicago)');
    expect(timezoneName('America/Los_Angeles', 'en-US')).toBe('Pacific Time (Los Angeles)');
    expect(timezoneName('UTC', 'en-US')).toBe('Coordinated Universal Time');
    expect(timezoneOptions(['America/Chicago'], 'fr-CA')[0]).toEqual({
      value: 'America/Chicago',
      label: expect.stringMatching(/\(Chicago\)$/),
    });
  });
});
