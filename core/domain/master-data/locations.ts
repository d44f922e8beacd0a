/**
 * Location (site) rules of spec 2 §3–5 and §9, asked by the form and the server alike so a value
 * the form accepts is one the server stores.
 */

/** Group colour choices (spec 2 §9). */
export const GROUP_COLORS = ['red', 'green', 'blue', 'orange', 'yellow', 'purple'] as const;
export type GroupColor = (typeof GROUP_COLORS)[number];

/** Text inputs of a location (name, description, address lines): at most 200 characters; premiseId at most 7. */
export const LOCATION_TEXT_MAX = 200;
export const PREMISE_ID_MAX = 7;

/** A new location's geofence latitude before it is drawn: "not yet placed" (spec 2 §4). */
export const UNPLACED_LATITUDE = 1;

/** A sub-location is a circle of 20 ft (spec 2 §4). */
export const SUB_LOCATION_RADIUS_METERS = 6.096;

/** The name of an existing location unlocks after this many clicks (spec 2 §9). */
export const NAME_UNLOCK_CLICKS = 7;

/** Map zooms of the location form (spec 2 §4). */
export const LOCATION_ZOOM = { new: 14, existing: 16, geocoded: 14 } as const;

/** At most this many images per location, JPEG only (spec 2 §5). */
export const MAX_LOCATION_IMAGES = 5;
/** Largest image accepted, in bytes: a phone photo, resized by nobody, stays below it. */
export const MAX_LOCATION_IMAGE_BYTES = 2 * 1024 * 1024;

export interface GeofenceShape {
  latitude: number;
  longitude: number;
  radius: number | null;
  bbox: { topLeft: { latitude: number; longitude: number }; bottomRight: { latitude: number; longitude: number } } | null;
}

/**
 * Whether a geofence was drawn: a circle (centre and positive radius) or a rectangle whose top-left
 * is north-west of its bottom-right, and not the new location's latitude 1 placeholder.
 */
/** Coordinates closer than this (about a centimetre) are the same place: a form's round trip is no move. */
const SAME_PLACE_DEGREES = 1e-7;

/**
 * Whether a geofence moved or changed size. A site that ends a standard route keeps its geofence
 * (spec 2): the route was drawn from and to it.
 */
export function geofenceMoved(before: GeofenceShape, after: GeofenceShape): boolean {
  const near = (a: number | null | undefined, b: number | null | undefined) =>
    a === b || (typeof a === 'number' && typeof b === 'number' && Math.abs(a - b) < SAME_PLACE_DEGREES);
  const corners = (shape: GeofenceShape) =>
    shape.bbox
      ? [
          shape.bbox.topLeft.latitude,
          shape.bbox.topLeft.longitude,
          shape.bbox.bottomRight.latitude,
          shape.bbox.bottomRight.longitude,
        ]
      : [];
  const [a, b] = [corners(before), corners(after)];
  return (
    !near(before.latitude, after.latitude) ||
    !near(before.longitude, after.longitude) ||
    !near(before.radius, after.radius) ||
    a.length !== b.length ||
    a.some((value, index) => !near(value, b[index]))
  );
}

export function isGeofencePlaced(geofence: GeofenceShape | null | undefined): boolean {
  if (!geofence || geofence.latitude === UNPLACED_LATITUDE) return false;
  if (geofence.bbox) {
    const { topLeft, bottomRight } = geofence.bbox;
    return topLeft.latitude > bottomRight.latitude && topLeft.longitude < bottomRight.longitude;
  }
  return geofence.radius !== null && geofence.radius > 0;
}

/** Only a location whose type's category is a site keeps a loading team, site managers and a premise id. */
export function isSiteCategory(category: string | undefined): boolean {
  return category === 'Site';
}

/** The fields a non-site location does not keep, cleared on save (spec 2 §4). */
export function withoutSiteOnlyFields<
  Location extends { loadingTeamId: number | null; userIds: number[]; premiseId: string | null },
>(location: Location, category: string | undefined): Location {
  return isSiteCategory(category) ? location : { ...location, loadingTeamId: null, userIds: [], premiseId: null };
}

/** Whether bytes are a JPEG image: the start-of-image marker followed by another marker. */
export function isJpeg(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
}
