import { describe, expect, it } from 'vitest';
import type { PermissionName } from '#core/domain/access';
import { type ActionStatesInput, PLANNING_ACTIONS, planningActionStates } from '../actions/action-states.ts';
import { filledLoad } from '#test/fixtures/loads';

const ALL: PermissionName[] = ['ViewOwningOrders', 'EditOrder', 'CreateOrder'];
const FEATURES = ['Drafts', 'MergeDrafts', 'UnmergeDrafts', 'CascadingStopScheduling', 'BulkScheduling'];

function subject(overrides: { permissions?: PermissionName[]; isCarrier?: boolean; features?: string[] } = {}) {
  return {
    permissions: overrides.permissions ?? ALL,
    activeOrganizationId: 1,
    organization: {
      tier: 'Standard' as const,
      isCarrier: overrides.isCarrier ?? false,
      features: overrides.features ?? FEATURES,
    },
  };
}

const drafts = [filledLoad({ id: 1, isDraft: true }), filledLoad({ id: 2, isDraft: true })];

function states(input: Partial<ActionStatesInput> = {}) {
  return planningActionStates({ subject: subject(), page: 'drafts', selected: drafts, online: true, ...input });
}

describe('planningActionStates', () => {
  it('enables every planning action on the drafts page for two Open drafts', () => {
    const result = states();
    for (const action of PLANNING_ACTIONS.filter((item) => item !== 'unmerge')) {
      expect(result[action], action).toEqual({ visible: true, disabledReason: null });
    }
    expect(result.unmerge).toEqual({ visible: true, disabledReason: 'selectOne' });
  });

  it('shows none on the loads page, to carriers, or without the Drafts feature', () => {
    for (const input of [
      { page: 'loads' as const },
      { subject: subject({ isCarrier: true }) },
      { subject: subject({ features: [] }) },
    ]) {
      const result = states(input);
      for (const action of PLANNING_ACTIONS) expect(result[action].visible, action).toBe(false);
    }
  });

  it('puts merge, unmerge, cascade and bulk schedule behind their own features', () => {
    const result = states({ subject: subject({ features: ['Drafts'] }) });
    expect([result.merge, result.unmerge, result.cascade, result.bulkSchedule].map((state) => state.visible)).toEqual([
      false,
      false,
      false,
      false,
    ]);
    expect([result.createDrafts, result.bulkWindows, result.publish].map((state) => state.visible)).toEqual([true, true, true]);
  });

  it('explains a missing permission; bulk creation needs CreateOrder', () => {
    const result = states({ subject: subject({ permissions: ['ViewOwningOrders', 'EditOrder'] }) });
    expect(result.createDrafts.visible).toBe(false);
    expect(result.merge.disabledReason).toBe('noPermission');
    const viewer = states({ subject: subject({ permissions: ['ViewOwningOrders'] }) });
    for (const action of ['merge', 'unmerge', 'cascade', 'bulkSchedule', 'bulkWindows', 'publish'] as const) {
      expect(viewer[action].disabledReason, action).toBe('noPermission');
    }
  });

  it('merges and cascades two or more drafts; the others need a selection', () => {
    const one = states({ selected: [drafts[0]!] });
    expect(one.merge.disabledReason).toBe('selectTwo');
    expect(one.cascade.disabledReason).toBe('selectTwo');
    expect(one.publish.disabledReason).toBeNull();
    const none = states({ selected: [] });
    for (const action of ['bulkSchedule', 'bulkWindows', 'publish'] as const)
      expect(none[action].disabledReason).toBe('noSelection');
    expect(none.createDrafts.disabledReason).toBeNull();
  });

  it('asks core whether the drafts merge, and refuses drafts created offline', () => {
    expect(
      states({ selected: [drafts[0]!, filledLoad({ id: 3, isDraft: true, status: 'Delivered' })] }).merge.disabledReason,
    ).toBe('notMergeable');
    expect(states({ selected: [drafts[0]!, filledLoad({ id: -5, isDraft: true })] }).merge.disabledReason).toBe('notYetSaved');
  });

  it('unmerges exactly one merged draft', () => {
    expect(states({ selected: [drafts[0]!] }).unmerge.disabledReason).toBe('notMergedDraft');
    expect(
      states({ selected: [filledLoad({ id: 9, isDraft: true, mergedFromOrderIds: [1, 2] })] }).unmerge.disabledReason,
    ).toBeNull();
  });
});
