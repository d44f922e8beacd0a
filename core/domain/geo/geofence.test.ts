import { describe, expect, it } from 'vitest';
import { type GeofenceShape, geofenceContains, segmentCrossesGeofence } from './geofence.ts';

const METERS_PER_DEGREE_LATITUDE = (6_371_000 * Math.PI) / 180;

/** A 100 m circle at Ames. */
const circle: GeofenceShape = { latitude: 42.03, longitude: -93.62, radius: 100, bbox: null };
/** The demo seed's box shape: ±0.002° latitude, ±0.003° longitude around the centre. */
const box: GeofenceShape = {
  latitude: 42.03,
  longitude: -93.62,
  radius: null,
  bbox: { topLeft: { latitude: 42.032, longitude: -93.623 }, bottomRight: { latitude: 42.028, longitude: -93.617 } },
};
const north = (metres: number, of = circle) => ({
  latitude: of.latitude + metres / METERS_PER_DEGREE_LATITUDE,
  longitude: of.longitude,
});

describe('geofence containment', () => {
  it('holds a point within the radius of a circle, the rim included', () => {
    expect(geofenceContains(circle, north(99.9))).toBe(true);
    expect(geofenceContains(circle, north(100 - 1e-6))).toBe(true);
    expect(geofenceContains(circle, north(100.1))).toBe(false);
  });

  it('holds a point inside a box, its edges included, whichever corners were given', () => {
    expect(geofenceContains(box, { latitude: 42.031, longitude: -93.618 })).toBe(true);
    expect(geofenceContains(box, { latitude: 42.032, longitude: -93.623 })).toBe(true);
    expect(geofenceContains(box, { latitude: 42.0321, longitude: -93.62 })).toBe(false);
    expect(geofenceContains(box, { latitude: 42.03, longitude: -93.6169 })).toBe(false);
    const flipped: GeofenceShape = {
      ...box,
      bbox: { topLeft: box.bbox!.bottomRight, bottomRight: box.bbox!.topLeft },
    };
    expect(geofenceContains(flipped, { latitude: 42.031, longitude: -93.618 })).toBe(true);
  });

  it('holds nothing in a fence with neither a radius nor a box', () => {
    expect(geofenceContains({ ...circle, radius: null }, circle)).toBe(false);
    expect(geofenceContains({ ...circle, radius: 0 }, circle)).toBe(false);
  });
});

describe('segment against a geofence', () => {
  it('finds where a segment between two fixes outside a circle passes through it', () => {
    const crossing = segmentCrossesGeofence(circle, north(-300), north(300));
    // Enters 200 m along 600 m, leaves at 400 m.
    expect(crossing?.enters).toBeCloseTo(1 / 3, 3);
    expect(crossing?.leaves).toBeCloseTo(2 / 3, 3);
  });

  it('answers null when the segment passes beside the circle or stops short of it', () => {
    const east = (metres: number) => ({
      latitude: circle.latitude + 150 / METERS_PER_DEGREE_LATITUDE,
      longitude: circle.longitude + metres / 82_600,
    });
    expect(segmentCrossesGeofence(circle, east(-300), east(300))).toBeNull();
    expect(segmentCrossesGeofence(circle, north(-500), north(-200))).toBeNull();
  });

  it('enters at 0 when the first fix is inside, and leaves at 1 when the second is', () => {
    expect(segmentCrossesGeofence(circle, north(0), north(50))).toEqual({ enters: 0, leaves: 1 });
    expect(segmentCrossesGeofence(circle, north(-300), north(0))?.leaves).toBe(1);
    expect(segmentCrossesGeofence(circle, north(20), north(20))).toEqual({ enters: 0, leaves: 1 });
  });

  it('clips a segment to a box', () => {
    // West to east through the middle: the box spans -93.623…-93.617 of -93.626…-93.614.
    const crossing = segmentCrossesGeofence(
      box,
      { latitude: 42.03, longitude: -93.626 },
      { latitude: 42.03, longitude: -93.614 },
    );
    expect(crossing?.enters).toBeCloseTo(0.25, 9);
    expect(crossing?.leaves).toBeCloseTo(0.75, 9);
    // Diagonal past the north-east corner.
    expect(
      segmentCrossesGeofence(box, { latitude: 42.031, longitude: -93.614 }, { latitude: 42.036, longitude: -93.619 }),
    ).toBeNull();
    // A fix standing still inside.
    expect(segmentCrossesGeofence(box, box, box)).toEqual({ enters: 0, leaves: 1 });
  });

  it('never crosses a fence that is only a point', () => {
    expect(segmentCrossesGeofence({ ...circle, radius: null }, north(-300), north(300))).toBeNull();
  });
});
