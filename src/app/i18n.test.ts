// @vitest-environment happy-dom
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '#core/domain/locale';
import { applyLanguage, initI18n } from './i18n.ts';

describe('i18n', () => {
  beforeAll(async () => {
    await initI18n('nl-NL');
  });

  it('starts with the texts of its language only', () => {
    expect(i18next.t('auth:login.submit')).toBe('Inloggen');
    expect(i18next.hasResourceBundle('en-US', 'common')).toBe(false);
    expect(i18next.hasResourceBundle('nl-NL', 'load-editor')).toBe(true);
    // The server's export labels are not part of the web app.
    expect(i18next.hasResourceBundle('nl-NL', 'exports')).toBe(false);
  });

  it('loads another language when it is applied, and remembers it for the next start', async () => {
    await applyLanguage('es');
    expect(i18next.language).toBe('es-MX');
    expect(i18next.t('auth:login.submit')).toBe('Iniciar sesión');
    expect(document.documentElement.lang).toBe('es-MX');
    expect(localStorage.getItem('dispatch-language')).toBe('es-MX');
  });

  it.each(LANGUAGES)('has a chunk for %s', async (language) => {
    await applyLanguage(language);
    expect(i18next.language).toBe(language);
  });
});
