import { type GeofenceShape, segmentCrossesGeofence } from '#core/domain/geo/geofence';
import type { Fence, TrackFix } from '#core/domain/tracking/visits';
import { haversineMeters, type LatLng } from '#core/domain/units';

/**
 * A deterministic corpus of phone tracks for live tracking's tests and bench (issue 21 "Replay
 * corpus"): trucks drive winding roads (legs turning at random, each truck its own pace),
 * stop at sites (the visits: 2.5 minutes to an hour), pass sites beside the road or clip their fence
 * without stopping (the drive-bys), wait at lights away from any site; their phones report every
 * 300 s (most), 60 s or 15 s, with GPS drift, jumps of poor accuracy, and deliver the fixes in
 * batches where some arrive late (out of order) or twice. The truth is kept beside each track:
 * when each visit really began and ended (the truck crossing the fence) and each drive-by.
 */

export interface TruthVisit {
  fenceId: string;
  /** The truck crossed into the fence (ms). */
  arrivedAt: number;
  /** The truck crossed out of it (ms). */
  departedAt: number;
  /** Since when the truck was driving to this site without stopping at another (ms): the ETA is asked from then. */
  enrouteSince: number;
}

export interface TruthDriveBy {
  fenceId: string;
  passedAt: number;
  /** Beside the road, or the road clipping the fence. */
  kind: 'beside' | 'through';
}

export interface ReplayTrack {
  truckId: number;
  /** The fixes as the server receives them: batches in arrival order, each oldest first. */
  batches: TrackFix[][];
  /** The true position at any moment (ms), for the ETA figure. */
  positionAt: (time: number) => LatLng;
  visits: TruthVisit[];
  driveBys: TruthDriveBy[];
}

export interface ReplayCorpus {
  fences: Fence[];
  tracks: ReplayTrack[];
}

/** mulberry32: small, fast, and the same sequence on every machine. */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const METERS_PER_DEGREE = 111_195;
const START = Date.parse('2026-11-02T06:00:00Z');

function offset(point: LatLng, east: number, north: number): LatLng {
  return {
    latitude: point.latitude + north / METERS_PER_DEGREE,
    longitude: point.longitude + east / (METERS_PER_DEGREE * Math.cos((point.latitude * Math.PI) / 180)),
  };
}

/** One piece of the truck's day: driving a straight leg at a steady speed, or standing. */
type Segment =
  | { kind: 'drive'; from: LatLng; to: LatLng; start: number; end: number }
  | { kind: 'stand'; at: LatLng; start: number; end: number };

export interface CorpusOptions {
  seed: number;
  trucks: number;
  /** Visits per truck. */
  visitsPerTruck: number;
  /** Drive-bys on each leg between visits. */
  driveBysPerLeg: number;
}

export const DEFAULT_CORPUS: CorpusOptions = { seed: 21, trucks: 300, visitsPerTruck: 4, driveBysPerLeg: 1 };

/** Turning in to a site and pulling out: the last and first metres are slow. */
const YARD_METERS = 300;
const YARD_SPEED_IN = 6;
const YARD_SPEED_OUT = 8;

