import { describe, expect, it } from 'vitest';
import type { Order, OrderInput } from '#core/contract/orders';
import {
  applyInput,
  inputFromOrder,
  type LoadCommand,
  type LoadCommandVariables,
  overlayQueued,
  type PlanningAction,
  type SaveLoadVariables,
} from './load-overlay.ts';

const serverLoad: Order = applyInput(
  {
    date: '2026-11-23T12:00:00.000Z',
    isDraft: false,
    transportedByUserId: null,
    tractorId: null,
    trailerId: null,
    washOption: null,
    metadata: {},
    stops: [
      {
        id: 11,
        sequence: 1,
        type: 'Origin',
        organizationLocationId: 1,
        organizationSubLocationIds: [],
        cargoTypeId: 2,
        customerId: null,
        lotId: null,
        orderNumber: 'PF-1',
        customerOrderNumber: null,
        quantity: null,
        weight: 1000,
        notes: null,
        arrivalTime: '2026-11-23T13:00:00.000Z',
        requiredBegin: null,
        requiredEnd: null,
        durationMinutes: 30,
        metadata: {},
      },
    ],
  },
  undefined,
  7,
  1,
);

function queuedChange(loadId: number, input: OrderInput, kind: SaveLoadVariables['kind'] = 'update'): SaveLoadVariables {
  return {
    kind,
    loadId,
    baseVersion: 1,
    input,
    idempotencyKey: `key-${loadId}-${Math.random()}`,
    label: 'PF-1',
    queuedAt: '2026-11-22T00:00:00.000Z',
  };
}

describe('queued changes over the mirror', () => {
  it('lays updates over the server row in queue order and applies the driver rule', () => {
    const assign = { ...inputFromOrder(serverLoad), transportedByUserId: 5 };
    const note = { ...assign, stops: assign.stops.map((stop) => ({ ...stop, notes: 'gate 4' })) };
    const [shown] = overlayQueued([serverLoad], [queuedChange(7, assign), queuedChange(7, note)], () => undefined, 1);
    expect(shown).toMatchObject({ id: 7, status: 'Assigned', transportedByUserId: 5, date: '2026-11-23T13:00:00.000Z' });
    expect(shown?.stops[0]).toMatchObject({ id: 11, notes: 'gate 4', weight: 1000 });
  });

  it('shows a load created offline under its provisional id, then under its real id', () => {
    const created = queuedChange(-99, inputFromOrder(serverLoad), 'create');
    const edited = queuedChange(-99, { ...inputFromOrder(serverLoad), transportedByUserId: 3 });
    const before = overlayQueued([], [created, edited], () => undefined, 1);
    expect(before.map((load) => [load.id, load.status])).toEqual([[-99, 'Assigned']]);
    // The create was accepted as load 42; the edit still names -99 and lands on 42.
    const accepted = { ...serverLoad, id: 42 };
    const after = overlayQueued([accepted], [edited], (id) => (id === -99 ? 42 : undefined), 1);
    expect(after.map((load) => [load.id, load.transportedByUserId])).toEqual([[42, 3]]);
  });

  it('shows a queued edit under the version it was built on when the mirror already holds a newer row', () => {
    // Someone else's write (version 2) reached the mirror while our edit from version 1 waits: an edit
    // made from what is shown carries our content, so it must be based on 1 and answer 409, not overwrite 2.
    const input = inputFromOrder(serverLoad);
    const edit = queuedChange(7, { ...input, stops: input.stops.map((stop) => ({ ...stop, notes: 'ours' })) });
    const [shown] = overlayQueued([{ ...serverLoad, version: 2 }], [edit], () => undefined, 1);
    expect(shown?.stops[0]?.notes).toBe('ours');
    expect(shown?.version).toBe(1);
  });

  it('drops nothing and invents nothing for an update of a load the mirror no longer has', () => {
    expect(overlayQueued([], [queuedChange(8, inputFromOrder(serverLoad))], () => undefined, 1)).toEqual([]);
  });

  it('keeps delivered loads delivered whatever the driver choice', () => {
    const delivered = { ...serverLoad, status: 'Delivered' as const };
    const [shown] = overlayQueued([delivered], [queuedChange(7, inputFromOrder(delivered))], () => undefined, 1);
    expect(shown?.status).toBe('Delivered');
  });

  it('lays queued commands over the row: a driver assignment, then a completion', () => {
    const assign = queuedCommand(7, {
      kind: 'assignDriver',
      assignment: { id: 7, transportedByUserId: 5, tractorId: 2, trailerId: 3 },
    });
    const complete = queuedCommand(7, {
      kind: 'complete',
      completion: {
        id: 7,
        stops: [
          {
            id: 11,
            completedAt: '2026-11-23T13:10:00.000Z',
            metadata: { suppressDeliveryNotification: true, manuallyCompleted: true },
          },
        ],
      },
    });
    const [assigned] = overlayQueued([serverLoad], [assign], () => undefined, 1);
    expect(assigned).toMatchObject({
      status: 'Assigned',
      transportedByUserId: 5,
      tractorId: 2,
      trailerId: 3,
      acceptedByUserId: 9,
    });
    const [completed] = overlayQueued([serverLoad], [assign, complete], () => undefined, 1);
    expect(completed?.status).toBe('Delivered');
    expect(completed?.stops[0]).toMatchObject({ status: 'Complete', completedAt: '2026-11-23T13:10:00.000Z' });
  });

  it('hides a load whose deletion is queued, and only that one', () => {
    const other = { ...serverLoad, id: 8 };
    const shown = overlayQueued([serverLoad, other], [queuedCommand(7, { kind: 'delete' })], () => undefined, 1);
    expect(shown.map((load) => load.id)).toEqual([8]);
  });

  it('shows the server row again once a refused command has left the queue', () => {
    // A refusal removes the mutation from the pending list; the overlay then has nothing to lay over.
    expect(overlayQueued([serverLoad], [], () => undefined, 1)).toEqual([serverLoad]);
  });
});

