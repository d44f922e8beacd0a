import { describe, expect, it } from 'vitest';
import { loadDateFromStops, statusAfterDriverChoice } from './load-rules.ts';

describe('load date', () => {
  it('is the arrival of the stop with the lowest sequence', () => {
    const stops = [
      { sequence: 2, arrivalTime: '2026-11-24T15:00:00.000Z' },
      { sequence: 1, arrivalTime: '2026-11-24T13:00:00.000Z' },
    ];
    expect(loadDateFromStops(stops, '2026-11-20T00:00:00.000Z')).toBe('2026-11-24T13:00:00.000Z');
  });

  it('falls back to the given date when the first stop has no arrival', () => {
    expect(loadDateFromStops([{ sequence: 1, arrivalTime: null }], '2026-11-20T00:00:00.000Z')).toBe('2026-11-20T00:00:00.000Z');
    expect(loadDateFromStops([], '2026-11-20T00:00:00.000Z')).toBe('2026-11-20T00:00:00.000Z');
  });
});

describe('status after a driver choice', () => {
  it('is Assigned with a driver and Open without', () => {
    expect(statusAfterDriverChoice(7)).toBe('Assigned');
    expect(statusAfterDriverChoice(null, 'Assigned')).toBe('Open');
    expect(statusAfterDriverChoice(7, 'Open')).toBe('Assigned');
  });

  it('leaves loads in transit, delivered or merged as they are', () => {
    expect(statusAfterDriverChoice(null, 'In Transit')).toBe('In Transit');
    expect(statusAfterDriverChoice(7, 'Delivered')).toBe('Delivered');
    expect(statusAfterDriverChoice(null, 'Merged')).toBe('Merged');
  });
});
