import { createFileRoute, redirect } from '@tanstack/react-router';
import { AppLayout } from '#src/app/shell/app-layout.tsx';
import { selfQuery } from '#src/data/session-queries.ts';

/** Every signed-in page: no user (from the server, or from the persisted cache offline) → /login. */
export const Route = createFileRoute('/_app')({
  beforeLoad: async ({ context, location }) => {
    const self = await context.queryClient.ensureQueryData(selfQuery).catch(() => null);
    if (!self) throw redirect({ to: '/login', search: { redirect: location.href } });
    return { self };
  },
  component: AppLayout,
});