/** Builds the corpus; the same options give the same corpus. */
export function generateReplayCorpus(options: CorpusOptions = DEFAULT_CORPUS): ReplayCorpus {
  const random = seededRandom(options.seed);
  const between = (low: number, high: number) => low + random() * (high - low);
  const gaussian = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  const fences: Fence[] = [];
  const tracks: ReplayTrack[] = [];

  /** A circle (70 %) or a box of 100–250 m around a centre. */
  const newFence = (centre: LatLng, kind: 'site' | 'passed') => {
    const size = between(100, 250);
    const shape: GeofenceShape =
      random() < 0.3
        ? {
            ...centre,
            radius: null,
            bbox: { topLeft: offset(centre, -size, size * 0.8), bottomRight: offset(centre, size, -size * 0.8) },
          }
        : { ...centre, radius: size, bbox: null };
    const fence = { id: `${kind}:${fences.length}`, shape };
    fences.push(fence);
    return { fence, size };
  };

  for (let truckId = 0; truckId < options.trucks; truckId++) {
    // Trucks spread over the Midwest, each on its own roads.
    let position: LatLng = { latitude: between(38, 46), longitude: between(-100, -86) };
    let heading = between(0, 2 * Math.PI);
    let time = START + Math.floor(between(0, 3600)) * 1000;
    const segments: Segment[] = [];
    const visits: TruthVisit[] = [];
    const driveBys: TruthDriveBy[] = [];
    // Trucks average about 70 km/h between towns, each its own pace (±10 %).
    const cruise = between(18, 23);

    /** Roads wind: a piece is two straight halves bent off its course, 1.1–1.4 times the straight line. */
    const winding = (meters: number) => {
      const bend = between(0.4, 0.75) * (random() < 0.5 ? 1 : -1);
      const course = heading;
      const half = meters / 2 / Math.cos(bend);
      heading = course + bend;
      drive(half);
      heading = course - bend;
      drive(half);
      heading = course;
    };
    const drive = (meters: number, speed = cruise * between(0.9, 1.1)) => {
      const from = position;
      const to = offset(from, Math.sin(heading) * meters, Math.cos(heading) * meters);
      const seconds = meters / speed;
      segments.push({ kind: 'drive', from, to, start: time, end: time + seconds * 1000 });
      time += seconds * 1000;
      position = to;
    };
    const stand = (seconds: number) => {
      segments.push({ kind: 'stand', at: position, start: time, end: time + seconds * 1000 });
      time += seconds * 1000;
    };
    /** When the truck crossed the fence's edge on the drive segments since `since` (ms): the exact truth. */
    const crossing = (shape: GeofenceShape, since: number, edge: 'enters' | 'leaves') => {
      for (const segment of segments) {
        if (segment.kind !== 'drive' || segment.end <= since) continue;
        const cut = segmentCrossesGeofence(shape, segment.from, segment.to);
        if (!cut) continue;
        const fraction = edge === 'enters' ? cut.enters : cut.leaves;
        if (edge === 'enters' ? fraction > 0 : fraction < 1) return segment.start + (segment.end - segment.start) * fraction;
      }
      return null;
    };

    let enrouteSince = time;
    for (let visitIndex = 0; visitIndex < options.visitsPerTruck; visitIndex++) {
      // The leg to the next site: most over an hour of driving, some short hops.
      const legMeters = random() < 0.8 ? between(75_000, 140_000) : between(8_000, 30_000);
      const pieces = Math.max(2, Math.round(legMeters / between(6_000, 15_000)));
      const byAt = new Set(Array.from({ length: options.driveBysPerLeg }, () => Math.floor(random() * (pieces - 1))));
      const legStart = time;
      // Roads lead to the site: each piece heads for it, off by a little, and winds on the way.
      const target = offset(position, Math.sin(heading) * legMeters, Math.cos(heading) * legMeters);
      for (let piece = 0; piece < pieces; piece++) {
        const remaining = haversineMeters(position, target);
        heading = bearing(position, target) + between(-0.25, 0.25);
        const length = Math.max(YARD_METERS * 2, remaining / (pieces - piece));
        if (piece === pieces - 1) {
          drive(length - YARD_METERS);
          drive(YARD_METERS, YARD_SPEED_IN);
        } else if (byAt.has(piece)) {
          // A site beside the road (5–300 m from its edge) or clipped by it (a quarter), passed at speed.
          drive(length / 2);
          const through = random() < 0.25;
          const { fence, size } = newFence(position, 'passed');
          const inner = fence.shape.radius ?? size * 0.8;
          const side = random() < 0.5 ? 1 : -1;
          const away = inner + (through ? -between(0.1, 0.7) * inner : between(5, 300));
          const moved = offset(position, Math.cos(heading) * away * side, -Math.sin(heading) * away * side);
          fence.shape = shift(fence.shape, position, moved);
          driveBys.push({ fenceId: fence.id, passedAt: time, kind: through ? 'through' : 'beside' });
          drive(length / 2);
        } else if (random() < 0.25) {
          // A traffic light or a jam, kilometres from any site.
          winding(length / 2);
          stand(between(20, 100));
          winding(length / 2);
        } else {
          winding(length);
        }
      }
      // The site: its fence around where the truck stops.
      const { fence: site } = newFence(offset(position, gaussian() * 20, gaussian() * 20), 'site');
      const stay = random() < 0.3 ? between(150, 280) : between(300, 3600);
      stand(stay);
      const standEnd = time;
      heading += between(-1, 1);
      drive(YARD_METERS, YARD_SPEED_OUT);
      drive(between(2_000, 6_000));
      visits.push({
        fenceId: site.id,
        arrivedAt: crossing(site.shape, legStart, 'enters') ?? standEnd - stay * 1000,
        departedAt: crossing(site.shape, standEnd, 'leaves') ?? standEnd,
        enrouteSince,
      });
      enrouteSince = time;
    }
    // The truck drives on after its last visit, its phone still reporting.
    drive(20_000);

    const positionAt = (at: number): LatLng => {
      const segment = segments.find((candidate) => at >= candidate.start && at < candidate.end) ?? segments.at(-1);
      if (!segment) return position;
      if (segment.kind === 'stand') return segment.at;
      return positionOnDrive(segment, at);
    };
    const speedAt = (at: number): number => {
      const segment = segments.find((candidate) => at >= candidate.start && at < candidate.end);
      if (!segment || segment.kind === 'stand') return 0;
      return haversineMeters(segment.from, segment.to) / ((segment.end - segment.start) / 1000);
    };

    // The phone: one interval per truck, drift, jumps of poor accuracy.
    const interval = random() < 0.7 ? 300 : random() < 0.67 ? 60 : 15;
    const firstSegment = segments[0] as Segment;
    const fixes: TrackFix[] = [];
    for (let at = firstSegment.start; at <= time; at += interval * 1000 + Math.round(gaussian() * 2000)) {
      const truth = positionAt(at);
      const jump = random() < 0.03;
      const sigma = jump ? between(200, 2000) : between(3, 12);
      const drifted = offset(truth, gaussian() * sigma, gaussian() * sigma);
      const moving = speedAt(at);
      fixes.push({
        time: Math.round(at / 1000) * 1000,
        ...drifted,
        accuracy: jump ? between(150, 1500) : Math.round(sigma * 1.5 + 3),
        speed: moving > 0.5 ? Math.max(0, moving + gaussian() * 1) : Math.abs(gaussian() * 0.3),
      });
    }

    // Delivery: batches of 1–10; 4 % of fixes held back to a later batch (late, out of order), 2 % sent twice.
    const batches: TrackFix[][] = [];
    const held: TrackFix[] = [];
    let index = 0;
    while (index < fixes.length) {
      const size = 1 + Math.floor(random() * 10);
      const batch: TrackFix[] = [];
      for (const fix of fixes.slice(index, index + size)) {
        if (random() < 0.04) held.push(fix);
        else batch.push(fix);
        if (random() < 0.02) batch.push(fix);
      }
      if (random() < 0.5 && held.length) batch.push(held.shift() as TrackFix);
      index += size;
      batches.push(batch.toSorted((a, b) => a.time - b.time));
    }
    if (held.length) batches.push(held.toSorted((a, b) => a.time - b.time));
    tracks.push({ truckId, batches, positionAt, visits, driveBys });
  }
  return { fences, tracks };
}

