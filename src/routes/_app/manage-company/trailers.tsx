import { createFileRoute } from '@tanstack/react-router';
import { PageGate } from '#src/features/access/page-gate.tsx';
import { TrailersPage } from '#src/features/administration/equipment/trailers-page.tsx';

export const Route = createFileRoute('/_app/manage-company/trailers')({
  component: () => (
    <PageGate page="admin.trailers">
      <TrailersPage />
    </PageGate>
  ),
});
