import type { Order, Stop } from '#core/contract/orders';
import type { DRAFTS_SORT_ORDERS } from '#core/contract/user';
import type { LoadStatus } from '#core/domain/load-rules';
import { joinedIdentifiers } from '#core/domain/stop-identifiers';
import { type CompletenessOptions, type CompletenessRule, draftCompleteness } from '#core/domain/planning/completeness';
import { loadTripSeconds } from '#core/domain/planning/stop-times';
import { GRAMS_PER_WEIGHT_UNIT, secondsToMinutes, type WeightUnit, weightPrecision, weightUnitToGrams } from '#core/domain/units';
import type { ZonedClock } from '#src/ui/zoned-clock.ts';

/**
 * The filtering and sorting of a week of loads (spec 1 §2 "Loads and drafts table"), pure and fast:
 * everything a filter compares is computed once per load when the data changes (`buildLoadRows`),
 * so a keystroke only runs cheap string and number tests (`filterAndSortLoads`).
 */

export const TEXT_FILTERS = ['orderNumber', 'date', 'firstStopTime', 'lastStopTime', 'completedTime'] as const;
export type TextFilterField = (typeof TEXT_FILTERS)[number];

export const SELECT_FILTERS = ['cargo', 'origin', 'destination', 'driver', 'tractor', 'trailer', 'status', 'customer'] as const;
export type SelectFilterField = (typeof SELECT_FILTERS)[number];

export const WEIGHT_OPERATORS = ['<', '<=', '>', '>=', '='] as const;
export type WeightOperator = (typeof WEIGHT_OPERATORS)[number];

/** A weight as the user typed it, in the unit they typed it in. */
export interface WeightFilter {
  operator: WeightOperator;
  value: number;
  unit: WeightUnit;
}

export interface LoadFilters {
  /** Substring filters; dates and times compare as "YYYY-MM-DD HH:mm" in the user's zone. */
  text: Record<TextFilterField, string>;
  /** Multi-selects: a load passes when it matches any chosen value (an empty choice passes all). */
  select: Record<SelectFilterField, string[]>;
  weight: WeightFilter | null;
  /** Free text: every word must appear somewhere in the load's shown values. */
  search: string;
}

export type LoadSort = (typeof DRAFTS_SORT_ORDERS)[number];

/** The driver/tractor/trailer choice meaning "none assigned". */
export const UNASSIGNED = 'none';

export const EMPTY_FILTERS: LoadFilters = {
  text: { orderNumber: '', date: '', firstStopTime: '', lastStopTime: '', completedTime: '' },
  select: { cargo: [], origin: [], destination: [], driver: [], tractor: [], trailer: [], status: [], customer: [] },
  weight: null,
  search: '',
};

export function hasActiveFilters(filters: LoadFilters): boolean {
  return (
    TEXT_FILTERS.some((field) => filters.text[field].trim() !== '') ||
    SELECT_FILTERS.some((field) => filters.select[field].length > 0) ||
    filters.weight !== null ||
    filters.search.trim() !== ''
  );
}

/** A location choice is "12"; a sub-location of it is "12:5" (spec 1 §2: origin and destination can pick a sub-location). */
export function locationChoice(locationId: number, subLocationId?: number): string {
  return subLocationId === undefined ? String(locationId) : `${locationId}:${subLocationId}`;
}

export interface LocationLookup {
  name: string;
  customerId: number | null;
  subLocations: ReadonlyMap<number, string>;
}

/** Names of the reference rows a load points at, from the offline mirror. */
export interface LoadLookups {
  locations: ReadonlyMap<number, LocationLookup>;
  cargoTypes: ReadonlyMap<number, string>;
  customers: ReadonlyMap<number, string>;
  drivers: ReadonlyMap<number, string>;
  tractors: ReadonlyMap<number, string>;
  trailers: ReadonlyMap<number, string>;
  /** Carriers the organization hands loads to, by their organization id. */
  carriers?: ReadonlyMap<number, string>;
}

export interface LoadRowContext {
  lookups: LoadLookups;
  clock: ZonedClock;
  statusLabel: (status: LoadStatus) => string;
  /** Drafts table only: each draft's completeness (spec 1 §5) is checked with these options. */
  completeness?: CompletenessOptions;
}

