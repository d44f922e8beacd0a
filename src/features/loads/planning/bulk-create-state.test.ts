import { describe, expect, it } from 'vitest';
import { weekOptions } from '#core/domain/planning/index';
import { GRAMS_PER_POUND } from '#core/domain/units';
import {
  type BulkCreateForm,
  bulkCreateConfig,
  bulkCreateSteps,
  emptyBulkCreateForm,
  isBulkCreateFormChanged,
  withCell,
} from './bulk-create-state.ts';

const ZONE = 'America/Chicago';
// Wednesday 4 March 2026, 15:00 in Chicago: the first option is the week of Sunday 1 March.
const NOW = '2026-03-04T21:00:00.000Z';
const weeks = weekOptions(NOW, ZONE);

function form(fields: Partial<BulkCreateForm> = {}): BulkCreateForm {
  return { ...emptyBulkCreateForm(weeks[1]!.value), cargoTypeId: 2, organizationLocationId: 100, amount: 20, ...fields };
}

describe('bulk create form', () => {
  it('offers 13 weeks starting with the current one', () => {
    expect(weeks).toHaveLength(13);
    expect(weeks[0]!.value).toBe('2026-03-01');
    expect(weeks[1]!.value).toBe('2026-03-08');
  });

  it('keeps at most 3 characters a cell, however much is typed or pasted', () => {
    const next = withCell(form(), 2, '12345');
    expect(next.cells[2]).toBe('123');
    expect(next.cells).toHaveLength(7);
  });

  it('maps a weight in the user unit to grams, and a load size as it is', () => {
    const byWeight = bulkCreateConfig(form({ measure: 'weight', amount: 50_000 }), weeks, ZONE, 'Pound');
    // Whole grams, as weights are stored.
    expect(byWeight.weightPerLoad).toBe(Math.round(50_000 * GRAMS_PER_POUND));
    expect(byWeight.quantityPerLoad).toBeNull();
    const bySize = bulkCreateConfig(form({ measure: 'quantity', amount: 20 }), weeks, ZONE, 'Pound');
    expect(bySize).toMatchObject({ quantityPerLoad: 20, weightPerLoad: null, weekStart: weeks[1]!.start, timezone: ZONE });
  });

  it('requires week, cargo type and site, then a load size or a weight ("load invalid stop value")', () => {
    expect(bulkCreateSteps(form({ cargoTypeId: null }), weeks, ZONE, 'Pound', NOW).configError).toBe('requiredField');
    expect(bulkCreateSteps(form({ organizationLocationId: null }), weeks, ZONE, 'Pound', NOW).configError).toBe('requiredField');
    expect(bulkCreateSteps(form({ week: null }), weeks, ZONE, 'Pound', NOW).configError).toBe('requiredField');
    expect(bulkCreateSteps(form({ amount: null }), weeks, ZONE, 'Pound', NOW).configError).toBe('loadInvalidStopValue');
    expect(bulkCreateSteps(form({ measure: 'weight', amount: 0 }), weeks, ZONE, 'Pound', NOW).configError).toBe(
      'loadInvalidStopValue',
    );
    expect(bulkCreateSteps(form(), weeks, ZONE, 'Pound', NOW).configError).toBeNull();
  });

  it('turns the grid into one projection config per day with loads, non-numbers counting 0', () => {
    let entered = form({ isBasedOnOrigin: false, measure: 'weight', amount: 10, cargoTypeId: 9 });
    ['2', '', 'abc', '1.5', '12a', '999', '-3'].forEach((text, day) => {
      entered = withCell(entered, day, text);
    });
    const steps = bulkCreateSteps(entered, weeks, ZONE, 'Kilogram', NOW);
    expect(steps.total).toBe(1001);
    expect(steps.configs).toEqual([
      {
        organizationLocationId: 100,
        cargoTypeId: 9,
        weightPerLoad: 10_000,
        quantityPerLoad: null,
        numberOfLoads: 2,
        // Sunday 8 March 2026, 00:00 in Chicago (still CST).
        date: '2026-03-08T06:00:00.000Z',
        isBasedOnOrigin: false,
      },
      {
        organizationLocationId: 100,
        cargoTypeId: 9,
        weightPerLoad: 10_000,
        quantityPerLoad: null,
        numberOfLoads: 999,
        // Friday 13 March, 00:00 in Chicago, after the switch to CDT.
        date: '2026-03-13T05:00:00.000Z',
        isBasedOnOrigin: false,
      },
    ]);
  });

  it('counts nothing typed for the days of the current week already past', () => {
    // The current week (of Sunday 1 March) on Wednesday: Sunday to Tuesday are past.
    let entered = form({ week: weeks[0]!.value });
    ['5', '5', '5', '1', '', '', '2'].forEach((text, day) => {
      entered = withCell(entered, day, text);
    });
    const steps = bulkCreateSteps(entered, weeks, ZONE, 'Pound', NOW);
    expect(steps.openDays).toEqual([false, false, false, true, true, true, true]);
    expect(steps.total).toBe(3);
    expect(steps.configs.map((config) => [config.date, config.numberOfLoads])).toEqual([
      ['2026-03-04T06:00:00.000Z', 1],
      ['2026-03-07T06:00:00.000Z', 2],
    ]);
  });

  it('previews nothing while the total is 0', () => {
    const steps = bulkCreateSteps(withCell(form(), 0, 'x'), weeks, ZONE, 'Pound', NOW);
    expect(steps.total).toBe(0);
    expect(steps.configs).toEqual([]);
  });

  it('counts as changed once a field or a cell differs from the empty form', () => {
    const initial = emptyBulkCreateForm('2030-03-03');
    expect(isBulkCreateFormChanged({ ...initial, cells: [...initial.cells] }, initial)).toBe(false);
    expect(isBulkCreateFormChanged({ ...initial, cargoTypeId: 5 }, initial)).toBe(true);
    expect(isBulkCreateFormChanged({ ...initial, amount: 12 }, initial)).toBe(true);
    expect(isBulkCreateFormChanged(withCell(initial, 2, '4'), initial)).toBe(true);
  });
});
