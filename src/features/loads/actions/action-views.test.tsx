// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider, queryOptions } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LoadTrailPoint, TripEvent } from '#core/contract/load-details';
import type { Order } from '#core/contract/orders';
import type { LoadCommand } from '#src/data/loads.ts';
import actionsEnglish from '../../../../locales/en-US/load-actions.json';
import { DeliveryLogDialog } from './delivery-log-dialog.tsx';
import type { DeliveryLogMapProps } from './delivery-log-map.tsx';
import { LoadActionsToolbar } from './load-actions-toolbar.tsx';
import { filledLoad, filledStop } from '#test/fixtures/loads';
import { ResourceSchedulingDialog } from './resource-scheduling-dialog.tsx';

const sent: { loadId: number; command: LoadCommand }[] = [];
let weekLoads: Order[] = [];
let tripEvents: TripEvent[] = [];
let trail: LoadTrailPoint[] = [];
const trailRequests: number[] = [];
const drawnMaps: DeliveryLogMapProps[] = [];
const downloadLoadsCsv = vi.fn(async () => {});

const driver = (id: number, name: string, tractor: number | null, trailer: number | null) => ({
  id,
  organizationId: 1,
  name,
  phone: null,
  enabled: true,
  driverInfo: { defaultTractorId: tractor, defaultTrailerId: trailer, contract: false },
  version: 1,
});

const lists: Record<string, unknown[]> = {
  drivers: [driver(7, 'Ana Ruiz', 31, 41), driver(8, 'Bo Lind', null, null)],
  tractors: [{ id: 31, organizationId: 1, userDisplayName: 'T-31', enabled: true, weight: null }],
  trailers: [
    {
      id: 41,
      organizationId: 1,
      userDisplayName: 'R-41',
      enabled: true,
      weight: 6_000_000,
      maxCargoWeight: null,
      trailerCargoTypes: [],
    },
  ],
  locations: [
    { id: 100, name: 'North Mill' },
    { id: 200, name: 'Farm 12' },
  ],
  cargoTypes: [{ id: 2, label: 'Feed' }],
  carriers: [],
};

vi.mock('#src/data/loads.ts', () => ({
  useLoadCommands: () => (load: { id: number }, command: LoadCommand) => sent.push({ loadId: load.id, command }),
  useMirrorList: (list: string) => ({ data: lists[list] ?? [] }),
  useLoads: () => ({ data: weekLoads, onDevice: { state: 'onDevice', retry: () => {} } }),
}));

vi.mock('#src/data/load-details.ts', () => ({
  resourceInfoQuery: (driverIds: number[], trailerIds: number[]) =>
    queryOptions({
      queryKey: ['resource-info', driverIds, trailerIds],
      queryFn: async () => ({
        driverTimestamps: [{ driverId: 7, orderId: 5, timestamp: '2030-03-02T15:30:00.000Z' }],
        latestTrailerProductionPlan: [{ trailerId: 41, orderId: 5, productionPlans: ['PP-9', 'PP-10'] }],
      }),
    }),
  tripEventsQuery: (orderId: number) => queryOptions({ queryKey: ['trip-events', orderId], queryFn: async () => tripEvents }),
  loadTrailQuery: (orderId: number) =>
    queryOptions({
      queryKey: ['trail', orderId],
      queryFn: async () => {
        trailRequests.push(orderId);
        return trail;
      },
    }),
  useCarrierLinks: () => ({ data: [] }),
}));

// OpenLayers does not draw in jsdom: the map records what it was given to draw.
vi.mock('./delivery-log-map.tsx', () => ({
  DeliveryLogMap: (props: DeliveryLogMapProps) => {
    drawnMaps.push(props);
    return <div data-testid="delivery-log-map" />;
  },
}));

// The planned route is the load editor's (tested there); here it is not known.
vi.mock('#src/data/routing.ts', () => ({ useRoutedPath: () => undefined }));

// The editor (map, planner worker) has its own tests; here it only has to open.
vi.mock('../editor/load-editor.tsx', () => ({ LoadEditor: () => <div data-testid="load-editor" /> }));

vi.mock('#src/data/exports.ts', () => ({
  downloadLoadsCsv: (...args: unknown[]) => downloadLoadsCsv(...(args as [])),
  deliveryTicketsUrl: (ids: number[]) => `/api/orders/delivery-tickets?orderIds=${ids.join(',')}`,
}));

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: 'en-US',
    resources: { 'en-US': { 'load-actions': actionsEnglish } },
    interpolation: { escapeValue: false },
  });
});

