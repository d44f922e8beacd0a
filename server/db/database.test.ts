import { describe, expect, it } from 'vitest';
import { readConfig } from '#server/config';
import { DEFAULT_POOL_SIZE, poolSize } from './database.ts';

describe('poolSize', () => {
  it('gives the embedded database, which serves one node alone, more clients than a shared one', () => {
    expect(poolSize(readConfig({}), true)).toBe(DEFAULT_POOL_SIZE.embedded);
    expect(poolSize(readConfig({}), false)).toBe(DEFAULT_POOL_SIZE.shared);
    expect(DEFAULT_POOL_SIZE.embedded).toBeGreaterThan(DEFAULT_POOL_SIZE.shared);
  });

  it('takes DATABASE_POOL_SIZE over either default', () => {
    const config = readConfig({ DATABASE_POOL_SIZE: '8' });
    expect(poolSize(config, true)).toBe(8);
    expect(poolSize(config, false)).toBe(8);
  });

  it('refuses a size that is not a whole number of at least one', () => {
    for (const size of ['0', '-3', '2.5', 'many']) {
      expect(() => readConfig({ DATABASE_POOL_SIZE: size })).toThrow(/DATABASE_POOL_SIZE/);
    }
  });
});