/** One load with everything the table shows, filters and sorts precomputed. */
export interface LoadRow {
  order: Order;
  id: number;
  /** Shown texts. */
  orderNumbers: string;
  cargo: string;
  origin: string;
  destination: string;
  driver: string;
  tractor: string;
  trailer: string;
  /** Instants (ms) of the first and last stop arrivals and of the completion (Delivered loads only). */
  dateMs: number;
  firstStopMs: number | null;
  lastStopMs: number | null;
  completedMs: number | null;
  /** Estimated total trip time, rounded up to 5 minutes (spec 1 §9). */
  tripMinutes: number | null;
  /** The completeness rules a draft fails (its row's warning); empty when complete or not checked. */
  incomplete: readonly CompletenessRule[];
  /** Keys the filters compare. */
  text: Record<TextFilterField, string>;
  cargoIds: readonly number[];
  originIds: readonly number[];
  originSubs: readonly string[];
  destinationIds: readonly number[];
  destinationSubs: readonly string[];
  customerIds: readonly number[];
  driverKey: string;
  tractorKey: string;
  trailerKey: string;
  weightGrams: number | null;
  searchText: string;
  /** Keys the sorts compare; the natural order-number key is made the first time that sort asks. */
  orderNumberSort: string | null;
  createdRank: number;
}

const bySequence = (a: Stop, b: Stop) => a.sequence - b.sequence;

function sortedStops(stops: readonly Stop[]): readonly Stop[] {
  for (let index = 1; index < stops.length; index += 1) {
    if ((stops[index - 1] as Stop).sequence > (stops[index] as Stop).sequence) return [...stops].sort(bySequence);
  }
  return stops;
}

/** Digit runs padded so that plain string order is natural order ("PF-9" before "PF-10"). */
function naturalKey(text: string) {
  return text.toLowerCase().replace(/\d+/g, (digits) => digits.padStart(12, '0'));
}

/** Planned weight picked up: the origin stops' actual weight when weighed, else their planned weight. */
export function loadWeightGrams(order: Order): number | null {
  let total: number | null = null;
  for (const stop of order.stops) {
    if (stop.type !== 'Origin') continue;
    const grams = stop.actualWeight ?? stop.weight;
    if (grams !== null) total = (total ?? 0) + grams;
  }
  return total;
}

const NO_TRAVEL_TIMES: ReadonlyMap<string, number> = new Map();

/**
 * Estimated trip time in minutes, decided by core `loadTripSeconds` as the editor and the
 * expansion decide it: the figure the server stored, else the rule over the legs the stops carry.
 */
export function tripMinutes(order: Order): number | null {
  const seconds = loadTripSeconds(order.stops, NO_TRAVEL_TIMES, order);
  return seconds === null ? null : secondsToMinutes(seconds);
}

/** Ids of loads created here offline are negative and newest; real ids grow with creation. */
function createdRank(id: number) {
  return id < 0 ? 1e15 - id : id;
}

const NONE: readonly never[] = [];

/** Origins or destinations of a load: location ids, "location:sub" choices and the shown names. */
class Places {
  ids: number[] = [];
  subs: string[] = [];
  names: string[] = [];

  add(stop: Stop, location: LocationLookup | undefined) {
    const locationId = stop.organizationLocationId as number;
    if (!this.ids.includes(locationId)) this.ids.push(locationId);
    let name = location?.name ?? '';
    let subNames = '';
    for (const subId of stop.organizationSubLocationIds) {
      const choice = locationChoice(locationId, subId);
      if (!this.subs.includes(choice)) this.subs.push(choice);
      const subName = location?.subLocations.get(subId);
      if (subName) subNames = subNames ? `${subNames}, ${subName}` : subName;
    }
    if (subNames) name = `${name} › ${subNames}`;
    if (name && !this.names.includes(name)) this.names.push(name);
  }
}

