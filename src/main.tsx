import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { createRoot } from 'react-dom/client';
import { initI18n } from './app/i18n.ts';
import { AppProviders } from './app/providers.tsx';
import { createAppRouter } from './app/router.tsx';
import { registerServiceWorker } from './app/service-worker.ts';
import { reportError } from './app/error-reporting.ts';
import { createQueryClient, restorePersistedCache } from './data/query-client.ts';

async function boot() {
  initI18n();
  const queryClient = createQueryClient(reportError);
  await restorePersistedCache(queryClient);
  const router = createAppRouter(queryClient);
  registerServiceWorker();
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html lacks #root');
  createRoot(root).render(<AppProviders queryClient={queryClient} router={router} />);
}

void boot();
