import { describe, expect, it } from 'vitest';
import { loadLabel } from '../load-label.ts';
import type { Order, Stop } from '#core/contract/orders';
import { addStop, splitStop } from '#core/domain/stop-editing';
import { GRAMS_PER_POUND } from '#core/domain/units';
import {
  editorStateForNewLoad,
  editorStateFromLoad,
  gramsFromWeightEntry,
  hasErrors,
  initialMeasure,
  isEditorDirty,
  type LoadEditorState,
  legPairs,
  orderInputFromEditor,
  validateEditor,
  withClientKeys,
} from './editor-state.ts';

function stop(overrides: Partial<Stop>): Stop {
  return {
    id: 1,
    orderId: 7,
    sequence: 1,
    type: 'Origin',
    status: 'Not Started',
    organizationLocationId: 10,
    organizationSubLocationIds: [],
    cargoTypeId: 2,
    customerId: null,
    lotId: null,
    productionPlan: null,
    orderNumber: 'A-1',
    customerOrderNumber: null,
    quantity: null,
    actualQuantity: null,
    weight: 9_071_847,
    actualWeight: null,
    notes: null,
    arrivalTime: '2025-03-03T14:00:00.000Z',
    requiredBegin: null,
    requiredEnd: null,
    completedAt: null,
    estimatedArrivalAt: null,
    durationMinutes: 30,
    distanceMeters: null,
    timeSeconds: null,
    originalStopId: null,
    metadata: { b: 1, a: 2 },
    ...overrides,
  };
}

/** A load whose stops arrive out of sequence order, the first one complete. */
const load: Order = {
  id: 7,
  date: '2025-03-03T14:00:00Z',
  status: 'Assigned',
  isDraft: false,
  organizationId: 1,
  owningOrganizationId: 1,
  transportingOrganizationId: 1,
  transportedByUserId: 5,
  acceptedByUserId: 5,
  tractorId: 3,
  trailerId: 4,
  washOption: null,
  metadata: {},
  mergedFromOrderIds: null,
  timeSeconds: null,
  distanceMeters: null,
  version: 4,
  updatedAt: '2025-03-01T00:00:00Z',
  stops: [
    stop({ id: 2, sequence: 2, type: 'Destination', organizationLocationId: 11, arrivalTime: '2025-03-03T16:00:00Z' }),
    stop({ id: 1, sequence: 1, status: 'Complete', completedAt: '2025-03-03T14:20:00Z' }),
  ],
};

let counter = 0;
const makeKey = () => `k${++counter}`;

function keyed(state: LoadEditorState): LoadEditorState {
  return { ...state, stops: withClientKeys(state.stops, makeKey) };
}

describe('editor state of an existing load', () => {
  it('orders stops by sequence and keeps what locks them', () => {
    const state = editorStateFromLoad(load);
    expect(state.stops.map((row) => row.id)).toEqual([1, 2]);
    expect(state.stops[0]).toMatchObject({ status: 'Complete', completedAt: '2025-03-03T14:20:00Z', originalStopId: null });
    expect(state.transportedByUserId).toBe(5);
  });

  it('sends only the input fields, with the first stop arrival as the date and blank text as null', () => {
    const state = keyed(editorStateFromLoad(load));
    state.stops[0] = { ...state.stops[0]!, notes: '   ', orderNumber: ' A-1 ', arrivalTime: '2025-03-03T13:00:00.000Z' };
    const input = orderInputFromEditor(state);
    expect(input.date).toBe('2025-03-03T13:00:00.000Z');
    expect(input.stops[0]).not.toHaveProperty('status');
    expect(input.stops[0]).not.toHaveProperty('completedAt');
    expect(input.stops[0]).not.toHaveProperty('originalStopId');
    expect(input.stops[0]).not.toHaveProperty('clientKey');
    expect(input.stops[0]).toMatchObject({ id: 1, notes: null, orderNumber: 'A-1' });
  });

  it('keeps the load date when the first stop has no arrival', () => {
    const state = editorStateFromLoad(load);
    state.stops[0] = { ...state.stops[0]!, arrivalTime: null };
    state.date = '2025-03-02T10:00:00.000Z';
    expect(orderInputFromEditor(state).date).toBe('2025-03-02T10:00:00.000Z');
  });
});

describe('dirty check', () => {
  const original = keyed(editorStateFromLoad(load));

  it('is clean for the load as opened, whatever row keys, metadata key order or instant spelling', () => {
    const same = keyed({
      ...editorStateFromLoad(load),
      date: '2025-03-03T14:00:00.000Z',
      stops: editorStateFromLoad(load).stops.map((row) => ({ ...row, metadata: { a: 2, b: 1 } })),
    });
    expect(isEditorDirty(same, original)).toBe(false);
  });

  it('is dirty after a change and clean again once it is undone; blank text equals no text', () => {
    const changed = { ...original, stops: original.stops.map((row, index) => (index === 1 ? { ...row, notes: 'gate 4' } : row)) };
    expect(isEditorDirty(changed, original)).toBe(true);
    const undone = { ...changed, stops: changed.stops.map((row, index) => (index === 1 ? { ...row, notes: '' } : row)) };
    expect(isEditorDirty(undone, original)).toBe(false);
    expect(isEditorDirty({ ...original, trailerId: null }, original)).toBe(true);
  });

  it('is dirty when stops are reordered', () => {
    const swapped = {
      ...original,
      stops: original.stops.map((row) => ({ ...row, sequence: row.sequence === 1 ? 2 : 1 })).reverse(),
    };
    expect(isEditorDirty(swapped, original)).toBe(true);
  });
});

