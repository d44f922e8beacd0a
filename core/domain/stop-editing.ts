import type { OrderInput, Stop, StopInput } from '#core/contract/orders';
import type { LoadStatus } from '#core/domain/load-rules';

/**
 * Stop-editor rules of spec 1 §4 ("Stop editing rules", new-load defaults) and §5 ("Stop editor
 * controls"). Every change returns a new list; the lists given are never modified.
 */

/** A stop in the editor: what is sent back (`StopInput`) plus what the editor must see of a saved stop. */
export type EditableStop = StopInput & {
  status?: Stop['status'];
  completedAt?: string | null;
  /** The saved stop this one was split from. */
  originalStopId?: number | null;
};

type StopType = StopInput['type'];

const CARGO_STOP_TYPES: readonly StopType[] = ['Origin', 'Destination'];

/** Sequences 1…n in list order (after a drag or a split). */
function renumbered<S extends EditableStop>(stops: readonly S[]): S[] {
  return stops.map((stop, index) => (stop.sequence === index + 1 ? stop : { ...stop, sequence: index + 1 }));
}

function isComplete(stop: EditableStop): boolean {
  return stop.status === 'Complete' || Boolean(stop.completedAt);
}

/** A stop with every optional field empty, as `stopInputSchema` defaults it. */
function blankStop(sequence: number, type: StopType, cargoTypeId: number | null): EditableStop {
  return {
    sequence,
    type,
    organizationLocationId: null,
    organizationSubLocationIds: [],
    cargoTypeId,
    customerId: null,
    lotId: null,
    orderNumber: null,
    customerOrderNumber: null,
    quantity: null,
    weight: null,
    notes: null,
    arrivalTime: null,
    requiredBegin: null,
    requiredEnd: null,
    durationMinutes: null,
    metadata: {},
    status: 'Not Started',
    completedAt: null,
    originalStopId: null,
  };
}

/** Origin and Destination stops keep their cargo type when their type changes; any other type clears it. */
export function changeStopType<S extends EditableStop>(stops: readonly S[], index: number, type: StopType): S[] {
  return stops.map((stop, position) =>
    position === index ? { ...stop, type, cargoTypeId: CARGO_STOP_TYPES.includes(type) ? stop.cargoTypeId : null } : stop,
  );
}

/**
 * Sets a stop's cargo type. The first cargo type picked on a load (no stop had one) goes on every
 * Origin and Destination stop as well, since a load usually carries one cargo.
 */
export function chooseCargoType<S extends EditableStop>(stops: readonly S[], index: number, cargoTypeId: number | null): S[] {
  const first = cargoTypeId !== null && stops.every((stop) => stop.cargoTypeId === null);
  return stops.map((stop, position) =>
    position === index || (first && CARGO_STOP_TYPES.includes(stop.type)) ? { ...stop, cargoTypeId } : stop,
  );
}

/**
 * What of one cargo type the load has not yet placed, for a stop split from `stop`:
 *   picked   = Σ over Origin stops with the same cargoTypeId (null matches null) of quantity (weight)
 *   dropped  = Σ over Destination stops with that cargoTypeId of quantity (weight), missing values as 0
 *   remaining = max(0, picked − dropped) for a split of any stop but an Origin;
 *               max(0, dropped − picked) for a split of an Origin (what the destinations take that no
 *               origin supplies yet).
 * Weights are whole grams, so the difference is exact.
 */
export function unassignedRemainder(stops: readonly EditableStop[], stop: EditableStop): { quantity: number; weight: number } {
  const total = (type: StopType, field: 'quantity' | 'weight') =>
    stops
      .filter((other) => other.type === type && other.cargoTypeId === stop.cargoTypeId)
      .reduce((sum, other) => sum + (other[field] ?? 0), 0);
  const sign = stop.type === 'Origin' ? -1 : 1;
  const remainder = (field: 'quantity' | 'weight') => Math.max(0, sign * (total('Origin', field) - total('Destination', field)));
  return { quantity: remainder('quantity'), weight: remainder('weight') };
}

/**
 * Splits a stop: a copy goes right after it carrying the unassigned remainder of quantity and
 * weight (see `unassignedRemainder`; a field the stop left empty stays empty when nothing remains),
 * recording the stop it came from in `originalStopId`. Sequences are renumbered from 1.
 */
export function splitStop<S extends EditableStop>(stops: readonly S[], index: number): S[] {
  const stop = stops[index];
  if (!stop) return [...stops];
  const remainder = unassignedRemainder(stops, stop);
  const amount = (left: number, had: number | null) => (left > 0 ? left : had === null ? null : 0);
  const { id: _savedId, ...copied } = stop;
  const copy = {
    ...copied,
    quantity: amount(remainder.quantity, stop.quantity),
    weight: amount(remainder.weight, stop.weight),
    status: 'Not Started',
    completedAt: null,
    originalStopId: stop.id ?? null,
  } as S;
  return renumbered([...stops.slice(0, index + 1), copy, ...stops.slice(index + 1)]);
}

