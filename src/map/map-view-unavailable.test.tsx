// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, render } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import commonFrench from '../../locales/fr-CA/common.json';
import { MapView } from './map-view.tsx';

// A browser where OpenLayers cannot make its map (no canvas, a broken build of the map chunk…).
vi.mock('ol/Map', () => ({
  default: class {
    constructor() {
      throw new Error('no map here');
    }
  },
}));

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: 'fr-CA',
    ns: ['common'],
    defaultNS: 'common',
    resources: { 'fr-CA': { common: commonFrench } },
  });
});
afterEach(cleanup);

describe('MapView when the map cannot start', () => {
  it("says so in the user's language instead of the map, without calling the screen", () => {
    const onReady = vi.fn(() => undefined);
    const { getByTestId, queryByTestId } = render(
      <MantineProvider>
        <MapView label="Carte" onReady={onReady} />
      </MantineProvider>,
    );
    expect(getByTestId('map-unavailable').textContent).toBe('carte actuellement indisponible');
    expect(queryByTestId('map')).toBeNull();
    expect(onReady).not.toHaveBeenCalled();
  });
});
