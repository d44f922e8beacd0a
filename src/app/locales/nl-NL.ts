// The nl-NL texts the signed-out screens show (sign-in, password links, legal, not found), as one small
// chunk; the signed-in namespaces are nl-NL.signed-in.ts (src/app/i18n.ts).
export default import.meta.glob(
  [
    '../../../locales/nl-NL/common.json',
    '../../../locales/nl-NL/auth.json',
    '../../../locales/nl-NL/legal.json',
    '../../../locales/nl-NL/access.json',
  ],
  { eager: true, import: 'default' },
);
