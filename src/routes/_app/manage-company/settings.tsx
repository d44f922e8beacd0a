import { createFileRoute } from '@tanstack/react-router';
import { PageGate } from '#src/features/access/page-gate.tsx';
import { CompanySettingsPage } from '#src/features/administration/settings/company-settings-page.tsx';

export const Route = createFileRoute('/_app/manage-company/settings')({
  component: () => (
    <PageGate page="admin.settings">
      <CompanySettingsPage />
    </PageGate>
  ),
});
