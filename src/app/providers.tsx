import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import type { AppRouter } from './router.tsx';
import { theme } from './theme.ts';

// The notification stack and its transitions load with the first notification, not with the sign-in screen.
const NotificationStack = lazy(() =>
  import('./notification-stack.tsx').then((module) => ({ default: module.NotificationStack })),
);

/** Mounts the notification stack once anything has been shown, and keeps it (its exit transitions need it). */
function NotificationsWhenShown() {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <NotificationStack />
    </Suspense>
  );
}

export function AppProviders({ queryClient, router }: { queryClient: QueryClient; router: AppRouter }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <NotificationsWhenShown />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  );
}
