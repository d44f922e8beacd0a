import type { LoadStatus } from '#core/domain/load-rules';
import { overlapsDowntime, type ResourceDowntime, resourceKey } from '#core/domain/master-data/downtime';

/**
 * A load's planning conflicts (issue 18): what its driver, tractor and trailer clash with. One rule for
 * the editor, the driver panel, the scheduling dialog, the tables, the drafts screens (through the
 * planner worker) and the server's save answers. A conflict warns, it never blocks: a dispatcher may
 * knowingly double a trailer. Conflicts are data (kind, resource, figures); the UI words them.
 */

export type ConflictResource = 'driver' | 'tractor' | 'trailer';
export const CONFLICT_RESOURCES: readonly ConflictResource[] = ['driver', 'tractor', 'trailer'];

const RESOURCE_FIELD = {
  driver: 'transportedByUserId',
  tractor: 'tractorId',
  trailer: 'trailerId',
} as const satisfies Record<ConflictResource, string>;

export type LoadConflict =
  /** The resource is on other loads whose busy windows overlap this one's (ids ascending). */
  | { kind: 'overlap'; resource: ConflictResource; resourceId: number; orderIds: number[] }
  /** A downtime of the resource applies while the load runs (its descriptions). */
  | { kind: 'downtime'; resource: ConflictResource; resourceId: number; descriptions: string[] }
  /** The resource is disabled. */
  | { kind: 'disabled'; resource: ConflictResource; resourceId: number }
  /** The trailer is not set up for these cargo types. */
  | { kind: 'cargoType'; resource: 'trailer'; resourceId: number; cargoTypeIds: number[] }
  /** More weight on board at once than the trailer carries (grams). */
  | { kind: 'overweight'; resource: 'trailer'; resourceId: number; weight: number; maxWeight: number }
  /** More loaded stops of a cargo type than the trailer has compartments for it. */
  | { kind: 'compartments'; resource: 'trailer'; resourceId: number; cargoTypeId: number; stops: number; compartments: number };

export type LoadConflictKind = LoadConflict['kind'];

/** A stop as the rule needs it (the contract's stop and the editor's both fit). */
export interface ConflictStop {
  sequence: number;
  type: string;
  cargoTypeId: number | null;
  weight: number | null;
  arrivalTime: string | null;
  durationMinutes: number | null;
  completedAt?: string | null;
}

/** A load as the rule needs it. */
export interface ConflictLoad {
  id: number;
  date: string;
  status: LoadStatus;
  timeSeconds: number | null;
  transportedByUserId: number | null;
  tractorId: number | null;
  trailerId: number | null;
  stops: readonly ConflictStop[];
}

export interface ConflictResources {
  drivers: readonly { id: number; enabled: boolean }[];
  tractors: readonly { id: number; enabled: boolean }[];
  trailers: readonly {
    id: number;
    enabled: boolean;
    maxCargoWeight: number | null;
    trailerCargoTypes: readonly { cargoTypeId: number; compartmentCount: number }[];
  }[];
  downtimes: readonly ResourceDowntime[];
}

const MINUTE_MS = 60_000;

/**
 * When a load keeps its driver and equipment busy, [start, end) in epoch milliseconds: from its first
 * arrival (else its date) to the latest of each stop's completion or arrival plus duration and the
 * first arrival plus the trip time; a load without times holds one minute. Two loads that only touch
 * (one ends when the next starts) do not overlap.
 */
export function loadBusyWindow(load: Pick<ConflictLoad, 'date' | 'timeSeconds' | 'stops'>): { start: number; end: number } {
  const arrivals = load.stops.flatMap((stop) => (stop.arrivalTime ? [Date.parse(stop.arrivalTime)] : []));
  const start = arrivals.length ? Math.min(...arrivals) : Date.parse(load.date);
  const ends = load.stops.flatMap((stop) => {
    if (stop.completedAt) return [Date.parse(stop.completedAt)];
    if (stop.arrivalTime) return [Date.parse(stop.arrivalTime) + (stop.durationMinutes ?? 0) * MINUTE_MS];
    return [];
  });
  return { start, end: Math.max(start + MINUTE_MS, start + (load.timeSeconds ?? 0) * 1000, ...ends) };
}

