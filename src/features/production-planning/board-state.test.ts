import { describe, expect, it } from 'vitest';
import { clearGeneration, matchesSearch, moveCard, reconcileBuckets, searchHaystack, searchWords } from './board-state.ts';

describe('the planning board buckets', () => {
  it('puts new cards at the end of the day bucket and drops cards that left', () => {
    const start = { day: [1, 2], generation: [3] };
    expect(reconcileBuckets(start, [2, 3, 4])).toEqual({ day: [2, 4], generation: [3] });
    expect(reconcileBuckets(start, [1, 2, 3])).toBe(start);
  });

  it('keeps a card in its place when its provisional id becomes the real one', () => {
    const start = { day: [1], generation: [-5, 2] };
    expect(reconcileBuckets(start, [1, 2, 40], (id) => (id === -5 ? 40 : id))).toEqual({ day: [1], generation: [40, 2] });
  });

  it('moves a card between buckets and reorders within one', () => {
    const start = { day: [1, 2, 3], generation: [] };
    const moved = moveCard(start, 2, 'generation', 0);
    expect(moved).toEqual({ day: [1, 3], generation: [2] });
    expect(moveCard(moved, 1, 'generation', -1)).toEqual({ day: [3], generation: [2, 1] });
    expect(moveCard(start, 3, 'day', 0)).toEqual({ day: [3, 1, 2], generation: [] });
    expect(moveCard(start, 9, 'generation', 0)).toBe(start);
  });

  it('clears the generation bucket back to the end of the day bucket', () => {
    expect(clearGeneration({ day: [1], generation: [4, 2] })).toEqual({ day: [1, 4, 2], generation: [] });
  });

  it('finds a card by any of its texts, every word somewhere', () => {
    const haystack = searchHaystack(['North Mill', 'Farm 12', 'Starter ration', '24 t', 'PP-7', 'LOT-3', null]);
    expect(matchesSearch(haystack, searchWords(''))).toBe(true);
    expect(matchesSearch(haystack, searchWords(' North  lot-3 '))).toBe(true);
    expect(matchesSearch(haystack, searchWords('farm 13'))).toBe(false);
  });
});
