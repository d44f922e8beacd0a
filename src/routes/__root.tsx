import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import type { AppRouterContext } from '#src/app/router.tsx';

export const Route = createRootRouteWithContext<AppRouterContext>()({
  component: Outlet,
});
