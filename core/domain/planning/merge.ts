import type { Order, OrderInput, Stop, StopInput } from '#core/contract/orders';
import { type LoadStatus, loadDateFromStops, statusAfterDriverChoice } from '#core/domain/load-rules';
import { joinedIdentifiers, STOP_IDENTIFIER_MAX_LENGTH } from '#core/domain/stop-identifiers';

/**
 * Merge and unmerge of drafts (spec 1 §4, §7). Merging makes one new draft out of ≥ 2 drafts and
 * marks the sources Merged (they stay stored, untouched otherwise); unmerging removes the merged
 * draft and gives the sources back their status. The UI previews `mergeDrafts` and the server
 * computes it again from the sources as they are when it writes.
 */

export const MERGE_MIN_DRAFTS = 2;
/** A load holds at most 100 stops (`orderInputSchema`); a merge that would exceed it is refused. */
export const MERGE_MAX_STOPS = 100;
const IDENTIFIER_FIELDS = ['lotId', 'orderNumber', 'customerOrderNumber'] as const;

/** What merging reads of a stop; a saved `Stop` fits. */
export type MergeStop = Pick<
  Stop,
  | 'sequence'
  | 'type'
  | 'organizationLocationId'
  | 'organizationSubLocationIds'
  | 'cargoTypeId'
  | 'customerId'
  | 'lotId'
  | 'orderNumber'
  | 'customerOrderNumber'
  | 'quantity'
  | 'weight'
  | 'notes'
  | 'arrivalTime'
  | 'requiredBegin'
  | 'requiredEnd'
  | 'durationMinutes'
  | 'metadata'
>;

/** What merging reads of a draft; a saved `Order` fits. */
export interface MergeSource
  extends Pick<
    Order,
    | 'id'
    | 'isDraft'
    | 'status'
    | 'owningOrganizationId'
    | 'date'
    | 'transportedByUserId'
    | 'tractorId'
    | 'trailerId'
    | 'washOption'
    | 'metadata'
  > {
  stops: readonly MergeStop[];
}

/** The new draft a merge creates: a load as a client sends it, plus its status and its sources. */
export interface MergedDraft extends OrderInput {
  isDraft: true;
  status: LoadStatus;
  /** The source drafts' ids, ascending. */
  mergedFromOrderIds: number[];
}

// ---------------------------------------------------------------------------
// Stop key
// ---------------------------------------------------------------------------

/**
 * The merge key of a stop. Two stops combine exactly when their keys are equal, that is when they have
 * the same
 *   1. stop type (Origin, Destination, Weigh, Waypoint),
 *   2. location (`organizationLocationId`, null counting as a value of its own),
 *   3. set of sub-locations (`organizationSubLocationIds`, order and repeats ignored),
 *   4. cargo type (`cargoTypeId`, null a value of its own) and
 *   5. customer (`customerId`, null a value of its own).
 * Written as "type|location|sub,locations|cargoType|customer" with "-" for null, e.g.
 * "Origin|11|3,7|2|-". Arrival times, windows, amounts, lot and order numbers are not part of it: they
 * are what gets combined. Stops of the same draft combine too (the merged load stops there once).
 */
export function mergeStopKey(
  stop: Pick<MergeStop, 'type' | 'organizationLocationId' | 'organizationSubLocationIds' | 'cargoTypeId' | 'customerId'>,
): string {
  const subLocations = [...new Set(stop.organizationSubLocationIds ?? [])].sort((a, b) => a - b).join(',');
  const part = (value: number | null | undefined) => (value === null || value === undefined ? '-' : String(value));
  return [stop.type, part(stop.organizationLocationId), subLocations, part(stop.cargoTypeId), part(stop.customerId)].join('|');
}

/**
 * The drafts' stops grouped by `mergeStopKey`, each group once in the merged load: members in draft
 * order then stop order (so "first" means the first draft's), groups ordered by their first member's
 * position (all drafts' first stops in the order the drafts are given, then all second stops, …).
 */
function stopGroups(drafts: readonly MergeSource[]): { members: MergeStop[] }[] {
  const groups = new Map<string, { rank: number; order: number; members: MergeStop[] }>();
  drafts.forEach((draft, order) => {
    const stops = [...draft.stops].sort((a, b) => a.sequence - b.sequence);
    stops.forEach((stop, rank) => {
      const key = mergeStopKey(stop);
      const group = groups.get(key);
      if (!group) groups.set(key, { rank, order, members: [stop] });
      else {
        group.members.push(stop);
        if (rank < group.rank || (rank === group.rank && order < group.order)) Object.assign(group, { rank, order });
      }
    });
  });
  return [...groups.values()].sort((a, b) => a.rank - b.rank || a.order - b.order);
}

