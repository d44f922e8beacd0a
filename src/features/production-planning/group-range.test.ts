import { describe, expect, it } from 'vitest';
import { rangeOfMode, shiftRange } from './group-range.ts';

describe('the order groups range', () => {
  it('is a day, the week Sunday to Saturday, or the custom span kept', () => {
    expect(rangeOfMode('day', '2026-11-26')).toEqual({ mode: 'day', from: '2026-11-26', to: '2026-11-26' });
    expect(rangeOfMode('week', '2026-11-26')).toEqual({ mode: 'week', from: '2026-11-22', to: '2026-11-28' });
    expect(rangeOfMode('custom', '2026-11-26', { mode: 'week', from: '2026-11-22', to: '2026-11-28' })).toEqual({
      mode: 'custom',
      from: '2026-11-22',
      to: '2026-11-28',
    });
  });

  it('moves by its own length', () => {
    expect(shiftRange({ mode: 'day', from: '2026-11-30', to: '2026-11-30' }, 1).from).toBe('2026-12-01');
    expect(shiftRange({ mode: 'week', from: '2026-11-22', to: '2026-11-28' }, -1)).toEqual({
      mode: 'week',
      from: '2026-11-15',
      to: '2026-11-21',
    });
    expect(shiftRange({ mode: 'custom', from: '2026-11-01', to: '2026-11-03' }, 1)).toEqual({
      mode: 'custom',
      from: '2026-11-04',
      to: '2026-11-06',
    });
  });
});