beforeEach(() => {
  sent.length = 0;
  trail = [];
  trailRequests.length = 0;
  drawnMaps.length = 0;
  weekLoads = [];
  tripEvents = [];
  downloadLoadsCsv.mockClear();
});

afterEach(cleanup);

const DISPATCHER = ['ViewOwningOrders', 'EditOrder', 'CreateOrder', 'CompleteOrder', 'AssignDrivers', 'DeleteOrder'];

function renderWithProviders(
  ui: ReactNode,
  options: { permissions?: string[]; isCarrier?: boolean; tier?: 'Freemium' | 'Standard' } = {},
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(['self'], {
    id: 3,
    activeOrganizationId: 1,
    contact: { timezone: 'America/Chicago', units: 'Metric', unitsWeight: 'Kilogram', language: 'en-US' },
    permissions: options.permissions ?? DISPATCHER,
    organization: { isCarrier: options.isCarrier ?? false, features: ['DeliveryTickets'], tier: options.tier ?? 'Standard' },
  });
  return render(
    <QueryClientProvider client={queryClient}>
      <MantineProvider env="test">{ui}</MantineProvider>
    </QueryClientProvider>,
  );
}

describe('LoadActionsToolbar', () => {
  it('hides create, complete and delete from carrier organizations', async () => {
    renderWithProviders(<LoadActionsToolbar page="loads" selected={[filledLoad()]} onDone={() => {}} />, { isCarrier: true });
    const testIds = (elements: HTMLElement[]) => elements.map((element) => element.getAttribute('data-testid'));
    expect(testIds(within(screen.getByTestId('load-actions')).getAllByRole('button'))).toEqual([
      'action-assignDriver',
      'more-actions',
    ]);
    fireEvent.click(screen.getByTestId('more-actions'));
    expect(testIds(await screen.findAllByRole('menuitem'))).toEqual([
      'action-export',
      'action-deliveryTicket',
      'action-deliveryLog',
    ]);
  });

  it('keeps a disabled action inert and says why', async () => {
    renderWithProviders(<LoadActionsToolbar page="loads" selected={[filledLoad({ status: 'Delivered' })]} onDone={() => {}} />);
    // Delete waits in the "More actions" menu, its reason written under it.
    fireEvent.click(screen.getByTestId('more-actions'));
    const remove = await screen.findByTestId('action-delete');
    expect(remove.getAttribute('aria-disabled')).toBe('true');
    expect(within(remove).getByText('Only Open or Assigned loads can be deleted.')).toBeTruthy();
    fireEvent.click(remove);
    expect(screen.queryByTestId('delete-confirm')).toBeNull();
    // A primary action says why in its tooltip.
    const assignCarrier = screen.getByTestId('action-assignCarrier');
    expect(assignCarrier.getAttribute('aria-disabled')).toBe('true');
  });

  it('opens the delete confirmation for Open loads and exports the selection', async () => {
    const onDone = vi.fn();
    renderWithProviders(
      <LoadActionsToolbar page="loads" selected={[filledLoad({ id: 1 }), filledLoad({ id: 2 })]} onDone={onDone} />,
    );
    fireEvent.click(screen.getByTestId('more-actions'));
    fireEvent.click(await screen.findByTestId('action-export'));
    expect(downloadLoadsCsv).toHaveBeenCalledWith([1, 2], {
      language: 'en-US',
      timezone: 'America/Chicago',
      units: 'Metric',
      unitsWeight: 'Kilogram',
    });
    // Exporting changes no load: the selection stays for the next action (a delivery ticket, say).
    await waitFor(() => expect(screen.getByTestId('more-actions').hasAttribute('data-loading')).toBe(false));
    expect(onDone).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('action-create'));
    // The editor is loaded on first use (lazy-load-editor.tsx).
    expect(await screen.findByTestId('load-editor')).toBeTruthy();
    fireEvent.click(screen.getByTestId('more-actions'));
    fireEvent.click(await screen.findByTestId('action-delete'));
    fireEvent.click(await screen.findByTestId('delete-confirm'));
    expect(sent.map((entry) => [entry.loadId, entry.command.kind])).toEqual([
      [1, 'delete'],
      [2, 'delete'],
    ]);
  });
});

