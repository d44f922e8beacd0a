import { describe, expect, it } from 'vitest';
import { compartmentRows } from './compartment-layout.ts';

describe('the compartment diagram', () => {
  it('shows at least 8 compartments, filled in part order', () => {
    const rows = compartmentRows(4, [
      { cardId: 7, compartments: 2 },
      { cardId: 9, compartments: 1 },
    ]);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.map((slot) => slot.cardId)).toEqual([7, 7, 9, null, null, null, null, null]);
    expect(rows[0]?.filter((slot) => slot.overflow).map((slot) => slot.number)).toEqual([5, 6, 7, 8]);
  });

  it('shows the larger of the trailer count and those used, 10 per row', () => {
    expect(compartmentRows(12, [{ cardId: 1, compartments: 3 }]).map((row) => row.length)).toEqual([10, 2]);
    expect(compartmentRows(9, [{ cardId: 1, compartments: 21 }]).map((row) => row.length)).toEqual([10, 10, 1]);
  });
});
