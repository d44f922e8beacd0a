import type { AvoidanceZone, ZoneArea, ZoneRestriction } from '#core/contract/avoidance-zones';

/** Spec 2 "Avoidance zone" rules, used by the zone form, the server's writes and the routing of loads. */

export const METERS_PER_DEGREE_LATITUDE = 111_320;

export function isActiveZone(zone: Pick<AvoidanceZone, 'deactivatedAt'>): boolean {
  return zone.deactivatedAt === null;
}

export function restrictionOf(zone: Pick<AvoidanceZone, 'weightThreshold' | 'cargoTypeIds'>): ZoneRestriction {
  if (zone.weightThreshold !== null) return 'weight';
  if (zone.cargoTypeIds?.length) return 'cargoType';
  return 'none';
}

export interface RestrictionFields {
  restriction: ZoneRestriction;
  weightThreshold: number | null;
  cargoTypeIds: number[] | null;
}

/**
 * Changing the restriction away from weight clears the threshold; away from cargo type clears the
 * cargo types (spec 2). Answers the fields to store and, when the chosen restriction lacks its
 * value, the field to name in the refusal.
 */
export function settleRestriction(fields: RestrictionFields): {
  weightThreshold: number | null;
  cargoTypeIds: number[] | null;
  missing: 'weightThreshold' | 'cargoTypeIds' | null;
} {
  const weightThreshold = fields.restriction === 'weight' ? fields.weightThreshold : null;
  const cargoTypeIds = fields.restriction === 'cargoType' ? [...new Set(fields.cargoTypeIds ?? [])] : null;
  const missing =
    fields.restriction === 'weight' && weightThreshold === null
      ? 'weightThreshold'
      : fields.restriction === 'cargoType' && !cargoTypeIds?.length
        ? 'cargoTypeIds'
        : null;
  return { weightThreshold, cargoTypeIds, missing };
}

/** Deactivating stamps the time once (a deactivated zone saved again keeps its time); activating clears it. */
export function deactivatedAtAfter(stored: string | null, active: boolean, now: Date): string | null {
  if (active) return null;
  return stored ?? now.toISOString();
}

/** The rectangle a zone covers (a circle's bounding box): what routing engines are asked to avoid. */
export function zoneBox(area: ZoneArea): { north: number; south: number; west: number; east: number } {
  if (area.bbox) {
    return {
      north: area.bbox.topLeft.latitude,
      south: area.bbox.bottomRight.latitude,
      west: area.bbox.topLeft.longitude,
      east: area.bbox.bottomRight.longitude,
    };
  }
  const radius = area.radius ?? 0;
  const latitudeDelta = radius / METERS_PER_DEGREE_LATITUDE;
  const longitudeDelta = radius / (METERS_PER_DEGREE_LATITUDE * Math.max(Math.cos((area.latitude * Math.PI) / 180), 1e-6));
  return {
    north: Math.min(area.latitude + latitudeDelta, 90),
    south: Math.max(area.latitude - latitudeDelta, -90),
    west: area.longitude - longitudeDelta,
    east: area.longitude + longitudeDelta,
  };
}

/** What a truck's route is judged by: its gross weight (null when unknown) and the cargo types it carries. */
export interface TruckLoad {
  grossWeightGrams: number | null;
  cargoTypeIds: readonly number[];
}

/**
 * Whether a truck's route must keep out of the zone: every active unrestricted zone; a weight zone
 * when the truck is heavier than its threshold or its weight is unknown (avoiding costs a detour,
 * entering a bridge limit costs more); a cargo zone when it carries one of the zone's cargo types.
 */
export function zoneApplies(zone: Pick<AvoidanceZone, 'deactivatedAt' | 'weightThreshold' | 'cargoTypeIds'>, truck: TruckLoad) {
  if (!isActiveZone(zone)) return false;
  switch (restrictionOf(zone)) {
    case 'none':
      return true;
    case 'weight':
      return truck.grossWeightGrams === null || truck.grossWeightGrams > (zone.weightThreshold ?? 0);
    case 'cargoType':
      return truck.cargoTypeIds.some((id) => zone.cargoTypeIds?.includes(id));
  }
}

export type ZoneGroup = 'company' | 'global' | 'deactivated' | 'deactivatedGlobal';
export const ZONE_GROUPS: readonly ZoneGroup[] = ['company', 'global', 'deactivated', 'deactivatedGlobal'];

/** The list's groups (spec 2): the company's zones, global ones, and each of them deactivated. */
export function zoneGroup(zone: Pick<AvoidanceZone, 'organizationId' | 'deactivatedAt'>): ZoneGroup {
  const global = zone.organizationId === null;
  if (isActiveZone(zone)) return global ? 'global' : 'company';
  return global ? 'deactivatedGlobal' : 'deactivated';
}

/** Edit shows when the caller may edit and the zone is the company's, or the caller may modify global zones. */
export function mayEditZone(
  zone: Pick<AvoidanceZone, 'organizationId'>,
  caller: { organizationId: number; permissions: readonly string[] },
): boolean {
  if (zone.organizationId === null) return caller.permissions.includes('ModifyGlobalAvoidanceZones');
  return zone.organizationId === caller.organizationId && caller.permissions.includes('EditAvoidanceZones');
}

/** The zone form's width and height cap, in the user's distance unit (miles or kilometres): 50. */
export const MAX_ZONE_SIDE = 50;
/** A zone placed by a click on the map (the "point" tab) starts as a square of 500 m. */
export const DEFAULT_ZONE_SIDE_METERS = 500;
/** Spec 2: the map centres at zoom 14 when a site is chosen. */
export const ZONE_SITE_ZOOM = 14;

const metersPerDegreeLongitude = (latitude: number) =>
  METERS_PER_DEGREE_LATITUDE * Math.max(Math.cos((latitude * Math.PI) / 180), 1e-6);
const rounded = (value: number) => Math.round(value * 1e7) / 1e7;

/** A zone's east–west width and north–south height in metres (a circle: its diameter both ways). */
export function zoneSize(area: ZoneArea): { widthMeters: number; heightMeters: number } {
  if (!area.bbox) {
    const diameter = 2 * (area.radius ?? 0);
    return { widthMeters: diameter, heightMeters: diameter };
  }
  const { topLeft, bottomRight } = area.bbox;
  return {
    widthMeters: (bottomRight.longitude - topLeft.longitude) * metersPerDegreeLongitude(area.latitude),
    heightMeters: (topLeft.latitude - bottomRight.latitude) * METERS_PER_DEGREE_LATITUDE,
  };
}

/**
 * The zone of a given size around a centre: a rectangle of that width and height, or a circle
 * whose diameter is the width (a circle has one size).
 */
export function zoneOfSize(
  center: { latitude: number; longitude: number },
  shape: 'rectangle' | 'circle',
  widthMeters: number,
  heightMeters: number,
): ZoneArea {
  const latitude = rounded(center.latitude);
  const longitude = rounded(center.longitude);
  if (shape === 'circle') return { latitude, longitude, radius: Math.round((widthMeters / 2) * 100) / 100, bbox: null };
  const halfHeight = heightMeters / 2 / METERS_PER_DEGREE_LATITUDE;
  const halfWidth = widthMeters / 2 / metersPerDegreeLongitude(latitude);
  return {
    latitude,
    longitude,
    radius: null,
    bbox: {
      topLeft: { latitude: rounded(Math.min(latitude + halfHeight, 90)), longitude: rounded(longitude - halfWidth) },
      bottomRight: { latitude: rounded(Math.max(latitude - halfHeight, -90)), longitude: rounded(longitude + halfWidth) },
    },
  };
}
