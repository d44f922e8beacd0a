import { describe, expect, it } from 'vitest';
import { validateWeekPageSearch } from './week-search.ts';

describe('the loads and drafts search', () => {
  it('keeps a week Sunday and a load id', () => {
    expect(validateWeekPageSearch({ week: '2025-03-02', load: 17 })).toEqual({ week: '2025-03-02', load: 17 });
    // The router hands over what it could not read as JSON as text.
    expect(validateWeekPageSearch({ load: '17' })).toEqual({ week: undefined, load: 17 });
  });

  it('drops malformed values instead of refusing the link', () => {
    expect(validateWeekPageSearch({ week: 'next week', load: 'abc' })).toEqual({ week: undefined, load: undefined });
    expect(validateWeekPageSearch({ week: 20250302, load: 1.5 })).toEqual({ week: undefined, load: undefined });
    expect(validateWeekPageSearch({})).toEqual({ week: undefined, load: undefined });
  });
});
