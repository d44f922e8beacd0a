import i18next, { type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { type Language, LANGUAGES, supportedLanguageFor } from '#core/domain/locale';

/**
 * One chunk per language (src/app/locales/<language>.ts), fetched when that language is first
 * used: the sign-in screen downloads one language, not four. The service worker precaches them
 * all, so every language still works offline once someone has signed in on the device.
 */
const languageModules = import.meta.glob<Record<string, ResourceLanguage[string]>>('./locales/*.ts', { import: 'default' });

/** The texts of one language by namespace (locales/<language>/<namespace>.json). */
async function languageTexts(language: Language): Promise<ResourceLanguage> {
  const load = languageModules[`./locales/${language}.ts`];
  if (!load) throw new Error(`src/app/locales/${language}.ts is missing`);
  const files = await load();
  return Object.fromEntries(Object.entries(files).map(([path, texts]) => [path.replace(/^.*\/|\.json$/g, ''), texts]));
}

/** The language last applied on this device, so a start shows the user's language before the user is known. */
const LANGUAGE_STORAGE_KEY = 'dispatch-language';

function startLanguage(): Language {
  return supportedLanguageFor(localStorage.getItem(LANGUAGE_STORAGE_KEY) ?? navigator.language);
}

/** Resolves once the start language's texts are loaded, so the first render is already translated. */
export async function initI18n(language = startLanguage()) {
  const texts = await languageTexts(language);
  i18next.on('languageChanged', (next) => {
    document.documentElement.lang = next;
  });
  document.documentElement.lang = language;
  await i18next.use(initReactI18next).init({
    resources: { [language]: texts },
    // Other languages are added by applyLanguage before it switches to them.
    partialBundledLanguages: true,
    lng: language,
    // Every locale holds every key (test/locales), so no second language is downloaded as a fallback.
    fallbackLng: false,
    supportedLngs: [...LANGUAGES],
    ns: Object.keys(texts),
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return i18next;
}

export async function applyLanguage(language: string) {
  const supported = supportedLanguageFor(language);
  localStorage.setItem(LANGUAGE_STORAGE_KEY, supported);
  if (i18next.language === supported) return;
  if (!i18next.hasResourceBundle(supported, 'common')) {
    try {
      const texts = await languageTexts(supported);
      for (const [namespace, resources] of Object.entries(texts)) i18next.addResourceBundle(supported, namespace, resources);
    } catch {
      // Offline before the precache held that language: keep the current texts rather than show keys.
      return;
    }
  }
  await i18next.changeLanguage(supported);
}
