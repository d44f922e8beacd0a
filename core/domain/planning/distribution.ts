/**
 * Production planning: production cards distributed into draft loads that fit the trailers
 * (issue 22, spec 3). Run by the planner worker for the preview and by the server before it writes.
 */

export const DISTRIBUTION_MODES = ['greedy', 'equitable'] as const;
export type DistributionMode = (typeof DISTRIBUTION_MODES)[number];
/** What a card asks to move; amounts are integers in the basis unit (grams for weight basis, head/units for quantity basis). */
export interface PlanningCard {
  id: number;
  cargoTypeId: number;
  basis: 'weight' | 'quantity';
  /** Quantity basis: units to move. */
  quantity: number | null;
  /** Total weight (quantity basis: quantity × average weight). */
  weightGrams: number;
  originLocationId: number;
  originSubLocationIds: number[];
  destinationLocationId: number;
  destinationSubLocationIds: number[];
  lotId: string | null;
  orderNumber: string | null;
  productionPlan: string | null;
  /** YYYY-MM-DD */
  targetDate: string;
}
/** The most restrictive enabled trailer carrying the cargo type, so every draft fits any of them. */
export interface TrailerProfile {
  cargoTypeId: number;
  maxCargoWeightGrams: number;
  compartmentCount: number;
}
export interface PlannedPart {
  cardId: number;
  compartments: number;
  quantity: number | null;
  weightGrams: number;
}
export interface PlannedDraft {
  cargoTypeId: number;
  parts: PlannedPart[];
  weightGrams: number;
  compartmentsUsed: number;
}
export type UnplacedReason = 'capacity' | 'compartments' | 'noTrailer';
export interface Distribution {
  drafts: PlannedDraft[];
  unplaced: { cardId: number; reason: UnplacedReason }[];
  lowerBound: number;
}

/**
 * One cargo type's cards, as the distribution sees them: an amount in the card's basis unit
 * (grams, or whole head/units, which are never cut) and how much of it one compartment holds.
 */
interface Item {
  card: PlanningCard;
  /** Grams (weight basis) or units (quantity basis). */
  amount: number;
  /** Amount one compartment holds: the compartment's grams, or the whole units whose weight fits in it. */
  perCompartment: number;
  /** Grams per amount unit (1 for the weight basis), to weigh a part while balancing. */
  unitGrams: number;
}

/** A load being built: the amount of each item (by index) it carries. */
type LoadAmounts = Map<number, number>;

/**
 * A compartment holds one card's cargo only (lots are never mixed), so a part needs whole
 * compartments; a card of nothing still takes one, so that it reaches a stop.
 */
function compartmentsFor(amount: number, perCompartment: number): number {
  return Math.max(1, Math.ceil(amount / perCompartment));
}

/** Compartments an item still needs when `left` of it is unplaced (`started`: some of it already is). */
function need(left: number, perCompartment: number, started: boolean): number {
  if (left > 0) return Math.ceil(left / perCompartment);
  return started ? 0 : 1;
}

/**
 * Distributes production cards into draft loads, one cargo type at a time (each with its own
 * trailer profile; the first profile given for a cargo type is used).
 *
 * A compartment holds `floor(maxCargoWeightGrams / compartmentCount)` grams of one card (the floor
 * because parts are whole grams), so a load never weighs more than the trailer's maximum, and a
 * card needs `ceil(amount / perCompartment)` compartments (quantity basis: whole units, as many as
 * fit by weight). Parts of a card may go to several loads, so the fewest loads possible is
 * `ceil(Σ compartments needed / compartmentCount)`, which also covers `ceil(total weight / capacity)`:
 * both modes use exactly that many (`lowerBound`, summed over cargo types).
 *
 * - greedy: card order, each load filled to its last compartment before the next one starts (the
 *   last load takes what is left, however little).
 * - equitable: the same number of loads, their weights as even as the compartments allow (within
 *   one compartment's capacity, usually within a gram or a unit).
 *
 * Deterministic: the same cards, profiles and mode give the same drafts.
 */
