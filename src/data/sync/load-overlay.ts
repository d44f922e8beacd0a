import type { CarrierAssignment, DriverAssignment, LoadCompletion } from '#core/contract/load-actions';
import type { Order, OrderInput } from '#core/contract/orders';
export { inputFromOrder } from '#core/contract/orders';
import type { ProjectionConfig } from '#core/contract/planning-actions';
import { applyCarrierAssignment, applyDriverAssignment, applyManualCompletion } from '#core/domain/load-actions';
import { loadDateFromStops, statusAfterDriverChoice } from '#core/domain/load-rules';

/** What a queued save carries; everything in it survives a reload in the persisted cache. */
export interface SaveLoadVariables {
  kind: 'create' | 'update';
  /** The real id, or a negative provisional id for a load created while offline. */
  loadId: number;
  /** The version the user's change was based on (1 for a load created here). */
  baseVersion: number;
  input: OrderInput;
  /**
   * 'list' sends the save through `PUT /api/orders` (a list of one), where the server re-checks the
   * planning rules (publishing needs a complete draft, schedules monotone times); default `PUT /api/orders/{id}`.
   */
  via?: 'list';
  /** Made when the user acted, so every re-send after a retry or reload is recognised by the server. */
  idempotencyKey: string;
  /** How notices name the load (its order number, else its date). */
  label: string;
  queuedAt: string;
}

/** An action on one existing load (spec 1 §7): sent through its own route, not as a whole-load save. */
export type LoadCommand =
  | { kind: 'delete' }
  | { kind: 'assignDriver'; assignment: DriverAssignment }
  | { kind: 'assignCarrier'; assignment: CarrierAssignment }
  | { kind: 'complete'; completion: LoadCompletion };

/** A queued command; like a save it keeps its idempotency key and base version across reloads. */
export interface LoadCommandVariables {
  kind: 'command';
  loadId: number;
  /** The version the user saw: the outbox rebases later saves of the load on the version this produces. */
  baseVersion: number;
  command: LoadCommand;
  /** Who acts: the driver panel records the acceptor (spec 1 §4). */
  actingUserId: number;
  idempotencyKey: string;
  label: string;
  queuedAt: string;
}

/** A planning change naming several drafts at once (spec 1 §4: merge, unmerge, bulk creation). */
export type PlanningAction =
  | { kind: 'merge'; sourceIds: number[]; merged: OrderInput; provisionalId: number }
  | { kind: 'unmerge'; mergedId: number; sourceIds: number[] }
  | { kind: 'createProjections'; configs: ProjectionConfig[] }
  /** Whole drafts saved together through `PUT /api/orders` (publish, bulk schedule, cascade, stop windows). */
  | { kind: 'saveDrafts'; items: { loadId: number; baseVersion: number; input: OrderInput }[] };

export interface PlanningVariables {
  kind: 'planning';
  /** The load whose queue it joins: merge the first source, unmerge the merged draft, creation a new provisional id. */
  loadId: number;
  action: PlanningAction;
  idempotencyKey: string;
  label: string;
  queuedAt: string;
}

/** Everything the outbox queues for loads, in one mutation cache key so order and the header list cover all. */
export type LoadChangeVariables = SaveLoadVariables | LoadCommandVariables | PlanningVariables;

/** The load as it will be once the server accepts the command (null: it will be gone). */
export function applyCommand(variables: LoadCommandVariables, load: Order): Order | null {
  const { command } = variables;
  switch (command.kind) {
    case 'delete':
      return null;
    case 'assignDriver':
      return applyDriverAssignment(load, command.assignment, variables.actingUserId);
    case 'assignCarrier':
      return applyCarrierAssignment(load, command.assignment);
    case 'complete':
      return applyManualCompletion(load, command.completion);
  }
}

