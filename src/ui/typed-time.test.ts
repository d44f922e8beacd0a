import { describe, expect, it } from 'vitest';
import { parseTypedTime } from './typed-time.ts';

describe('parseTypedTime', () => {
  it('reads four typed digits as hours and minutes (issue 18: "0700" gave 00:00)', () => {
    expect(parseTypedTime('0700')).toEqual({ hours: 7, minutes: 0 });
    expect(parseTypedTime('1945')).toEqual({ hours: 19, minutes: 45 });
    expect(parseTypedTime('730')).toEqual({ hours: 7, minutes: 30 });
  });

  it('reads one or two digits as the hour and keeps the minutes there were ("07" gave 00:07)', () => {
    expect(parseTypedTime('07')).toEqual({ hours: 7, minutes: 0 });
    expect(parseTypedTime('07', { hours: 0, minutes: 25 })).toEqual({ hours: 7, minutes: 25 });
    expect(parseTypedTime('7')).toEqual({ hours: 7, minutes: 0 });
  });

  it('reads hours and minutes apart, and what the box shows in each language', () => {
    expect(parseTypedTime('7:30')).toEqual({ hours: 7, minutes: 30 });
    expect(parseTypedTime('7:00\u202fPM')).toEqual({ hours: 19, minutes: 0 });
    expect(parseTypedTime('12:15 AM')).toEqual({ hours: 0, minutes: 15 });
    expect(parseTypedTime('7:00 p.m.')).toEqual({ hours: 19, minutes: 0 });
    expect(parseTypedTime('07 h 00')).toEqual({ hours: 7, minutes: 0 });
    expect(parseTypedTime('7pm')).toEqual({ hours: 19, minutes: 0 });
  });

  it('refuses what is no time', () => {
    for (const text of ['', 'abc', '24:00', '7:60', '13 pm', '12345', '1:2:3', '7 o clock']) {
      expect(parseTypedTime(text), text).toBeNull();
    }
  });
});
