import { createFileRoute, notFound } from '@tanstack/react-router';
import { PlaceholderPage } from '#src/features/access/placeholder-page.tsx';

/** /maintenance-history/{Tractor|Trailer}/{id}: a non-numeric id is not found (spec 3). */
export const Route = createFileRoute('/_app/maintenance-history/$type/$id')({
  beforeLoad: ({ params }) => {
    if (!/^\d+$/.test(params.id) || !/^(tractor|trailer)$/i.test(params.type)) throw notFound();
  },
  component: () => <PlaceholderPage page="maintenance" />,
});
