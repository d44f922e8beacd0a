import { describe, expect, it } from 'vitest';
import { layoutColumns, visibleColumns } from './columns.ts';

const total = (layout: ReturnType<typeof layoutColumns>) => layout.shown.reduce((sum, column) => sum + column.width, 0);

describe('layoutColumns', () => {
  const loads = visibleColumns('loads', undefined);
  const drafts = visibleColumns('drafts', undefined);

  it('shows every default column of the loads and drafts tables in the 1,184 px a 1280 px screen leaves', () => {
    for (const [table, offered] of [
      ['loads', loads],
      ['drafts', drafts],
    ] as const) {
      const layout = layoutColumns(offered, table, 1184);
      expect(layout.folded).toEqual([]);
      expect(layout.shown.map((column) => column.key)).toEqual(offered);
      expect(total(layout)).toBeLessThanOrEqual(1184);
    }
  });

  it('gives the width left to the text columns, origin and destination the most', () => {
    const layout = layoutColumns(loads, 'loads', 1400);
    const width = (key: string) => layout.shown.find((column) => column.key === key)?.width ?? 0;
    expect(total(layout)).toBeLessThanOrEqual(1400);
    expect(total(layout)).toBeGreaterThan(1390);
    expect(width('origin')).toBeGreaterThan(width('cargo'));
    expect(width('origin')).toBe(width('destination'));
  });

  it('folds the least needed columns into the expansion on a tablet, keeping what a dispatcher scans', () => {
    const layout = layoutColumns(loads, 'loads', 736);
    expect(total(layout)).toBeLessThanOrEqual(736);
    const shown = layout.shown.map((column) => column.key);
    for (const kept of ['select', 'orderNumber', 'origin', 'destination', 'firstStopTime', 'driver', 'status', 'expander'])
      expect(shown).toContain(kept);
    expect(layout.folded).toEqual(expect.arrayContaining(['completedTime', 'lastStopTime', 'tractor', 'trailer']));
    expect([...shown, ...layout.folded].sort()).toEqual([...loads].sort());
  });

  it('folds only offered columns: one the user switched off stays off', () => {
    const offered = visibleColumns('loads', { showTractor: false });
    const layout = layoutColumns(offered, 'loads', 736);
    expect(layout.folded).not.toContain('tractor');
    expect(layout.shown.map((column) => column.key)).not.toContain('tractor');
  });
});
