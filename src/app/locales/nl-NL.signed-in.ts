// The nl-NL texts of every other namespace the web app shows, fetched with the first signed-in screen (src/app/i18n.ts).
export default import.meta.glob(
  [
    '../../../locales/nl-NL/*.json',
    '!../../../locales/nl-NL/{common,auth,legal,access}.json',
    // The server's own texts (CSV exports, mail) are not part of the web app.
    '!../../../locales/nl-NL/exports.json',
    '!../../../locales/nl-NL/mail.json',
  ],
  { eager: true, import: 'default' },
);