/** The load as it will be once the server accepts the change: the server row with the user's input laid over it. */
export function applyInput(input: OrderInput, base: Order | undefined, id: number, organizationId: number): Order {
  const now = new Date().toISOString();
  return {
    id,
    date: loadDateFromStops(input.stops, input.date),
    status: statusAfterDriverChoice(input.transportedByUserId, base?.status),
    isDraft: input.isDraft,
    organizationId: base?.organizationId ?? organizationId,
    owningOrganizationId: base?.owningOrganizationId ?? organizationId,
    transportingOrganizationId: base?.transportingOrganizationId ?? organizationId,
    transportedByUserId: input.transportedByUserId,
    acceptedByUserId: base?.acceptedByUserId ?? null,
    tractorId: input.tractorId,
    trailerId: input.trailerId,
    washOption: input.washOption,
    metadata: input.metadata,
    mergedFromOrderIds: base?.mergedFromOrderIds ?? null,
    timeSeconds: base?.timeSeconds ?? null,
    distanceMeters: base?.distanceMeters ?? null,
    version: base?.version ?? 0,
    updatedAt: base?.updatedAt ?? now,
    // The carrier's names as the server last sent them; the row prefers the organization's own lists.
    carrierResources: base?.carrierResources,
    stops: input.stops.map((stop, index) => {
      const previous = base?.stops.find((candidate) => candidate.id === stop.id);
      return {
        id: stop.id ?? -(index + 1),
        orderId: id,
        sequence: stop.sequence,
        type: stop.type,
        status: previous?.status ?? 'Not Started',
        organizationLocationId: stop.organizationLocationId,
        organizationSubLocationIds: stop.organizationSubLocationIds,
        cargoTypeId: stop.cargoTypeId,
        customerId: stop.customerId,
        lotId: stop.lotId,
        productionPlan: previous?.productionPlan ?? null,
        orderNumber: stop.orderNumber,
        customerOrderNumber: stop.customerOrderNumber,
        quantity: stop.quantity,
        actualQuantity: previous?.actualQuantity ?? null,
        weight: stop.weight,
        actualWeight: previous?.actualWeight ?? null,
        notes: stop.notes,
        arrivalTime: stop.arrivalTime,
        requiredBegin: stop.requiredBegin,
        requiredEnd: stop.requiredEnd,
        completedAt: previous?.completedAt ?? null,
        estimatedArrivalAt: previous?.estimatedArrivalAt ?? null,
        durationMinutes: stop.durationMinutes,
        distanceMeters: previous?.distanceMeters ?? null,
        timeSeconds: previous?.timeSeconds ?? null,
        originalStopId: previous?.originalStopId ?? null,
        metadata: stop.metadata,
      };
    }),
  };
}

/**
 * The loads to show: the mirror's rows with every queued change laid over them in queue order,
 * and loads created offline added. Nothing is written to the mirror before the server accepts,
 * so a refused change disappears with its mutation and the server's row shows again
 * (OFFLINE-NOTES 6: onMutate does not run again after a reload, but this does).
 */
export function overlayQueued(
  rows: Order[],
  queued: LoadChangeVariables[],
  realIdOf: (loadId: number) => number | undefined,
  organizationId: number,
): Order[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  for (const change of queued) {
    const id = change.loadId < 0 ? (realIdOf(change.loadId) ?? change.loadId) : change.loadId;
    const current = byId.get(id);
    if (change.kind === 'planning') {
      overlayPlanning(byId, change.action, realIdOf, organizationId);
      continue;
    }
    if (change.kind === 'command') {
      if (!current) continue;
      const next = applyCommand(change, current);
      if (next) byId.set(id, next);
      else byId.delete(id);
      continue;
    }
    if (change.kind === 'update' && !current) continue;
    const next = applyInput(change.input, current, id, organizationId);
    // The shown load keeps the version the change was built on, not a newer mirror row's: an edit
    // made from this view carries the change's content, so it must conflict with a write it never saw.
    byId.set(id, change.kind === 'update' ? { ...next, version: change.baseVersion } : next);
  }
  return [...byId.values()];
}

/**
 * A queued merge shows the merged draft under its provisional id and its sources as Merged (the
 * tables leave Merged loads out); a queued unmerge hides the merged draft and shows its sources with
 * the status their driver gives; saved drafts show their new values. Bulk creation shows nothing until the server answers: the drafts
 * it creates are the server's to build.
 */
function overlayPlanning(
  byId: Map<number, Order>,
  action: PlanningAction,
  realIdOf: (loadId: number) => number | undefined,
  organizationId: number,
) {
  if (action.kind === 'merge') {
    for (const id of action.sourceIds) {
      const source = byId.get(id);
      if (source) byId.set(id, { ...source, status: 'Merged' });
    }
    const id = realIdOf(action.provisionalId) ?? action.provisionalId;
    byId.set(id, { ...applyInput(action.merged, byId.get(id), id, organizationId), mergedFromOrderIds: action.sourceIds });
  } else if (action.kind === 'saveDrafts') {
    for (const item of action.items) {
      const id = realIdOf(item.loadId) ?? item.loadId;
      const current = byId.get(id);
      if (current) byId.set(id, { ...applyInput(item.input, current, id, organizationId), version: item.baseVersion });
    }
  } else if (action.kind === 'unmerge') {
    byId.delete(action.mergedId);
    for (const id of action.sourceIds) {
      const source = byId.get(id);
      if (source?.status === 'Merged') byId.set(id, { ...source, status: statusAfterDriverChoice(source.transportedByUserId) });
    }
  }
}
