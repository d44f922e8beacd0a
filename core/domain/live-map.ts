import type { DeviceLocationEvent } from '#core/contract/realtime';
import type { Stop } from '#core/contract/orders';

/** Spec 1 §9: the live map opens at zoom 8 and centres a selected device at zoom 14. */
export const LIVE_MAP_DEFAULT_ZOOM = 8;
export const LIVE_MAP_SELECTED_ZOOM = 14;

export const DUPLICATE_RESOURCE_KINDS = ['device', 'load', 'driver', 'tractor', 'trailer'] as const;
export type DuplicateResourceKind = (typeof DUPLICATE_RESOURCE_KINDS)[number];

/**
 * The kinds of resource two tracked devices of the same type claim at once (spec 1 §8
 * duplicateResourcesFound): the same device twice, or one load, driver, tractor or trailer named by
 * two phones (or by two trailer devices). A phone and its load's trailer device naming the same load
 * is the normal case, so devices are compared only with devices of their own type.
 */
export function duplicatedResources(positions: readonly DeviceLocationEvent[]): DuplicateResourceKind[] {
  const found = new Set<DuplicateResourceKind>();
  const seen = new Map<string, true>();
  const claim = (kind: DuplicateResourceKind, deviceType: string, id: number | null) => {
    if (id === null) return;
    const key = `${kind}:${deviceType}:${id}`;
    if (seen.has(key)) found.add(kind);
    else seen.set(key, true);
  };
  for (const position of positions) {
    claim('device', 'any', position.deviceId);
    claim('load', position.deviceType, position.orderId);
    claim('driver', position.deviceType, position.userId);
    claim('tractor', position.deviceType, position.tractorId);
    claim('trailer', position.deviceType, position.trailerId);
  }
  return DUPLICATE_RESOURCE_KINDS.filter((kind) => found.has(kind));
}

/** The stop a tracked load heads for: the first, in sequence, not complete; none once all are. */
export function nextStop<S extends Pick<Stop, 'sequence' | 'status'>>(stops: readonly S[]): S | null {
  return [...stops].sort((a, b) => a.sequence - b.sequence).find((stop) => stop.status !== 'Complete') ?? null;
}

/** Matches a tracked device against the sidebar's search: any of its shown names, case- and accent-insensitively. */
export function matchesSearch(names: readonly (string | null | undefined)[], search: string): boolean {
  const wanted = fold(search.trim());
  if (!wanted) return true;
  return names.some((name) => name && fold(name).includes(wanted));
}

function fold(text: string) {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase();
}

/** A truck counts as active on the home page while its phone reported within this long. */
export const ACTIVE_TRUCK_WITHIN_MS = 30 * 60_000;

/**
 * The home page's "active trucks" card: the driver phones that reported within the last 30 minutes,
 * and how many of them are on a load (smart trailers are not trucks).
 */
export function activeTrucks(positions: readonly DeviceLocationEvent[], now: Date): { active: number; onLoad: number } {
  let active = 0;
  let onLoad = 0;
  for (const position of positions) {
    if (position.deviceType !== 'mobile' || now.getTime() - Date.parse(position.timestamp) > ACTIVE_TRUCK_WITHIN_MS) continue;
    active++;
    if (position.orderId !== null) onLoad++;
  }
  return { active, onLoad };
}
