import { describe, expect, it } from 'vitest';
import { ProvisionalIds } from './provisional-ids.ts';

describe('ProvisionalIds', () => {
  it('keeps each store’s provisional ids apart', () => {
    const ids = new ProvisionalIds();
    ids.set('customers', -100, 7);
    ids.set('orders', -100, 900);
    expect(ids.get('customers', -100)).toBe(7);
    expect(ids.get('orders', -100)).toBe(900);
    expect(ids.get('tractors', -100)).toBeUndefined();
    expect(ids.provisionalOf('customers', 7)).toBe(-100);
    expect(ids.provisionalOf('tractors', 7)).toBeUndefined();
  });

  it('resolves provisional ids it knows and leaves real and unknown ones', () => {
    const ids = new ProvisionalIds();
    ids.set('tractors', -5, 12);
    expect(ids.resolve('tractors', -5)).toBe(12);
    expect(ids.resolve('tractors', -6)).toBe(-6);
    expect(ids.resolve('tractors', 3)).toBe(3);
  });

  it('reads back what it stored after a reload, loads under the key older builds wrote', () => {
    expect(ProvisionalIds.storageKey('orders', -42)).toBe('outbox.id.-42');
    expect(ProvisionalIds.storageKey('customers', -42)).toBe('outbox.id.customers.-42');
    const restored = new ProvisionalIds();
    restored.restore([
      { key: ProvisionalIds.storageKey('orders', -42), value: '501' },
      { key: ProvisionalIds.storageKey('customers', -42), value: '77' },
      { key: 'outbox.rebase.501', value: '{"from":1,"to":2}' },
    ]);
    expect(restored.get('orders', -42)).toBe(501);
    expect(restored.get('customers', -42)).toBe(77);
    expect(restored.get('orders', 501)).toBeUndefined();
  });
});
