import { createFileRoute } from '@tanstack/react-router';
import { PageGate } from '#src/features/access/page-gate.tsx';
import { LiveMapPage } from '#src/features/live-map/live-map-page.tsx';

export const Route = createFileRoute('/_app/live-map')({
  component: () => (
    <PageGate page="liveMap">
      <LiveMapPage />
    </PageGate>
  ),
});
