import type { Order } from '#core/contract/orders';
import type { DriverChoice } from '#core/domain/load-actions';
import {
  applyResourcesToAll,
  canCalculateSchedule,
  NO_RESOURCE_CHOICE,
  reorderDrafts,
  reorderStops,
  type ScheduleDirection,
} from '#core/domain/planning/index';
import type { DraftChange } from './use-save-drafts.ts';

/**
 * The bulk schedule dialog's state (spec 1 §4, §5): the drafts in the order the driver takes them,
 * each one's stops in sequence order, the direction and reference time, the resources chosen for all,
 * and the last calculation. The rules are core's (`reorderDrafts`, `reorderStops`,
 * `canCalculateSchedule`, `applyResourcesToAll`); this only keeps what the user chose.
 */

export interface BulkScheduleState {
  /** The drafts in list order, stops sorted by sequence. */
  drafts: Order[];
  direction: ScheduleDirection;
  /** The reference time as an ISO instant; null while none is set. */
  referenceTime: string | null;
  /** The chosen driver, tractor and trailer ids; -1 (`NO_RESOURCE_CHOICE`) is none. */
  driverId: number;
  tractorId: number;
  trailerId: number;
  /** The drafts as the last calculation left them (same order); null until calculated or after a change. */
  calculated: Order[] | null;
  /** Stops the last calculation could not time (a travel time was unknown). */
  unavailable: number;
}

export type BulkScheduleAction =
  | { type: 'moveDraft'; from: number; to: number }
  | { type: 'moveStop'; draftIndex: number; from: number; to: number }
  | { type: 'direction'; direction: ScheduleDirection }
  | { type: 'referenceTime'; referenceTime: string | null }
  /** A driver brings his or her default tractor and trailer; null is none. */
  | { type: 'driver'; driver: DriverChoice | null }
  | { type: 'tractor'; tractorId: number }
  | { type: 'trailer'; trailerId: number }
  | { type: 'calculated'; drafts: Order[]; unavailable: number };

const bySequence = (order: Order): Order => ({ ...order, stops: [...order.stops].sort((a, b) => a.sequence - b.sequence) });

export function initialScheduleState(drafts: readonly Order[]): BulkScheduleState {
  return {
    drafts: drafts.map(bySequence),
    direction: 'forward',
    referenceTime: null,
    driverId: NO_RESOURCE_CHOICE,
    tractorId: NO_RESOURCE_CHOICE,
    trailerId: NO_RESOURCE_CHOICE,
    calculated: null,
    unavailable: 0,
  };
}

export function bulkScheduleReducer(state: BulkScheduleState, action: BulkScheduleAction): BulkScheduleState {
  // Anything that changes the chain or its anchor makes the last calculation stale.
  const stale = { calculated: null, unavailable: 0 };
  switch (action.type) {
    case 'moveDraft':
      return { ...state, ...stale, drafts: reorderDrafts(state.drafts, action.from, action.to) };
    case 'moveStop': {
      const draft = state.drafts[action.draftIndex];
      if (!draft) return state;
      const drafts = [...state.drafts];
      drafts[action.draftIndex] = reorderStops(draft, action.from, action.to);
      return { ...state, ...stale, drafts };
    }
    case 'direction':
      return { ...state, ...stale, direction: action.direction };
    case 'referenceTime':
      return { ...state, ...stale, referenceTime: action.referenceTime };
    case 'driver':
      return {
        ...state,
        driverId: action.driver?.id ?? NO_RESOURCE_CHOICE,
        tractorId: action.driver?.driverInfo.defaultTractorId ?? NO_RESOURCE_CHOICE,
        trailerId: action.driver?.driverInfo.defaultTrailerId ?? NO_RESOURCE_CHOICE,
      };
    case 'tractor':
      return { ...state, tractorId: action.tractorId };
    case 'trailer':
      return { ...state, trailerId: action.trailerId };
    case 'calculated':
      return { ...state, calculated: action.drafts, unavailable: action.unavailable };
  }
}

/** Whether closing would lose the user's choices: order, direction, reference time or resources (a calculation is only redone). */
export function isScheduleChanged(state: BulkScheduleState, initial: BulkScheduleState): boolean {
  return (
    state.direction !== initial.direction ||
    state.referenceTime !== initial.referenceTime ||
    state.driverId !== initial.driverId ||
    state.tractorId !== initial.tractorId ||
    state.trailerId !== initial.trailerId ||
    state.drafts.some((draft, index) => draft !== initial.drafts[index])
  );
}

/** Calculate and save need a reference time and a driver (spec 1 §5); the reason is the tooltip's. */
export function scheduleBlocker(state: BulkScheduleState) {
  return canCalculateSchedule({ referenceTime: state.referenceTime, driverChoice: state.driverId }).reason;
}

const chosen = (id: number) => (id === NO_RESOURCE_CHOICE ? null : id);

/**
 * The saves of a calculated schedule: every draft with its new times, the chosen driver, tractor and
 * trailer (`applyResourcesToAll`), and its status following the driver. `originals` are the drafts as
 * the table showed them (each save is based on its version).
 */
export function scheduledChanges(
  calculated: readonly Order[],
  state: Pick<BulkScheduleState, 'tractorId' | 'trailerId'>,
  driver: DriverChoice | null,
  originals: ReadonlyMap<number, Order>,
): DraftChange[] {
  const withResources = applyResourcesToAll(calculated, {
    driver,
    tractorId: chosen(state.tractorId),
    trailerId: chosen(state.trailerId),
  });
  return withResources.flatMap((changed) => {
    const original = originals.get(changed.id);
    return original ? [{ original, changed }] : [];
  });
}
