// The en-US texts of every other namespace the web app shows, fetched with the first signed-in screen (src/app/i18n.ts).
export default import.meta.glob(
  [
    '../../../locales/en-US/*.json',
    '!../../../locales/en-US/{common,auth,legal,access}.json',
    // The server's own texts (CSV exports, mail) are not part of the web app.
    '!../../../locales/en-US/exports.json',
    '!../../../locales/en-US/mail.json',
  ],
  { eager: true, import: 'default' },
);
