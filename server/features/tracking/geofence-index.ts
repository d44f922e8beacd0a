import Flatbush from 'flatbush';
import type { GeofenceShape } from '#core/domain/geo/geofence';
import { EXIT_MARGIN_METERS, type Fence, POOR_ACCURACY_METERS } from '#core/domain/tracking/visits';
import type { LatLng } from '#core/domain/units';

/** What a fence stands for: a site, one of its sub-locations, or an avoidance zone. */
export type FenceOwner =
  | { kind: 'location'; locationId: number }
  | { kind: 'subLocation'; locationId: number; subLocationId: number }
  | { kind: 'zone'; zoneId: number; name: string; weightThreshold: number | null; cargoTypeIds: number[] | null };

export interface IndexedFence extends Fence {
  owner: FenceOwner;
}

const METERS_PER_DEGREE = 111_320;
/**
 * Each fence's box is widened by the exit margin plus the worst accuracy detection accepts: a fix
 * outside the widened box is beyond the exit margin for sure, so the index answers every fence a
 * visit could still be held in.
 */
const REACH_METERS = EXIT_MARGIN_METERS + POOR_ACCURACY_METERS;

function boxOf(shape: GeofenceShape): [number, number, number, number] | null {
  const reachLatitude = REACH_METERS / METERS_PER_DEGREE;
  const reachLongitude = REACH_METERS / (METERS_PER_DEGREE * Math.max(Math.cos((shape.latitude * Math.PI) / 180), 1e-6));
  if (shape.bbox) {
    const { topLeft, bottomRight } = shape.bbox;
    return [
      Math.min(topLeft.longitude, bottomRight.longitude) - reachLongitude,
      Math.min(topLeft.latitude, bottomRight.latitude) - reachLatitude,
      Math.max(topLeft.longitude, bottomRight.longitude) + reachLongitude,
      Math.max(topLeft.latitude, bottomRight.latitude) + reachLatitude,
    ];
  }
  if (shape.radius === null || !(shape.radius > 0)) return null;
  const latitudeDelta = shape.radius / METERS_PER_DEGREE + reachLatitude;
  const longitudeDelta =
    shape.radius / (METERS_PER_DEGREE * Math.max(Math.cos((shape.latitude * Math.PI) / 180), 1e-6)) + reachLongitude;
  return [
    shape.longitude - longitudeDelta,
    shape.latitude - latitudeDelta,
    shape.longitude + longitudeDelta,
    shape.latitude + latitudeDelta,
  ];
}

/**
 * An organization's fences in a static packed R-tree (flatbush), built once per change of its
 * locations or zones: a fix costs a tree search and the exact circle/box test of core/domain/geo,
 * no database query. (Fences are circles and boxes, so the exact test needs no polygon library.)
 */
export class GeofenceIndex {
  private readonly tree: Flatbush | null;
  private readonly fences: IndexedFence[];
  private readonly byIds: Map<string, IndexedFence>;

  constructor(fences: readonly IndexedFence[]) {
    const boxed = fences.flatMap((fence) => {
      const box = boxOf(fence.shape);
      return box ? [{ fence, box }] : [];
    });
    this.fences = boxed.map((item) => item.fence);
    this.byIds = new Map(this.fences.map((fence) => [fence.id, fence]));
    if (!boxed.length) {
      this.tree = null;
      return;
    }
    this.tree = new Flatbush(boxed.length);
    for (const { box } of boxed) this.tree.add(...box);
    this.tree.finish();
  }

  get size() {
    return this.fences.length;
  }

  /** The fences whose reach touches the box of the segment from one fix to the next, widened by `reachMeters`. */
  near(from: LatLng, to: LatLng, reachMeters = 0): IndexedFence[] {
    if (!this.tree) return [];
    const latitudeDelta = reachMeters / METERS_PER_DEGREE;
    const longitudeDelta = reachMeters / (METERS_PER_DEGREE * Math.max(Math.cos((from.latitude * Math.PI) / 180), 1e-6));
    return this.tree
      .search(
        Math.min(from.longitude, to.longitude) - longitudeDelta,
        Math.min(from.latitude, to.latitude) - latitudeDelta,
        Math.max(from.longitude, to.longitude) + longitudeDelta,
        Math.max(from.latitude, to.latitude) + latitudeDelta,
      )
      .map((index) => this.fences[index] as IndexedFence);
  }

  byId(id: string): IndexedFence | undefined {
    return this.byIds.get(id);
  }
}
