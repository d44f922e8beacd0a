import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { describe, expect, it } from 'vitest';
import { zonedClock } from './zoned-clock.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

describe('zonedClock', () => {
  it.each(['America/Chicago', 'Europe/Amsterdam', 'America/Phoenix', 'UTC'])(
    'agrees with dayjs in %s, across DST changes',
    (zone) => {
      const clock = zonedClock(zone);
      const start = Date.parse('2026-03-01T00:00:00Z');
      for (let ms = start; ms < start + 300 * 86_400_000; ms += 7 * 3_600_000 + 13 * 60_000) {
        expect(clock.dateTime(ms)).toBe(dayjs(ms).tz(zone).format('YYYY-MM-DD HH:mm'));
        expect(clock.date(ms)).toBe(dayjs(ms).tz(zone).format('YYYY-MM-DD'));
      }
    },
  );
});