describe('queued planning over the mirror', () => {
  const draft = (id: number, driver: number | null) => ({ ...serverLoad, id, isDraft: true, transportedByUserId: driver });
  const planning = (loadId: number, action: PlanningAction) => ({
    kind: 'planning' as const,
    loadId,
    action,
    idempotencyKey: `key-${Math.random()}`,
    label: 'merge',
    queuedAt: '2026-11-22T00:00:00.000Z',
  });

  it('shows a merge at once: the merged draft under its provisional id, its sources Merged', () => {
    const merged = { ...inputFromOrder(draft(7, 5)), isDraft: true };
    const shown = overlayQueued(
      [draft(7, 5), draft(8, 5)],
      [planning(7, { kind: 'merge', sourceIds: [7, 8], merged, provisionalId: -50 })],
      () => undefined,
      1,
    );
    expect(shown.map((load) => [load.id, load.status])).toEqual([
      [7, 'Merged'],
      [8, 'Merged'],
      [-50, 'Assigned'],
    ]);
    expect(shown.find((load) => load.id === -50)?.mergedFromOrderIds).toEqual([7, 8]);
  });

  it('shows a queued save of many drafts at once, each with its new values', () => {
    const published = { ...inputFromOrder(draft(7, null)), isDraft: false };
    const shown = overlayQueued(
      [draft(7, null), draft(8, null)],
      [planning(7, { kind: 'saveDrafts', items: [{ loadId: 7, baseVersion: 1, input: published }] })],
      () => undefined,
      1,
    );
    expect(shown.map((load) => [load.id, load.isDraft])).toEqual([
      [7, false],
      [8, true],
    ]);
  });

  it('shows an unmerge at once: the merged draft gone, its sources back with the status their driver gives', () => {
    const sources = [
      { ...draft(7, 5), status: 'Merged' as const },
      { ...draft(8, null), status: 'Merged' as const },
    ];
    const merged = { ...draft(9, 5), mergedFromOrderIds: [7, 8] };
    const shown = overlayQueued(
      [...sources, merged],
      [planning(9, { kind: 'unmerge', mergedId: 9, sourceIds: [7, 8] })],
      () => undefined,
      1,
    );
    expect(shown.map((load) => [load.id, load.status])).toEqual([
      [7, 'Assigned'],
      [8, 'Open'],
    ]);
  });
});

function queuedCommand(loadId: number, command: LoadCommand): LoadCommandVariables {
  return {
    kind: 'command',
    loadId,
    baseVersion: 1,
    command,
    actingUserId: 9,
    idempotencyKey: `key-${loadId}-${Math.random()}`,
    label: 'PF-1',
    queuedAt: '2026-11-22T00:00:00.000Z',
  };
}
