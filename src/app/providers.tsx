import { MantineProvider, mergeThemeOverrides } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOnlineStatus } from '#src/data/online-status.ts';
import { ConnectionContext } from '#src/ui/connection-context.ts';
import type { AppRouter } from './router.tsx';
import { cssVariablesResolver, theme } from './theme.ts';

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

/** The theme with every dialog's, drawer's and toast's close button named in the user's language (it is an icon). */
function useTranslatedTheme() {
  const { t } = useTranslation();
  return useMemo(() => {
    const closeButtonProps = { 'aria-label': t('closeDialog') };
    return mergeThemeOverrides(theme, {
      components: {
        Modal: { defaultProps: { closeButtonProps } },
        Drawer: { defaultProps: { closeButtonProps } },
        Notification: { defaultProps: { closeButtonProps } },
      },
    });
  }, [t]);
}

export function AppProviders({ queryClient, router }: { queryClient: QueryClient; router: AppRouter }) {
  return (
    <MantineProvider theme={useTranslatedTheme()} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <NotificationsWhenShown />
      <QueryClientProvider client={queryClient}>
        <ConnectionContext value={useOnlineStatus()}>
          <RouterProvider router={router} />
        </ConnectionContext>
      </QueryClientProvider>
    </MantineProvider>
  );
}
