// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LoadCommand } from '#src/data/loads.ts';
import actionsEnglish from '../../../../locales/en-US/load-actions.json';
import { AssignCarrierPanel } from './assign-carrier-panel.tsx';
import { AssignDriverPanel } from './assign-driver-panel.tsx';
import { DeleteLoadsDialog } from './delete-loads-dialog.tsx';
import { filledLoad, filledStop } from '#test/fixtures/loads';
import { ManualCompletionDialog } from './manual-completion-dialog.tsx';
import { typeTime, instantIn } from '#src/ui/date-time-field.test-support.ts';

const sent: { loadId: number; command: LoadCommand; label: string }[] = [];

const lists: Record<string, unknown[]> = {
  drivers: [
    {
      id: 7,
      organizationId: 1,
      name: 'Ana Ruiz',
      phone: '555-0107',
      enabled: true,
      driverInfo: { defaultTractorId: 31, defaultTrailerId: 41, contract: false },
      version: 1,
    },
    {
      id: 8,
      organizationId: 1,
      name: 'Bo Lind',
      phone: null,
      enabled: true,
      driverInfo: { defaultTractorId: null, defaultTrailerId: null, contract: false },
      version: 1,
    },
    // Disabled, and another organization's: neither is offered.
    {
      id: 9,
      organizationId: 1,
      name: 'Cy Off',
      phone: null,
      enabled: false,
      driverInfo: { defaultTractorId: null, defaultTrailerId: null, contract: false },
      version: 1,
    },
    {
      id: 10,
      organizationId: 2,
      name: 'Di Other',
      phone: null,
      enabled: true,
      driverInfo: { defaultTractorId: null, defaultTrailerId: null, contract: false },
      version: 1,
    },
  ],
  tractors: [{ id: 31, organizationId: 1, userDisplayName: 'T-31', enabled: true, weight: null }],
  trailers: [
    {
      id: 41,
      organizationId: 1,
      userDisplayName: 'R-41',
      enabled: true,
      weight: null,
      maxCargoWeight: null,
      trailerCargoTypes: [],
    },
  ],
  locations: [
    { id: 100, name: 'North Mill' },
    { id: 200, name: 'Farm 12' },
  ],
  carriers: [
    {
      id: 1,
      organizationId: 1,
      carrierOrganizationId: 50,
      name: 'Swift Haul',
      isActive: true,
      loadDriver: 'Carrier',
      loadTractor: 'Both',
      loadTrailer: 'Owning',
    },
    {
      id: 2,
      organizationId: 1,
      carrierOrganizationId: 51,
      name: 'Gone Freight',
      isActive: false,
      loadDriver: 'Both',
      loadTractor: 'Both',
      loadTrailer: 'Both',
    },
  ],
};

vi.mock('#src/data/load-details.ts', () => ({
  useCarrierLinks: () => ({ data: lists.carriers }),
}));

vi.mock('#src/data/loads.ts', () => ({
  useLoadCommands: () => (load: { id: number }, command: LoadCommand, label: string) =>
    sent.push({ loadId: load.id, command, label }),
  useMirrorList: (list: string) => ({ data: lists[list] ?? [] }),
  useLoads: () => ({ data: [], onDevice: { state: 'onDevice', retry: () => {} } }),
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
});

afterEach(cleanup);

function renderWithProviders(ui: ReactNode) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(['self'], {
    id: 3,
    activeOrganizationId: 1,
    contact: { timezone: 'America/Chicago', units: 'Metric', unitsWeight: 'Kilogram', language: 'en-US' },
    permissions: [],
    organization: { isCarrier: false, features: [], tier: 'Standard' },
  });
  return render(
    <QueryClientProvider client={queryClient}>
      <MantineProvider env="test">{ui}</MantineProvider>
    </QueryClientProvider>,
  );
}

