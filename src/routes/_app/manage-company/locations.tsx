import { createFileRoute } from '@tanstack/react-router';
import { PageGate } from '#src/features/access/page-gate.tsx';
import { LocationsPage } from '#src/features/locations/locations-page.tsx';

export const Route = createFileRoute('/_app/manage-company/locations')({
  component: () => (
    <PageGate page="admin.locations">
      <LocationsPage />
    </PageGate>
  ),
});
