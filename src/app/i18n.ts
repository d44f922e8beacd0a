import i18next, { type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { type Language, LANGUAGES, supportedLanguageFor } from '#core/domain/locale';

/**
 * Two chunks per language, fetched when that language is first used: the signed-out screens' few
 * namespaces (src/app/locales/<language>.ts), so the sign-in screen downloads one small chunk, and
 * every other namespace (<language>.signed-in.ts), which the signed-in layout loads before its first
 * screen renders. The service worker precaches them all, so every language still works offline once
 * someone has signed in on the device.
 */
type TextsModule = Record<string, ResourceLanguage[string]>;
const languageModules = import.meta.glob<TextsModule>('./locales/*.ts', { import: 'default' });

/** The texts of one language's part by namespace (locales/<language>/<namespace>.json). */
async function languageTexts(language: Language, part: 'signed-out' | 'signed-in'): Promise<ResourceLanguage> {
  const path = part === 'signed-out' ? `./locales/${language}.ts` : `./locales/${language}.signed-in.ts`;
  const load = languageModules[path];
  if (!load) throw new Error(`src/app/${path.slice(2)} is missing`);
  const files = await load();
  return Object.fromEntries(Object.entries(files).map(([file, texts]) => [file.replace(/^.*\/|\.json$/g, ''), texts]));
}

function addTexts(language: Language, texts: ResourceLanguage) {
  for (const [namespace, resources] of Object.entries(texts)) i18next.addResourceBundle(language, namespace, resources);
}

/** A namespace of the signed-in part: its bundle is there once that part of a language is loaded. */
const SIGNED_IN_NAMESPACE = 'loads';

/** Whether the signed-in namespaces were asked for: a language applied later then loads them too. */
let signedInTextsWanted = false;

/**
 * Loads the current language's signed-in namespaces (once); the signed-in layout awaits it, so no
 * signed-in screen renders untranslated keys.
 */
export async function loadSignedInTexts() {
  signedInTextsWanted = true;
  const language = supportedLanguageFor(i18next.language);
  if (i18next.hasResourceBundle(language, SIGNED_IN_NAMESPACE)) return;
  addTexts(language, await languageTexts(language, 'signed-in'));
}

/** The language last applied on this device, so a start shows the user's language before the user is known. */
const LANGUAGE_STORAGE_KEY = 'dispatch-language';

function startLanguage(): Language {
  return supportedLanguageFor(localStorage.getItem(LANGUAGE_STORAGE_KEY) ?? navigator.language);
}

/** Resolves once the start language's texts are loaded, so the first render is already translated. */
export async function initI18n(language = startLanguage()) {
  const texts = await languageTexts(language, 'signed-out');
  i18next.on('languageChanged', (next) => {
    document.documentElement.lang = next;
  });
  document.documentElement.lang = language;
  await i18next.use(initReactI18next).init({
    resources: { [language]: texts },
    // The signed-in namespaces and other languages are added later (loadSignedInTexts, applyLanguage).
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
  const needsSignedIn = signedInTextsWanted && !i18next.hasResourceBundle(supported, SIGNED_IN_NAMESPACE);
  if (!i18next.hasResourceBundle(supported, 'common') || needsSignedIn) {
    try {
      const [signedOut, signedIn] = await Promise.all([
        i18next.hasResourceBundle(supported, 'common') ? {} : languageTexts(supported, 'signed-out'),
        needsSignedIn ? languageTexts(supported, 'signed-in') : {},
      ]);
      addTexts(supported, { ...signedOut, ...signedIn });
    } catch {
      // Offline before the precache held that language: keep the current texts rather than show keys.
      return;
    }
  }
  await i18next.changeLanguage(supported);
}