export function distributeCards(
  cards: readonly PlanningCard[],
  profiles: readonly TrailerProfile[],
  mode: DistributionMode,
): Distribution {
  const drafts: PlannedDraft[] = [];
  const unplaced: Distribution['unplaced'] = [];
  let lowerBound = 0;
  const cargoTypeIds = [...new Set(cards.map((card) => card.cargoTypeId))];
  for (const cargoTypeId of cargoTypeIds) {
    const ofType = cards.filter((card) => card.cargoTypeId === cargoTypeId);
    const profile = profiles.find((candidate) => candidate.cargoTypeId === cargoTypeId);
    if (!profile) {
      for (const card of ofType) unplaced.push({ cardId: card.id, reason: 'noTrailer' });
      continue;
    }
    if (!(profile.compartmentCount >= 1)) {
      for (const card of ofType) unplaced.push({ cardId: card.id, reason: 'compartments' });
      continue;
    }
    const compartmentCount = Math.floor(profile.compartmentCount);
    const compartmentGrams = Math.floor(profile.maxCargoWeightGrams / compartmentCount);
    const items: Item[] = [];
    for (const card of ofType) {
      const item = toItem(card, compartmentGrams);
      if (item) items.push(item);
      else unplaced.push({ cardId: card.id, reason: 'capacity' });
    }
    if (items.length === 0) continue;
    const totalNeed = items.reduce((sum, item) => sum + need(item.amount, item.perCompartment, false), 0);
    const loadCount = Math.ceil(totalNeed / compartmentCount);
    lowerBound += loadCount;
    const loads =
      mode === 'greedy'
        ? fillInOrder(items, compartmentCount)
        : balance(items, spreadInOrder(items, compartmentCount, loadCount), compartmentCount);
    drafts.push(...toDrafts(cargoTypeId, items, loads));
  }
  return { drafts, unplaced, lowerBound };
}

/** The card as an amount and a compartment's share of it; null when not even one unit fits a compartment. */
function toItem(card: PlanningCard, compartmentGrams: number): Item | null {
  if (compartmentGrams < 1) return null;
  if (card.basis === 'weight') {
    return { card, amount: Math.max(0, card.weightGrams), perCompartment: compartmentGrams, unitGrams: 1 };
  }
  const amount = Math.max(0, card.quantity ?? 0);
  const weightGrams = Math.max(0, card.weightGrams);
  if (amount === 0 || weightGrams === 0) {
    return { card, amount, perCompartment: Math.max(1, amount), unitGrams: 0 };
  }
  // k units weigh at most ceil(k × weight / quantity) grams (see toDrafts), which fits a compartment while k ≤ this.
  const perCompartment = Math.floor((compartmentGrams * amount) / weightGrams);
  if (perCompartment < 1) return null;
  return { card, amount, perCompartment, unitGrams: weightGrams / amount };
}

/**
 * Greedy: cards in order, each load filled to its last compartment. A card's whole compartments go
 * first and its remainder last, so a load never wastes a compartment on a card's partial share and
 * the loads used are exactly the lower bound.
 */
function fillInOrder(items: readonly Item[], compartmentCount: number): LoadAmounts[] {
  const loads: LoadAmounts[] = [];
  let current: LoadAmounts = new Map();
  let free = compartmentCount;
  items.forEach((item, index) => {
    let left = item.amount;
    let started = false;
    while (need(left, item.perCompartment, started) > 0) {
      if (free === 0) {
        loads.push(current);
        current = new Map();
        free = compartmentCount;
      }
      const take = Math.min(left, free * item.perCompartment);
      current.set(index, take);
      free -= compartmentsFor(take, item.perCompartment);
      left -= take;
      started = true;
    }
  });
  if (current.size > 0) loads.push(current);
  return loads;
}

/**
 * Equitable, first pass: cards in order again, but each load stops at its share of the weight still
 * to place (so the loads come out even), cutting a card where the share ends. Cutting a card can
 * cost a compartment (both sides of the cut need one), so a load must also take enough of the
 * compartments still needed that the loads after it can hold the rest: that keeps the count at
 * `loadCount`. Where the two pull apart, the compartments win and `balance` evens out the rest.
 */
