// The es-MX texts of every namespace the web app shows, as one chunk (src/app/i18n.ts).
export default import.meta.glob(
  ['../../../locales/es-MX/*.json', '!../../../locales/es-MX/exports.json', '!../../../locales/es-MX/mail.json'],
  {
    eager: true,
    import: 'default',
  },
);
