// The en-US texts the signed-out screens show (sign-in, password links, legal, not found), as one small
// chunk; the signed-in namespaces are en-US.signed-in.ts (src/app/i18n.ts).
export default import.meta.glob(
  [
    '../../../locales/en-US/common.json',
    '../../../locales/en-US/auth.json',
    '../../../locales/en-US/legal.json',
    '../../../locales/en-US/access.json',
  ],
  { eager: true, import: 'default' },
);