/** Drag and drop: the stop moves from one position to another and sequences are renumbered from 1. */
export function moveStop<S extends EditableStop>(stops: readonly S[], from: number, to: number): S[] {
  const moving = stops[from];
  if (!moving || to < 0 || to >= stops.length) return [...stops];
  const rest = stops.filter((_, position) => position !== from);
  return renumbered([...rest.slice(0, to), moving, ...rest.slice(to)]);
}

/** The smallest sequence number ≥ 1 no stop uses. */
export function firstUnusedSequence(stops: readonly EditableStop[]): number {
  const used = new Set(stops.map((stop) => stop.sequence));
  let sequence = 1;
  while (used.has(sequence)) sequence += 1;
  return sequence;
}

/**
 * Adds a stop with the first unused sequence number, placed among the others by sequence: an Origin
 * when the load has none, else a Destination. When the load's cargo stops share one cargo type the
 * new stop takes it too (the load's cargo, as `chooseCargoType` spread it).
 */
export function addStop(stops: readonly EditableStop[]): EditableStop[] {
  const type: StopType = stops.some((stop) => stop.type === 'Origin') ? 'Destination' : 'Origin';
  const cargoTypes = new Set(stops.filter((stop) => CARGO_STOP_TYPES.includes(stop.type)).map((stop) => stop.cargoTypeId));
  const [shared] = cargoTypes.size === 1 ? [...cargoTypes] : [null];
  const added = blankStop(firstUnusedSequence(stops), type, shared ?? null);
  const position = stops.findIndex((stop) => stop.sequence > added.sequence);
  return position === -1 ? [...stops, added] : [...stops.slice(0, position), added, ...stops.slice(position)];
}

/** Removes a stop; the others keep their sequences (a later new stop takes the freed number). */
export function removeStop<S extends EditableStop>(stops: readonly S[], index: number): S[] {
  return stops.filter((_, position) => position !== index);
}

export interface StopControlsContext {
  /** The active organization is a carrier (spec 1 §5: carriers' stops cannot be edited). */
  isCarrier: boolean;
  /** The load's saved id; null (or a provisional negative id) for a load not yet saved. */
  loadId: number | null;
}

export interface StopControls {
  canDelete: boolean;
  canSplit: boolean;
  canAdd: boolean;
  /** Every field of the stop is read-only. */
  locked: boolean;
}

/**
 * Which stop-editor controls are enabled (spec 1 §5): delete is off for a stop others were split
 * from, for carriers and for completed stops; split and add are off for carriers; split also needs
 * the stop and the load saved (the copy records the saved stop's id). A complete stop, and any stop
 * seen by a carrier, is locked.
 */
export function stopControls(stops: readonly EditableStop[], index: number, ctx: StopControlsContext): StopControls {
  const stop = stops[index];
  if (!stop) return { canDelete: false, canSplit: false, canAdd: !ctx.isCarrier, locked: true };
  const complete = isComplete(stop);
  const splitFrom = stop.id !== undefined && stops.some((other) => other !== stop && other.originalStopId === stop.id);
  const saved = (id: number | null | undefined) => typeof id === 'number' && id > 0;
  return {
    canDelete: !splitFrom && !ctx.isCarrier && !complete,
    canSplit: !ctx.isCarrier && saved(stop.id) && saved(ctx.loadId),
    canAdd: !ctx.isCarrier,
    locked: complete || ctx.isCarrier,
  };
}

/** Header clicks that unlock order numbers a stop already had (spec 1 §5). */
export const ORDER_NUMBER_UNLOCK_CLICKS = 7;

/** A stop's order number is editable when it had none initially, or after 7 clicks on its column header. */
export function canEditOrderNumber(initialOrderNumber: string | null | undefined, headerClicks: number): boolean {
  return !initialOrderNumber?.trim() || headerClicks >= ORDER_NUMBER_UNLOCK_CLICKS;
}

/** A new load as the editor starts it: the load fields a client sends, plus its status. */
export interface NewLoad extends OrderInput {
  status: LoadStatus;
  stops: EditableStop[];
}

/**
 * A new load (spec 1 §4): status Open, the current date, no driver or equipment, an Origin stop with
 * sequence 1 and a Destination with sequence 2. The server makes the owner its transporter.
 */
export function newLoadInput(nowIso: string): NewLoad {
  return {
    status: 'Open',
    date: nowIso,
    isDraft: false,
    transportedByUserId: null,
    tractorId: null,
    trailerId: null,
    washOption: null,
    metadata: {},
    stops: [blankStop(1, 'Origin', null), blankStop(2, 'Destination', null)],
  };
}
