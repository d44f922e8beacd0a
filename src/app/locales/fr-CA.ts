// The fr-CA texts of every namespace the web app shows, as one chunk (src/app/i18n.ts).
export default import.meta.glob(
  ['../../../locales/fr-CA/*.json', '!../../../locales/fr-CA/exports.json', '!../../../locales/fr-CA/mail.json'],
  {
    eager: true,
    import: 'default',
  },
);
