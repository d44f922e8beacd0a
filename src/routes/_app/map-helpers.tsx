import { createFileRoute } from '@tanstack/react-router';
import { PageGate } from '#src/features/access/page-gate.tsx';
import { MapHelperPage } from '#src/features/map-helpers/map-helper-page.tsx';

export const Route = createFileRoute('/_app/map-helpers')({
  component: () => (
    <PageGate page="mapHelpers">
      <MapHelperPage />
    </PageGate>
  ),
});
