import { describe, expect, it } from 'vitest';
import { COUNTY_BORDERS } from './county-borders.ts';
import { decodeBorders, placeMinimumPopulation } from './embedded-base-map.ts';

describe('placeMinimumPopulation', () => {
  it('names only the largest places far out and every place close in', () => {
    expect(placeMinimumPopulation(3)).toBeGreaterThan(placeMinimumPopulation(5));
    expect(placeMinimumPopulation(5)).toBeGreaterThan(placeMinimumPopulation(7));
    expect(placeMinimumPopulation(9)).toBe(0);
  });
});

describe('decodeBorders', () => {
  it('reads steps of a thousandth of a degree back into positions', () => {
    expect(decodeBorders('-93620,42030,5,-10;100,200,1,1')).toEqual([
      [
        [-93.62, 42.03],
        [-93.615, 42.02],
      ],
      [
        [0.1, 0.2],
        [0.101, 0.201],
      ],
    ]);
  });

  it('places every US county border in the United States or its Pacific territories', () => {
    const lines = decodeBorders(COUNTY_BORDERS);
    expect(lines.length).toBeGreaterThan(3000);
    const outside = lines.flat().filter(([longitude = 0, latitude = 0]) => {
      const american = longitude < -60 || longitude > 140; // Guam and the Northern Marianas lie east of 140° E
      return !american || latitude < -15 || latitude > 72;
    });
    expect(outside).toEqual([]);
  });
});
