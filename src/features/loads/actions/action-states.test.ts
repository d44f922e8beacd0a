import { describe, expect, it } from 'vitest';
import type { PermissionName } from '#core/domain/access';
import { type ActionStatesInput, LOAD_ACTIONS, loadActionStates } from './action-states.ts';
import { filledLoad } from '#test/fixtures/loads';

const ALL: PermissionName[] = ['ViewOwningOrders', 'EditOrder', 'CreateOrder', 'CompleteOrder', 'AssignDrivers', 'DeleteOrder'];

function subject(overrides: { permissions?: PermissionName[]; isCarrier?: boolean; features?: string[] } = {}) {
  return {
    permissions: overrides.permissions ?? ALL,
    activeOrganizationId: 1,
    organization: {
      tier: 'Standard' as const,
      isCarrier: overrides.isCarrier ?? false,
      features: overrides.features ?? ['DeliveryTickets', 'Drafts'],
    },
  };
}

function states(input: Partial<ActionStatesInput> = {}) {
  return loadActionStates({ subject: subject(), page: 'loads', selected: [filledLoad()], online: true, ...input });
}

describe('loadActionStates', () => {
  it('enables every action for a dispatcher with one Open load selected', () => {
    const result = states();
    for (const action of LOAD_ACTIONS) expect(result[action], action).toEqual({ visible: true, disabledReason: null });
  });

  it('hides create, complete, delete and carrier assignment from carrier organizations (spec 1 §2)', () => {
    const result = states({ subject: subject({ isCarrier: true }) });
    expect(result.create.visible).toBe(false);
    expect(result.complete.visible).toBe(false);
    expect(result.delete.visible).toBe(false);
    expect(result.assignCarrier.visible).toBe(false);
    expect(result.assignDriver.visible).toBe(true);
    expect(result.export.visible).toBe(true);
  });

  it('explains a missing permission and a missing selection', () => {
    const noRights = states({ subject: subject({ permissions: ['ViewOwningOrders'] }) });
    expect(noRights.create.visible).toBe(false);
    expect(noRights.assignDriver.disabledReason).toBe('noPermission');
    expect(noRights.complete.disabledReason).toBe('noPermission');
    expect(noRights.delete.disabledReason).toBe('noPermission');
    const nothing = states({ selected: [] });
    expect(nothing.create.disabledReason).toBeNull();
    for (const action of ['export', 'deliveryTicket', 'assignDriver', 'assignCarrier', 'complete', 'delete'] as const) {
      expect(nothing[action].disabledReason, action).toBe('noSelection');
    }
    expect(nothing.deliveryLog.disabledReason).toBe('selectOne');
  });

  it('deletes only Open or Assigned loads (spec 1 §5)', () => {
    expect(states({ selected: [filledLoad({ status: 'Assigned' })] }).delete.disabledReason).toBeNull();
    expect(states({ selected: [filledLoad(), filledLoad({ id: 2, status: 'In Transit' })] }).delete.disabledReason).toBe(
      'notDeletable',
    );
    // A load that came out of a merge is deleted like any other (its sources go with it on the server).
    const merged = filledLoad({ id: 3, status: 'Assigned', isDraft: true, mergedFromOrderIds: [1, 2] });
    expect(states({ page: 'drafts', selected: [merged] }).delete.disabledReason).toBeNull();
  });

  it('refuses completion and driver assignment when a selected load is Delivered', () => {
    const result = states({ selected: [filledLoad(), filledLoad({ id: 2, status: 'Delivered' })] });
    expect(result.complete.disabledReason).toBe('notCompletable');
    expect(result.assignDriver.disabledReason).toBe('notAssignable');
    expect(result.assignCarrier.disabledReason).toBe('notCarrierAssignable');
  });

  it('assigns drivers only to loads the organization transports, carriers only to loads it owns', () => {
    const carried = filledLoad({ transportingOrganizationId: 9 });
    expect(states({ selected: [carried] }).assignDriver.disabledReason).toBe('notAssignable');
    // The owner may still take a carried load back from its carrier.
    expect(states({ selected: [carried] }).assignCarrier.disabledReason).toBeNull();
    const foreign = filledLoad({ owningOrganizationId: 9 });
    expect(states({ selected: [foreign] }).assignCarrier.disabledReason).toBe('notCarrierAssignable');
    expect(states({ selected: [foreign] }).assignDriver.disabledReason).toBeNull();
  });

  it('needs the connection for export and tickets, not for queued commands', () => {
    const result = states({ online: false });
    expect(result.export.disabledReason).toBe('offline');
    expect(result.deliveryTicket.disabledReason).toBe('offline');
    expect(result.assignDriver.disabledReason).toBeNull();
    expect(result.complete.disabledReason).toBeNull();
    expect(result.delete.disabledReason).toBeNull();
    expect(result.deliveryLog.disabledReason).toBeNull();
  });

  it('waits for a load created offline to reach the server before completing, exporting or printing it', () => {
    const result = states({ selected: [filledLoad({ id: -5 })] });
    expect(result.complete.disabledReason).toBe('notYetSaved');
    expect(result.export.disabledReason).toBe('notYetSaved');
    expect(result.deliveryTicket.disabledReason).toBe('notYetSaved');
    expect(result.delete.disabledReason).toBeNull();
  });

  it('shows the delivery ticket only with the DeliveryTickets feature', () => {
    expect(states({ subject: subject({ features: [] }) }).deliveryTicket.visible).toBe(false);
  });

  it('keeps transport actions off the drafts page', () => {
    const result = states({ page: 'drafts', selected: [filledLoad({ isDraft: true })] });
    expect(result.create.visible).toBe(true);
    expect(result.assignDriver.visible).toBe(true);
    expect(result.delete.visible).toBe(true);
    expect(result.export.visible).toBe(true);
    for (const action of ['assignCarrier', 'complete', 'deliveryTicket', 'deliveryLog'] as const) {
      expect(result[action].visible, action).toBe(false);
    }
  });
});