describe('AssignDriverPanel', () => {
  it('offers enabled drivers of the organization, asks "sure?", then assigns each load with the default equipment', () => {
    const onDone = vi.fn();
    const loads = [filledLoad({ id: 1 }), filledLoad({ id: 2 })];
    renderWithProviders(<AssignDriverPanel opened loads={loads} onClose={() => {}} onDone={onDone} />);

    const rows = screen.getAllByTestId('assign-driver-row');
    expect(rows.map((row) => row.getAttribute('data-driver-id'))).toEqual(['7', '8']);
    expect(screen.getByTestId('assign-driver-count').textContent).toBe('Available drivers: 2');
    const ana = rows[0] as HTMLElement;
    expect(within(ana).getByText('555-0107')).toBeTruthy();
    expect(within(ana).getByText('Tractor: T-31')).toBeTruthy();
    expect(within(ana).getByText('Trailer: R-41')).toBeTruthy();

    fireEvent.click(within(ana).getByTestId('assign-driver-button'));
    expect(sent).toEqual([]);
    expect(within(ana).getByText('Assign Ana Ruiz?')).toBeTruthy();
    fireEvent.click(within(ana).getByTestId('assign-driver-button-yes'));

    expect(sent.map((entry) => [entry.loadId, entry.command])).toEqual([
      [1, { kind: 'assignDriver', assignment: { id: 1, transportedByUserId: 7, tractorId: 31, trailerId: 41 } }],
      [2, { kind: 'assignDriver', assignment: { id: 2, transportedByUserId: 7, tractorId: 31, trailerId: 41 } }],
    ]);
    expect(sent[0]?.label).toBe('PO-1');
    expect(onDone).toHaveBeenCalledOnce();
  });

  it('sends nothing when the user answers no', () => {
    renderWithProviders(<AssignDriverPanel opened loads={[filledLoad()]} onClose={() => {}} onDone={() => {}} />);
    const [row] = screen.getAllByTestId('assign-driver-row');
    fireEvent.click(within(row as HTMLElement).getByTestId('assign-driver-button'));
    fireEvent.click(within(row as HTMLElement).getByTestId('assign-driver-button-no'));
    expect(sent).toEqual([]);
    expect(within(row as HTMLElement).getByTestId('assign-driver-button')).toBeTruthy();
  });

  it('filters by name after the search pause', async () => {
    vi.useFakeTimers();
    try {
      renderWithProviders(<AssignDriverPanel opened loads={[filledLoad()]} onClose={() => {}} onDone={() => {}} />);
      fireEvent.change(screen.getByTestId('assign-driver-search'), { target: { value: 'bo' } });
      await act(async () => {
        vi.advanceTimersByTime(300);
      });
      expect(screen.getAllByTestId('assign-driver-row').map((row) => row.getAttribute('data-driver-id'))).toEqual(['8']);
      expect(screen.getByTestId('assign-driver-count').textContent).toBe('Available driver: 1');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('AssignCarrierPanel', () => {
  it('lists active carriers only and keeps what the relation allows', () => {
    const load = filledLoad({ status: 'Assigned', transportedByUserId: 7, tractorId: 31, trailerId: 41 });
    renderWithProviders(<AssignCarrierPanel opened loads={[load]} onClose={() => {}} onDone={() => {}} />);
    const rows = screen.getAllByTestId('assign-carrier-row');
    expect(rows.map((row) => row.getAttribute('data-carrier-id'))).toEqual(['1']);
    fireEvent.click(within(rows[0] as HTMLElement).getByTestId('assign-carrier-button'));
    fireEvent.click(within(rows[0] as HTMLElement).getByTestId('assign-carrier-button-yes'));
    // loadDriver 'Carrier': the carrier picks the driver, so the load goes to it without one (Open).
    expect(sent[0]?.command).toEqual({
      kind: 'assignCarrier',
      assignment: {
        id: 1,
        status: 'Open',
        transportedByUserId: null,
        tractorId: 31,
        trailerId: 41,
        transportingOrganizationId: 50,
      },
    });
  });

  it('unassigns only loads that are with a carrier', () => {
    const carried = filledLoad({ id: 4, transportingOrganizationId: 50, status: 'Assigned', transportedByUserId: 99 });
    renderWithProviders(
      <AssignCarrierPanel opened loads={[carried, filledLoad({ id: 5 })]} onClose={() => {}} onDone={() => {}} />,
    );
    expect(screen.getByText('Now with: Swift Haul')).toBeTruthy();
    fireEvent.click(screen.getByTestId('unassign-carrier-button'));
    fireEvent.click(screen.getByTestId('unassign-carrier-button-yes'));
    expect(sent.map((entry) => entry.command)).toEqual([
      {
        kind: 'assignCarrier',
        assignment: {
          id: 4,
          status: 'Open',
          transportedByUserId: null,
          tractorId: null,
          trailerId: null,
          transportingOrganizationId: 1,
        },
      },
    ]);
  });
});

describe('ManualCompletionDialog', () => {
  it('lists the stops not yet complete with default times, notifications off unless switched on', () => {
    const load = filledLoad({
      status: 'In Transit',
      stops: [
        filledStop({ id: 11, status: 'Complete', completedAt: '2030-03-04T14:20:00.000Z' }),
        filledStop({
          id: 12,
          sequence: 2,
          type: 'Destination',
          organizationLocationId: 200,
          arrivalTime: '2020-05-01T15:00:00.000Z',
        }),
        filledStop({
          id: 13,
          sequence: 3,
          type: 'Destination',
          organizationLocationId: 200,
          arrivalTime: '2020-05-01T16:00:00.000Z',
        }),
      ],
    });
    renderWithProviders(<ManualCompletionDialog opened loads={[load]} onClose={() => {}} onDone={() => {}} />);

    const stops = screen.getAllByTestId('complete-stop');
    expect(stops.map((stop) => stop.getAttribute('data-stop-id'))).toEqual(['12', '13']);
    const times = screen.getAllByTestId('complete-stop-time');
    // The earlier stop's real completion (14:20 UTC = 08:20 in Chicago on 4 March 2030) is the floor.
    expect(times.map(instantIn)).toEqual(['2030-03-04T14:20:00.000Z', '2030-03-04T14:20:00.000Z']);
    typeTime(times[1] as HTMLElement, '0945');
    fireEvent.click(screen.getAllByTestId('complete-stop-notify')[1] as HTMLElement);
    fireEvent.click(screen.getByTestId('complete-confirm'));

    expect(sent.map((entry) => entry.command)).toEqual([
      {
        kind: 'complete',
        completion: {
          id: 1,
          stops: [
            {
              id: 12,
              completedAt: '2030-03-04T14:20:00.000Z',
              metadata: { suppressDeliveryNotification: true, manuallyCompleted: true },
            },
            {
              id: 13,
              completedAt: '2030-03-04T15:45:00.000Z',
              metadata: { suppressDeliveryNotification: false, manuallyCompleted: true },
            },
          ],
        },
      },
    ]);
  });

  it('closes at once when nothing was changed, and asks before discarding a change', async () => {
    const onClose = vi.fn();
    renderWithProviders(<ManualCompletionDialog opened loads={[filledLoad()]} onClose={onClose} onDone={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledOnce();
    onClose.mockClear();

    fireEvent.click(screen.getAllByTestId('complete-stop-notify')[0] as HTMLElement);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(await screen.findByTestId('discard-guard-keep'));
    expect(onClose).not.toHaveBeenCalled();
    expect((screen.getAllByTestId('complete-stop-notify')[0] as HTMLInputElement).checked).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(await screen.findByTestId('discard-guard-discard'));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('keeps the time it had when what is typed is no time', () => {
    renderWithProviders(<ManualCompletionDialog opened loads={[filledLoad()]} onClose={() => {}} onDone={() => {}} />);
    const field = screen.getAllByTestId('complete-stop-time')[0] as HTMLElement;
    const before = instantIn(field);
    typeTime(field, '99:99');
    expect(instantIn(field)).toBe(before);
    expect((screen.getByTestId('complete-confirm') as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('DeleteLoadsDialog', () => {
  it('deletes every listed load once confirmed', () => {
    const onDone = vi.fn();
    renderWithProviders(
      <DeleteLoadsDialog opened loads={[filledLoad({ id: 1 }), filledLoad({ id: 2 })]} onClose={() => {}} onDone={onDone} />,
    );
    fireEvent.click(screen.getByTestId('delete-confirm'));
    expect(sent.map((entry) => [entry.loadId, entry.command.kind])).toEqual([
      [1, 'delete'],
      [2, 'delete'],
    ]);
    expect(onDone).toHaveBeenCalledOnce();
  });
});
