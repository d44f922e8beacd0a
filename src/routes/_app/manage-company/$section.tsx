import { createFileRoute, notFound } from '@tanstack/react-router';
import { isOtherAdminSection, OTHER_ADMIN_SECTIONS } from '#src/features/access/page-links.ts';
import { PlaceholderPage } from '#src/features/access/placeholder-page.tsx';

function AdminSectionPage() {
  const { section } = Route.useParams();
  return isOtherAdminSection(section) ? <PlaceholderPage page={OTHER_ADMIN_SECTIONS[section].page} /> : null;
}

export const Route = createFileRoute('/_app/manage-company/$section')({
  beforeLoad: ({ params }) => {
    // Record types' pages have route files of their own; this one serves the others.
    if (!isOtherAdminSection(params.section)) throw notFound();
  },
  component: AdminSectionPage,
});
