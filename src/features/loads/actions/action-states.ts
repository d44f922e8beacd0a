import type { Order } from '#core/contract/orders';
import { type AccessSubject, hasFeature, hasPermission } from '#core/domain/access';
import { canAssignCarrier, canAssignDriver, canCompleteLoads, canDeleteLoads } from '#core/domain/load-actions';
import { CASCADE_MIN_DRAFTS, canMerge, MERGE_MIN_DRAFTS } from '#core/domain/planning/index';

export const LOAD_ACTIONS = [
  'create',
  'export',
  'deliveryTicket',
  'assignDriver',
  'assignCarrier',
  'complete',
  'delete',
  'deliveryLog',
] as const;
export type LoadAction = (typeof LOAD_ACTIONS)[number];

/** The drafts page's planning actions (spec 1 §2, §4; issue 5), dialogs in features/loads/planning. */
export const PLANNING_ACTIONS = [
  'createDrafts',
  'merge',
  'unmerge',
  'cascade',
  'bulkSchedule',
  'bulkWindows',
  'publish',
] as const;
export type PlanningActionKey = (typeof PLANNING_ACTIONS)[number];

/** Why an action is off; each has a tooltip text under `load-actions:disabled.*`. */
export type DisabledReason =
  | 'noSelection'
  | 'selectOne'
  | 'noPermission'
  | 'offline'
  | 'notDeletable'
  | 'notCompletable'
  | 'notAssignable'
  | 'notCarrierAssignable'
  | 'notYetSaved'
  | 'selectTwo'
  | 'notMergeable'
  | 'mergeTooManyStops'
  | 'mergeIdentifiersTooLong'
  | 'notMergedDraft';

export interface ActionState {
  visible: boolean;
  /** null when the action can be used. */
  disabledReason: DisabledReason | null;
}

export interface ActionStatesInput {
  subject: AccessSubject & { activeOrganizationId: number };
  page: 'loads' | 'drafts';
  selected: readonly Order[];
  online: boolean;
}

/** The first reason that holds, in the order given (the tooltip names one reason, the most basic). */
function firstReason(checks: readonly [boolean, DisabledReason][]): DisabledReason | null {
  return checks.find(([blocked]) => blocked)?.[1] ?? null;
}

/**
 * Which toolbar actions show and why one is off. The rules themselves are core's (load-actions,
 * access); this only puts them together for the toolbar. Carrier organizations never see create,
 * complete or delete (spec 1 §2); drafts are not transported yet, so the drafts page has no
 * carrier, completion, ticket or delivery-log actions.
 */
export function loadActionStates({ subject, page, selected, online }: ActionStatesInput): Record<LoadAction, ActionState> {
  const carrier = subject.organization.isCarrier;
  const onLoads = page === 'loads';
  const none = selected.length === 0;
  // A load created offline has no server id (nor stop ids) yet: the server cannot export, print
  // or complete it until its creation has been sent.
  const unsaved = selected.some((order) => order.id <= 0 || order.stops.some((stop) => stop.id <= 0));
  const needs = (permission: string) => !hasPermission(subject, permission);
  const show = (visible: boolean, checks: readonly [boolean, DisabledReason][] = []): ActionState => ({
    visible,
    disabledReason: visible ? firstReason(checks) : null,
  });

  return {
    create: show(!carrier && hasPermission(subject, 'CreateOrder')),
    export: show(true, [
      [none, 'noSelection'],
      [!online, 'offline'],
      [unsaved, 'notYetSaved'],
    ]),
    deliveryTicket: show(onLoads && hasFeature(subject, 'DeliveryTickets'), [
      [none, 'noSelection'],
      [!online, 'offline'],
      [unsaved, 'notYetSaved'],
    ]),
    assignDriver: show(true, [
      [needs('AssignDrivers'), 'noPermission'],
      [none, 'noSelection'],
      [!canAssignDriver(selected, subject.activeOrganizationId), 'notAssignable'],
    ]),
    assignCarrier: show(onLoads && !carrier, [
      [needs('AssignDrivers'), 'noPermission'],
      [none, 'noSelection'],
      [!canAssignCarrier(selected, subject.activeOrganizationId), 'notCarrierAssignable'],
    ]),
    complete: show(onLoads && !carrier, [
      [needs('CompleteOrder'), 'noPermission'],
      [none, 'noSelection'],
      [!canCompleteLoads(selected), 'notCompletable'],
      [unsaved, 'notYetSaved'],
    ]),
    delete: show(!carrier, [
      [needs('DeleteOrder'), 'noPermission'],
      [none, 'noSelection'],
      [!canDeleteLoads(selected), 'notDeletable'],
    ]),
    // The log opens offline too: the load is in the mirror, only its events wait for the connection.
    deliveryLog: show(onLoads, [[selected.length !== 1, 'selectOne']]),
  };
}

