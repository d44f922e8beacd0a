import { describe, expect, it } from 'vitest';
import { orderInputSchema, stopInputSchema } from '#core/contract/orders';
import {
  addStop,
  canEditOrderNumber,
  changeStopType,
  chooseCargoType,
  type EditableStop,
  firstUnusedSequence,
  moveStop,
  newLoadInput,
  removeStop,
  splitStop,
  stopControls,
  unassignedRemainder,
} from './stop-editing.ts';

const MILL = 11;
const FARM_A = 12;
const FARM_B = 13;
const TON = 907_185; // grams, rounded

function stop(overrides: Partial<EditableStop> & Pick<EditableStop, 'sequence' | 'type'>): EditableStop {
  return { ...stopInputSchema.parse({ organizationLocationId: null, cargoTypeId: null, ...overrides }), ...overrides };
}

/** A saved load: origin 24 t of bulk feed (id 2) at the mill, 10 t dropped at farm A. */
const saved = [
  stop({ id: 101, sequence: 1, type: 'Origin', organizationLocationId: MILL, cargoTypeId: 2, weight: 24 * TON }),
  stop({ id: 102, sequence: 2, type: 'Destination', organizationLocationId: FARM_A, cargoTypeId: 2, weight: 10 * TON }),
];

describe('changing a stop type', () => {
  it('keeps the cargo type for Origin and Destination', () => {
    expect(changeStopType(saved, 1, 'Origin')[1]).toMatchObject({ type: 'Origin', cargoTypeId: 2 });
    expect(changeStopType(saved, 0, 'Destination')[0]).toMatchObject({ type: 'Destination', cargoTypeId: 2 });
  });

  it('clears it for Weigh and Waypoint', () => {
    expect(changeStopType(saved, 1, 'Weigh')[1]).toMatchObject({ type: 'Weigh', cargoTypeId: null });
    expect(changeStopType(saved, 0, 'Waypoint')[0]).toMatchObject({ type: 'Waypoint', cargoTypeId: null });
  });

  it('touches only that stop and not the list given', () => {
    const changed = changeStopType(saved, 1, 'Weigh');
    expect(changed[0]).toBe(saved[0]);
    expect(saved[1]?.type).toBe('Destination');
  });
});

describe('choosing a cargo type', () => {
  const fresh = [
    stop({ sequence: 1, type: 'Origin' }),
    stop({ sequence: 2, type: 'Weigh' }),
    stop({ sequence: 3, type: 'Destination' }),
    stop({ sequence: 4, type: 'Destination' }),
  ];

  it('sets it on every Origin and Destination stop when no stop had one', () => {
    expect(chooseCargoType(fresh, 2, 9).map((s) => s.cargoTypeId)).toEqual([9, null, 9, 9]);
  });

  it('sets it on that stop only once a stop has one', () => {
    const once = chooseCargoType(fresh, 0, 9);
    expect(chooseCargoType(once, 3, 10).map((s) => s.cargoTypeId)).toEqual([9, null, 9, 10]);
  });

  it('clearing it spreads nothing', () => {
    expect(chooseCargoType(saved, 0, null).map((s) => s.cargoTypeId)).toEqual([null, 2]);
  });
});

describe('splitting a stop', () => {
  it('inserts a copy right after it with the unassigned remaining weight, renumbered', () => {
    const loaded = [
      ...saved,
      stop({ id: 103, sequence: 3, type: 'Destination', organizationLocationId: FARM_B, cargoTypeId: 2 }),
    ];
    const split = splitStop(loaded, 1);
    expect(split).toHaveLength(4);
    expect(split.map((s) => s.sequence)).toEqual([1, 2, 3, 4]);
    // 24 t picked up − 10 t dropped = 14 t left for the copy (farm B has no weight yet).
    expect(split[2]).toMatchObject({
      type: 'Destination',
      organizationLocationId: FARM_A,
      cargoTypeId: 2,
      weight: 14 * TON,
      quantity: null,
      originalStopId: 102,
      status: 'Not Started',
    });
    expect(split[2]?.id).toBeUndefined();
    expect(split[1]?.id).toBe(102);
    expect(split[3]?.id).toBe(103);
  });

  it('splits quantities of the same cargo type only', () => {
    const bags = [
      stop({ id: 1, sequence: 1, type: 'Origin', cargoTypeId: 1, quantity: 450 }),
      stop({ id: 2, sequence: 2, type: 'Origin', cargoTypeId: 6, quantity: 20 }),
      stop({ id: 3, sequence: 3, type: 'Destination', cargoTypeId: 1, quantity: 300 }),
    ];
    expect(unassignedRemainder(bags, bags[2]!)).toEqual({ quantity: 150, weight: 0 });
    expect(splitStop(bags, 2)[3]).toMatchObject({ quantity: 150, weight: null, originalStopId: 3 });
  });

  it('gives an Origin copy what the destinations take beyond the origins', () => {
    const short = [
      stop({ id: 1, sequence: 1, type: 'Origin', cargoTypeId: 2, weight: 10 * TON }),
      stop({ id: 2, sequence: 2, type: 'Destination', cargoTypeId: 2, weight: 24 * TON }),
    ];
    expect(splitStop(short, 0)[1]).toMatchObject({ type: 'Origin', weight: 14 * TON, originalStopId: 1 });
  });

  it('gives 0 when everything is placed', () => {
    const balanced = [saved[0]!, { ...saved[1]!, weight: 24 * TON }];
    expect(splitStop(balanced, 1)[2]).toMatchObject({ weight: 0, quantity: null });
  });
});

