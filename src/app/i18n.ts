import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, supportedLanguageFor } from '#core/domain/locale';

// Every locale is bundled so the app speaks the user's language offline too.
const files = import.meta.glob<{ default: Record<string, unknown> }>('../../locales/*/*.json', { eager: true });

const resources: Record<string, Record<string, Record<string, unknown>>> = {};
for (const [path, module] of Object.entries(files)) {
  const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
  if (!match) continue;
  const [, language, namespace] = match as unknown as [string, string, string];
  resources[language] ??= {};
  resources[language][namespace] = module.default;
}

export const NAMESPACES = Object.keys(resources[DEFAULT_LANGUAGE] ?? {});

export function initI18n(language = supportedLanguageFor(navigator.language)) {
  void i18next.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    ns: NAMESPACES,
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  i18next.on('languageChanged', (next) => {
    document.documentElement.lang = next;
  });
  document.documentElement.lang = language;
  return i18next;
}

export function applyLanguage(language: string) {
  const supported = supportedLanguageFor(language);
  if (i18next.language !== supported) void i18next.changeLanguage(supported);
}