/** The merge button's tooltip: the limits say which, the rest share one sentence. */
function mergeDisabledReason(reason: string | null): DisabledReason {
  if (reason === 'tooManyStops') return 'mergeTooManyStops';
  if (reason === 'identifiersTooLong') return 'mergeIdentifiersTooLong';
  return 'notMergeable';
}

/**
 * The planning actions, shown on the drafts page only (never to carriers, spec 1 §2), each behind
 * its feature and the permission its route guards with. Merge asks core's `canMerge`; cascade only
 * needs two drafts here, its dialog explains the rest of `cascadeEligibility`; publish opens with
 * any selection and its dialog refuses an incomplete draft with the missing rules shown.
 */
export function planningActionStates({ subject, page, selected }: ActionStatesInput): Record<PlanningActionKey, ActionState> {
  const drafts = page === 'drafts' && !subject.organization.isCarrier && hasFeature(subject, 'Drafts');
  const none = selected.length === 0;
  const unsaved = selected.some((order) => order.id <= 0);
  const cannotEdit = !hasPermission(subject, 'EditOrder');
  const show = (visible: boolean, checks: readonly [boolean, DisabledReason][] = []): ActionState => ({
    visible,
    disabledReason: visible ? firstReason(checks) : null,
  });
  // Asked only when the button shows and enough drafts are selected (it reads every stop).
  const merge =
    drafts && selected.length >= MERGE_MIN_DRAFTS ? canMerge(selected) : { allowed: true, reason: null as string | null };
  const [single] = selected;

  return {
    createDrafts: show(drafts && hasPermission(subject, 'CreateOrder')),
    merge: show(drafts && hasFeature(subject, 'MergeDrafts'), [
      [cannotEdit || !hasPermission(subject, 'CreateOrder'), 'noPermission'],
      [selected.length < MERGE_MIN_DRAFTS, 'selectTwo'],
      [unsaved, 'notYetSaved'],
      [!merge.allowed, mergeDisabledReason(merge.reason)],
    ]),
    unmerge: show(drafts && hasFeature(subject, 'UnmergeDrafts'), [
      [cannotEdit, 'noPermission'],
      [selected.length !== 1, 'selectOne'],
      [!single?.mergedFromOrderIds?.length, 'notMergedDraft'],
      [unsaved, 'notYetSaved'],
    ]),
    cascade: show(drafts && hasFeature(subject, 'CascadingStopScheduling'), [
      [cannotEdit, 'noPermission'],
      [selected.length < CASCADE_MIN_DRAFTS, 'selectTwo'],
    ]),
    bulkSchedule: show(drafts && hasFeature(subject, 'BulkScheduling'), [
      [cannotEdit, 'noPermission'],
      [none, 'noSelection'],
    ]),
    bulkWindows: show(drafts, [
      [cannotEdit, 'noPermission'],
      [none, 'noSelection'],
    ]),
    publish: show(drafts, [
      [cannotEdit, 'noPermission'],
      [none, 'noSelection'],
    ]),
  };
}
