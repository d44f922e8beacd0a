import { createFileRoute } from '@tanstack/react-router';
import { PageGate } from '#src/features/access/page-gate.tsx';
import { DraftsPage } from '#src/features/loads/drafts-page.tsx';
import { prefetchWeek } from '#src/features/loads/table/prefetch-week.ts';
import { validateWeekPageSearch } from '#src/features/loads/table/week-search.ts';

export const Route = createFileRoute('/_app/drafts')({
  validateSearch: validateWeekPageSearch,
  loaderDeps: ({ search }) => ({ week: search.week }),
  loader: ({ context, deps }) => prefetchWeek(context.queryClient, 'drafts', deps.week),
  component: DraftsRoute,
});

function DraftsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <PageGate page="drafts">
      <DraftsPage week={search.week} focusLoadId={search.load} onWeekChange={(week) => void navigate({ search: { week } })} />
    </PageGate>
  );
}
