import { createFileRoute } from '@tanstack/react-router';
import { PageGate } from '#src/features/access/page-gate.tsx';
import { CustomersPage } from '#src/features/administration/customers/customers-page.tsx';

export const Route = createFileRoute('/_app/manage-company/customers')({
  component: () => (
    <PageGate page="admin.customers">
      <CustomersPage />
    </PageGate>
  ),
});
