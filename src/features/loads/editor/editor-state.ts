import type { Order, OrderInput, StopInput } from '#core/contract/orders';
import { orderInputSchema } from '#core/contract/orders';
import { remapReferences } from '#src/data/sync/reference-remap.ts';
import type { TravelTimePair } from '#core/contract/planning';
import { cargoBasis } from '#core/domain/cargo';
import { loadDateFromStops } from '#core/domain/load-rules';
import { type EditableStop, newLoadInput } from '#core/domain/stop-editing';
import { gramsToDisplayWeight, type WeightUnit, weightUnitToGrams } from '#core/domain/units';
// The overlay module holds the input mapping and imports only core, so this stays testable without a browser.
import { inputFromOrder } from '#src/data/sync/load-overlay.ts';

/**
 * A stop row of the editor. `clientKey` names the row for React and drag and drop while stops move,
 * split and get added; it never leaves the editor.
 */
export type EditorStop = EditableStop & { clientKey?: string };

/** What the editor edits: a load's input with stops that remember their progress (completed stops lock). */
export interface LoadEditorState extends Omit<OrderInput, 'stops'> {
  stops: EditorStop[];
}

/**
 * Gives every stop a unique row key. The stop-editing rules copy stops with their fields, so a split's
 * copy arrives with its source's key (the later one gets a new key) and an added stop with none.
 */
export function withClientKeys(stops: readonly EditorStop[], makeKey: () => string): EditorStop[] {
  const seen = new Set<string>();
  return stops.map((stop) => {
    if (stop.clientKey !== undefined && !seen.has(stop.clientKey)) {
      seen.add(stop.clientKey);
      return stop;
    }
    const clientKey = makeKey();
    seen.add(clientKey);
    return { ...stop, clientKey };
  });
}

/** A new load or draft (spec 1 §4: Open, the current date, Origin 1 and Destination 2). */
export function editorStateForNewLoad(nowIso: string, isDraft: boolean): LoadEditorState {
  const { status: _status, ...input } = newLoadInput(nowIso);
  return { ...input, isDraft };
}

/** The fields of a stop row that can carry a message. */
export type StopField =
  | 'organizationLocationId'
  | 'cargoTypeId'
  | 'quantity'
  | 'weight'
  | 'orderNumber'
  | 'customerOrderNumber'
  | 'notes'
  | 'arrivalTime'
  | 'durationMinutes';

/** Why an entry is refused; the form translates each code (load-editor:errors.<code>). */
export type EditorErrorCode =
  | 'locationRequired'
  | 'cargoTypeRequired'
  | 'quantityMin'
  | 'weightNegative'
  | 'durationRange'
  | 'tooLong'
  | 'invalid'
  | 'noStops';

export interface EditorErrors {
  /** Problems of the load as a whole (no stops, duplicate sequences). */
  form: EditorErrorCode[];
  /** Per stop, by index in `state.stops`. */
  stops: Partial<Record<StopField, EditorErrorCode>>[];
}

/** The editor's starting point for an existing load: its input, stops in sequence order, with their progress. */
export function editorStateFromLoad(load: Order): LoadEditorState {
  const input = inputFromOrder(load);
  const stops = input.stops.map((stop, index): EditableStop => {
    const saved = load.stops[index]!;
    return { ...stop, status: saved.status, completedAt: saved.completedAt, originalStopId: saved.originalStopId };
  });
  return { ...input, stops: stops.sort((a, b) => a.sequence - b.sequence) };
}

