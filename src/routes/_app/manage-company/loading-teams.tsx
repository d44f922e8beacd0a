import { createFileRoute } from '@tanstack/react-router';
import { PageGate } from '#src/features/access/page-gate.tsx';
import { LoadingTeamsPage } from '#src/features/administration/loading-teams/loading-teams-page.tsx';

export const Route = createFileRoute('/_app/manage-company/loading-teams')({
  component: () => (
    <PageGate page="admin.loadingTeams">
      <LoadingTeamsPage />
    </PageGate>
  ),
});
