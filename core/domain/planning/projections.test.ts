import { describe, expect, it } from 'vitest';
import {
  BULK_ENTRY_CELL_LENGTH,
  type BulkCreateConfig,
  canPreviewProjections,
  entryGridTotal,
  isPastDay,
  openEntryDays,
  parseEntryCell,
  projectionConfigs,
  validateProjectionConfig,
  weekOptions,
} from './projections.ts';

const CHICAGO = 'America/Chicago';

describe('bulk entry cells (spec 1 §5, §9)', () => {
  it('are at most 3 characters long', () => {
    expect(BULK_ENTRY_CELL_LENGTH).toBe(3);
    expect(parseEntryCell('1234')).toBe(123);
  });

  it('are parsed as integers, anything non-numeric counting 0', () => {
    expect(parseEntryCell('12')).toBe(12);
    expect(parseEntryCell(' 7 ')).toBe(7);
    expect(parseEntryCell('007')).toBe(7);
    expect(parseEntryCell('999')).toBe(999);
    expect(parseEntryCell('')).toBe(0);
    expect(parseEntryCell('abc')).toBe(0);
    expect(parseEntryCell('1.5')).toBe(0);
    expect(parseEntryCell('12a')).toBe(0);
    expect(parseEntryCell('-5')).toBe(0);
  });

  it('allow the preview only when the total is above 0', () => {
    expect(entryGridTotal(['3', '', 'x', '10', '0', '2', ''])).toBe(15);
    expect(canPreviewProjections(['3', '', '', '', '', '', ''])).toBe(true);
    expect(canPreviewProjections(['', '0', 'a', '-1', '', '', ''])).toBe(false);
    expect(canPreviewProjections([])).toBe(false);
  });
});

describe('week selector', () => {
  it('lists 13 Sunday-to-Saturday weeks from the current one', () => {
    // Tuesday 24 November 2026, 10:00 in Chicago.
    const weeks = weekOptions('2026-11-24T16:00:00.000Z', CHICAGO);
    expect(weeks).toHaveLength(13);
    expect(weeks[0]).toEqual({ value: '2026-11-22', start: '2026-11-22T06:00:00.000Z', end: '2026-11-29T05:59:59.999Z' });
    expect(weeks[1]!.value).toBe('2026-11-29');
    expect(weeks[12]!.value).toBe('2027-02-14');
  });

  it('counts the week in the user zone', () => {
    // Sunday 03:00 UTC is still Saturday evening in Chicago.
    expect(weekOptions('2026-11-29T03:00:00.000Z', CHICAGO)[0]!.value).toBe('2026-11-22');
    expect(weekOptions('2026-11-29T03:00:00.000Z', 'UTC')[0]!.value).toBe('2026-11-29');
  });
});

