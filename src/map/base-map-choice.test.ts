import { describe, expect, it } from 'vitest';
import type { MapConfig } from '#core/contract/map';
import { chooseBaseMap } from './base-map-choice.ts';

const NOTHING: MapConfig = { archive: null, styleUrl: null, tileUrl: null };
const ARCHIVE = { url: '/api/map/archives/region.pmtiles', version: 'v2', bytes: 1000 };
const STYLE = 'https://styles.example.net/streets/style.json';
const TILES = 'https://imagery.example.com/{z}/{x}/{y}.jpg';

describe('chooseBaseMap', () => {
  it('draws the embedded base map with no configuration, or none known yet', () => {
    expect(chooseBaseMap(NOTHING, null, true)).toEqual({ kind: 'embedded' });
    expect(chooseBaseMap(null, null, false)).toEqual({ kind: 'embedded' });
  });

  it('prefers a style, then raster tiles, then the archive over the network', () => {
    const all: MapConfig = { archive: ARCHIVE, styleUrl: STYLE, tileUrl: TILES };
    expect(chooseBaseMap(all, null, true)).toEqual({ kind: 'style', url: STYLE });
    expect(chooseBaseMap({ ...all, styleUrl: null }, null, true)).toEqual({ kind: 'tiles', url: TILES });
    expect(chooseBaseMap({ ...NOTHING, archive: ARCHIVE }, null, true)).toEqual({
      kind: 'archive',
      from: 'network',
      url: ARCHIVE.url,
      version: 'v2',
    });
  });

  it('reads the region kept on the device first, online or not, while it is the one offered', () => {
    const kept = { url: ARCHIVE.url, version: 'v2' };
    const device = { kind: 'archive', from: 'device', url: ARCHIVE.url, version: 'v2' };
    const config: MapConfig = { archive: ARCHIVE, styleUrl: STYLE, tileUrl: null };
    expect(chooseBaseMap(config, kept, true)).toEqual(device);
    expect(chooseBaseMap(config, kept, false)).toEqual(device);
    expect(chooseBaseMap(null, kept, false)).toEqual(device);
  });

  it('leaves a kept region the server has replaced while online, and keeps using it offline', () => {
    const stale = { url: ARCHIVE.url, version: 'v1' };
    expect(chooseBaseMap({ ...NOTHING, archive: ARCHIVE }, stale, true)).toMatchObject({ kind: 'archive', from: 'network' });
    expect(chooseBaseMap({ ...NOTHING, archive: ARCHIVE }, stale, false)).toMatchObject({ kind: 'archive', from: 'device' });
  });
});