function spreadInOrder(items: readonly Item[], compartmentCount: number, loadCount: number): LoadAmounts[] {
  const left = items.map((item) => item.amount);
  const started = items.map(() => false);
  let remainingNeed = items.reduce((sum, item) => sum + need(item.amount, item.perCompartment, false), 0);
  let remainingGrams = items.reduce((sum, item) => sum + item.amount * item.unitGrams, 0);
  // Compartments to spare over all the loads: each cut that costs one (both sides of it need a
  // compartment) spends one, so they are spent evenly along the loads rather than all early.
  const spare = loadCount * compartmentCount - remainingNeed;
  let wasted = 0;
  const loads: LoadAmounts[] = [];
  let cursor = 0;
  for (let loadIndex = 0; loadIndex < loadCount && cursor < items.length; loadIndex++) {
    const load: LoadAmounts = new Map();
    const isLast = loadIndex === loadCount - 1;
    let free = compartmentCount;
    let grams = 0;
    const targetGrams = Math.ceil(remainingGrams / (loadCount - loadIndex) - 1e-9);
    // Compartments this load must still take so that the loads after it can hold what is left.
    let mustTake = remainingNeed - (loadCount - loadIndex - 1) * compartmentCount;
    while (cursor < items.length && free > 0) {
      const item = items[cursor] as Item;
      const { perCompartment, unitGrams } = item;
      const leftOfItem = left[cursor] as number;
      const itemNeed = need(leftOfItem, perCompartment, started[cursor] as boolean);
      const wantGrams = targetGrams - grams;
      if (!isLast && wantGrams <= 0 && mustTake <= 0) break;
      let take: number;
      if (isLast || (itemNeed <= free && leftOfItem * unitGrams <= wantGrams) || itemNeed <= mustTake) {
        take = leftOfItem; // the whole rest of the card: it fits the share, or the compartments demand it
      } else {
        const wantAmount = unitGrams > 0 ? wantGrams / unitGrams : Number.POSITIVE_INFINITY;
        const mayWaste = wasted < Math.ceil(((loadIndex + 1) * spare) / loadCount);
        take = cutAmount(leftOfItem, perCompartment, free, mustTake, wantAmount, mayWaste);
        if (take <= 0) break; // the share is reached before this card: it starts the next load
      }
      const reduction = itemNeed - need(leftOfItem - take, perCompartment, true);
      const used = compartmentsFor(take, perCompartment);
      wasted += used - reduction;
      load.set(cursor, (load.get(cursor) ?? 0) + take);
      free -= used;
      mustTake -= reduction;
      remainingNeed -= reduction;
      grams += take * unitGrams;
      remainingGrams -= take * unitGrams;
      left[cursor] = leftOfItem - take;
      started[cursor] = true;
      if (left[cursor] === 0) cursor++;
      else break; // the card was cut: this load has its share or its compartments
    }
    loads.push(load);
  }
  return loads;
}

/** How many fewer compartments the card needs after `take` more of it is placed. */
function needReduction(left: number, take: number, perCompartment: number): number {
  return Math.ceil(left / perCompartment) - Math.ceil((left - take) / perCompartment);
}

/**
 * Where to cut a card that does not fit the load's share whole: the amount nearest `want` among
 * those that cost no compartment (taking s compartments' worth, anywhere from the card's
 * remainder plus s−1 full compartments to s full ones, leaves the rest needing exactly s fewer),
 * nothing at all, the whole card, or — when a spare compartment may be spent — `want` itself. It
 * always frees at least the `mustTake` compartments the later loads need.
 */
function cutAmount(
  left: number,
  perCompartment: number,
  free: number,
  mustTake: number,
  want: number,
  mayWaste: boolean,
): number {
  const itemNeed = Math.ceil(left / perCompartment);
  const remainder = left - (itemNeed - 1) * perCompartment;
  const wanted = Math.round(Math.min(want, left));
  let best = -1;
  let bestDistance = Number.POSITIVE_INFINITY;
  const consider = (amount: number) => {
    const distance = Math.abs(amount - want);
    if (distance < bestDistance) {
      best = amount;
      bestDistance = distance;
    }
  };
  if (mustTake <= 0) consider(0);
  for (let compartments = Math.max(1, mustTake); compartments <= Math.min(itemNeed - 1, free); compartments++) {
    consider(Math.min(compartments * perCompartment, Math.max(remainder + (compartments - 1) * perCompartment, wanted)));
  }
  if (itemNeed <= free) consider(left);
  if (mayWaste) {
    const exact = Math.min(left, free * perCompartment, Math.max(0, wanted));
    if (needReduction(left, exact, perCompartment) >= mustTake) consider(exact);
  }
  return best;
}

