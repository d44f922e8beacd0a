import { createFileRoute } from '@tanstack/react-router';
import { PageGate } from '#src/features/access/page-gate.tsx';
import { PermissionsPage } from '#src/features/administration/permissions/permissions-page.tsx';

export const Route = createFileRoute('/_app/manage-company/permissions')({
  component: () => (
    <PageGate page="admin.permissions">
      <PermissionsPage />
    </PageGate>
  ),
});
