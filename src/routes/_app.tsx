import { createFileRoute, redirect } from '@tanstack/react-router';
import { AppLayout } from '#src/app/shell/app-layout.tsx';

/** Every signed-in page: no user (from the server, or from the persisted cache offline) → /login. */
export const Route = createFileRoute('/_app')({
  beforeLoad: async ({ context, location }) => {
    // Restores the saved cache (and queued changes) first, so a signed-in screen renders offline too;
    // the signed-in screens' texts come with it (never for a visitor who is not signed in).
    const self = await context.signedInUser();
    if (!self) throw redirect({ to: '/login', search: { redirect: location.href } });
    return { self };
  },
  component: AppLayout,
});
