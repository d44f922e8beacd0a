import { createFileRoute, redirect } from '@tanstack/react-router';
import { signOut } from '#src/data/session-queries.ts';

/** /logout ends the session server-side, clears every cache and shows the login screen. */
export const Route = createFileRoute('/logout')({
  beforeLoad: async ({ context }) => {
    await signOut(context.queryClient);
    throw redirect({ to: '/login' });
  },
});
