// @vitest-environment happy-dom
import TileLayer from 'ol/layer/Tile';
import VectorLayer from 'ol/layer/Vector';
import type XYZ from 'ol/source/XYZ';
import { describe, expect, it } from 'vitest';
import { createBaseLayers } from './base-layers.ts';

const options = { kept: null, language: 'en' };

describe('createBaseLayers', () => {
  it('draws MAP_TILE_URL as raster XYZ tiles from that template', async () => {
    const [layer] = await createBaseLayers({ kind: 'tiles', url: 'https://imagery.example.com/{z}/{x}/{y}.jpg' }, options);
    expect(layer).toBeInstanceOf(TileLayer);
    const source = (layer as TileLayer<XYZ>).getSource() as XYZ;
    expect(source.getUrls()).toEqual(['https://imagery.example.com/{z}/{x}/{y}.jpg']);
  });

  it('draws the embedded base map as vector layers: land, counties, states, towns, places', async () => {
    const layers = await createBaseLayers({ kind: 'embedded' }, options);
    expect(layers.every((layer) => layer instanceof VectorLayer)).toBe(true);
    expect(layers.map((layer) => layer.get('name'))).toEqual(['countries', 'counties', 'states', 'towns', 'places']);
  });

  it('refuses a region said to be kept on the device when none is, so the map falls back', async () => {
    await expect(
      createBaseLayers({ kind: 'archive', from: 'device', url: '/api/map/archives/region.pmtiles', version: 'v1' }, options),
    ).rejects.toThrow();
  });
});
