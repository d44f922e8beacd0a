import { createFileRoute } from '@tanstack/react-router';
import { PageGate } from '#src/features/access/page-gate.tsx';
import { LiveMapPage } from '#src/features/live-map/live-map-page.tsx';

/** The selected device is in the address, so a reload (offline too) reopens its panel and trail. */
export const Route = createFileRoute('/_app/live-map')({
  validateSearch: (search: Record<string, unknown>): { device?: number } => {
    const device = Number(search.device);
    return { device: Number.isInteger(device) && device > 0 ? device : undefined };
  },
  component: LiveMapRoute,
});

function LiveMapRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <PageGate page="liveMap">
      <LiveMapPage
        selectedDeviceId={search.device ?? null}
        onSelectDevice={(device) => void navigate({ search: { device: device ?? undefined }, replace: true })}
      />
    </PageGate>
  );
}
