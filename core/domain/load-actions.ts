/**
 * Per-load actions of spec 1 §2 and §4 (driver panel, carrier panel, manual completion) and the
 * action enabling of §5. The UI applies them optimistically and the server applies the very same
 * functions to the row it locked, so what the user saw is what gets stored.
 */
import type { CarrierAssignment, DriverAssignment, LoadCompletion, StopCompletion } from '#core/contract/load-actions';
import type { Order, Stop } from '#core/contract/orders';
import type { CarrierOwnership } from '#core/contract/reference-lists';
import { statusAfterDriverChoice } from './load-rules.ts';

export type ResourceKind = 'driver' | 'tractor' | 'trailer';
export const RESOURCE_KINDS: readonly ResourceKind[] = ['driver', 'tractor', 'trailer'];

/** The load field holding each resource. */
export const RESOURCE_FIELDS = {
  driver: 'transportedByUserId',
  tractor: 'tractorId',
  trailer: 'trailerId',
} as const satisfies Record<ResourceKind, keyof DriverAssignment>;

/** What a carrier relation says about who supplies each resource of a load handed to the carrier. */
export interface CarrierRelation {
  carrierOrganizationId: number;
  loadDriver: CarrierOwnership;
  loadTractor: CarrierOwnership;
  loadTrailer: CarrierOwnership;
}

const OWNERSHIP_FIELD = { driver: 'loadDriver', tractor: 'loadTractor', trailer: 'loadTrailer' } as const;

export function ownershipOf(relation: CarrierRelation, kind: ResourceKind): CarrierOwnership {
  return relation[OWNERSHIP_FIELD[kind]];
}

/**
 * Who may choose a resource on a load transported by a carrier. The ownership value names who
 * supplies it: 'Owning' = the owning organization (the carrier's selector is disabled), 'Carrier' =
 * the carrier (the owner's choice is dropped on hand-over and the owner cannot set one), 'Both' =
 * either of them (the owner's choice is kept on hand-over; the carrier may replace it).
 */
export function mayChooseResource(ownership: CarrierOwnership, party: 'owner' | 'carrier'): boolean {
  if (ownership === 'Both') return true;
  return party === 'owner' ? ownership === 'Owning' : ownership === 'Carrier';
}

/** A driver as the panels and selectors need it (the reference list's driver row fits). */
export interface DriverChoice {
  id: number;
  organizationId: number;
  enabled: boolean;
  driverInfo: { defaultTractorId: number | null; defaultTrailerId: number | null };
}

/** Choosing a driver brings his or her default tractor and trailer (or none); clearing clears all three. */
export function driverAssignmentFor(order: Pick<Order, 'id'>, driver: DriverChoice | null): DriverAssignment {
  return {
    id: order.id,
    transportedByUserId: driver?.id ?? null,
    tractorId: driver?.driverInfo.defaultTractorId ?? null,
    trailerId: driver?.driverInfo.defaultTrailerId ?? null,
  };
}

/**
 * The load after the driver panel's choice: Assigned with a driver, Open without (a load in
 * transit, delivered or merged keeps its status). The acceptor is the user who assigned; a load
 * left without a driver has no acceptor.
 */
export function applyDriverAssignment(order: Order, assignment: DriverAssignment, acceptedByUserId: number): Order {
  const driver = assignment.transportedByUserId;
  return {
    ...order,
    status: statusAfterDriverChoice(driver, order.status),
    transportedByUserId: driver,
    tractorId: assignment.tractorId,
    trailerId: assignment.trailerId,
    acceptedByUserId: driver ? acceptedByUserId : null,
  };
}

/**
 * The assignment handing `order` to the carrier of `relation`: the owner's driver, tractor and
 * trailer stay only where the owner may supply them ('Owning' or 'Both'); with 'Carrier' they are
 * cleared for the carrier to choose. Assigned if a driver stays, else Open.
 */
export function carrierAssignmentFor(order: Order, relation: CarrierRelation): CarrierAssignment {
  const kept = (kind: ResourceKind) =>
    mayChooseResource(ownershipOf(relation, kind), 'owner') ? order[RESOURCE_FIELDS[kind]] : null;
  const transportedByUserId = kept('driver');
  return {
    id: order.id,
    status: statusAfterDriverChoice(transportedByUserId, order.status),
    transportedByUserId,
    tractorId: kept('tractor'),
    trailerId: kept('trailer'),
    transportingOrganizationId: relation.carrierOrganizationId,
  };
}

/** Back to the owner: Open, without driver, tractor or trailer (a load in transit keeps its status). */
export function carrierUnassignmentFor(order: Order): CarrierAssignment {
  return {
    id: order.id,
    status: statusAfterDriverChoice(null, order.status),
    transportedByUserId: null,
    tractorId: null,
    trailerId: null,
    transportingOrganizationId: order.owningOrganizationId,
  };
}

