/** What the sign-in screen says on arrival from the forgot-password, activation or reset screens (`/login?notice=`). */
export const LOGIN_NOTICES = ['passwordEmailSent', 'userActivated', 'passwordChanged', 'linkExpired'] as const;
export type LoginNotice = (typeof LOGIN_NOTICES)[number];
