import { describe, expect, it } from 'vitest';
import { statusAfterStopProgress } from '../load-rules.ts';
import {
  estimatedArrival,
  etaMoved,
  type ProgressStop,
  paceCorrectedSeconds,
  progressStops,
  progressStopsByReport,
  reportedStop,
  type SequenceSettings,
  startedStops,
  startTrip,
  stopAtSite,
} from './stop-progress.ts';

const stop = (id: number, locationId: number, status: ProgressStop['status'] = 'Not Started'): ProgressStop => ({
  id,
  sequence: id,
  status,
  locationId,
  completedAt: null,
});
const strict: SequenceSettings = { driverAllowStopStartOutOfSequence: false, driverAllowStopCompletionOutOfSequence: false };
const loose: SequenceSettings = { driverAllowStopStartOutOfSequence: true, driverAllowStopCompletionOutOfSequence: true };
const at = '2026-11-28T09:00:00.000Z';
const statuses = (stops: ProgressStop[]) => stops.map((item) => item.status);

describe('stop progress from site visits', () => {
  it('goes Enroute, Arrived, Complete in sequence and the load In Transit then Delivered', () => {
    let stops = startTrip([stop(1, 10), stop(2, 20)]);
    expect(statuses(stops)).toEqual(['Enroute', 'Not Started']);
    expect(statusAfterStopProgress('Assigned', stops)).toBe('In Transit');
    stops = progressStops(stops, { type: 'arrived', locationId: 10, time: at }, strict);
    expect(statuses(stops)).toEqual(['Arrived', 'Not Started']);
    stops = progressStops(stops, { type: 'left', locationId: 10, time: at }, strict);
    expect(statuses(stops)).toEqual(['Complete', 'Enroute']);
    expect(stops[0]?.completedAt).toBe(at);
    stops = progressStops(stops, { type: 'arrived', locationId: 20, time: at }, strict);
    stops = progressStops(stops, { type: 'left', locationId: 20, time: at }, strict);
    expect(statuses(stops)).toEqual(['Complete', 'Complete']);
    expect(statusAfterStopProgress('In Transit', stops)).toBe('Delivered');
  });

  it('starts a stop out of sequence only when the organization allows it', () => {
    const stops = [stop(1, 10, 'Enroute'), stop(2, 20)];
    const visit = { type: 'arrived', locationId: 20, time: at } as const;
    expect(statuses(progressStops(stops, visit, strict))).toEqual(['Enroute', 'Not Started']);
    expect(statuses(progressStops(stops, visit, loose))).toEqual(['Enroute', 'Arrived']);
  });

  it('completes a stop out of sequence only when the organization allows it', () => {
    const stops = [stop(1, 10, 'Enroute'), stop(2, 20, 'Arrived')];
    const visit = { type: 'left', locationId: 20, time: at } as const;
    expect(statuses(progressStops(stops, visit, strict))).toEqual(['Enroute', 'Arrived']);
    expect(statuses(progressStops(stops, visit, { ...strict, driverAllowStopCompletionOutOfSequence: true }))).toEqual([
      'Enroute',
      'Complete',
    ]);
  });

  it('completes only the last stop by staying, and ignores sites no stop names', () => {
    const stops = [stop(1, 10, 'Arrived'), stop(2, 20)];
    expect(statuses(progressStops(stops, { type: 'dwelled', locationId: 10, time: at }, strict))).toEqual([
      'Arrived',
      'Not Started',
    ]);
    const last = [stop(1, 10, 'Complete'), stop(2, 20, 'Arrived')];
    expect(statuses(progressStops(last, { type: 'dwelled', locationId: 20, time: at }, strict))).toEqual([
      'Complete',
      'Complete',
    ]);
    expect(statuses(progressStops(stops, { type: 'arrived', locationId: 99, time: at }, loose))).toEqual([
      'Arrived',
      'Not Started',
    ]);
  });

  it('keeps a delivered or merged load as it is', () => {
    expect(statusAfterStopProgress('Delivered', [stop(1, 10)])).toBe('Delivered');
    expect(statusAfterStopProgress('Merged', [stop(1, 10, 'Enroute')])).toBe('Merged');
    expect(statusAfterStopProgress('Assigned', [stop(1, 10)])).toBe('Assigned');
  });
});

