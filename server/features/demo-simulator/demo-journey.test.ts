import { describe, expect, it } from 'vitest';
import { haversineMeters } from '#core/domain/units';
import { demoFixAt, demoJourney, journeyCycleSeconds, journeyProgressAt } from './demo-journey.ts';

// Due north in 11 points about 111 m apart, with a stop halfway and one at the end.
const path = Array.from({ length: 11 }, (_, index) => ({ latitude: 42 + index * 0.001, longitude: -93.5 }));
const stops = [path[5]!, path[10]!];
const journey = demoJourney(path, stops, { speedMps: 20, dwellSeconds: 60 });
const legMeters = haversineMeters(path[0]!, path[5]!);

describe('demo journey', () => {
  it('places each stop at its nearest path point, in order', () => {
    expect(journey.stopMeters[0]).toBeCloseTo(legMeters, 6);
    expect(journey.stopMeters[1]).toBeCloseTo(journey.track.lengthMeters, 6);
  });

  it('drives at its speed, dwells at each stop, then starts again', () => {
    expect(journeyProgressAt(journey, 0)).toEqual({ meters: 0, moving: true });
    expect(journeyProgressAt(journey, 10).meters).toBeCloseTo(200, 6);
    const arrival = legMeters / 20;
    expect(journeyProgressAt(journey, arrival + 30)).toEqual({ meters: journey.stopMeters[0], moving: false });
    expect(journeyProgressAt(journey, arrival + 70).meters).toBeCloseTo(legMeters + 200, 6);
    const cycle = journeyCycleSeconds(journey);
    expect(cycle).toBeCloseTo(journey.track.lengthMeters / 20 + 120, 6);
    expect(journeyProgressAt(journey, cycle - 1)).toEqual({ meters: journey.stopMeters[1], moving: false });
    expect(journeyProgressAt(journey, cycle + 10).meters).toBeCloseTo(200, 6);
  });

  it('reports a fix as a phone would: on the path, heading north, speed near the steady one, accuracy 4–12 m', () => {
    for (const elapsed of [0, 7, 13, 22]) {
      const fix = demoFixAt(journey, elapsed, 3);
      expect(fix.longitude).toBeCloseTo(-93.5, 9);
      expect(fix.latitude).toBeCloseTo(42 + (elapsed * 20) / haversineMeters(path[0]!, path[1]!) / 1000, 6);
      expect(fix.heading).toBeCloseTo(0, 1);
      expect(fix.speed).toBeGreaterThanOrEqual(19);
      expect(fix.speed).toBeLessThanOrEqual(21);
      expect(fix.accuracy).toBeGreaterThanOrEqual(4);
      expect(fix.accuracy).toBeLessThanOrEqual(12);
    }
    const atStop = demoFixAt(journey, legMeters / 20 + 30, 3);
    expect(atStop.speed).toBe(0);
    expect(atStop.latitude).toBeCloseTo(stops[0]!.latitude, 9);
  });

  it('stands still on a journey that goes nowhere', () => {
    const still = demoJourney([path[0]!], [path[0]!]);
    expect(demoFixAt(still, 1234)).toMatchObject({ latitude: 42, longitude: -93.5, speed: 0 });
  });
});
