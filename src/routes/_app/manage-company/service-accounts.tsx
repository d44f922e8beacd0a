import { createFileRoute } from '@tanstack/react-router';
import { PageGate } from '#src/features/access/page-gate.tsx';
import { ServiceAccountsPage } from '#src/features/administration/service-accounts/service-accounts-page.tsx';

export const Route = createFileRoute('/_app/manage-company/service-accounts')({
  component: () => (
    <PageGate page="admin.serviceAccounts">
      <ServiceAccountsPage />
    </PageGate>
  ),
});
