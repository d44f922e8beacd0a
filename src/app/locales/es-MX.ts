// The es-MX texts the signed-out screens show (sign-in, password links, legal, not found), as one small
// chunk; the signed-in namespaces are es-MX.signed-in.ts (src/app/i18n.ts).
export default import.meta.glob(
  [
    '../../../locales/es-MX/common.json',
    '../../../locales/es-MX/auth.json',
    '../../../locales/es-MX/legal.json',
    '../../../locales/es-MX/access.json',
  ],
  { eager: true, import: 'default' },
);
