// The en-US texts of every namespace the web app shows, as one chunk (src/app/i18n.ts).
export default import.meta.glob(
  ['../../../locales/en-US/*.json', '!../../../locales/en-US/exports.json', '!../../../locales/en-US/mail.json'],
  {
    eager: true,
    import: 'default',
  },
);
