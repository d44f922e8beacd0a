import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '#src/features/access/placeholder-page.tsx';

export const Route = createFileRoute('/_app/production-planning')({
  component: () => <PlaceholderPage page="productionPlanning" />,
});