describe('stop progress from what the driver reports', () => {
  it('makes a stop Arrived on an overridden arrival and Complete on a completed task, then the load Delivered', () => {
    let stops = startTrip([stop(1, 10), stop(2, 20)]);
    stops = progressStopsByReport(stops, { type: 'ArrivalOverridden', stopId: 1, time: at }, strict);
    expect(statuses(stops)).toEqual(['Arrived', 'Not Started']);
    stops = progressStopsByReport(stops, { type: 'TaskCompleted', stopId: 1, time: at }, strict);
    expect(statuses(stops)).toEqual(['Complete', 'Enroute']);
    expect(stops[0]?.completedAt).toBe(at);
    // A task completed where the geofence saw no arrival completes the stop all the same.
    stops = progressStopsByReport(stops, { type: 'TaskCompleted', stopId: 2, time: at }, strict);
    expect(statuses(stops)).toEqual(['Complete', 'Complete']);
    expect(statusAfterStopProgress('In Transit', stops)).toBe('Delivered');
  });

  it('starts or completes a stop out of sequence only when the organization allows it', () => {
    const stops = [stop(1, 10, 'Enroute'), stop(2, 20)];
    const arrival = { type: 'ArrivalOverridden', stopId: 2, time: at } as const;
    expect(statuses(progressStopsByReport(stops, arrival, strict))).toEqual(['Enroute', 'Not Started']);
    expect(statuses(progressStopsByReport(stops, arrival, { ...strict, driverAllowStopStartOutOfSequence: true }))).toEqual([
      'Enroute',
      'Arrived',
    ]);
    const task = { type: 'TaskCompleted', stopId: 2, time: at } as const;
    expect(statuses(progressStopsByReport(stops, task, strict))).toEqual(['Enroute', 'Not Started']);
    expect(statuses(progressStopsByReport(stops, task, { ...strict, driverAllowStopCompletionOutOfSequence: true }))).toEqual([
      'Enroute',
      'Complete',
    ]);
  });

  it('changes nothing for a stop already past what is reported, or not on the load', () => {
    const stops = [stop(1, 10, 'Complete'), stop(2, 20, 'Arrived')];
    expect(statuses(progressStopsByReport(stops, { type: 'ArrivalOverridden', stopId: 2, time: at }, loose))).toEqual([
      'Complete',
      'Arrived',
    ]);
    expect(progressStopsByReport(stops, { type: 'TaskCompleted', stopId: 1, time: at }, loose)).toEqual(stops);
    expect(progressStopsByReport(stops, { type: 'TaskCompleted', stopId: 99, time: at }, loose)).toEqual(stops);
  });

  it('names the stop a report without one is about', () => {
    const enroute = [stop(1, 10, 'Complete'), stop(2, 20, 'Enroute'), stop(3, 30)];
    expect(reportedStop(enroute, 'ArrivalOverridden')?.id).toBe(2);
    expect(reportedStop(enroute, 'TaskCompleted')?.id).toBe(2);
    // Arrived out of sequence at the third: that is where the task was done; an arrival there is no news.
    const atThird = [stop(1, 10, 'Complete'), stop(2, 20, 'Enroute'), stop(3, 30, 'Arrived')];
    expect(reportedStop(atThird, 'TaskCompleted')?.id).toBe(3);
    expect(reportedStop([stop(1, 10, 'Arrived')], 'ArrivalOverridden')).toBeNull();
    expect(reportedStop([stop(1, 10, 'Complete')], 'TaskCompleted')).toBeNull();
  });

  it('names the stop of a site an auger switched on at', () => {
    const stops = [stop(1, 10, 'Complete'), stop(2, 20, 'Arrived'), stop(3, 10)];
    expect(stopAtSite(stops, 10)?.id).toBe(3);
    expect(stopAtSite([stop(1, 10, 'Complete'), stop(2, 10, 'Complete')], 10)?.id).toBe(2);
    expect(stopAtSite(stops, 99)).toBeNull();
  });

  it('tells which stops a change started', () => {
    const before = [stop(1, 10, 'Arrived'), stop(2, 20), stop(3, 30)];
    const after = progressStops(before, { type: 'left', locationId: 10, time: at }, strict);
    expect(startedStops(before, after).map((item) => item.id)).toEqual([2]);
    expect(startedStops(after, after)).toEqual([]);
    expect(startedStops([stop(1, 10)], startTrip([stop(1, 10)])).map((item) => item.id)).toEqual([1]);
  });
});

describe('expected arrival', () => {
  it('is now plus the travel time, rounded to the nearest minute', () => {
    const now = Date.parse('2026-11-28T09:00:20Z');
    expect(estimatedArrival(now, 600)).toBe('2026-11-28T09:10:00.000Z');
    expect(estimatedArrival(now, 610)).toBe('2026-11-28T09:11:00.000Z');
  });

  it('is rewritten only when it moves two minutes or more', () => {
    expect(etaMoved('2026-11-28T09:10:00.000Z', '2026-11-28T09:11:00.000Z')).toBe(false);
    expect(etaMoved('2026-11-28T09:10:00.000Z', '2026-11-28T09:12:00.000Z')).toBe(true);
    expect(etaMoved(null, '2026-11-28T09:12:00.000Z')).toBe(true);
  });
});

describe('expected arrival corrected by the truck’s pace', () => {
  const baseline = { stopId: 1, askedAt: 0, travelSeconds: 7200 };
  it('keeps the routing estimate until the truck has been on its way ten minutes', () => {
    expect(paceCorrectedSeconds(null, 3_600_000, 3600)).toBe(3600);
    expect(paceCorrectedSeconds(baseline, 5 * 60_000, 6900)).toBe(6900);
  });

  it('stretches the rest of the trip for a truck covering estimated time slower than it passes, within bounds', () => {
    // 40 minutes passed, 30 minutes of estimated travel covered: 4/3 as slow.
    expect(paceCorrectedSeconds(baseline, 40 * 60_000, 7200 - 1800)).toBeCloseTo(5400 * (4 / 3));
    // A truck covering the estimate twice as fast is trusted only down to 0.7 of it.
    expect(paceCorrectedSeconds(baseline, 15 * 60_000, 7200 - 1800)).toBeCloseTo(5400 * 0.7);
  });
});
