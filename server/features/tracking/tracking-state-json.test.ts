import { describe, expect, it } from 'vitest';
import { detectVisits, emptyVisitState, type Fence, RECENT_STEPS, type VisitState } from '#core/domain/tracking/visits';
import { trackingStateJson } from './tracking-state-json.ts';

const SITE = { latitude: 42, longitude: -93 };
const fence: Fence = { id: 'location:1', shape: { ...SITE, radius: 150, bbox: null } };
const settings = { insideSiteInactiveMinutes: 30, outsideSiteInactiveMinutes: 10 };
const T0 = Date.parse('2026-11-28T08:00:00Z');
const fixAt = (seconds: number, east: number, speed = 0) => ({
  time: T0 + seconds * 1000,
  latitude: SITE.latitude,
  longitude: SITE.longitude + east / (111_195 * Math.cos((SITE.latitude * Math.PI) / 180)),
  accuracy: 10,
  speed,
});

describe('trackingStateJson', () => {
  it('writes what JSON.stringify writes, batch after batch, with visits, events, a late replay and steps dropped', () => {
    let visits: VisitState = emptyVisitState();
    const seconds = [
      ...Array.from({ length: 10 }, (_, index) => [index * 60 - 3000, -5000 + index * 500, 15]),
      ...Array.from({ length: 20 }, (_, index) => [index * 60, 20 + index, 0]),
      ...Array.from({ length: RECENT_STEPS }, (_, index) => [1500 + index * 60, 3000 + index * 800, 15]),
    ];
    let written = 0;
    for (const [at, east, speed] of seconds) {
      visits = detectVisits(visits, fixAt(at as number, east as number, speed), () => [fence], settings).state;
      const state = { visits, etaAskedAt: T0, standing: null };
      // Twice: the second reuses every step's JSON.
      expect(trackingStateJson(state)).toBe(JSON.stringify(state));
      expect(trackingStateJson(state)).toBe(JSON.stringify(state));
      written += 1;
    }
    // A late fix, replayed in its place, and a state read back from its JSON.
    const late = detectVisits(visits, fixAt(1500 + 30, 3000, 15), () => [fence], settings).state;
    const readBack = JSON.parse(JSON.stringify({ visits: late, etaAskedAt: 0 }));
    expect(trackingStateJson(readBack)).toBe(JSON.stringify(readBack));
    expect(visits.recent?.steps).toHaveLength(RECENT_STEPS);
    expect(written).toBe(seconds.length);
  });

  it('writes a state without recent steps as it is', () => {
    const state = { visits: emptyVisitState(), etaAskedAt: 0 };
    expect(trackingStateJson(state)).toBe(JSON.stringify(state));
  });
});