describe('bulk create configuration (spec 1 §5)', () => {
  // Before the week of 22 November 2026: every day of it is open.
  const BEFORE = '2026-11-01T12:00:00.000Z';
  const config: BulkCreateConfig = {
    weekStart: '2026-11-22T06:00:00.000Z',
    timezone: CHICAGO,
    cargoTypeId: 2,
    organizationLocationId: 11,
    isBasedOnOrigin: true,
    quantityPerLoad: null,
    // 24 US tons entered, stored in grams.
    weightPerLoad: 21_772_434,
  };

  it('needs a week, a cargo type and a site', () => {
    expect(validateProjectionConfig(config)).toBeNull();
    expect(validateProjectionConfig({ ...config, weekStart: null })).toBe('requiredField');
    expect(validateProjectionConfig({ ...config, cargoTypeId: null })).toBe('requiredField');
    expect(validateProjectionConfig({ ...config, organizationLocationId: null })).toBe('requiredField');
  });

  it('needs a load size or a weight, else "load invalid stop value"', () => {
    expect(validateProjectionConfig({ ...config, weightPerLoad: null })).toBe('loadInvalidStopValue');
    expect(validateProjectionConfig({ ...config, weightPerLoad: 0 })).toBe('loadInvalidStopValue');
    expect(validateProjectionConfig({ ...config, weightPerLoad: null, quantityPerLoad: 0 })).toBe('loadInvalidStopValue');
    expect(validateProjectionConfig({ ...config, weightPerLoad: null, quantityPerLoad: 1.5 })).toBe('loadInvalidStopValue');
    expect(validateProjectionConfig({ ...config, weightPerLoad: null, quantityPerLoad: 450 })).toBeNull();
  });

  it('makes one projection config per day with loads, dated that day at 00:00 in the zone', () => {
    const configs = projectionConfigs(config, ['2', '', '0', 'x', '10', '', '1'], BEFORE);
    expect(configs).toEqual([
      {
        organizationLocationId: 11,
        cargoTypeId: 2,
        weightPerLoad: 21_772_434,
        quantityPerLoad: null,
        numberOfLoads: 2,
        date: '2026-11-22T06:00:00.000Z',
        isBasedOnOrigin: true,
      },
      expect.objectContaining({ numberOfLoads: 10, date: '2026-11-26T06:00:00.000Z' }),
      expect.objectContaining({ numberOfLoads: 1, date: '2026-11-28T06:00:00.000Z' }),
    ]);
  });

  it('keeps the day across a daylight-saving change', () => {
    // Week of 1 November 2026: Chicago leaves daylight time on Sunday at 02:00.
    const configs = projectionConfigs(
      { ...config, weekStart: '2026-11-01T05:00:00.000Z' },
      ['1', '1'],
      '2026-10-31T12:00:00.000Z',
    );
    expect(configs.map((item) => item.date)).toEqual(['2026-11-01T05:00:00.000Z', '2026-11-02T06:00:00.000Z']);
  });

  it('gives no loads to the days of the week already past in the user’s zone', () => {
    // Wednesday 25 November 2026, 00:30 in Chicago (06:30 UTC): Sunday to Tuesday are past, today is open.
    const wednesday = '2026-11-25T06:30:00.000Z';
    expect(openEntryDays(config.weekStart, wednesday, CHICAGO)).toEqual([false, false, false, true, true, true, true]);
    const configs = projectionConfigs(config, ['1', '1', '1', '1', '1', '', '1'], wednesday);
    expect(configs.map((item) => item.date)).toEqual([
      '2026-11-25T06:00:00.000Z',
      '2026-11-26T06:00:00.000Z',
      '2026-11-28T06:00:00.000Z',
    ]);
    // At 23:30 on Tuesday in Chicago it is already Wednesday in UTC: Tuesday is still open there.
    expect(openEntryDays(config.weekStart, '2026-11-25T05:30:00.000Z', CHICAGO)).toEqual([
      false,
      false,
      true,
      true,
      true,
      true,
      true,
    ]);
    // A later week is all open, an earlier one all past, and no week opens nothing.
    expect(openEntryDays('2026-11-29T06:00:00.000Z', wednesday, CHICAGO)).toEqual(Array(7).fill(true));
    expect(openEntryDays('2026-11-15T06:00:00.000Z', wednesday, CHICAGO)).toEqual(Array(7).fill(false));
    expect(openEntryDays(null, wednesday, CHICAGO)).toEqual(Array(7).fill(false));
  });

  it('calls a day past once today has begun in the zone asked, whatever the day’s instant', () => {
    // Wednesday 25 November 2026, 00:30 in Chicago; in Los Angeles it is still Tuesday 22:30.
    const wednesday = '2026-11-25T06:30:00.000Z';
    const tuesdayInChicago = '2026-11-24T06:00:00.000Z';
    expect(isPastDay(tuesdayInChicago, wednesday, CHICAGO)).toBe(true);
    expect(isPastDay('2026-11-25T06:00:00.000Z', wednesday, CHICAGO)).toBe(false);
    expect(isPastDay('2026-11-25T23:59:00.000Z', wednesday, CHICAGO)).toBe(false);
    // Monday 22:00 in Los Angeles is past there; Tuesday 22:00 is today there.
    expect(isPastDay(tuesdayInChicago, wednesday, 'America/Los_Angeles')).toBe(true);
    expect(isPastDay('2026-11-25T06:00:00.000Z', wednesday, 'America/Los_Angeles')).toBe(false);
    expect(isPastDay('2026-11-25T05:59:00.000Z', wednesday, CHICAGO)).toBe(true);
  });

  it('makes nothing from an invalid configuration', () => {
    expect(projectionConfigs({ ...config, cargoTypeId: null }, ['5'], BEFORE)).toEqual([]);
  });
});