// One pass over the stops and few allocations: this runs for every load of the week at once.
export function buildLoadRow(order: Order, context: LoadRowContext): LoadRow {
  const { lookups, clock } = context;
  const stops = sortedStops(order.stops);
  const orderNumbers: string[] = [];
  const cargoIds: number[] = [];
  const customerIds: number[] = [];
  const origins = new Places();
  const destinations = new Places();
  let references = '';
  let completedMs: number | null = null;
  const delivered = order.status === 'Delivered';
  for (const stop of stops) {
    if (stop.orderNumber && !orderNumbers.includes(stop.orderNumber)) orderNumbers.push(stop.orderNumber);
    if (stop.cargoTypeId !== null && !cargoIds.includes(stop.cargoTypeId)) cargoIds.push(stop.cargoTypeId);
    const location = stop.organizationLocationId === null ? undefined : lookups.locations.get(stop.organizationLocationId);
    const customerId = stop.customerId ?? location?.customerId ?? null;
    if (customerId !== null && !customerIds.includes(customerId)) customerIds.push(customerId);
    if (stop.organizationLocationId !== null) {
      if (stop.type === 'Origin') origins.add(stop, location);
      else if (stop.type === 'Destination') destinations.add(stop, location);
    }
    if (stop.customerOrderNumber) references += ` ${stop.customerOrderNumber}`;
    if (stop.lotId) references += ` ${stop.lotId}`;
    if (delivered && stop.completedAt) completedMs = Math.max(completedMs ?? 0, Date.parse(stop.completedAt));
  }
  const origin = origins.names.join(', ');
  const destination = destinations.names.join(', ');
  let cargo = '';
  for (const id of cargoIds) {
    const label = lookups.cargoTypes.get(id);
    if (label) cargo = cargo ? `${cargo}, ${label}` : label;
  }
  let customers = '';
  for (const id of customerIds) customers += ` ${lookups.customers.get(id) ?? ''}`;
  const first = stops[0]?.arrivalTime;
  const last = stops[stops.length - 1]?.arrivalTime;
  const firstStopMs = first ? Date.parse(first) : null;
  const lastStopMs = last ? Date.parse(last) : null;
  const dateMs = Date.parse(order.date);
  // The organization's own resources by its lists; a carrier's, by the names the load carries for its owner.
  const named = order.carrierResources;
  const nameOf = (id: number | null, own: ReadonlyMap<number, string>, carriers: string | null | undefined) =>
    id === null ? '' : (own.get(id) ?? carriers ?? '');
  const driverName = nameOf(order.transportedByUserId, lookups.drivers, named?.driverName);
  // A load handed to a carrier names the carrier, and its driver once it has one.
  const carrier =
    order.transportingOrganizationId === order.owningOrganizationId
      ? undefined
      : lookups.carriers?.get(order.transportingOrganizationId);
  const driver = carrier ? [carrier, driverName].filter(Boolean).join(' · ') : driverName;
  const tractor = nameOf(order.tractorId, lookups.tractors, named?.tractorName);
  const trailer = nameOf(order.trailerId, lookups.trailers, named?.trailerName);
  // A merged stop lists several ("PO-1, PO-2"): each number is shown once.
  const numbers = joinedIdentifiers(orderNumbers) ?? '';
  const text = {
    orderNumber: numbers.toLowerCase(),
    date: clock.date(dateMs),
    firstStopTime: firstStopMs === null ? '' : clock.dateTime(firstStopMs),
    lastStopTime: lastStopMs === null ? '' : clock.dateTime(lastStopMs),
    completedTime: completedMs === null ? '' : clock.dateTime(completedMs),
  };
  const searchText =
    `${numbers} |${references} | ${cargo} | ${origin} | ${destination} |${customers} | ${driver} | ${tractor} | ` +
    `${trailer} | ${context.statusLabel(order.status)} | ${text.date} ${text.firstStopTime} ${text.lastStopTime} ${text.completedTime}`;
  return {
    order,
    id: order.id,
    orderNumbers: numbers,
    cargo,
    origin,
    destination,
    driver,
    tractor,
    trailer,
    dateMs,
    firstStopMs,
    lastStopMs,
    completedMs,
    tripMinutes: tripMinutes(order),
    incomplete: context.completeness ? draftCompleteness(order, context.completeness).missing : NONE,
    text,
    cargoIds,
    originIds: origins.ids,
    originSubs: origins.subs.length ? origins.subs : NONE,
    destinationIds: destinations.ids,
    destinationSubs: destinations.subs.length ? destinations.subs : NONE,
    customerIds,
    driverKey: order.transportedByUserId === null ? UNASSIGNED : String(order.transportedByUserId),
    tractorKey: order.tractorId === null ? UNASSIGNED : String(order.tractorId),
    trailerKey: order.trailerId === null ? UNASSIGNED : String(order.trailerId),
    weightGrams: loadWeightGrams(order),
    searchText: searchText.toLowerCase(),
    orderNumberSort: null,
    createdRank: createdRank(order.id),
  };
}

/**
 * Rows of every load. With a cache (kept while the lookups, zone and language stay the same) only
 * loads whose object changed are computed again: the mirror and the queued-change overlay hand
 * back the same object for an unchanged load.
 */
