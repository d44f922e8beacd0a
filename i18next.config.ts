import { defineConfig } from 'i18next-cli';

// `npm run i18n:check` fails when a key used in src is missing from a locale file.
export default defineConfig({
  locales: ['en-US', 'es-MX', 'nl-NL', 'fr-CA'],
  extract: {
    input: ['src/**/*.{ts,tsx}'],
    ignore: ['src/routeTree.gen.ts', 'src/**/*.test.{ts,tsx}'],
    output: 'locales/{{language}}/{{namespace}}.json',
    defaultNS: 'common',
    nsSeparator: ':',
    keySeparator: '.',
    primaryLanguage: 'en-US',
    sort: true,
    indentation: 2,
    // Labels looked up from tables (navigation, tiles, units, roles) are checked by test/locales.
    preservePatterns: [
      'nav.*',
      'admin.*',
      'adminGroups.*',
      'tiles.*',
      'summary.*',
      'sections.*',
      'draftsSortOrders.*',
      'languages.*',
      'roles.*',
      'toggles.*',
      'unitSystems.*',
      'weightUnitNames.*',
      'status.*',
      // The "in use" refusal words each declared record type by kind (master-data-page.tsx).
      'inUse.kinds.*',
      // French and Spanish plural forms for millions (`_many`), which the extractor drops.
      'conflicts.*',
      // The header's queue list picks its line from a table of keys (sync-indicator.tsx).
      'queued*',
      // locales/*/exports.json is read by the server (CSV headers, delivery tickets), not by src.
      'csv.*',
      'ticket.*',
      'loadStatus.*',
      'stopStatus.*',
      'stopType.*',
      // locales/*/mail.json is read by the server (activation and password-reset mail).
      'activationMail.*',
      'resetMail.*',
      // French and Spanish have a `_many` form (millions); the extractor knows only en-US's plural forms.
      '*_many',
    ],
    removeUnusedKeys: true,
  },
});