/** The initial bearing from one point to another, in radians clockwise from north (flat, fine for a leg). */
function bearing(from: LatLng, to: LatLng): number {
  const east = (to.longitude - from.longitude) * Math.cos((from.latitude * Math.PI) / 180);
  return Math.atan2(east, to.latitude - from.latitude);
}

function shift(shape: GeofenceShape, from: LatLng, to: LatLng): GeofenceShape {
  const dLat = to.latitude - from.latitude;
  const dLon = to.longitude - from.longitude;
  return {
    ...shape,
    latitude: shape.latitude + dLat,
    longitude: shape.longitude + dLon,
    bbox: shape.bbox && {
      topLeft: { latitude: shape.bbox.topLeft.latitude + dLat, longitude: shape.bbox.topLeft.longitude + dLon },
      bottomRight: { latitude: shape.bbox.bottomRight.latitude + dLat, longitude: shape.bbox.bottomRight.longitude + dLon },
    },
  };
}

function positionOnDrive(segment: Extract<Segment, { kind: 'drive' }>, at: number): LatLng {
  const fraction = (at - segment.start) / (segment.end - segment.start);
  return {
    latitude: segment.from.latitude + (segment.to.latitude - segment.from.latitude) * fraction,
    longitude: segment.from.longitude + (segment.to.longitude - segment.from.longitude) * fraction,
  };
}
