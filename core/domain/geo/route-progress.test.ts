import { describe, expect, it } from 'vitest';
import { haversineMeters } from '../units.ts';
import { bearingDegrees, pathMeters, positionAlongTrack, routeTrack } from './route-progress.ts';

const origin = { latitude: 42, longitude: -93.5 };
const north = { latitude: 42.01, longitude: -93.5 };
const northEast = { latitude: 42.01, longitude: -93.49 };

describe('bearingDegrees', () => {
  it('answers degrees clockwise from north', () => {
    expect(bearingDegrees(origin, north)).toBeCloseTo(0, 6);
    expect(bearingDegrees(north, origin)).toBeCloseTo(180, 6);
    expect(bearingDegrees(north, northEast)).toBeCloseTo(90, 1);
    expect(bearingDegrees(northEast, north)).toBeCloseTo(270, 1);
  });

  it('stays in 0 ≤ b < 360', () => {
    const westOfNorth = bearingDegrees(origin, { latitude: 42.01, longitude: -93.5001 });
    expect(westOfNorth).toBeGreaterThan(359);
    expect(westOfNorth).toBeLessThan(360);
  });
});

describe('positionAlongTrack', () => {
  const track = routeTrack([origin, north, northEast]);
  const firstLeg = haversineMeters(origin, north);

  it('measures the track', () => {
    expect(track.lengthMeters).toBeCloseTo(firstLeg + haversineMeters(north, northEast), 6);
    expect(pathMeters([origin, north, northEast])).toBeCloseTo(track.lengthMeters, 6);
  });

  it('interpolates within a segment and faces along it', () => {
    const halfway = positionAlongTrack(track, firstLeg / 2);
    expect(halfway.point.latitude).toBeCloseTo(42.005, 6);
    expect(halfway.point.longitude).toBeCloseTo(-93.5, 6);
    expect(halfway.heading).toBeCloseTo(0, 3);
  });

  it('turns at the corner and clamps at both ends', () => {
    const after = positionAlongTrack(track, firstLeg + 10);
    expect(after.heading).toBeCloseTo(90, 0);
    expect(positionAlongTrack(track, -50).point).toEqual(origin);
    const end = positionAlongTrack(track, track.lengthMeters + 1000);
    expect(end.point.latitude).toBeCloseTo(northEast.latitude, 9);
    expect(end.point.longitude).toBeCloseTo(northEast.longitude, 9);
    expect(end.heading).toBeCloseTo(90, 0);
  });

  it('skips repeated points for the heading and faces north on a track that never moves', () => {
    const repeated = routeTrack([origin, origin, north]);
    expect(positionAlongTrack(repeated, 0).heading).toBeCloseTo(0, 3);
    expect(positionAlongTrack(routeTrack([north, north, origin]), 0).heading).toBeCloseTo(180, 3);
    expect(positionAlongTrack(routeTrack([origin]), 100)).toEqual({ point: origin, heading: 0 });
    expect(positionAlongTrack(routeTrack([origin, origin]), 5).heading).toBe(0);
  });
});
