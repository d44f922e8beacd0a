import { describe, expect, it } from 'vitest';
import { mirrorHolds } from './sync-engine.ts';

describe('mirrorHolds', () => {
  const mirror = new Map([[7, { version: 4 }]]);
  const read = async (id: number) => mirror.get(id);

  it('skips the pull for a poke of a version the mirror already holds (this device’s own save)', async () => {
    expect(await mirrorHolds({ id: 7, version: 4 }, read)).toBe(true);
    expect(await mirrorHolds({ id: 7, version: 3 }, read)).toBe(true);
  });

  it('pulls for a newer version, or a load the mirror does not hold', async () => {
    expect(await mirrorHolds({ id: 7, version: 5 }, read)).toBe(false);
    expect(await mirrorHolds({ id: 8, version: 1 }, read)).toBe(false);
  });
});