// ---------------------------------------------------------------------------
// Eligibility
// ---------------------------------------------------------------------------

/** Why a set of loads cannot be merged; the UI translates the key, the server answers it as the 422 rule. */
export type MergeRefusal =
  | 'fewerThanTwoDrafts'
  | 'duplicateDraft'
  | 'notADraft'
  | 'differentOrganizations'
  /** Delivered, Merged or In Transit: only Open and Assigned drafts merge, so unmerge can restore them exactly. */
  | 'statusNotMergeable'
  | 'tooManyStops'
  /** A combined stop's lot ids, order numbers or customer order numbers, listed, would pass the field's 100 characters. */
  | 'identifiersTooLong';

const MERGEABLE_STATUSES: readonly LoadStatus[] = ['Open', 'Assigned'];

/**
 * Whether drafts may be merged (spec 1 §4, §9): at least 2 distinct drafts of one organization, each
 * still a draft, Open or Assigned (never Delivered, Merged or In Transit), the merged load must fit
 * in `MERGE_MAX_STOPS` stops, and each combined stop's identifiers in their fields (a merge loses none).
 * The first failing rule is the reason.
 */
export function canMerge(drafts: readonly MergeSource[]): { allowed: boolean; reason: MergeRefusal | null } {
  const refuse = (reason: MergeRefusal) => ({ allowed: false, reason });
  if (drafts.length < MERGE_MIN_DRAFTS) return refuse('fewerThanTwoDrafts');
  if (new Set(drafts.map((draft) => draft.id)).size !== drafts.length) return refuse('duplicateDraft');
  if (drafts.some((draft) => !draft.isDraft)) return refuse('notADraft');
  if (new Set(drafts.map((draft) => draft.owningOrganizationId)).size !== 1) return refuse('differentOrganizations');
  if (drafts.some((draft) => !MERGEABLE_STATUSES.includes(draft.status))) return refuse('statusNotMergeable');
  const groups = stopGroups(drafts);
  if (groups.length > MERGE_MAX_STOPS) return refuse('tooManyStops');
  const fits = (members: readonly MergeStop[]) =>
    IDENTIFIER_FIELDS.every(
      (field) => (joinedIdentifiers(members.map((stop) => stop[field])) ?? '').length <= STOP_IDENTIFIER_MAX_LENGTH,
    );
  if (!groups.every((group) => fits(group.members))) return refuse('identifiersTooLong');
  return { allowed: true, reason: null };
}

// ---------------------------------------------------------------------------
// Merge
// ---------------------------------------------------------------------------

/** Salmonella results from best to worst; the merged draft carries the worst of its sources. */
export const SALMONELLA_RESULTS = ['negative', 'suspicious', 'mildPositive', 'highPositive'] as const;
export type SalmonellaResult = (typeof SALMONELLA_RESULTS)[number];

const NOTES_MAX_LENGTH = 2000;

type Metadata = Record<string, unknown>;

