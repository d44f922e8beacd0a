import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/zod-without-eval.ts';
import { createRoot } from 'react-dom/client';
import { initI18n } from './app/i18n.ts';
import { AppProviders } from './app/providers.tsx';
import { createAppRouter } from './app/router.tsx';
import { reportError } from './app/error-reporting.ts';
import { createQueryClient } from './data/query-client.ts';

/**
 * Start-up loads only what the sign-in screen needs. The offline layer (IndexedDB, the persisted
 * cache, the outbox) starts in the signed-in layout's beforeLoad, before any signed-in screen
 * renders, and the service worker is registered by the signed-in layout (ARCHITECTURE: Web app).
 */
async function boot() {
  await initI18n();
  const queryClient = createQueryClient(reportError);
  const router = createAppRouter(queryClient);
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html lacks #root');
  createRoot(root).render(<AppProviders queryClient={queryClient} router={router} />);
}

void boot();
