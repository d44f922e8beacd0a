import { createFileRoute, notFound } from '@tanstack/react-router';
import { ADMIN_SECTIONS, isAdminSection } from '#src/features/access/pages.ts';
import { PlaceholderPage } from '#src/features/access/placeholder-page.tsx';

function AdminSectionPage() {
  const { section } = Route.useParams();
  return isAdminSection(section) ? <PlaceholderPage page={ADMIN_SECTIONS[section].page} /> : null;
}

export const Route = createFileRoute('/_app/manage-company/$section')({
  beforeLoad: ({ params }) => {
    if (!isAdminSection(params.section)) throw notFound();
  },
  component: AdminSectionPage,
});
