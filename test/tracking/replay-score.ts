import { DEFAULT_COMPANY_SETTINGS } from '#core/domain/company-settings';
import { geofenceContains } from '#core/domain/geo/geofence';
import { estimatedArrival, paceCorrectedSeconds } from '#core/domain/tracking/stop-progress';
import {
  advanceVisits,
  ENTRY_DWELL_SECONDS,
  emptyVisitState,
  POOR_ACCURACY_METERS,
  type TrackFix,
  type VisitEvent,
} from '#core/domain/tracking/visits';
import { GeofenceIndex } from '#server/features/tracking/geofence-index';
import { estimateRouteGeometry } from '#server/providers/routing';
import type { ReplayCorpus, TruthVisit } from './replay-corpus.ts';

/** An event matches a visit when it falls within this of it (ms): a detection 10 minutes off is a miss. */
const MATCH_MS = 10 * 60_000;
const ETA_LEAD_MS = 60 * 60_000;
const ETA_WINDOW_MS = 10 * 60_000;

const percentile = (values: number[], p: number) => {
  if (!values.length) return null;
  const sorted = values.toSorted((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] as number;
};
const round = (value: number | null, decimals = 1) =>
  value === null ? null : Math.round(value * 10 ** decimals) / 10 ** decimals;

/**
 * Replays the corpus through the detector as the server runs it (batches in arrival order, one
 * state per truck, the organization's default settings) and scores it against the truth:
 * - a false Arrived is an arrival at a fence with no true visit around it; a false Complete a
 *   departure (or a stay reported) while the truck was still inside, or at a fence it never visited
 *   (a truck truly standing the dwell inside another fence, where fences overlap, is a visit);
 * - a visit is detected when an arrival at its fence falls within 10 minutes of it;
 * - the arrival error is between the detected and the true crossing;
 * - the ETA is the routing provider's estimate (the embedded one the server uses by default) from the
 *   truck's last good fix 60 minutes before the true arrival, corrected by its pace since the first
 *   estimate (as the server does), for visits it was driving to by then.
 */
export function scoreReplay(corpus: ReplayCorpus) {
  const index = new GeofenceIndex(corpus.fences.map((fence) => ({ ...fence, owner: { kind: 'location', locationId: 0 } })));
  const fenceById = new Map(corpus.fences.map((fence) => [fence.id, fence]));
  let visits = 0;
  let detected = 0;
  let withoutFixInside = 0;
  let detectedWithoutFixInside = 0;
  let falseArrived = 0;
  let falseComplete = 0;
  let driveBys = 0;
  let fixes = 0;
  let unplannedVisits = 0;
  const arrivalErrors: number[] = [];
  let etaAsked = 0;
  let etaWithin = 0;

  for (const track of corpus.tracks) {
    const state = emptyVisitState();
    const events: VisitEvent[] = [];
    const delivered = [];
    for (const batch of track.batches) {
      for (const fix of batch) {
        fixes++;
        delivered.push(fix);
        events.push(...advanceVisits(state, fix, (from, to, reach) => index.near(from, to, reach), DEFAULT_COMPANY_SETTINGS));
      }
    }
    driveBys += track.driveBys.length;
    const matched = new Set<VisitEvent>();
    const truthOf = (event: VisitEvent): TruthVisit | undefined =>
      track.visits.find(
        (visit) =>
          visit.fenceId === event.fenceId &&
          event.time >= visit.arrivedAt - MATCH_MS &&
          event.time <= visit.departedAt + MATCH_MS,
      );
    for (const visit of track.visits) {
      visits++;
      const fence = fenceById.get(visit.fenceId);
      const inside = delivered.some(
        (fix) =>
          fence &&
          fix.time >= visit.arrivedAt &&
          fix.time <= visit.departedAt &&
          (fix.accuracy ?? 0) <= POOR_ACCURACY_METERS &&
          geofenceContains(fence.shape, fix),
      );
      if (!inside) withoutFixInside++;
      const arrival = events.find((event) => event.type === 'arrived' && !matched.has(event) && truthOf(event) === visit);
      if (arrival) {
        matched.add(arrival);
        detected++;
        if (!inside) detectedWithoutFixInside++;
        arrivalErrors.push(Math.abs(arrival.time - visit.arrivedAt) / 1000);
      }
      // The ETA asked 60 minutes before the arrival, from the last good fix then, when the truck was on its way.
      const askedAt = visit.arrivedAt - ETA_LEAD_MS;
      if (askedAt >= visit.enrouteSince && fence) {
        const good = (fix: TrackFix) => (fix.accuracy ?? 0) <= POOR_ACCURACY_METERS;
        const last = delivered.findLast((fix) => fix.time <= askedAt && good(fix));
        // As the server does: the first estimate once on the way (a minute after leaving), then the pace since.
        const first = delivered.find((fix) => fix.time >= visit.enrouteSince + 60_000 && good(fix));
        if (last) {
          etaAsked++;
          const travel = (from: TrackFix) => estimateRouteGeometry({ points: [from, fence.shape], avoid: [] }).timeSeconds;
          const baseline =
            first && first.time < last.time ? { stopId: 0, askedAt: first.time, travelSeconds: travel(first) } : null;
          const eta = Date.parse(estimatedArrival(last.time, paceCorrectedSeconds(baseline, last.time, travel(last))));
          if (Math.abs(eta - visit.arrivedAt) <= ETA_WINDOW_MS) etaWithin++;
        }
      }
    }
    /** Whether the truck truly stood inside the fence for the dwell around a moment: a visit the plan did not name (fences overlap). */
    const stoodInside = (fenceId: string, time: number) => {
      const fence = fenceById.get(fenceId);
      if (!fence) return false;
      let seconds = 0;
      for (let at = time - 15 * 60_000; at <= time + 15 * 60_000; at += 10_000) {
        const here = track.positionAt(at);
        const next = track.positionAt(at + 10_000);
        if (here.latitude === next.latitude && here.longitude === next.longitude && geofenceContains(fence.shape, here))
          seconds += 10;
      }
      return seconds >= ENTRY_DWELL_SECONDS;
    };
    for (const event of events) {
      const truth = truthOf(event);
      if (!truth && stoodInside(event.fenceId, event.time)) {
        unplannedVisits += event.type === 'arrived' ? 1 : 0;
        continue;
      }
      if (event.type === 'arrived') {
        if (!truth || !matched.has(event)) falseArrived++;
      } else if (!truth || event.time < truth.departedAt - 5 * 60_000) {
        // Left (or reported staying long) while still inside, or never there: a stop completed wrongly.
        if (event.type === 'left' || !truth) falseComplete++;
      }
    }
  }
  return {
    visits,
    driveBys,
    fixes,
    falseArrivedOrCompletePer1000Visits: round(((falseArrived + falseComplete) / visits) * 1000, 2),
    falseArrived,
    falseComplete,
    unplannedVisits,
    visitsDetectedPercent: round((detected / visits) * 100, 2),
    visitsWithoutFixInside: withoutFixInside,
    visitsWithoutFixInsideDetectedPercent: round((detectedWithoutFixInside / Math.max(1, withoutFixInside)) * 100, 2),
    arrivalErrorSeconds: { median: round(percentile(arrivalErrors, 0.5)), p90: round(percentile(arrivalErrors, 0.9)) },
    etaWithin10MinutesPercent: round((etaWithin / Math.max(1, etaAsked)) * 100, 1),
    etaVisitsMeasured: etaAsked,
  };
}