/** The load after a carrier assignment; the acceptor stays only while the same driver does. */
export function applyCarrierAssignment(order: Order, assignment: CarrierAssignment): Order {
  const sameDriver = assignment.transportedByUserId !== null && assignment.transportedByUserId === order.transportedByUserId;
  return {
    ...order,
    status: assignment.status,
    transportedByUserId: assignment.transportedByUserId,
    tractorId: assignment.tractorId,
    trailerId: assignment.trailerId,
    transportingOrganizationId: assignment.transportingOrganizationId,
    acceptedByUserId: sameDriver ? order.acceptedByUserId : null,
  };
}

const MINUTE_MS = 60_000;

/** Now, with seconds zeroed (spec 1 §4). */
function nowToTheMinute(nowIso: string): string {
  return new Date(Math.floor(Date.parse(nowIso) / MINUTE_MS) * MINUTE_MS).toISOString();
}

/**
 * Default completion time of a stop (spec 1 §4): its arrival time when it has one (also a planned
 * one still ahead: the dispatcher completes the load as planned), else now with seconds zeroed.
 * It is never earlier than a stop before it in the load that was really completed, so completion
 * times keep the stops' order.
 */
export function defaultCompletionTime(
  stop: Pick<Stop, 'sequence' | 'arrivalTime'>,
  load: Pick<Order, 'stops'>,
  nowIso: string,
): string {
  const arrival = stop.arrivalTime === null ? Number.NaN : Date.parse(stop.arrivalTime);
  let time = Number.isNaN(arrival) ? Date.parse(nowToTheMinute(nowIso)) : arrival;
  for (const earlier of load.stops) {
    if (earlier.sequence >= stop.sequence || earlier.completedAt === null) continue;
    time = Math.max(time, Date.parse(earlier.completedAt));
  }
  return new Date(time).toISOString();
}

/** The completion the dialog starts from: every stop not yet complete, at its default time, notifications suppressed. */
export function defaultLoadCompletion(load: Order, nowIso: string): LoadCompletion {
  return {
    id: load.id,
    stops: load.stops
      .filter((stop) => stop.status !== 'Complete')
      .map((stop) => ({
        id: stop.id,
        completedAt: defaultCompletionTime(stop, load, nowIso),
        metadata: { suppressDeliveryNotification: true, manuallyCompleted: true },
      })),
  };
}

/**
 * The load after manual completion: Delivered; each stop not yet complete becomes Complete with the
 * completion's time and metadata (a stop the completion leaves out gets its default time, with
 * notifications suppressed). Stops already complete keep their real completion untouched.
 */
export function applyManualCompletion(order: Order, completion: LoadCompletion, nowIso = new Date().toISOString()): Order {
  const byId = new Map<number, StopCompletion>(completion.stops.map((stop) => [stop.id, stop]));
  return {
    ...order,
    status: 'Delivered',
    stops: order.stops.map((stop) => {
      if (stop.status === 'Complete') return stop;
      const given = byId.get(stop.id);
      return {
        ...stop,
        status: 'Complete',
        completedAt: given?.completedAt ?? defaultCompletionTime(stop, order, nowIso),
        metadata: {
          ...stop.metadata,
          manuallyCompleted: true,
          suppressDeliveryNotification: given?.metadata.suppressDeliveryNotification ?? true,
        },
      };
    }),
  };
}

type StatusOnly = Pick<Order, 'status'>;

/**
 * Delete only when every selected load is Open or Assigned (spec 1 §5). A load that came out of a
 * merge is deleted like any other; its sources, kept only for unmerge, go with it (server).
 */
export function canDeleteLoads(orders: readonly StatusOnly[]): boolean {
  return orders.length > 0 && orders.every((order) => order.status === 'Open' || order.status === 'Assigned');
}

/** Manual completion is disabled when any selected load is Delivered. */
export function canCompleteLoads(orders: readonly StatusOnly[]): boolean {
  return orders.length > 0 && orders.every((order) => order.status !== 'Delivered');
}

/** Assign carrier (and unassign): none Delivered, and every load owned by the user's organization. */
export function canAssignCarrier(
  orders: readonly Pick<Order, 'status' | 'owningOrganizationId'>[],
  organizationId: number,
): boolean {
  return canCompleteLoads(orders) && orders.every((order) => order.owningOrganizationId === organizationId);
}

/** Assign driver: none Delivered, and every load transported by the user's own organization. */
export function canAssignDriver(
  orders: readonly Pick<Order, 'status' | 'transportingOrganizationId'>[],
  organizationId: number,
): boolean {
  return canCompleteLoads(orders) && orders.every((order) => order.transportingOrganizationId === organizationId);
}

/** Drivers offered for a load: the current organization's, enabled or already assigned to it. */
export function driversOffered<Driver extends Pick<DriverChoice, 'id' | 'organizationId' | 'enabled'>>(
  drivers: readonly Driver[],
  order: Pick<Order, 'transportedByUserId'> | null,
  organizationId: number,
): Driver[] {
  return drivers.filter(
    (driver) => driver.organizationId === organizationId && (driver.enabled || driver.id === order?.transportedByUserId),
  );
}

/** The carrier panel lists active carriers only (spec 1 §2), by name. */
export function carriersOffered<Link extends { isActive: boolean; name: string }>(links: readonly Link[]): Link[] {
  return links.filter((link) => link.isActive).sort((a, b) => a.name.localeCompare(b.name));
}
