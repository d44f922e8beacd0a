import { describe, expect, it } from 'vitest';
import { geofenceContains } from '#core/domain/geo/geofence';
import { generateReplayCorpus } from './replay-corpus.ts';
import { scoreReplay } from './replay-score.ts';

const SMALL = { seed: 5, trucks: 40, visitsPerTruck: 4, driveBysPerLeg: 1 };

describe('replay corpus', () => {
  it('is the same corpus for the same seed, and another for another seed', () => {
    const first = generateReplayCorpus(SMALL);
    const again = generateReplayCorpus(SMALL);
    expect(again.tracks.map((track) => track.batches)).toEqual(first.tracks.map((track) => track.batches));
    expect(again.tracks.map((track) => track.visits)).toEqual(first.tracks.map((track) => track.visits));
    const other = generateReplayCorpus({ ...SMALL, seed: 6 });
    expect(other.tracks[0]?.batches).not.toEqual(first.tracks[0]?.batches);
  });

  it('holds visits with their truth, drive-bys, poor fixes, late and duplicate deliveries', () => {
    const corpus = generateReplayCorpus(SMALL);
    const visits = corpus.tracks.flatMap((track) => track.visits);
    expect(visits).toHaveLength(160);
    expect(corpus.tracks.flatMap((track) => track.driveBys)).toHaveLength(160);
    for (const visit of visits) expect(visit.departedAt).toBeGreaterThan(visit.arrivedAt);
    // The truck is inside the fence between its true arrival and departure.
    const track = corpus.tracks[0];
    const visit = track?.visits[0];
    const fence = corpus.fences.find((candidate) => candidate.id === visit?.fenceId);
    if (!track || !visit || !fence) throw new Error('no first visit');
    expect(geofenceContains(fence.shape, track.positionAt((visit.arrivedAt + visit.departedAt) / 2))).toBe(true);
    const delivered = corpus.tracks.flatMap((item) => item.batches.flat());
    expect(delivered.some((fix) => (fix.accuracy ?? 0) > 100)).toBe(true);
    const late = corpus.tracks.some((item) => {
      let newest = 0;
      return item.batches.flat().some((fix) => {
        const before = fix.time < newest;
        newest = Math.max(newest, fix.time);
        return before;
      });
    });
    expect(late).toBe(true);
    expect(new Set(delivered.map((fix) => `${fix.time}:${fix.latitude}`)).size).toBeLessThan(delivered.length);
  });

  it('is replayed by the detector finding nearly every visit (98 %+), its arrival within a minute at p90', () => {
    const score = scoreReplay(generateReplayCorpus(SMALL));
    expect(score.visitsDetectedPercent).toBeGreaterThanOrEqual(98);
    expect(score.arrivalErrorSeconds.p90).toBeLessThanOrEqual(60);
    expect(score.falseArrived).toBeLessThanOrEqual(1);
  });
});
