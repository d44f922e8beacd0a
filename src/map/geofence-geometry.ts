import type { Coordinate } from 'ol/coordinate';
import { getCenter } from 'ol/extent';
import Circle from 'ol/geom/Circle';
import type Geometry from 'ol/geom/Geometry';
import { fromExtent } from 'ol/geom/Polygon';
import { fromLonLat, getPointResolution, toLonLat } from 'ol/proj';
import type { GeofenceShape } from '#core/domain/master-data/locations';

/**
 * Geofences between their stored shape (latitude/longitude, a bbox or a radius in metres) and map
 * geometries in Web Mercator (EPSG:3857), whose units stretch by 1 / cos(latitude): a radius of
 * 100 m at 60° N is 200 map units, so the radius is converted at the circle's centre.
 */

const PROJECTION = 'EPSG:3857';

/** Ground metres per map unit at a map coordinate. */
const metresPerUnit = (center: Coordinate) => getPointResolution(PROJECTION, 1, center, 'm');

/** Rounded to what a geofence needs (about 1 cm), so a redraw does not make the form dirty by noise. */
const rounded = (value: number) => Math.round(value * 1e7) / 1e7;

export function geometryOfGeofence(geofence: GeofenceShape): Geometry {
  if (geofence.bbox) {
    const { topLeft, bottomRight } = geofence.bbox;
    const [minX, maxY] = fromLonLat([topLeft.longitude, topLeft.latitude]) as [number, number];
    const [maxX, minY] = fromLonLat([bottomRight.longitude, bottomRight.latitude]) as [number, number];
    return fromExtent([minX, minY, maxX, maxY]);
  }
  const center = fromLonLat([geofence.longitude, geofence.latitude]);
  return new Circle(center, (geofence.radius ?? 0) / metresPerUnit(center));
}

/** A drawn rectangle (any polygon: its extent) or circle as the geofence stored. */
export function geofenceOfGeometry(geometry: Geometry): GeofenceShape {
  if (geometry instanceof Circle) {
    const center = geometry.getCenter();
    const [longitude, latitude] = toLonLat(center) as [number, number];
    return {
      latitude: rounded(latitude),
      longitude: rounded(longitude),
      radius: Math.round(geometry.getRadius() * metresPerUnit(center) * 100) / 100,
      bbox: null,
    };
  }
  const extent = geometry.getExtent();
  const [west, north] = toLonLat([extent[0] as number, extent[3] as number]) as [number, number];
  const [east, south] = toLonLat([extent[2] as number, extent[1] as number]) as [number, number];
  const [longitude, latitude] = toLonLat(getCenter(extent)) as [number, number];
  return {
    latitude: rounded(latitude),
    longitude: rounded(longitude),
    radius: null,
    bbox: {
      topLeft: { latitude: rounded(north), longitude: rounded(west) },
      bottomRight: { latitude: rounded(south), longitude: rounded(east) },
    },
  };
}

/** A circle of `metres` around a point, as a map geometry (sub-locations). */
export function circleAround(latitude: number, longitude: number, metres: number): Circle {
  const center = fromLonLat([longitude, latitude]);
  return new Circle(center, metres / metresPerUnit(center));
}

/** The latitude and longitude of a map coordinate. */
export function pointOf(coordinate: Coordinate): { latitude: number; longitude: number } {
  const [longitude, latitude] = toLonLat(coordinate) as [number, number];
  return { latitude: rounded(latitude), longitude: rounded(longitude) };
}
