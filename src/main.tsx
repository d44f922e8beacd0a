import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { createRoot } from 'react-dom/client';
import { initI18n } from './app/i18n.ts';
import { AppProviders } from './app/providers.tsx';
import { createAppRouter } from './app/router.tsx';
import { registerServiceWorker } from './app/service-worker.ts';
import { reportError } from './app/error-reporting.ts';
import { createQueryClient, restorePersistedCache } from './data/query-client.ts';
import { registerOutbox, resumeOutbox } from './data/sync/outbox.ts';
import { registerTravelTimeDefaults } from './data/travel-times.ts';
import { showRefusedChange } from './app/refused-change-notice.ts';

async function boot() {
  await initI18n();
  const queryClient = createQueryClient(reportError);
  // Mutation defaults first: restored queued writes need them to send (OFFLINE-NOTES 2).
  registerOutbox(queryClient, showRefusedChange);
  // Travel times are kept indefinitely (spec 1 §9), also when restored and unused for a while.
  registerTravelTimeDefaults(queryClient);
  await restorePersistedCache(queryClient);
  await resumeOutbox(queryClient);
  // The saved user may be older than the server's session (a company switched in another tab):
  // show it at once, and let the first screen that reads it fetch it again.
  void queryClient.invalidateQueries({ queryKey: ['self'], refetchType: 'none' });
  const router = createAppRouter(queryClient);
  registerServiceWorker();
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html lacks #root');
  createRoot(root).render(<AppProviders queryClient={queryClient} router={router} />);
}

void boot();