/** The busy window as dates, for the downtime functions. */
export function loadBusySpan(load: Pick<ConflictLoad, 'date' | 'timeSeconds' | 'stops'>): { start: Date; end: Date } {
  const { start, end } = loadBusyWindow(load);
  return { start: new Date(start), end: new Date(end) };
}

const sortedStops = (load: Pick<ConflictLoad, 'stops'>) => [...load.stops].sort((a, b) => a.sequence - b.sequence);
const isPickup = (stop: ConflictStop) => stop.type === 'Origin';
const isDelivery = (stop: ConflictStop) => stop.type === 'Destination';

/**
 * The most weight on board at once (grams): pickups (Origin) add, deliveries (Destination) take off,
 * in stop order. Deliveries made before enough was picked up were on board from the start, so a load
 * with only deliveries carries their sum.
 */
export function peakWeightOnBoard(load: Pick<ConflictLoad, 'stops'>): number {
  let running = 0;
  let lowest = 0;
  let highest = 0;
  for (const stop of sortedStops(load)) {
    const weight = stop.weight ?? 0;
    if (isPickup(stop)) running += weight;
    else if (isDelivery(stop)) running -= weight;
    lowest = Math.min(lowest, running);
    highest = Math.max(highest, running);
  }
  return highest - lowest;
}

/**
 * Loaded stops per cargo type. Each pickup fills a compartment of its own (lots are not mixed), so a
 * trailer needs at least as many compartments for a cargo type as the load has pickups of it; a load
 * with only deliveries was loaded elsewhere, one compartment per delivery.
 */
export function loadedStopsByCargoType(load: Pick<ConflictLoad, 'stops'>): Map<number, number> {
  const pickups = load.stops.filter(isPickup);
  const loaded = pickups.length ? pickups : load.stops.filter(isDelivery);
  const counts = new Map<number, number>();
  for (const stop of loaded) {
    if (stop.cargoTypeId !== null) counts.set(stop.cargoTypeId, (counts.get(stop.cargoTypeId) ?? 0) + 1);
  }
  return counts;
}

/** What a trailer cannot carry of a load: cargo types, weight, compartments. */
function trailerCapacityConflicts(load: ConflictLoad, trailer: ConflictResources['trailers'][number]): LoadConflict[] {
  const found: LoadConflict[] = [];
  const resourceId = trailer.id;
  // A trailer without cargo types is not set up yet: nothing to compare the cargo with.
  if (trailer.trailerCargoTypes.length) {
    const compartments = new Map(trailer.trailerCargoTypes.map((entry) => [entry.cargoTypeId, entry.compartmentCount]));
    const carried = [...new Set(load.stops.flatMap((stop) => (stop.cargoTypeId === null ? [] : [stop.cargoTypeId])))];
    const foreign = carried.filter((id) => !compartments.has(id)).sort((a, b) => a - b);
    if (foreign.length) found.push({ kind: 'cargoType', resource: 'trailer', resourceId, cargoTypeIds: foreign });
    for (const [cargoTypeId, stops] of loadedStopsByCargoType(load)) {
      const available = compartments.get(cargoTypeId);
      if (available !== undefined && stops > available) {
        found.push({ kind: 'compartments', resource: 'trailer', resourceId, cargoTypeId, stops, compartments: available });
      }
    }
  }
  const weight = peakWeightOnBoard(load);
  if (trailer.maxCargoWeight !== null && weight > trailer.maxCargoWeight) {
    found.push({ kind: 'overweight', resource: 'trailer', resourceId, weight, maxWeight: trailer.maxCargoWeight });
  }
  return found;
}

interface BusyWindow {
  id: number;
  start: number;
  end: number;
}

interface BusySchedule {
  /** By start, ascending. */
  windows: BusyWindow[];
  longest: number;
}

function busySchedule(windows: BusyWindow[]): BusySchedule {
  windows.sort((a, b) => a.start - b.start);
  return { windows, longest: windows.reduce((longest, window) => Math.max(longest, window.end - window.start), 0) };
}

/** The ids of the windows overlapping [start, end), other than `ownId`: only those starting after `start − longest` can. */
function overlappingIds(
  schedule: BusySchedule | undefined,
  { start, end }: { start: number; end: number },
  ownId: number,
): number[] {
  if (!schedule) return [];
  const { windows, longest } = schedule;
  let low = 0;
  let high = windows.length;
  const earliest = start - longest;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((windows[middle] as BusyWindow).start < earliest) low = middle + 1;
    else high = middle;
  }
  const ids: number[] = [];
  for (let index = low; index < windows.length; index += 1) {
    const other = windows[index] as BusyWindow;
    if (other.start >= end) break;
    if (other.id !== ownId && start < other.end) ids.push(other.id);
  }
  return ids;
}

