// The fr-CA texts the signed-out screens show (sign-in, password links, legal, not found), as one small
// chunk; the signed-in namespaces are fr-CA.signed-in.ts (src/app/i18n.ts).
export default import.meta.glob(
  [
    '../../../locales/fr-CA/common.json',
    '../../../locales/fr-CA/auth.json',
    '../../../locales/fr-CA/legal.json',
    '../../../locales/fr-CA/access.json',
  ],
  { eager: true, import: 'default' },
);
