import { createFileRoute } from '@tanstack/react-router';
import { LOGIN_NOTICES, type LoginNotice } from '#src/features/auth/login-notices.ts';
import { LoginPage } from '#src/features/auth/login-page.tsx';

interface LoginSearch {
  /** Where to go once signed in (a path of this app). */
  redirect?: string;
  notice?: LoginNotice;
}

export const Route = createFileRoute('/login')({
  // Checked by hand rather than with zod: this runs before the sign-in screen paints, and zod would
  // be a large part of what the screen downloads. Anything unexpected is dropped, not refused.
  validateSearch: (search: Record<string, unknown>): LoginSearch => {
    const checked: LoginSearch = {};
    if (typeof search.redirect === 'string') checked.redirect = search.redirect;
    const notice = LOGIN_NOTICES.find((known) => known === search.notice);
    if (notice) checked.notice = notice;
    return checked;
  },
  component: LoginPage,
});
