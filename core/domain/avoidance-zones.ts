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
