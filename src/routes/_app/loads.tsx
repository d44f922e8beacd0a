import { createFileRoute } from '@tanstack/react-router';
import { PageGate } from '#src/features/access/page-gate.tsx';
import { LoadsPage } from '#src/features/loads/loads-page.tsx';
import { prefetchWeek } from '#src/features/loads/table/prefetch-week.ts';
import { validateWeekPageSearch } from '#src/features/loads/table/week-search.ts';

export const Route = createFileRoute('/_app/loads')({
  validateSearch: validateWeekPageSearch,
  loaderDeps: ({ search }) => ({ week: search.week }),
  loader: ({ context, deps }) => prefetchWeek(context.queryClient, 'loads', deps.week),
  component: LoadsRoute,
});

function LoadsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <PageGate page="loads">
      <LoadsPage week={search.week} focusLoadId={search.load} onWeekChange={(week) => void navigate({ search: { week } })} />
    </PageGate>
  );
}
