import { createFileRoute } from '@tanstack/react-router';
import { LoginPage } from '#src/features/auth/login-page.tsx';

interface LoginSearch {
  /** Where to go once signed in (a path of this app). */
  redirect?: string;
  notice?: 'passwordEmailSent';
}

export const Route = createFileRoute('/login')({
  // Checked by hand rather than with zod: this runs before the sign-in screen paints, and zod would
  // be a large part of what the screen downloads. Anything unexpected is dropped, not refused.
  validateSearch: (search: Record<string, unknown>): LoginSearch => {
    const checked: LoginSearch = {};
    if (typeof search.redirect === 'string') checked.redirect = search.redirect;
    if (search.notice === 'passwordEmailSent') checked.notice = search.notice;
    return checked;
  },
  component: LoginPage,
});
