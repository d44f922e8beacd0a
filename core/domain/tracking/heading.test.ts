import { describe, expect, it } from 'vitest';
import { compassSector } from './heading.ts';

describe('heading to compass sector', () => {
  it('centres each of the 8 sectors on its direction', () => {
    expect([0, 45, 90, 135, 180, 225, 270, 315].map(compassSector)).toEqual(['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW']);
  });

  it('starts a sector at its lower edge, 22.5° either side of its direction', () => {
    expect(compassSector(22.4)).toBe('N');
    expect(compassSector(22.5)).toBe('NE');
    expect(compassSector(337.4)).toBe('NW');
    expect(compassSector(337.5)).toBe('N');
    expect(compassSector(359.9)).toBe('N');
  });

  it('wraps 360 and beyond to north, and has no sector for an unknown heading', () => {
    expect(compassSector(360)).toBe('N');
    expect(compassSector(450)).toBe('E');
    expect(compassSector(-1)).toBeNull();
    expect(compassSector(null)).toBeNull();
    expect(compassSector(Number.NaN)).toBeNull();
  });
});
