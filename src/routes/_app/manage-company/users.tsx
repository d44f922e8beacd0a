import { createFileRoute } from '@tanstack/react-router';
import { PageGate } from '#src/features/access/page-gate.tsx';
import { UsersPage } from '#src/features/administration/users/users-page.tsx';

export const Route = createFileRoute('/_app/manage-company/users')({
  component: () => (
    <PageGate page="admin.users">
      <UsersPage />
    </PageGate>
  ),
});
