// The fr-CA texts of every other namespace the web app shows, fetched with the first signed-in screen (src/app/i18n.ts).
export default import.meta.glob(
  [
    '../../../locales/fr-CA/*.json',
    '!../../../locales/fr-CA/{common,auth,legal,access}.json',
    // The server's own texts (CSV exports, mail) are not part of the web app.
    '!../../../locales/fr-CA/exports.json',
    '!../../../locales/fr-CA/mail.json',
  ],
  { eager: true, import: 'default' },
);
