import { createFileRoute } from '@tanstack/react-router';
import { PageGate } from '#src/features/access/page-gate.tsx';
import { AdministrationHub } from '#src/features/administration/administration-hub.tsx';

export const Route = createFileRoute('/_app/manage-company/')({
  component: () => (
    <PageGate page="administration">
      <AdministrationHub />
    </PageGate>
  ),
});