describe('ResourceSchedulingDialog', () => {
  it('shows last assignments and production plans, warns about a clash in the week, and saves the choice', async () => {
    // Load 5 keeps Bo Lind busy over load 1's whole time.
    weekLoads = [filledLoad({ id: 5, status: 'Assigned', transportedByUserId: 8 })];
    renderWithProviders(<ResourceSchedulingDialog load={filledLoad({ id: 1 })} opened onClose={() => {}} />);

    const drivers = screen.getByTestId('scheduling-drivers');
    expect(await within(drivers).findByText('Mar 2, 2030, 9:30 AM')).toBeTruthy();
    expect(within(screen.getByTestId('scheduling-trailers')).getByText('PP-9, PP-10')).toBeTruthy();
    expect(screen.queryByTestId('duplicate-resources-warning')).toBeNull();

    fireEvent.click(screen.getByTestId('scheduling-driver'));
    fireEvent.click(await screen.findByRole('option', { name: 'Bo Lind' }));
    const warning = await screen.findByTestId('duplicate-resources-warning');
    expect(within(warning).getByText('Duplicate resources found')).toBeTruthy();
    expect(within(warning).getByText('Another load this week uses the same resources at the same time: driver.')).toBeTruthy();

    fireEvent.click(screen.getByTestId('scheduling-save'));
    expect(sent).toEqual([
      {
        loadId: 1,
        command: { kind: 'assignDriver', assignment: { id: 1, transportedByUserId: 8, tractorId: null, trailerId: null } },
      },
    ]);
  });

  it('asks before Escape discards a changed choice', async () => {
    const onClose = vi.fn();
    renderWithProviders(<ResourceSchedulingDialog load={filledLoad()} opened onClose={onClose} />);
    fireEvent.click(screen.getByTestId('scheduling-driver'));
    fireEvent.click(await screen.findByRole('option', { name: 'Ana Ruiz' }));

    fireEvent.keyDown(document.body, { key: 'Escape' });
    fireEvent.click(await screen.findByTestId('discard-guard-keep'));
    expect(onClose).not.toHaveBeenCalled();
    expect((screen.getByTestId('scheduling-driver') as HTMLInputElement).value).toBe('Ana Ruiz');

    fireEvent.keyDown(document.body, { key: 'Escape' });
    fireEvent.click(await screen.findByTestId('discard-guard-discard'));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('fills the driver’s default equipment and is read-only without AssignDrivers', async () => {
    renderWithProviders(<ResourceSchedulingDialog load={filledLoad()} opened onClose={() => {}} />);
    fireEvent.click(screen.getByTestId('scheduling-driver'));
    fireEvent.click(await screen.findByRole('option', { name: 'Ana Ruiz' }));
    expect((screen.getByTestId('scheduling-tractor') as HTMLInputElement).value).toBe('T-31');
    expect((screen.getByTestId('scheduling-trailer') as HTMLInputElement).value).toBe('R-41');
    cleanup();

    renderWithProviders(<ResourceSchedulingDialog load={filledLoad()} opened onClose={() => {}} />, {
      permissions: ['ViewOwningOrders'],
    });
    expect(screen.getByTestId('scheduling-read-only')).toBeTruthy();
    expect((screen.getByTestId('scheduling-driver') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByTestId('scheduling-save') as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('DeliveryLogDialog', () => {
  it('shows planned against actual figures, stop actuals, translated events and the accuracy warning', async () => {
    const load = filledLoad({
      status: 'Delivered',
      tractorId: 31,
      trailerId: 41,
      transportedByUserId: 7,
      stops: [
        filledStop({
          id: 11,
          status: 'Complete',
          completedAt: '2030-03-04T14:40:00.000Z',
          actualWeight: 20_000_000,
          distanceMeters: 5_000,
        }),
        filledStop({
          id: 12,
          sequence: 2,
          type: 'Destination',
          organizationLocationId: 200,
          status: 'Complete',
          completedAt: '2030-03-04T16:30:00.000Z',
          distanceMeters: 75_430,
        }),
      ],
    });
    const base = { orderId: 1, latitude: 41.5, longitude: -93.6, userId: 7, organizationLocationId: null, initiatingId: null };
    tripEvents = [
      { ...base, id: 1, stopId: 11, type: 'StopStarted', timestamp: '2030-03-04T14:10:00.000Z', accuracy: 10, metadata: {} },
      {
        ...base,
        id: 3,
        stopId: 11,
        type: 'TaskCompleted',
        timestamp: '2030-03-04T14:40:00.000Z',
        accuracy: 8,
        metadata: { method: 'device' },
      },
      {
        ...base,
        id: 2,
        stopId: null,
        type: 'TripResumed',
        timestamp: '2030-03-04T15:10:00.000Z',
        accuracy: 0,
        metadata: { duration: 15 },
      },
    ];
    renderWithProviders(<DeliveryLogDialog load={load} opened onClose={() => {}} />);

    expect(screen.getByTestId('delivery-log-number').textContent).toContain('PO-1');
    // Metric user: 5 km + 75.43 km driven, to one decimal.
    expect(screen.getByTestId('delivery-log-actual-distance').textContent).toContain('80.4 km');
    const events = await screen.findByTestId('delivery-log-events');
    expect(within(events).getByText('Trip resumed after 15 min')).toBeTruthy();
    expect(within(events).getByText('Stop started')).toBeTruthy();
    // The completion method arrives as a code and is shown in the user's language.
    expect(within(events).getByText('Recorded by the device')).toBeTruthy();
    // A completion the device recorded is not called manually marked.
    expect(within(events).getByText('Task completed')).toBeTruthy();
    expect(within(events).queryByText(/manually marked/)).toBeNull();
    expect(within(events).queryByText('device')).toBeNull();
    expect(within(events).getAllByTestId('accuracy-warning')).toHaveLength(1);
    // The tractor has no weight on record: gross weight cannot be computed for the complete stops.
    const actuals = screen.getByTestId('delivery-log-actuals');
    expect(
      within(actuals)
        .getAllByTestId('gross-weight-error')
        .map((cell) => cell.textContent),
    ).toEqual(['Not computable*', 'Not computable*']);
    expect(within(actuals).getByText('Ana Ruiz')).toBeTruthy();
    expect(screen.getByTestId('delivery-log-actual-duration').textContent).toContain('2h 20m');
  });

  it('draws the trail and the events accurate to under 100 m, and measures the driven distance on the trail', async () => {
    const load = filledLoad({ id: 5, status: 'In Transit' });
    const point = (latitude: number, accuracy: number | null, minute: number): LoadTrailPoint => ({
      deviceId: 9,
      deviceType: 'mobile',
      latitude,
      longitude: -93.6,
      heading: 0,
      speed: 20,
      accuracy,
      timestamp: `2030-03-04T14:${String(minute).padStart(2, '0')}:00.000Z`,
    });
    // 0.1° of latitude apart twice: 22.2 km driven; the far jump of poor accuracy is not (one of unknown accuracy is).
    trail = [point(41.5, 5, 0), point(41.55, 150, 5), point(41.6, 8, 10), point(41.7, null, 15), point(41.7, 6, 20)];
    const base = { orderId: 5, longitude: -93.6, userId: 7, organizationLocationId: null, initiatingId: null, metadata: {} };
    tripEvents = [
      { ...base, id: 1, stopId: null, type: 'SiteArrived', timestamp: '2030-03-04T14:00:00.000Z', latitude: 41.5, accuracy: 0 },
      { ...base, id: 2, stopId: null, type: 'SiteLeft', timestamp: '2030-03-04T14:10:00.000Z', latitude: 41.5, accuracy: 120 },
      {
        ...base,
        id: 3,
        stopId: null,
        type: 'UnscheduledStop',
        timestamp: '2030-03-04T14:20:00.000Z',
        latitude: null,
        accuracy: 5,
      },
    ];
    renderWithProviders(<DeliveryLogDialog load={load} opened onClose={() => {}} />);

    const panel = await screen.findByTestId('delivery-log-map-panel');
    await waitFor(() => expect(panel.getAttribute('data-trail-points')).toBe('4'));
    expect(trailRequests).toEqual([5]);
    await waitFor(() => expect(drawnMaps.at(-1)?.events.map((event) => event.id)).toEqual([1]));
    expect(drawnMaps.at(-1)?.trail.map((drawn) => drawn.accuracy)).toEqual([5, 8, null, 6]);
    expect(screen.getByTestId('delivery-log-actual-distance').textContent).toContain('22.2 km');
    expect(screen.queryByTestId('delivery-log-no-trail')).toBeNull();
  });

  it('asks Freemium for no trail and draws no map', async () => {
    renderWithProviders(<DeliveryLogDialog load={filledLoad({ id: 5 })} opened onClose={() => {}} />, { tier: 'Freemium' });
    await screen.findByText('No events recorded for this load.');
    expect(screen.queryByTestId('delivery-log-map-panel')).toBeNull();
    expect(trailRequests).toEqual([]);
  });
});
