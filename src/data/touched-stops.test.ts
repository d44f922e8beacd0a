import { describe, expect, it } from 'vitest';
import { isOthersChange } from './touched-stops.ts';

describe('isOthersChange', () => {
  it('leaves the user’s own completion unmarked (issue 18: the row turned red for it)', () => {
    expect(isOthersChange({ orderId: 1, stopId: 2, changedByUserId: 7 }, 7)).toBe(false);
  });

  it('marks what others and devices changed', () => {
    expect(isOthersChange({ orderId: 1, stopId: 2, changedByUserId: 8 }, 7)).toBe(true);
    expect(isOthersChange({ orderId: 1, stopId: 2, changedByUserId: null }, 7)).toBe(true);
    expect(isOthersChange({ orderId: 1, stopId: 2, changedByUserId: 7 }, undefined)).toBe(true);
  });
});