function isRecord(value: unknown): value is Metadata {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The one value every item shares, else null. */
function common<T>(values: readonly (T | null)[]): T | null {
  const first = values[0] ?? null;
  return values.every((value) => value === first) ? first : null;
}

function earliest(values: readonly (string | null)[]): string | null {
  let best: string | null = null;
  for (const value of values) if (value && (best === null || Date.parse(value) < Date.parse(best))) best = value;
  return best;
}

function latest(values: readonly (string | null)[]): string | null {
  let best: string | null = null;
  for (const value of values) if (value && (best === null || Date.parse(value) > Date.parse(best))) best = value;
  return best;
}

/** Sum of the values given; null when no member had one (an empty field stays empty). */
function total(values: readonly (number | null)[]): number | null {
  let sum: number | null = null;
  for (const value of values) if (value !== null && value !== undefined) sum = (sum ?? 0) + value;
  return sum;
}

/** Notes "summed": the distinct non-empty notes, one per line, cut to the field's 2000 characters. */
function joinedNotes(values: readonly (string | null)[]): string | null {
  const distinct = [...new Set(values.map((note) => note?.trim() ?? '').filter(Boolean))];
  return distinct.length ? distinct.join('\n').slice(0, NOTES_MAX_LENGTH) : null;
}

/** One combined stop out of the stops sharing a key, members in merge order. */
function combineStops(members: readonly MergeStop[], sequence: number): StopInput {
  const [first] = members as [MergeStop, ...MergeStop[]];
  const durations = members.map((stop) => stop.durationMinutes).filter((minutes): minutes is number => minutes !== null);
  return {
    sequence,
    type: first.type,
    organizationLocationId: first.organizationLocationId,
    organizationSubLocationIds: [...new Set(first.organizationSubLocationIds)].sort((a, b) => a - b),
    cargoTypeId: first.cargoTypeId,
    customerId: first.customerId,
    lotId: joinedIdentifiers(members.map((stop) => stop.lotId)),
    orderNumber: joinedIdentifiers(members.map((stop) => stop.orderNumber)),
    customerOrderNumber: joinedIdentifiers(members.map((stop) => stop.customerOrderNumber)),
    quantity: total(members.map((stop) => stop.quantity)),
    weight: total(members.map((stop) => stop.weight)),
    notes: joinedNotes(members.map((stop) => stop.notes)),
    // The truck is there once: at the earliest arrival, within a window covering every source's.
    arrivalTime: earliest(members.map((stop) => stop.arrivalTime)),
    requiredBegin: earliest(members.map((stop) => stop.requiredBegin)),
    requiredEnd: latest(members.map((stop) => stop.requiredEnd)),
    // A lower bound (the longest source stop); scheduling recomputes it from the throughput rules.
    durationMinutes: durations.length ? Math.max(...durations) : null,
    // Shallow, the first source's value winning a clash.
    metadata: Object.assign({}, ...[...members].reverse().map((stop) => (isRecord(stop.metadata) ? stop.metadata : {}))),
  };
}

/** A draft's cargo amount for weighting its average weight: the quantity its Origin stops pick up. */
function pickedQuantity(draft: MergeSource): number {
  return draft.stops.reduce((sum, stop) => sum + (stop.type === 'Origin' ? (stop.quantity ?? 0) : 0), 0);
}

/**
 * The merged load's metadata (spec 1 §4): the sources' metadata shallow-merged (the first source wins a
 * clash), then `cargo.salmonellaResult` the worst of the sources' results and `cargo.averageWeight` the
 * average of theirs weighted by each source's picked-up quantity (a plain mean when no source has a
 * quantity; whole grams).
 */
export function mergedMetadata(drafts: readonly MergeSource[]): Metadata {
  const metadata: Metadata = Object.assign(
    {},
    ...[...drafts].reverse().map((draft) => (isRecord(draft.metadata) ? draft.metadata : {})),
  );
  const cargos = drafts.map((draft) => (isRecord(draft.metadata?.cargo) ? draft.metadata.cargo : null));
  const cargo: Metadata = Object.assign({}, ...[...cargos].reverse().map((item) => item ?? {}));

  const ranks = cargos
    .map((item) => SALMONELLA_RESULTS.indexOf(item?.salmonellaResult as SalmonellaResult))
    .filter((rank) => rank >= 0);
  if (ranks.length) cargo.salmonellaResult = SALMONELLA_RESULTS[Math.max(...ranks)];

  const averages = drafts
    .map((draft, index) => ({ value: cargos[index]?.averageWeight, weight: pickedQuantity(draft) }))
    .filter((item): item is { value: number; weight: number } => typeof item.value === 'number' && Number.isFinite(item.value));
  if (averages.length) {
    const totalWeight = averages.reduce((sum, item) => sum + item.weight, 0);
    const mean =
      totalWeight > 0
        ? averages.reduce((sum, item) => sum + item.value * item.weight, 0) / totalWeight
        : averages.reduce((sum, item) => sum + item.value, 0) / averages.length;
    cargo.averageWeight = Math.round(mean);
  }
  if (cargos.some(Boolean)) metadata.cargo = cargo;
  return metadata;
}

/**
 * Merges drafts into one new draft (spec 1 §4). Stops with the same `mergeStopKey` combine: quantities
 * and weights summed (an amount no member had stays null), notes joined, the earliest arrival and
 * window start, the latest window end, every distinct lot id, order number and customer order number
 * listed ("A-1, A-2", see `joinedIdentifiers`). The combined stops are ordered
 * by the position of their first member: all drafts' first stops (in the order the drafts are given),
 * then all second stops, and so on; sequences are renumbered from 1. The draft is Assigned with the
 * driver every source shares, else Open without a driver; a tractor, trailer or wash option is kept
 * when every source has the same one. Its date is its first stop's arrival (else the earliest source
 * date). Callers check `canMerge` first.
 */
export function mergeDrafts(drafts: readonly MergeSource[]): MergedDraft {
  const stops = stopGroups(drafts).map((group, index) => combineStops(group.members, index + 1));

  const driver = common(drafts.map((draft) => draft.transportedByUserId));
  const earliestDate = earliest(drafts.map((draft) => draft.date)) ?? drafts[0]?.date ?? new Date(0).toISOString();
  return {
    date: loadDateFromStops(stops, earliestDate),
    isDraft: true,
    status: statusAfterDriverChoice(driver),
    transportedByUserId: driver,
    tractorId: common(drafts.map((draft) => draft.tractorId)),
    trailerId: common(drafts.map((draft) => draft.trailerId)),
    washOption: common(drafts.map((draft) => draft.washOption)),
    metadata: mergedMetadata(drafts),
    mergedFromOrderIds: drafts.map((draft) => draft.id).sort((a, b) => a - b),
    stops,
  };
}

/** The sources as a merge leaves them: status Merged, nothing else changed. */
export function markMergedSources<Source extends { status: LoadStatus }>(sources: readonly Source[]): Source[] {
  return sources.map((source) => ({ ...source, status: 'Merged' }));
}

/**
 * Puts a merged draft's stops in the order of a preview the user saw (the server recomputes the merge
 * but keeps the order shown). Stops are matched by `mergeStopKey`; when the preview's keys are not
 * exactly the merged draft's (the sources changed meanwhile), the merged draft keeps its own order.
 * Sequences are renumbered from 1.
 */
export function applyMergedStopOrder(merged: MergedDraft, preview: readonly Parameters<typeof mergeStopKey>[0][]): MergedDraft {
  const byKey = new Map(merged.stops.map((stop) => [mergeStopKey(stop), stop]));
  const keys = preview.map(mergeStopKey);
  if (keys.length !== byKey.size || new Set(keys).size !== keys.length || !keys.every((key) => byKey.has(key))) return merged;
  return { ...merged, stops: keys.map((key, index) => ({ ...byKey.get(key)!, sequence: index + 1 })) };
}

// ---------------------------------------------------------------------------
// Unmerge
// ---------------------------------------------------------------------------

/** Why a merged draft cannot be split; the UI translates the key, the server answers it as the 422 rule. */
export type UnmergeRefusal = 'notAMergedDraft' | 'notADraft' | 'sourceMissing' | 'sourceNotMerged';

export type UnmergeResult<Source> =
  | {
      ok: true;
      /** The merged draft to delete. */
      removeOrderId: number;
      /** The sources with their status restored (Assigned with a driver, else Open), in `mergedFromOrderIds` order. */
      restored: Source[];
    }
  | { ok: false; reason: UnmergeRefusal };

/**
 * Describes splitting a merged draft back into its sources (feature UnmergeDrafts). Merging only
 * changed the sources' status (Open or Assigned, as their driver gives, to Merged), so restoring it
 * from the driver gives back exactly the drafts that were merged. Every source named by
 * `mergedFromOrderIds` must be given and still Merged; the merged draft must still be a draft.
 */
export function unmergeDrafts<Source extends { id: number; status: LoadStatus; transportedByUserId: number | null }>(
  merged: { id: number; isDraft: boolean; mergedFromOrderIds: readonly number[] | null },
  sources: readonly Source[],
): UnmergeResult<Source> {
  if (!merged.mergedFromOrderIds?.length) return { ok: false, reason: 'notAMergedDraft' };
  if (!merged.isDraft) return { ok: false, reason: 'notADraft' };
  const byId = new Map(sources.map((source) => [source.id, source]));
  const restored: Source[] = [];
  for (const id of merged.mergedFromOrderIds) {
    const source = byId.get(id);
    if (!source) return { ok: false, reason: 'sourceMissing' };
    if (source.status !== 'Merged') return { ok: false, reason: 'sourceNotMerged' };
    restored.push({ ...source, status: statusAfterDriverChoice(source.transportedByUserId) });
  }
  return { ok: true, removeOrderId: merged.id, restored };
}
