import { createFileRoute } from '@tanstack/react-router';
import { PageGate } from '#src/features/access/page-gate.tsx';
import { TractorsPage } from '#src/features/administration/equipment/tractors-page.tsx';

export const Route = createFileRoute('/_app/manage-company/tractors')({
  component: () => (
    <PageGate page="admin.tractors">
      <TractorsPage />
    </PageGate>
  ),
});
