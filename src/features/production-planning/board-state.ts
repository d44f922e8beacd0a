/**
 * The two buckets of the planning board (spec 3 "Production planning"): which cards wait in the day
 * bucket and which were moved to the generation bucket, each in the order the planner arranged.
 * Pure, so the drag handlers and the tests share it; the cards themselves come from the mirror.
 */

export type BucketName = 'day' | 'generation';
export const BUCKET_NAMES: readonly BucketName[] = ['day', 'generation'];

export interface Buckets {
  day: number[];
  generation: number[];
}

export const EMPTY_BUCKETS: Buckets = { day: [], generation: [] };

/**
 * The buckets over the cards the board shows now: cards that left (deleted, grouped, out of the
 * range) leave their bucket, new ones join the end of the day bucket, and a card whose provisional
 * id became a real one keeps its place (`renamed`).
 */
export function reconcileBuckets(
  buckets: Buckets,
  cardIds: readonly number[],
  renamed: (id: number) => number = (id) => id,
): Buckets {
  const present = new Set(cardIds);
  const keep = (ids: number[]) => {
    const kept: number[] = [];
    for (const id of ids) {
      const current = renamed(id);
      if (present.has(current) && !kept.includes(current)) kept.push(current);
    }
    return kept;
  };
  const generation = keep(buckets.generation);
  const day = keep(buckets.day).filter((id) => !generation.includes(id));
  const placed = new Set([...day, ...generation]);
  const added = cardIds.filter((id) => !placed.has(id));
  const next = { day: [...day, ...added], generation };
  return sameBuckets(next, buckets) ? buckets : next;
}

function sameBuckets(a: Buckets, b: Buckets) {
  const same = (x: number[], y: number[]) => x.length === y.length && x.every((id, index) => y[index] === id);
  return same(a.day, b.day) && same(a.generation, b.generation);
}

export function bucketOf(buckets: Buckets, id: number): BucketName | null {
  if (buckets.generation.includes(id)) return 'generation';
  if (buckets.day.includes(id)) return 'day';
  return null;
}

/**
 * Moves a card to `index` of a bucket (the end when the index is past it or -1); within one bucket this
 * reorders. A card in neither bucket is left alone.
 */
export function moveCard(buckets: Buckets, id: number, to: BucketName, index: number): Buckets {
  const from = bucketOf(buckets, id);
  if (from === null) return buckets;
  const without: Buckets = {
    day: buckets.day.filter((card) => card !== id),
    generation: buckets.generation.filter((card) => card !== id),
  };
  const target = without[to];
  const at = index < 0 || index > target.length ? target.length : index;
  return { ...without, [to]: [...target.slice(0, at), id, ...target.slice(at)] };
}

/** Clear: every card of the generation bucket returns to the end of the day bucket, in its order. */
export function clearGeneration(buckets: Buckets): Buckets {
  return { day: [...buckets.day, ...buckets.generation], generation: [] };
}

/** A card's searchable texts as the day bucket's search reads them: joined and lowercased once, when the card is worded. */
export function searchHaystack(texts: readonly (string | null)[]): string {
  return texts
    .filter((text): text is string => text !== null)
    .join('\n')
    .toLocaleLowerCase();
}

/** The words of a search, lowercased; none for a blank search. */
export function searchWords(query: string): string[] {
  return query.trim().toLocaleLowerCase().split(/\s+/).filter(Boolean);
}

/** The day bucket's search (spec 3): every word must appear in one of the card's searchable texts. */
export function matchesSearch(haystack: string, words: readonly string[]): boolean {
  return words.every((word) => haystack.includes(word));
}
