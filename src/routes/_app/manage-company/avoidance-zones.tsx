import { createFileRoute } from '@tanstack/react-router';
import { PageGate } from '#src/features/access/page-gate.tsx';
import { AvoidanceZonesPage } from '#src/features/avoidance-zones/avoidance-zones-page.tsx';

export const Route = createFileRoute('/_app/manage-company/avoidance-zones')({
  component: () => (
    <PageGate page="admin.avoidanceZones">
      <AvoidanceZonesPage />
    </PageGate>
  ),
});
