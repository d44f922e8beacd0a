import { describe, expect, it, vi } from 'vitest';
import { NameOrder } from './name-order.ts';

const item = (name: string, deviceId: number) => ({ name, deviceId });
const byDevice = (entry: { deviceId: number }) => entry.deviceId;

describe('NameOrder', () => {
  it('sorts by name as the collator does (accents and case alike), then by device id', () => {
    const order = new NameOrder();
    const sorted = order.sort([item('zoe', 1), item('Émile', 9), item('emile', 3), item('Adam', 4), item('adam', 2)], byDevice);
    expect(sorted.map((entry) => entry.deviceId)).toEqual([2, 4, 3, 9, 1]);
  });

  it('calls the collator only when a name is new, not on every sort of the same fleet', () => {
    const order = new NameOrder();
    const fleet = Array.from({ length: 50 }, (_, index) => item(`Driver ${index % 7}`, index));
    order.sort(fleet, byDevice);
    const compare = vi.spyOn(Intl.Collator.prototype, 'compare', 'get');
    const again = order.sort([...fleet].reverse(), byDevice);
    expect(compare).not.toHaveBeenCalled();
    expect(again.map((entry) => entry.deviceId)).toEqual(order.sort(fleet, byDevice).map((entry) => entry.deviceId));
    compare.mockRestore();
    const withNew = order.sort([...fleet, item('Aaron', 99)], byDevice);
    expect(withNew[0]!.deviceId).toBe(99);
  });
});