/** Compares loads with the loads they share resources with, indexed once. */
export interface ConflictFinder {
  /** The conflicts of `load` (as edited: its own row among the others is left out by id). */
  conflictsOf(load: ConflictLoad): LoadConflict[];
}

/**
 * Builds the finder over `others` (the loads of the period, drafts included or not, as the caller
 * decides) and the organization's resources. Merged loads take no part: their stops live on.
 */
export function conflictFinder(others: readonly ConflictLoad[], resources: ConflictResources): ConflictFinder {
  const busy = new Map<string, BusyWindow[]>();
  for (const other of others) {
    if (other.status === 'Merged') continue;
    const window = loadBusyWindow(other);
    for (const resource of CONFLICT_RESOURCES) {
      const resourceId = other[RESOURCE_FIELD[resource]];
      if (resourceId === null) continue;
      const key = resourceKey(resource, resourceId);
      const list = busy.get(key);
      if (list) list.push({ id: other.id, ...window });
      else busy.set(key, [{ id: other.id, ...window }]);
    }
  }
  // Each resource's windows by start, with the longest: a load is compared only with the windows
  // that can reach it (a week of 10,000 loads gives a driver about 1,000).
  const schedules = new Map([...busy].map(([key, windows]) => [key, busySchedule(windows)]));
  const downtimes = new Map<string, ResourceDowntime[]>();
  for (const downtime of resources.downtimes) {
    const key = resourceKey(downtime.resourceType, downtime.resourceId);
    const list = downtimes.get(key);
    if (list) list.push(downtime);
    else downtimes.set(key, [downtime]);
  }
  const rows = {
    driver: new Map(resources.drivers.map((row) => [row.id, row])),
    tractor: new Map(resources.tractors.map((row) => [row.id, row])),
    trailer: new Map(resources.trailers.map((row) => [row.id, row])),
  };

  return {
    conflictsOf(load) {
      if (load.status === 'Merged') return [];
      const window = loadBusyWindow(load);
      const span = { start: new Date(window.start), end: new Date(window.end) };
      const found: LoadConflict[] = [];
      for (const resource of CONFLICT_RESOURCES) {
        const resourceId = load[RESOURCE_FIELD[resource]];
        if (resourceId === null) continue;
        const key = resourceKey(resource, resourceId);
        const overlapping = overlappingIds(schedules.get(key), window, load.id);
        if (overlapping.length) {
          found.push({ kind: 'overlap', resource, resourceId, orderIds: [...new Set(overlapping)].sort((a, b) => a - b) });
        }
        const descriptions = (downtimes.get(key) ?? [])
          .filter((downtime) => overlapsDowntime(downtime, span.start, span.end))
          .map((downtime) => downtime.description);
        if (descriptions.length) found.push({ kind: 'downtime', resource, resourceId, descriptions });
        const row = rows[resource].get(resourceId);
        if (row && !row.enabled) found.push({ kind: 'disabled', resource, resourceId });
      }
      const trailer = load.trailerId === null ? undefined : rows.trailer.get(load.trailerId);
      if (trailer) found.push(...trailerCapacityConflicts(load, trailer));
      return found;
    },
  };
}

/** The conflicts of one load among `others` (see conflictFinder). */
export function loadConflicts(load: ConflictLoad, others: readonly ConflictLoad[], resources: ConflictResources): LoadConflict[] {
  return conflictFinder(others, resources).conflictsOf(load);
}

/** The conflicts of each of `loads` among `others`, by load id (loads without any are left out). */
export function conflictsByLoad(
  loads: readonly ConflictLoad[],
  others: readonly ConflictLoad[],
  resources: ConflictResources,
): Map<number, LoadConflict[]> {
  const finder = conflictFinder(others, resources);
  const found = new Map<number, LoadConflict[]>();
  for (const load of loads) {
    const conflicts = finder.conflictsOf(load);
    if (conflicts.length) found.set(load.id, conflicts);
  }
  return found;
}
