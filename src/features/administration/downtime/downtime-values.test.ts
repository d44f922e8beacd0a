import { describe, expect, it } from 'vitest';
import type { Downtime } from '#core/contract/master-data';
import {
  downtimeErrors,
  downtimeInput,
  downtimeValues,
  maskOfWeekdays,
  weekdayNames,
  weekdaysOfMask,
  withRecurring,
} from './downtime-values.ts';
import { hasErrors } from '../forms/form-values.ts';

const defaults = { timezone: 'America/Chicago' as const, today: '2026-11-24' };

describe('downtime form', () => {
  it('starts one time, today, for 60 minutes in the user’s zone', () => {
    const values = downtimeValues(null, defaults);
    expect(values).toMatchObject({
      recurring: false,
      recurrenceDaysOfWeek: '0000000',
      startDate: '2026-11-24',
      durationHours: '1',
    });
    expect(downtimeInput({ ...values, description: 'Service' })).toEqual({
      description: 'Service',
      startDate: '2026-11-24',
      startTime: '08:00:00',
      durationMinutes: 60,
      timezone: 'America/Chicago',
      recurrenceDaysOfWeek: '0000000',
    });
  });

  it('maps weekday chips to the Sunday-first mask and back', () => {
    expect(maskOfWeekdays(['1', '4'])).toBe('0100100');
    expect(weekdaysOfMask('1000001')).toEqual(['0', '6']);
    expect(weekdayNames('en-US')).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
  });

  it('needs a weekday when weekly, and switching to one time clears the mask', () => {
    const weekly = withRecurring({ ...downtimeValues(null, defaults), description: 'Wash' }, true);
    expect(downtimeErrors(weekly).recurrenceDaysOfWeek?.key).toBe('errors.weekdayRequired');
    const monday = { ...weekly, recurrenceDaysOfWeek: '0100000' };
    expect(hasErrors(downtimeErrors(monday))).toBe(false);
    expect(downtimeInput(monday).recurrenceDaysOfWeek).toBe('0100000');
    expect(withRecurring(monday, false).recurrenceDaysOfWeek).toBe('0000000');
  });

  it('takes the duration in hours and refuses what cannot be read', () => {
    const values = { ...downtimeValues(null, defaults), description: 'Wash' };
    expect(downtimeInput({ ...values, durationHours: '2.5' }).durationMinutes).toBe(150);
    expect(downtimeErrors({ ...values, durationHours: 'soon' }).durationHours?.key).toBe('errors.durationRequired');
    expect(downtimeErrors({ ...values, description: '' }).description?.key).toBe('errors.descriptionRequired');
    expect(downtimeErrors({ ...values, startDate: null }).startDate?.key).toBe('errors.beginRequired');
  });

  it('opens a stored downtime as it was saved', () => {
    const row: Downtime = {
      id: 1,
      organizationId: 1,
      resourceType: 'tractor',
      resourceId: 3,
      description: 'Weekly wash',
      startDate: '2026-12-01',
      startTime: '14:30:00',
      durationMinutes: 90,
      timezone: 'America/Denver',
      recurrenceDaysOfWeek: '0010100',
      version: 2,
    };
    expect(downtimeValues(row, defaults)).toEqual({
      description: 'Weekly wash',
      recurring: true,
      recurrenceDaysOfWeek: '0010100',
      startDate: '2026-12-01',
      startTime: '14:30',
      durationHours: '1.5',
      timezone: 'America/Denver',
    });
  });
});
