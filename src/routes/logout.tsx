import { createFileRoute, redirect } from '@tanstack/react-router';

/** /logout ends the session server-side, clears every cache and shows the login screen. */
export const Route = createFileRoute('/logout')({
  beforeLoad: async ({ context }) => {
    const { signOut } = await import('#src/data/session-queries.ts');
    await signOut(context.queryClient);
    throw redirect({ to: '/login' });
  },
});
