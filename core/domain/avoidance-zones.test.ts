import { describe, expect, it } from 'vitest';
import {
  deactivatedAtAfter,
  mayEditZone,
  restrictionOf,
  settleRestriction,
  zoneApplies,
  zoneBox,
  zoneGroup,
  zoneOfSize,
  zoneSize,
} from './avoidance-zones.ts';

const zone = (
  fields: Partial<{ deactivatedAt: string | null; weightThreshold: number | null; cargoTypeIds: number[] | null }>,
) => ({
  deactivatedAt: null,
  weightThreshold: null,
  cargoTypeIds: null,
  ...fields,
});

describe('avoidance zone restrictions', () => {
  it('clears the threshold when the restriction moves away from weight, and the cargo types away from cargo type', () => {
    expect(settleRestriction({ restriction: 'cargoType', weightThreshold: 36_000_000, cargoTypeIds: [2, 2, 3] })).toEqual({
      weightThreshold: null,
      cargoTypeIds: [2, 3],
      missing: null,
    });
    expect(settleRestriction({ restriction: 'weight', weightThreshold: 36_000_000, cargoTypeIds: [2] })).toEqual({
      weightThreshold: 36_000_000,
      cargoTypeIds: null,
      missing: null,
    });
    expect(settleRestriction({ restriction: 'none', weightThreshold: 5, cargoTypeIds: [2] })).toEqual({
      weightThreshold: null,
      cargoTypeIds: null,
      missing: null,
    });
  });

  it('names the value a restriction lacks', () => {
    expect(settleRestriction({ restriction: 'weight', weightThreshold: null, cargoTypeIds: null }).missing).toBe(
      'weightThreshold',
    );
    expect(settleRestriction({ restriction: 'cargoType', weightThreshold: null, cargoTypeIds: [] }).missing).toBe('cargoTypeIds');
  });

  it('reads a stored zone’s restriction back from its fields', () => {
    expect(restrictionOf(zone({ weightThreshold: 1 }))).toBe('weight');
    expect(restrictionOf(zone({ cargoTypeIds: [4] }))).toBe('cargoType');
    expect(restrictionOf(zone({ cargoTypeIds: [] }))).toBe('none');
  });

  it('applies to a truck by weight (unknown weight avoids), by cargo type, and never when deactivated', () => {
    const heavy = zone({ weightThreshold: 30_000_000 });
    expect(zoneApplies(heavy, { grossWeightGrams: 31_000_000, cargoTypeIds: [] })).toBe(true);
    expect(zoneApplies(heavy, { grossWeightGrams: 30_000_000, cargoTypeIds: [] })).toBe(false);
    expect(zoneApplies(heavy, { grossWeightGrams: null, cargoTypeIds: [] })).toBe(true);
    const feed = zone({ cargoTypeIds: [7] });
    expect(zoneApplies(feed, { grossWeightGrams: 1, cargoTypeIds: [3, 7] })).toBe(true);
    expect(zoneApplies(feed, { grossWeightGrams: 1, cargoTypeIds: [3] })).toBe(false);
    expect(zoneApplies(zone({ deactivatedAt: '2026-11-01T00:00:00.000Z' }), { grossWeightGrams: 1, cargoTypeIds: [] })).toBe(
      false,
    );
  });
});

describe('activating and deactivating', () => {
  const now = new Date('2026-11-28T10:00:00.000Z');
  it('stamps the time once and clears it on activation', () => {
    expect(deactivatedAtAfter(null, false, now)).toBe('2026-11-28T10:00:00.000Z');
    expect(deactivatedAtAfter('2026-11-01T00:00:00.000Z', false, now)).toBe('2026-11-01T00:00:00.000Z');
    expect(deactivatedAtAfter('2026-11-01T00:00:00.000Z', true, now)).toBeNull();
  });

  it('groups the list into company, global and their deactivated ones', () => {
    expect(zoneGroup({ organizationId: 3, deactivatedAt: null })).toBe('company');
    expect(zoneGroup({ organizationId: null, deactivatedAt: null })).toBe('global');
    expect(zoneGroup({ organizationId: 3, deactivatedAt: '2026-11-01T00:00:00.000Z' })).toBe('deactivated');
    expect(zoneGroup({ organizationId: null, deactivatedAt: '2026-11-01T00:00:00.000Z' })).toBe('deactivatedGlobal');
  });

  it('lets the company’s editors edit its zones, and only the modify-global permission edit a global one', () => {
    const editor = { organizationId: 3, permissions: ['EditAvoidanceZones'] };
    expect(mayEditZone({ organizationId: 3 }, editor)).toBe(true);
    expect(mayEditZone({ organizationId: 4 }, editor)).toBe(false);
    expect(mayEditZone({ organizationId: null }, editor)).toBe(false);
    expect(mayEditZone({ organizationId: null }, { organizationId: 3, permissions: ['ModifyGlobalAvoidanceZones'] })).toBe(true);
  });
});

describe('the box a zone covers', () => {
  it('is a rectangle’s own box', () => {
    const box = zoneBox({
      latitude: 41.5,
      longitude: -93.5,
      radius: null,
      bbox: { topLeft: { latitude: 42, longitude: -94 }, bottomRight: { latitude: 41, longitude: -93 } },
    });
    expect(box).toEqual({ north: 42, south: 41, west: -94, east: -93 });
  });

  it('holds a circle, wider in degrees of longitude away from the equator', () => {
    const box = zoneBox({ latitude: 60, longitude: 10, radius: 1113.2, bbox: null });
    expect(box.north - 60).toBeCloseTo(0.01, 6);
    expect(60 - box.south).toBeCloseTo(0.01, 6);
    expect(box.east - 10).toBeCloseTo(0.02, 4);
  });
});

describe('a zone’s width and height', () => {
  it('builds a rectangle of the size asked around its centre and reads the same size back', () => {
    const area = zoneOfSize({ latitude: 45, longitude: -93 }, 'rectangle', 2000, 1000);
    expect(area.radius).toBeNull();
    const size = zoneSize(area);
    expect(size.widthMeters).toBeCloseTo(2000, 0);
    expect(size.heightMeters).toBeCloseTo(1000, 0);
    expect(zoneBox(area).north).toBeGreaterThan(45);
  });

  it('gives a circle the width as its diameter', () => {
    const area = zoneOfSize({ latitude: 45, longitude: -93 }, 'circle', 800, 300);
    expect(area.radius).toBe(400);
    expect(zoneSize(area)).toEqual({ widthMeters: 800, heightMeters: 800 });
  });
});
