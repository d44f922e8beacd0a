// @vitest-environment happy-dom
import { cleanup, render, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import type OlMap from 'ol/Map';
import LayerGroup from 'ol/layer/Group';
import VectorLayer from 'ol/layer/Vector';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import commonEnglish from '../../locales/en-US/common.json';
import { MapView } from './map-view.tsx';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: 'en-US',
    ns: ['common'],
    defaultNS: 'common',
    resources: { 'en-US': { common: commonEnglish } },
  });
});
afterEach(cleanup);

describe('MapView', () => {
  it('draws the embedded base map under the screen’s own layers when nothing is configured', async () => {
    let drawn: OlMap | null = null;
    const screenLayer = new VectorLayer();
    const { getByTestId } = render(
      <MapView
        label="Map"
        onReady={(map) => {
          drawn = map;
          map.addLayer(screenLayer);
          return undefined;
        }}
      />,
    );
    await waitFor(() => expect(getByTestId('map').dataset.baseMap).toBe('embedded'));
    const layers = (drawn as unknown as OlMap).getLayers().getArray();
    expect(layers[0]).toBeInstanceOf(LayerGroup);
    expect(layers.at(-1)).toBe(screenLayer);
    const base = (layers[0] as LayerGroup)
      .getLayers()
      .getArray()
      .map((layer) => layer.get('name'));
    expect(base).toEqual(['countries', 'counties', 'states', 'towns', 'places']);
    // North up: a rotation asked for is refused.
    const view = (drawn as unknown as OlMap).getView();
    view.setRotation(1);
    expect(view.getRotation()).toBe(0);
  });
});