describe('dragging and adding stops', () => {
  const four = [1, 2, 3, 4].map((sequence) =>
    stop({ id: sequence * 10, sequence, type: sequence === 1 ? 'Origin' : 'Destination' }),
  );

  it('renumbers from 1 after a drag', () => {
    const moved = moveStop(four, 3, 0);
    expect(moved.map((s) => s.id)).toEqual([40, 10, 20, 30]);
    expect(moved.map((s) => s.sequence)).toEqual([1, 2, 3, 4]);
    expect(moveStop(four, 0, 2).map((s) => s.id)).toEqual([20, 30, 10, 40]);
    expect(moveStop(four, 0, 9)).toEqual(four);
  });

  it('gives a new stop the first unused sequence number, placed by sequence', () => {
    const gap = removeStop(four, 1);
    expect(gap.map((s) => s.sequence)).toEqual([1, 3, 4]);
    expect(firstUnusedSequence(gap)).toBe(2);
    const added = addStop(gap);
    expect(added.map((s) => s.sequence)).toEqual([1, 2, 3, 4]);
    expect(added[1]?.id).toBeUndefined();
    expect(addStop(four).map((s) => s.sequence)).toEqual([1, 2, 3, 4, 5]);
  });

  it('adds an Origin when the load has none, else a Destination', () => {
    expect(addStop(four).at(-1)?.type).toBe('Destination');
    expect(addStop([]).map((s) => [s.sequence, s.type])).toEqual([[1, 'Origin']]);
    const destinationsOnly = removeStop(four, 0);
    expect(addStop(destinationsOnly)[0]).toMatchObject({ sequence: 1, type: 'Origin' });
  });

  it("takes the load's cargo type when its cargo stops share one", () => {
    expect(addStop(saved).at(-1)?.cargoTypeId).toBe(2);
    expect(addStop(chooseCargoType(saved, 1, 9)).at(-1)?.cargoTypeId).toBeNull();
  });
});

describe('stop editor controls', () => {
  const dispatcher = { isCarrier: false, loadId: 55 };
  const carrier = { isCarrier: true, loadId: 55 };

  it('allows everything on a saved, open stop of a dispatcher', () => {
    expect(stopControls(saved, 1, dispatcher)).toEqual({ canDelete: true, canSplit: true, canAdd: true, locked: false });
  });

  it('does not delete a stop others were split from', () => {
    const split = splitStop(saved, 1);
    expect(stopControls(split, 1, dispatcher).canDelete).toBe(false);
    expect(stopControls(split, 2, dispatcher).canDelete).toBe(true);
    expect(stopControls(split, 0, dispatcher).canDelete).toBe(true);
  });

  it('does not delete, split or add for carriers, and locks their stops', () => {
    expect(stopControls(saved, 1, carrier)).toEqual({ canDelete: false, canSplit: false, canAdd: false, locked: true });
  });

  it('locks a complete stop and does not delete it', () => {
    const done = [saved[0]!, { ...saved[1]!, status: 'Complete' as const, completedAt: '2026-11-24T15:00:00.000Z' }];
    expect(stopControls(done, 1, dispatcher)).toMatchObject({ canDelete: false, locked: true });
    expect(stopControls(done, 0, dispatcher)).toMatchObject({ canDelete: true, locked: false });
  });

  it('splits only a saved stop of a saved load', () => {
    expect(stopControls(addStop(saved), 2, dispatcher).canSplit).toBe(false);
    expect(stopControls(saved, 1, { isCarrier: false, loadId: null }).canSplit).toBe(false);
    expect(stopControls(saved, 1, { isCarrier: false, loadId: -1732000000000 }).canSplit).toBe(false);
  });
});

describe('order number editing', () => {
  it('is open when the stop had no order number', () => {
    expect(canEditOrderNumber(null, 0)).toBe(true);
    expect(canEditOrderNumber('', 0)).toBe(true);
    expect(canEditOrderNumber('  ', 0)).toBe(true);
  });

  it('opens an existing order number after 7 header clicks', () => {
    expect(canEditOrderNumber('PO-1001', 0)).toBe(false);
    expect(canEditOrderNumber('PO-1001', 6)).toBe(false);
    expect(canEditOrderNumber('PO-1001', 7)).toBe(true);
    expect(canEditOrderNumber('PO-1001', 12)).toBe(true);
  });
});

describe('a new load', () => {
  const now = '2026-11-24T09:30:00.000Z';

  it('is Open, dated now, with an Origin 1 and a Destination 2 and no resources', () => {
    const load = newLoadInput(now);
    expect(load).toMatchObject({
      status: 'Open',
      date: now,
      isDraft: false,
      transportedByUserId: null,
      tractorId: null,
      trailerId: null,
    });
    expect(load.stops.map((s) => [s.sequence, s.type])).toEqual([
      [1, 'Origin'],
      [2, 'Destination'],
    ]);
  });

  it('is a valid load body', () => {
    expect(orderInputSchema.safeParse(newLoadInput(now)).success).toBe(true);
  });
});
