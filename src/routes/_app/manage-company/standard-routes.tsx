import { createFileRoute } from '@tanstack/react-router';
import { PageGate } from '#src/features/access/page-gate.tsx';
import { StandardRoutesPage } from '#src/features/standard-routes/standard-routes-page.tsx';

export const Route = createFileRoute('/_app/manage-company/standard-routes')({
  component: () => (
    <PageGate page="admin.standardRoutes">
      <StandardRoutesPage />
    </PageGate>
  ),
});