/**
 * Equitable, second pass: where the compartments kept the first pass from even loads, even out
 * pairs of loads, heaviest first: move part of a card from the heavier load to the lighter (into its
 * part's spare room or a free compartment), possibly taking back another card's part, which frees
 * the compartment the move needs (a small card sitting in the lighter load's last compartment).
 * Every exchange brings a pair closer without crossing, so the sum of squared weights falls and this
 * ends; no exchange ever leaves a load with more compartments than the trailer's.
 */
const BALANCE_CANDIDATES = 24;

function balance(items: readonly Item[], loads: LoadAmounts[], compartmentCount: number): LoadAmounts[] {
  const grams = loads.map((load) => loadGrams(items, load));
  const used = loads.map((load) => loadCompartments(items, load));
  const state = { items, loads, grams, used, compartmentCount };
  const maxExchanges = 50 * loads.length + 1_000;
  for (let exchanges = 0; exchanges < maxExchanges; exchanges++) {
    const byWeight = loads.map((_, index) => index).sort((a, b) => (grams[a] as number) - (grams[b] as number) || a - b);
    const heaviest = byWeight[byWeight.length - 1] as number;
    const lightest = byWeight[0] as number;
    // The heaviest with the lightest loads first, then the lightest with the heaviest; only the
    // nearest extremes are tried, which keeps a board of hundreds of loads well under 100 ms.
    const evened =
      byWeight.slice(0, BALANCE_CANDIDATES).some((to) => to !== heaviest && evenPair(state, heaviest, to)) ||
      byWeight
        .slice(-BALANCE_CANDIDATES)
        .toReversed()
        .some((from) => from !== lightest && evenPair(state, from, lightest));
    if (!evened) break;
  }
  return loads;
}

interface BalanceState {
  items: readonly Item[];
  loads: LoadAmounts[];
  grams: number[];
  used: number[];
  compartmentCount: number;
}

/** Compartments a load's part takes: none when the card is absent from it. */
function partCompartments(item: Item, amount: number | undefined): number {
  return amount === undefined ? 0 : compartmentsFor(amount, item.perCompartment);
}

/**
 * The best exchange between two loads: `amount` of card `give` from the heavier to the lighter,
 * and optionally the lighter's whole part of card `back` in return. False when none evens the pair.
 */
function evenPair(state: BalanceState, from: number, to: number): boolean {
  const { items, loads, grams, used, compartmentCount } = state;
  const gap = (grams[from] as number) - (grams[to] as number);
  if (gap <= 0) return false;
  const source = loads[from] as LoadAmounts;
  const target = loads[to] as LoadAmounts;
  let best: { give: number; amount: number; back: number | null; backAmount: number; after: number } | null = null;
  for (const [give, available] of source) {
    const giveItem = items[give] as Item;
    if (giveItem.unitGrams <= 0 || available <= 0) continue;
    for (const { back, backAmount } of returnOptions(items, target, give)) {
      const backItem = back === null ? null : (items[back] as Item);
      const backGrams = backItem ? backAmount * backItem.unitGrams : 0;
      // Compartments of the lighter load once `back` has left it, and the room left there for `give`.
      let targetUsed = used[to] as number;
      if (backItem && back !== null) {
        const whole = target.get(back) as number;
        const stays = whole - backAmount;
        targetUsed += partCompartments(backItem, stays > 0 ? stays : undefined) - partCompartments(backItem, whole);
      }
      const there = target.get(give);
      const room = (compartmentCount - targetUsed + partCompartments(giveItem, there)) * giveItem.perCompartment - (there ?? 0);
      const limit = Math.min(available, room);
      if (limit < 1) continue;
      // Moving half the gap (plus what comes back) evens the pair.
      const ideal = (gap / 2 + backGrams) / giveItem.unitGrams;
      for (const candidate of new Set([Math.floor(ideal), Math.ceil(ideal), limit])) {
        const amount = Math.min(Math.max(candidate, 1), limit);
        const moved = amount * giveItem.unitGrams - backGrams;
        if (!(moved > 0 && moved < gap)) continue;
        const after = Math.abs(gap - 2 * moved);
        if (best && after >= best.after) continue;
        const left = available - amount;
        let sourceUsed =
          (used[from] as number) -
          partCompartments(giveItem, available) +
          partCompartments(giveItem, left > 0 ? left : undefined);
        if (backItem && back !== null) {
          const here = source.get(back);
          sourceUsed += partCompartments(backItem, (here ?? 0) + backAmount) - partCompartments(backItem, here);
        }
        if (sourceUsed > compartmentCount) continue;
        best = { give, amount, back, backAmount, after };
      }
    }
  }
  if (!best) return false;
  moveAmount(state, from, to, best.give, best.amount);
  if (best.back !== null) moveAmount(state, to, from, best.back, best.backAmount);
  return true;
}

