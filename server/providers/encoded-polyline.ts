import type { Position } from './routing.ts';

/**
 * Google's encoded polyline (what OSRM answers with `geometries=polyline6` and Valhalla's `shape`):
 * zig-zag varints in printable ASCII, latitude first, deltas after the first point. Only the
 * engines' answers are in this format; the product stores HERE flexible polylines.
 */
export function decodeEncodedPolyline(encoded: string, precision: number): Position[] {
  const factor = 10 ** precision;
  const points: Position[] = [];
  let index = 0;
  let latitude = 0;
  let longitude = 0;
  const next = () => {
    let result = 0;
    let shift = 0;
    let byte: number;
    do {
      if (index >= encoded.length) throw new Error('truncated encoded polyline');
      byte = encoded.charCodeAt(index++) - 63;
      // Multiplication, not <<: values past 2^31 (precision 6 near the antimeridian) must not wrap.
      result += (byte & 0x1f) * 2 ** shift;
      shift += 5;
    } while (byte >= 0x20);
    return result % 2 === 1 ? -(result + 1) / 2 : result / 2;
  };
  while (index < encoded.length) {
    latitude += next();
    longitude += next();
    points.push({ latitude: latitude / factor, longitude: longitude / factor });
  }
  return points;
}

/** The reverse, for the stub engines of the tests and the bench. */
export function encodeEncodedPolyline(points: readonly Position[], precision: number): string {
  const factor = 10 ** precision;
  let output = '';
  let previousLatitude = 0;
  let previousLongitude = 0;
  const write = (delta: number) => {
    let value = delta < 0 ? -delta * 2 - 1 : delta * 2;
    while (value >= 0x20) {
      output += String.fromCharCode((0x20 | (value % 0x20)) + 63);
      value = Math.floor(value / 0x20);
    }
    output += String.fromCharCode(value + 63);
  };
  for (const point of points) {
    const latitude = Math.round(point.latitude * factor);
    const longitude = Math.round(point.longitude * factor);
    write(latitude - previousLatitude);
    write(longitude - previousLongitude);
    previousLatitude = latitude;
    previousLongitude = longitude;
  }
  return output;
}
