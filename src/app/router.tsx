import type { QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import type { Self } from '#core/contract/user';
import { mayHaveSession } from '#src/data/session-presence.ts';
import { routeTree } from '#src/routeTree.gen.ts';
import { loadSignedInTexts } from './i18n.ts';
import { ErrorFallback } from './shell/error-fallback.tsx';
import { NotFoundPage } from '#src/features/access/not-found-page.tsx';

export interface AppRouterContext {
  queryClient: QueryClient;
  /** The signed-in user, from this device's saved state first (so it works offline); null when nobody is. */
  signedInUser: () => Promise<Self | null>;
  /** Signs in once this device's saved state is restored, so the new session replaces it. */
  signIn: (username: string, password: string) => Promise<Self>;
}

// The offline layer is its own chunk: the sign-in screen's first paint needs none of it.
const offlineLayer = () => import('./offline-layer.ts');

export function createAppRouter(queryClient: QueryClient) {
  const context: AppRouterContext = {
    queryClient,
    signedInUser: async () => {
      if (!(await mayHaveSession())) return null;
      // The signed-in screens' texts before the outbox resumes: a change refused on replay is told in words.
      const [layer] = await Promise.all([offlineLayer(), loadSignedInTexts()]);
      return layer.signedInUser(queryClient);
    },
    signIn: async (username, password) => {
      const [layer] = await Promise.all([offlineLayer(), loadSignedInTexts()]);
      return layer.signInOnThisDevice(queryClient, username, password);
    },
  };
  return createRouter({
    routeTree,
    context,
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    defaultErrorComponent: ErrorFallback,
    defaultNotFoundComponent: NotFoundPage,
    scrollRestoration: true,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
