import { createFileRoute } from '@tanstack/react-router';
import { PageGate } from '#src/features/access/page-gate.tsx';
import { CompaniesPage } from '#src/features/administration/companies/companies-page.tsx';

export const Route = createFileRoute('/_app/manage-company/companies')({
  component: () => (
    <PageGate page="admin.companies">
      <CompaniesPage />
    </PageGate>
  ),
});
