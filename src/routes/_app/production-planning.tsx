import { createFileRoute } from '@tanstack/react-router';
import { PageGate } from '#src/features/access/page-gate.tsx';
import { ProductionPlanningPage } from '#src/features/production-planning/production-planning-page.tsx';

export const Route = createFileRoute('/_app/production-planning')({
  component: () => (
    <PageGate page="productionPlanning">
      <ProductionPlanningPage />
    </PageGate>
  ),
});
