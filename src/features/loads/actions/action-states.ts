import type { Order } from '#core/contract/orders';
import { type AccessSubject, hasFeature, hasPermission } from '#core/domain/access';
import { canAssignCarrier, canAssignDriver, canCompleteLoads, canDeleteLoads } from '#core/domain/load-actions';

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
  | 'notYetSaved';

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
