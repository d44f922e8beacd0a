// The es-MX texts of every other namespace the web app shows, fetched with the first signed-in screen (src/app/i18n.ts).
export default import.meta.glob(
  [
    '../../../locales/es-MX/*.json',
    '!../../../locales/es-MX/{common,auth,legal,access}.json',
    // The server's own texts (CSV exports, mail) are not part of the web app.
    '!../../../locales/es-MX/exports.json',
    '!../../../locales/es-MX/mail.json',
  ],
  { eager: true, import: 'default' },
);
