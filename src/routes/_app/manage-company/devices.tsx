import { createFileRoute } from '@tanstack/react-router';
import { PageGate } from '#src/features/access/page-gate.tsx';
import { DevicesPage } from '#src/features/administration/devices/devices-page.tsx';

export const Route = createFileRoute('/_app/manage-company/devices')({
  component: () => (
    <PageGate page="admin.devices">
      <DevicesPage />
    </PageGate>
  ),
});
