// The nl-NL texts of every namespace the web app shows, as one chunk (src/app/i18n.ts).
export default import.meta.glob(
  ['../../../locales/nl-NL/*.json', '!../../../locales/nl-NL/exports.json', '!../../../locales/nl-NL/mail.json'],
  {
    eager: true,
    import: 'default',
  },
);