export function buildLoadRows(orders: readonly Order[], context: LoadRowContext, cache?: WeakMap<Order, LoadRow>): LoadRow[] {
  return orders.map((order) => {
    let row = cache?.get(order);
    if (!row) {
      row = buildLoadRow(order, context);
      cache?.set(order, row);
    }
    return row;
  });
}

/** Whether a weight in grams passes; "=" means equal as shown, to the unit's display precision. */
export function weightMatches(grams: number, filter: WeightFilter): boolean {
  const target = weightUnitToGrams(filter.value, filter.unit);
  switch (filter.operator) {
    case '<':
      return grams < target;
    case '<=':
      return grams <= target;
    case '>':
      return grams > target;
    case '>=':
      return grams >= target;
    case '=':
      return Math.abs(grams - target) < (GRAMS_PER_WEIGHT_UNIT[filter.unit] * 10 ** -weightPrecision(filter.unit)) / 2;
  }
}

type Compare = (a: LoadRow, b: LoadRow) => number;

/** Missing values sort last whichever the direction. */
function byNumber(key: (row: LoadRow) => number | null, direction: 1 | -1): Compare {
  return (a, b) => {
    const left = key(a);
    const right = key(b);
    if (left === right) return 0;
    if (left === null) return 1;
    if (right === null) return -1;
    return (left - right) * direction;
  };
}

function orderNumberSortKey(row: LoadRow) {
  if (row.orderNumberSort === null) {
    row.orderNumberSort = naturalKey(row.orderNumbers);
  }
  return row.orderNumberSort;
}

const COMPARE: Record<LoadSort, Compare> = {
  'firstStopTime:asc': byNumber((row) => row.firstStopMs, 1),
  'firstStopTime:desc': byNumber((row) => row.firstStopMs, -1),
  'date:asc': byNumber((row) => row.dateMs, 1),
  'date:desc': byNumber((row) => row.dateMs, -1),
  'orderNumber:asc': (a, b) => {
    const left = orderNumberSortKey(a);
    const right = orderNumberSortKey(b);
    if (left === right) return 0;
    if (!left) return 1;
    if (!right) return -1;
    return left < right ? -1 : 1;
  },
  'createdAt:desc': (a, b) => b.createdRank - a.createdRank,
};

const anyIn = (values: readonly (string | number)[], chosen: ReadonlySet<string>) =>
  values.some((value) => chosen.has(String(value)));

function placeMatches(ids: readonly number[], subs: readonly string[], chosen: ReadonlySet<string>) {
  return anyIn(ids, chosen) || subs.some((sub) => chosen.has(sub));
}

/** The loads that pass every filter, in the given order (ties keep id order, so pages are stable). */
export function filterAndSortLoads(rows: readonly LoadRow[], filters: LoadFilters, sort: LoadSort): LoadRow[] {
  const texts = TEXT_FILTERS.map((field) => [field, filters.text[field].trim().toLowerCase()] as const).filter(
    ([, value]) => value !== '',
  );
  const chosen = Object.fromEntries(
    SELECT_FILTERS.map((field) => [field, filters.select[field].length ? new Set(filters.select[field]) : null]),
  ) as Record<SelectFilterField, Set<string> | null>;
  const words = filters.search.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const weight = filters.weight;

  const passes = (row: LoadRow) => {
    for (const [field, value] of texts) if (!row.text[field].includes(value)) return false;
    if (chosen.cargo && !anyIn(row.cargoIds, chosen.cargo)) return false;
    if (chosen.origin && !placeMatches(row.originIds, row.originSubs, chosen.origin)) return false;
    if (chosen.destination && !placeMatches(row.destinationIds, row.destinationSubs, chosen.destination)) return false;
    if (chosen.driver && !chosen.driver.has(row.driverKey)) return false;
    if (chosen.tractor && !chosen.tractor.has(row.tractorKey)) return false;
    if (chosen.trailer && !chosen.trailer.has(row.trailerKey)) return false;
    if (chosen.status && !chosen.status.has(row.order.status)) return false;
    if (chosen.customer && !anyIn(row.customerIds, chosen.customer)) return false;
    if (weight && (row.weightGrams === null || !weightMatches(row.weightGrams, weight))) return false;
    for (const word of words) if (!row.searchText.includes(word)) return false;
    return true;
  };

  const result = rows.filter(passes);
  const compare = COMPARE[sort];
  return result.sort((a, b) => compare(a, b) || a.id - b.id);
}