describe('validation', () => {
  it('accepts the load as it is', () => {
    expect(hasErrors(validateEditor(editorStateFromLoad(load)))).toBe(false);
  });

  it('names each bad field of each stop', () => {
    const state = editorStateFromLoad(load);
    state.stops[0] = { ...state.stops[0]!, organizationLocationId: null, weight: -5 };
    state.stops[1] = { ...state.stops[1]!, cargoTypeId: null, quantity: 0, durationMinutes: 2000 };
    const errors = validateEditor(state);
    expect(errors.stops[0]).toMatchObject({ organizationLocationId: 'locationRequired', weight: 'weightNegative' });
    expect(errors.stops[1]).toMatchObject({
      cargoTypeId: 'cargoTypeRequired',
      quantity: 'quantityMin',
      durationMinutes: 'durationRange',
    });
    expect(hasErrors(errors)).toBe(true);
  });

  it('does not ask a weigh stop or waypoint for a cargo type', () => {
    const state = editorStateFromLoad(load);
    state.stops[1] = { ...state.stops[1]!, type: 'Weigh', cargoTypeId: null };
    expect(hasErrors(validateEditor(state))).toBe(false);
  });

  it('maps a contract limit back to the row it belongs to, even when rows are not in sequence order', () => {
    const state = editorStateFromLoad(load);
    // Row 0 holds sequence 2 here; the contract checks stops in sequence order.
    state.stops = [
      { ...state.stops[1]!, orderNumber: 'x'.repeat(101) },
      { ...state.stops[0]!, notes: null },
    ];
    const errors = validateEditor(state);
    expect(errors.stops[0]).toEqual({ orderNumber: 'tooLong' });
    expect(errors.stops[1]).toEqual({});
  });

  it('refuses a load without stops', () => {
    expect(validateEditor({ ...editorStateFromLoad(load), stops: [] }).form).toContain('noStops');
  });
});

describe('new load', () => {
  it('starts with no driver or status (the server makes it Open), an Origin 1 and a Destination 2 at the given time', () => {
    const state = editorStateForNewLoad('2025-03-03T12:00:00.000Z', true);
    expect(state).not.toHaveProperty('status');
    expect(state.isDraft).toBe(true);
    expect(state.date).toBe('2025-03-03T12:00:00.000Z');
    expect(state.stops.map((row) => [row.sequence, row.type])).toEqual([
      [1, 'Origin'],
      [2, 'Destination'],
    ]);
    // Missing locations and cargo keep a new load from saving until they are chosen.
    expect(validateEditor(state).stops[0]).toMatchObject({ organizationLocationId: 'locationRequired' });
  });
});

describe('row keys', () => {
  it('stay with their stop through a split and an added stop, and are never shared', () => {
    const state = keyed(editorStateFromLoad(load));
    const [first, second] = state.stops.map((row) => row.clientKey);
    const split = withClientKeys(splitStop(state.stops, 0), makeKey);
    expect(split.map((row) => row.clientKey)[0]).toBe(first);
    expect(split.map((row) => row.clientKey)[2]).toBe(second);
    expect(new Set(split.map((row) => row.clientKey)).size).toBe(3);
    const added = withClientKeys(addStop(split), makeKey);
    expect(new Set(added.map((row) => row.clientKey)).size).toBe(4);
    expect(added.every((row) => typeof row.clientKey === 'string')).toBe(true);
  });
});

describe('weight entry', () => {
  it('stores grams from the user unit, and keeps the stored grams when the shown value is re-entered', () => {
    expect(gramsFromWeightEntry(1000, 'Pound', null)).toBe(Math.round(1000 * GRAMS_PER_POUND));
    // 9,071,847 g shows as 20,000 lb (0 decimals) and 10 US tons (2 decimals).
    expect(gramsFromWeightEntry(20000, 'Pound', 9_071_847)).toBe(9_071_847);
    expect(gramsFromWeightEntry(10, 'USTon', 9_071_847)).toBe(9_071_847);
    expect(gramsFromWeightEntry(10.5, 'USTon', 9_071_847)).toBe(9_525_440);
    expect(gramsFromWeightEntry(2.25, 'MetricTon', null)).toBe(2_250_000);
    expect(gramsFromWeightEntry('', 'Pound', 9_071_847)).toBeNull();
    expect(gramsFromWeightEntry(-3, 'Kilogram', null)).toBe(-3000);
  });

  it('shows the amount a stop has, else its cargo basis', () => {
    expect(initialMeasure({ quantity: 3, weight: null, cargoTypeId: 2 })).toBe('quantity');
    expect(initialMeasure({ quantity: null, weight: 10, cargoTypeId: 1 })).toBe('weight');
    expect(initialMeasure({ quantity: null, weight: null, cargoTypeId: 2 })).toBe('weight');
    expect(initialMeasure({ quantity: null, weight: null, cargoTypeId: null })).toBe('quantity');
  });
});

describe('load label', () => {
  it('is the first order number, else the formatted date', () => {
    const input = orderInputFromEditor(editorStateFromLoad(load));
    expect(loadLabel(input, () => 'date')).toBe('A-1');
    const none = { ...input, stops: input.stops.map((row) => ({ ...row, orderNumber: null })) };
    expect(loadLabel(none, (iso) => `on ${iso}`)).toBe(`on ${none.date}`);
  });
});

describe('legs to ask travel times for', () => {
  it('pairs consecutive stops with two different known locations, once each', () => {
    const at = (organizationLocationId: number | null) => ({ organizationLocationId });
    expect(legPairs([at(1), at(2), at(2), at(null), at(3), at(1), at(2)])).toEqual([
      { originOrganizationLocationId: 1, destinationOrganizationLocationId: 2 },
      { originOrganizationLocationId: 3, destinationOrganizationLocationId: 1 },
    ]);
  });
});
