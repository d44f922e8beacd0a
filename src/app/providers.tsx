import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { useEffect } from 'react';
import { onUnauthorized } from '#src/data/api-client.ts';
import { selfQuery } from '#src/data/session-queries.ts';
import type { AppRouter } from './router.tsx';
import { theme } from './theme.ts';

export function AppProviders({ queryClient, router }: { queryClient: QueryClient; router: AppRouter }) {
  // A 401 on any call ends the signed-in state and goes to /login (spec 1 §8).
  useEffect(
    () =>
      onUnauthorized(() => {
        queryClient.setQueryData(selfQuery.queryKey, null);
        if (router.state.location.pathname !== '/login') void router.navigate({ to: '/login' });
      }),
    [queryClient, router],
  );
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <Notifications position="top-left" limit={1} />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  );
}