/** Empty text counts as no value, so clearing a field is the same as never filling it. */
function text(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

/** The stop as a save sends it: progress fields dropped (the server owns them), text normalised. */
function stopInputOf(stop: EditorStop): StopInput {
  const { status: _status, completedAt: _completedAt, originalStopId: _originalStopId, clientKey: _clientKey, ...input } = stop;
  return {
    ...input,
    lotId: text(input.lotId),
    orderNumber: text(input.orderNumber),
    customerOrderNumber: text(input.customerOrderNumber),
    notes: text(input.notes),
  };
}

/** The input a save sends; the load's date is its first stop's arrival when it has one (spec 1 §4). */
export function orderInputFromEditor(state: LoadEditorState): OrderInput {
  const stops = [...state.stops].sort((a, b) => a.sequence - b.sequence).map(stopInputOf);
  return { ...state, date: loadDateFromStops(stops, state.date), stops };
}

/** JSON with object keys sorted, so two equal inputs compare equal whatever order their metadata keys came in. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => a.localeCompare(b)))
      : inner,
  );
}

/** Spec 1 §4: the edit is dirty (and Save enabled) only when what would be saved differs from the original. */
export function isEditorDirty(state: LoadEditorState, original: LoadEditorState): boolean {
  const normalise = (input: OrderInput) => ({
    ...input,
    // Instants compare as instants: "…:00Z" and "…:00.000Z" are the same time.
    date: Date.parse(input.date),
    stops: input.stops.map((stop) => ({
      ...stop,
      id: stop.id ?? null,
      arrivalTime: stop.arrivalTime === null ? null : Date.parse(stop.arrivalTime),
    })),
  });
  return canonical(normalise(orderInputFromEditor(state))) !== canonical(normalise(orderInputFromEditor(original)));
}

/** Spec 1 §5 and the contract's limits, per field, so the form can say what is wrong where. Empty means savable. */
export function validateEditor(state: LoadEditorState): EditorErrors {
  const errors: EditorErrors = { form: [], stops: state.stops.map(() => ({})) };
  if (state.stops.length === 0) errors.form.push('noStops');
  state.stops.forEach((stop, index) => {
    const own = errors.stops[index]!;
    if (stop.organizationLocationId === null) own.organizationLocationId = 'locationRequired';
    // Only origin and destination stops carry cargo: another type has its cargo type cleared (spec 1 §4).
    if ((stop.type === 'Origin' || stop.type === 'Destination') && stop.cargoTypeId === null)
      own.cargoTypeId = 'cargoTypeRequired';
    if (stop.quantity !== null && !(stop.quantity >= 1)) own.quantity = 'quantityMin';
    if (stop.weight !== null && !(stop.weight >= 0)) own.weight = 'weightNegative';
    if (
      stop.durationMinutes !== null &&
      !(Number.isInteger(stop.durationMinutes) && stop.durationMinutes >= 0 && stop.durationMinutes <= 1440)
    )
      own.durationMinutes = 'durationRange';
  });
  // Whatever the rules above let through still has to pass the contract the server checks.
  // A customer (or tractor…) created on this device has a provisional, negative id until the outbox
  // sends it under its real one: the contract checks everything else.
  const parsed = orderInputSchema.safeParse(remapReferences(orderInputSchema, orderInputFromEditor(state), () => 1));
  if (!parsed.success) {
    const bySequence = [...state.stops].map((stop, index) => ({ stop, index })).sort((a, b) => a.stop.sequence - b.stop.sequence);
    for (const issue of parsed.error.issues) {
      const [root, position, field] = issue.path;
      if (root === 'stops' && typeof position === 'number' && typeof field === 'string') {
        const index = bySequence[position]?.index;
        const own = index === undefined ? undefined : errors.stops[index];
        if (own && !own[field as StopField])
          own[field as StopField] = issue.code === 'too_big' && field !== 'durationMinutes' ? 'tooLong' : 'invalid';
      } else if (!errors.form.includes('invalid') && !errors.form.includes('noStops')) {
        errors.form.push('invalid');
      }
    }
  }
  return errors;
}

export function hasErrors(errors: EditorErrors): boolean {
  return errors.form.length > 0 || errors.stops.some((own) => Object.keys(own).length > 0);
}

/** Which amount a stop row shows first: the one it has, else its cargo type's basis (spec 1 §3), else quantity. */
export function initialMeasure(stop: Pick<StopInput, 'quantity' | 'weight' | 'cargoTypeId'>): 'quantity' | 'weight' {
  if (stop.quantity !== null) return 'quantity';
  if (stop.weight !== null) return 'weight';
  return stop.cargoTypeId === null ? 'quantity' : cargoBasis(stop.cargoTypeId);
}

/**
 * A weight typed in the user's unit as stored grams. Re-entering the value already shown keeps the
 * stored grams, so looking at a weight never makes the load dirty through rounding.
 */
export function gramsFromWeightEntry(entry: number | string, unit: WeightUnit, currentGrams: number | null): number | null {
  if (entry === '' || entry === '-') return null;
  const value = typeof entry === 'number' ? entry : Number(entry);
  if (!Number.isFinite(value)) return currentGrams;
  if (currentGrams !== null && gramsToDisplayWeight(currentGrams, unit) === value) return currentGrams;
  return weightUnitToGrams(value, unit);
}

/** The legs between consecutive stops that have two different locations (a same-location leg is 0). */
export function legPairs(stops: readonly Pick<EditorStop, 'organizationLocationId'>[]): TravelTimePair[] {
  const pairs = new Map<string, TravelTimePair>();
  stops.slice(1).forEach((stop, index) => {
    const origin = stops[index]!.organizationLocationId;
    const destination = stop.organizationLocationId;
    if (origin === null || destination === null || origin === destination) return;
    pairs.set(`${origin}>${destination}`, {
      originOrganizationLocationId: origin,
      destinationOrganizationLocationId: destination,
    });
  });
  return [...pairs.values()];
}
