// @vitest-environment happy-dom
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '#core/domain/locale';
import { applyLanguage, initI18n, loadSignedInTexts } from './i18n.ts';

describe('i18n', () => {
  beforeAll(async () => {
    await initI18n('nl-NL');
  });

  it('starts with the signed-out texts of its language only', () => {
    expect(i18next.t('auth:login.submit')).toBe('Inloggen');
    expect(i18next.hasResourceBundle('en-US', 'common')).toBe(false);
    expect(i18next.hasResourceBundle('nl-NL', 'access')).toBe(true);
    expect(i18next.hasResourceBundle('nl-NL', 'load-editor')).toBe(false);
  });

  it('adds the signed-in texts when asked, without those only the server uses', async () => {
    await loadSignedInTexts();
    expect(i18next.hasResourceBundle('nl-NL', 'load-editor')).toBe(true);
    expect(i18next.hasResourceBundle('nl-NL', 'production-planning')).toBe(true);
    // The server's export labels and mail are not part of the web app.
    expect(i18next.hasResourceBundle('nl-NL', 'exports')).toBe(false);
    expect(i18next.hasResourceBundle('nl-NL', 'mail')).toBe(false);
  });

  it('loads another language when it is applied, and remembers it for the next start', async () => {
    await applyLanguage('es');
    expect(i18next.language).toBe('es-MX');
    expect(i18next.t('auth:login.submit')).toBe('Iniciar sesión');
    // Signed in already: the other language comes with its signed-in texts.
    expect(i18next.hasResourceBundle('es-MX', 'load-editor')).toBe(true);
    expect(document.documentElement.lang).toBe('es-MX');
    expect(localStorage.getItem('dispatch-language')).toBe('es-MX');
  });

  it.each(LANGUAGES)('has a chunk for %s', async (language) => {
    await applyLanguage(language);
    expect(i18next.language).toBe(language);
  });
});