/**
 * What the lighter load may hand back in an exchange: nothing, or of each other card its whole part,
 * one unit, one compartment's worth, or its last compartment's content (which frees that compartment).
 */
function returnOptions(items: readonly Item[], target: LoadAmounts, give: number): { back: number | null; backAmount: number }[] {
  const options: { back: number | null; backAmount: number }[] = [{ back: null, backAmount: 0 }];
  for (const [back, whole] of target) {
    if (back === give) continue;
    const { perCompartment } = items[back] as Item;
    const lastCompartment = whole - (Math.ceil(whole / perCompartment) - 1) * perCompartment;
    for (const backAmount of new Set([whole, 1, perCompartment, lastCompartment])) {
      if (backAmount <= whole && (backAmount >= 1 || whole === 0)) options.push({ back, backAmount });
    }
  }
  return options;
}

/** Moves `amount` of an item between two loads, keeping their weights and compartments current. */
function moveAmount(state: BalanceState, from: number, to: number, index: number, amount: number) {
  const { items, loads, grams, used } = state;
  const item = items[index] as Item;
  const source = loads[from] as LoadAmounts;
  const target = loads[to] as LoadAmounts;
  const before = source.get(index) as number;
  const there = target.get(index);
  const left = before - amount;
  // A part moved whole leaves the load (a card of nothing included); a cut one stays with the rest.
  const remaining = left > 0 ? left : undefined;
  used[from] = (used[from] as number) - partCompartments(item, before) + partCompartments(item, remaining);
  used[to] = (used[to] as number) - partCompartments(item, there) + partCompartments(item, (there ?? 0) + amount);
  if (remaining === undefined) source.delete(index);
  else source.set(index, remaining);
  target.set(index, (there ?? 0) + amount);
  grams[from] = (grams[from] as number) - amount * item.unitGrams;
  grams[to] = (grams[to] as number) + amount * item.unitGrams;
}

function loadGrams(items: readonly Item[], load: LoadAmounts): number {
  let grams = 0;
  for (const [index, amount] of load) grams += amount * (items[index] as Item).unitGrams;
  return grams;
}

function loadCompartments(items: readonly Item[], load: LoadAmounts): number {
  let compartments = 0;
  for (const [index, amount] of load) compartments += compartmentsFor(amount, (items[index] as Item).perCompartment);
  return compartments;
}

/**
 * The loads as drafts, parts in card order. A quantity card's units are weighed in order across
 * its parts: the part holding units a+1…b weighs floor(W·b/Q) − floor(W·a/Q), so the parts add up to
 * the card's weight exactly and each is within a gram of its share (never over its compartments).
 */
function toDrafts(cargoTypeId: number, items: readonly Item[], loads: readonly LoadAmounts[]): PlannedDraft[] {
  const placed = items.map(() => 0);
  const drafts: PlannedDraft[] = [];
  for (const load of loads) {
    if (load.size === 0) continue;
    const parts: PlannedPart[] = [...load.keys()]
      .sort((a, b) => a - b)
      .map((index) => {
        const item = items[index] as Item;
        const amount = load.get(index) as number;
        const compartments = compartmentsFor(amount, item.perCompartment);
        if (item.card.basis === 'weight') return { cardId: item.card.id, compartments, quantity: null, weightGrams: amount };
        const before = placed[index] as number;
        placed[index] = before + amount;
        const weightGrams =
          item.amount === 0
            ? 0
            : Math.floor((item.card.weightGrams * (before + amount)) / item.amount) -
              Math.floor((item.card.weightGrams * before) / item.amount);
        return { cardId: item.card.id, compartments, quantity: amount, weightGrams };
      });
    drafts.push({
      cargoTypeId,
      parts,
      weightGrams: parts.reduce((sum, part) => sum + part.weightGrams, 0),
      compartmentsUsed: parts.reduce((sum, part) => sum + part.compartments, 0),
    });
  }
  return drafts;
}
