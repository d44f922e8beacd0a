import type { AvoidanceZone } from '#core/contract/avoidance-zones';
import { isActiveZone } from '#core/domain/avoidance-zones';

/** Spec 2: orange for the organization's zones, red for global ones; a deactivated zone is greyed. */
export function zoneColor(zone: Pick<AvoidanceZone, 'organizationId' | 'deactivatedAt'>): string {
  const global = zone.organizationId === null;
  if (isActiveZone(zone)) return global ? '#e03131' : '#f76707';
  return global ? '#c9a3a3' : '#d3b89c';
}
