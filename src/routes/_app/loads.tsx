import { createFileRoute } from '@tanstack/react-router';
import { PageGate } from '#src/features/access/page-gate.tsx';
import { LoadsPage } from '#src/features/loads/loads-page.tsx';

export const Route = createFileRoute('/_app/loads')({
  component: () => (
    <PageGate page="loads">
      <LoadsPage />
    </PageGate>
  ),
});
