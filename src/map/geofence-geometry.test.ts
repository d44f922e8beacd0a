import type Circle from 'ol/geom/Circle';
import { describe, expect, it } from 'vitest';
import { circleAround, geofenceOfGeometry, geometryOfGeofence } from './geofence-geometry.ts';

describe('geofence geometry', () => {
  it('keeps a circle’s radius in metres, not map units, whatever the latitude', () => {
    // At 60° N a map unit of Web Mercator is half a metre on the ground.
    const circle = geometryOfGeofence({ latitude: 60, longitude: 10, radius: 100, bbox: null }) as Circle;
    expect(circle.getRadius()).toBeCloseTo(200, 0);
    expect(geofenceOfGeometry(circle)).toEqual({ latitude: 60, longitude: 10, radius: 100, bbox: null });
  });

  it('turns a rectangle into its bbox and centre and back', () => {
    const geofence = {
      latitude: 42.035,
      longitude: -93.62,
      radius: null,
      bbox: { topLeft: { latitude: 42.036, longitude: -93.622 }, bottomRight: { latitude: 42.034, longitude: -93.618 } },
    };
    const back = geofenceOfGeometry(geometryOfGeofence(geofence));
    expect(back.bbox).toEqual(geofence.bbox);
    expect(back.radius).toBeNull();
    expect(back.latitude).toBeCloseTo(42.035, 4);
    expect(back.longitude).toBeCloseTo(-93.62, 6);
  });

  it('draws a sub-location as a 6.096 m circle on the ground', () => {
    const circle = circleAround(45, -93, 6.096);
    expect(geofenceOfGeometry(circle).radius).toBeCloseTo(6.1, 1);
  });
});
