// @vitest-environment happy-dom
import { cleanup, render, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import commonEnglish from '../../locales/en-US/common.json';
import commonSpanish from '../../locales/es-MX/common.json';
import { StopsMap } from './stops-map.tsx';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: 'es-MX',
    fallbackLng: 'en-US',
    ns: ['common'],
    defaultNS: 'common',
    resources: { 'es-MX': { common: commonSpanish }, 'en-US': { common: commonEnglish } },
  });
});
afterEach(cleanup);

function zoomTitles(container: HTMLElement) {
  return [...container.querySelectorAll('.ol-zoom button')].map((button) => button.getAttribute('title'));
}

describe('StopsMap', () => {
  it("titles the zoom buttons in the user's language, also after a language change", async () => {
    const { container } = render(<StopsMap points={[]} label="Mapa" />);
    expect(zoomTitles(container)).toEqual(['Acercar', 'Alejar']);
    await i18next.changeLanguage('en-US');
    await waitFor(() => expect(zoomTitles(container)).toEqual(['Zoom in', 'Zoom out']));
  });
});
