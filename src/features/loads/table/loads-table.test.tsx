// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '#core/contract/orders';
import type { Preferences } from '#core/contract/user';
import { markStopTouched } from '#src/data/touched-stops.ts';
import loadsEnglish from '../../../../locales/en-US/loads.json';
import { ROWS_PER_STEP } from './use-rows-in-steps.ts';
import { LoadsTable } from './loads-table.tsx';
import { makeLoad, makeStop } from '#test/fixtures/loads';

let weekLoads: Order[] | undefined = [];
let weekOnDevice: 'onDevice' | 'opening' | 'notOnDevice' = 'onDevice';
const retryOpening = vi.fn();
const savePreferences = vi.fn(async (_client: unknown, _userId: number, preferences: Preferences) => preferences);

const lists: Record<string, unknown[]> = {
  drivers: [{ id: 5, name: 'Ana Ruiz', enabled: true }],
  tractors: [{ id: 30, userDisplayName: 'T-30' }],
  trailers: [{ id: 40, userDisplayName: 'TR-40' }],
  locations: [
    { id: 10, name: 'North Mill', customerId: null, orgSubLocations: [{ id: 101, name: 'Bin 1' }] },
    { id: 20, name: 'Hilltop Farm', customerId: null, orgSubLocations: [] },
  ],
  customers: [],
  cargoTypes: [{ id: 2, label: 'Corn' }],
};

vi.mock('#src/data/loads.ts', () => ({
  useLoads: () => ({ data: weekLoads, onDevice: { state: weekOnDevice, retry: retryOpening } }),
  useMirrorList: (list: string) => ({ data: lists[list], isPending: false }),
}));

vi.mock('#src/data/session-queries.ts', async () => {
  const { queryOptions } = await import('@tanstack/react-query');
  return {
    selfQuery: queryOptions({ queryKey: ['self'], queryFn: async () => null, staleTime: Number.POSITIVE_INFINITY }),
    savePreferences: (...args: [unknown, number, Preferences]) => savePreferences(...args),
  };
});

// The toolbar, the scheduling cell and the editor belong to their own features and have their own tests.
vi.mock('../actions/load-actions-toolbar.tsx', () => ({
  LoadActionsToolbar: ({ selected }: { selected: Order[] }) => (
    <div data-testid="actions-toolbar">{selected.map((load) => load.id).join(',')}</div>
  ),
}));
vi.mock('../actions/resource-scheduling-cell.tsx', () => ({ ResourceSchedulingCell: () => <span /> }));
vi.mock('../editor/load-editor.tsx', () => ({
  LoadEditor: ({ load, variant }: { load: Order; variant: string }) => <div data-testid={`editor-${variant}`}>{load.id}</div>,
}));

beforeAll(async () => {
  // jsdom lays nothing out: the table's box measures 0 and falls back to the window's width, a wide screen here.
  window.innerWidth = 1920;
  await i18next.use(initReactI18next).init({
    lng: 'en-US',
    resources: { 'en-US': { loads: loadsEnglish } },
    interpolation: { escapeValue: false },
  });
});

beforeEach(() => {
  savePreferences.mockClear();
  weekOnDevice = 'onDevice';
});

afterEach(cleanup);

function week(count: number): Order[] {
  return Array.from({ length: count }, (_, index) =>
    makeLoad({
      id: index + 1,
      stops: [
        makeStop({
          sequence: 1,
          id: (index + 1) * 10 + 1,
          orderNumber: `PF-${index + 1}`,
          organizationLocationId: 10,
          organizationSubLocationIds: index === 0 ? [101] : [],
          cargoTypeId: 2,
          arrivalTime: new Date(Date.parse('2026-11-16T14:00:00.000Z') + index * 60_000).toISOString(),
        }),
        makeStop({ sequence: 2, id: (index + 1) * 10 + 2, organizationLocationId: 20 }),
      ],
    }),
  );
}

function renderTable(preferences: Preferences = {}, table: 'loads' | 'drafts' = 'loads', focusLoadId?: number) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(['self'], {
    id: 3,
    activeOrganizationId: 1,
    contact: { timezone: 'America/Chicago', units: 'Imperial', unitsWeight: 'Pound', language: 'en-US' },
    permissions: ['ViewOwningOrders', 'EditOrder'],
    organization: { isCarrier: false, features: ['Drafts'], tier: 'Standard' },
    preferences,
  });
  const onWeekChange = vi.fn();
  render(
    <QueryClientProvider client={queryClient}>
      <MantineProvider env="test">
        <LoadsTable table={table} title="Loads" week="2030-03-06" focusLoadId={focusLoadId} onWeekChange={onWeekChange} />
      </MantineProvider>
    </QueryClientProvider>,
  );
  return { queryClient, onWeekChange };
}

const rows = () => screen.queryAllByTestId('load-row');
/** A page mounts ROWS_PER_STEP rows a task (use-rows-in-steps.ts): allow for a busy machine. */
const STEPPED = { timeout: 14_000 };
const headers = () => screen.getAllByRole('columnheader').map((header) => header.textContent?.trim());

describe('LoadsTable', () => {
  it('shows 5 skeleton rows while the week loads', () => {
    weekLoads = undefined;
    renderTable();
    expect(screen.getAllByTestId('skeleton-row')).toHaveLength(5);
    expect(rows()).toHaveLength(0);
  });

  it('says a week outside the mirror is not on this device, rather than loading forever or showing it empty', () => {
    weekLoads = undefined;
    weekOnDevice = 'notOnDevice';
    renderTable();
    const state = screen.getByTestId('week-not-on-device');
    expect(state.textContent).toContain('This week is not on this device');
    expect(screen.queryAllByTestId('skeleton-row')).toHaveLength(0);
    expect(screen.queryByTestId('no-records')).toBeNull();
  });

  it('shows the no-records state for an empty week', () => {
    weekLoads = [];
    renderTable();
    expect(screen.getByTestId('no-records').textContent).toContain('No loads this week.');
  });

  it('shows a page of 100 rows by default, mounted a step at a time, with the names and sub-locations of each load', async () => {
    weekLoads = week(150);
    renderTable();
    expect(rows()).toHaveLength(ROWS_PER_STEP);
    await waitFor(() => expect(rows()).toHaveLength(100), STEPPED);
    const first = rows()[0] as HTMLElement;
    expect(first.textContent).toContain('PF-1');
    expect(first.textContent).toContain('North Mill › Bin 1');
    expect(first.textContent).toContain('Hilltop Farm');
    expect(first.textContent).toContain('Corn');
    expect(screen.getByTestId('rows-count').textContent).toBe('1–100 of 150');
  });

  it('uses and remembers the page size per table', async () => {
    weekLoads = week(150);
    renderTable({ tables: { loads: { pageSize: 25 } } });
    await waitFor(() => expect(rows()).toHaveLength(25), STEPPED);
    fireEvent.click(screen.getByTestId('page-size'));
    fireEvent.click(await screen.findByRole('option', { name: '50 / page' }));
    await waitFor(() => expect(rows()).toHaveLength(50), STEPPED);
    await waitFor(() => expect(savePreferences).toHaveBeenCalled());
    expect(savePreferences.mock.calls[0]?.[2]).toEqual({ tables: { loads: { pageSize: 50 } } });
  });

  it('hides the optional columns the user switched off, and completed time on drafts', () => {
    weekLoads = week(1);
    renderTable({ showTractor: false, showLoadDate: false });
    expect(headers()).toContain('Trailer');
    expect(headers()).toContain('Completed');
    expect(headers()).not.toContain('Tractor');
    expect(headers()).not.toContain('Date');
    cleanup();
    renderTable({}, 'drafts');
    expect(headers()).not.toContain('Completed');
  });

  it('filters order numbers 500 ms after typing stops', async () => {
    weekLoads = week(30);
    renderTable();
    await waitFor(() => expect(rows()).toHaveLength(30), STEPPED);
    // The column's title opens its filter.
    fireEvent.click(screen.getByTestId('filter-toggle-orderNumber'));
    fireEvent.change(await screen.findByTestId('filter-orderNumber'), { target: { value: 'PF-2' } });
    expect(rows()).toHaveLength(30);
    // PF-2 and PF-20 to PF-29.
    await waitFor(() => expect(rows()).toHaveLength(11), { timeout: 2000 });
  });

  it('applies the default preset when the page opens, and resets filters', async () => {
    weekLoads = week(30);
    renderTable({
      presets2: [{ name: 'Third', default: true, fields: [{ field: 'orderNumber', value: 'PF-3' }], table: 'loads' }],
    });
    expect(rows().map((row) => row.getAttribute('data-load-id'))).toEqual(['3', '30']);
    fireEvent.click(screen.getByTestId('reset-filters'));
    await waitFor(() => expect(rows()).toHaveLength(30), STEPPED);
  });

  it('keeps the typed search when the user goes to the drafts and back', async () => {
    weekLoads = week(3);
    const search = () => screen.getByTestId('filter-search') as HTMLInputElement;
    renderTable();
    fireEvent.change(search(), { target: { value: 'PF-2' } });
    await waitFor(() => expect(rows()).toHaveLength(1), { timeout: 2000 });
    cleanup();
    renderTable({}, 'drafts');
    expect(search().value).toBe('');
    cleanup();
    renderTable();
    expect(search().value).toBe('PF-2');
    expect(rows().map((row) => row.getAttribute('data-load-id'))).toEqual(['2']);
    // Cleared, it is not brought back: the next tests open the table without it.
    fireEvent.change(search(), { target: { value: '' } });
    cleanup();
    renderTable();
    expect(search().value).toBe('');
  });

  it('refuses an empty or taken preset name before saving', async () => {
    weekLoads = week(3);
    renderTable({ presets2: [{ name: 'Mine', default: false, fields: [], table: 'loads' }] });
    fireEvent.click(screen.getByTestId('presets-button'));
    const save = await screen.findByTestId('preset-save');
    expect(save.hasAttribute('disabled')).toBe(true);
    fireEvent.change(screen.getByTestId('preset-name'), { target: { value: 'MINE' } });
    expect(screen.getByText('A preset with this name already exists.')).toBeTruthy();
    expect(save.hasAttribute('disabled')).toBe(true);
    fireEvent.change(screen.getByTestId('preset-name'), { target: { value: 'Mine too' } });
    expect(save.hasAttribute('disabled')).toBe(false);
    fireEvent.click(save);
    await waitFor(() => expect(savePreferences).toHaveBeenCalled());
    expect(savePreferences.mock.calls[0]?.[2].presets2?.map((preset) => preset.name)).toEqual(['Mine', 'Mine too']);
  });

  it('marks a row red when a live update touched one of its stops', () => {
    weekLoads = week(3);
    renderTable();
    expect(screen.getAllByTestId('load-row').filter((row) => row.dataset.touched)).toHaveLength(0);
    act(() => markStopTouched({ orderId: 2, stopId: 21, changedByUserId: null }));
    const touched = screen.getAllByTestId('load-row').filter((row) => row.dataset.touched);
    expect(touched.map((row) => row.getAttribute('data-load-id'))).toEqual(['2']);
    // Opening the load clears the mark.
    fireEvent.click(within(touched[0] as HTMLElement).getByTestId('load-expand'));
    expect(screen.getAllByTestId('load-row').filter((row) => row.dataset.touched)).toHaveLength(0);
  });

  it('expands a row into the in-place editor, or read-only stops for a delivered load', async () => {
    weekLoads = [
      ...week(1),
      makeLoad({
        id: 9,
        status: 'Delivered',
        stops: [makeStop({ sequence: 1, orderNumber: 'PF-9' }), makeStop({ sequence: 2 })],
      }),
    ];
    renderTable();
    const [open, delivered] = rows() as [HTMLElement, HTMLElement];
    fireEvent.click(within(open).getByTestId('load-expand'));
    expect((await screen.findByTestId('editor-inline')).textContent).toBe('1');
    fireEvent.click(within(delivered).getByTestId('load-expand'));
    expect(screen.queryByTestId('editor-inline')).toBeNull();
    expect(screen.getByTestId('load-read-only').textContent).toContain('Delivered loads cannot be edited.');
    expect(within(delivered).getByTestId('load-edit').hasAttribute('disabled')).toBe(true);
  });

  it('hands the selected loads to the actions toolbar', () => {
    weekLoads = week(3);
    renderTable();
    fireEvent.click(within(rows()[2] as HTMLElement).getByTestId('load-select'));
    fireEvent.click(within(rows()[0] as HTMLElement).getByTestId('load-select'));
    expect(screen.getByTestId('actions-toolbar').textContent).toBe('1,3');
    fireEvent.click(screen.getByTestId('select-page'));
    expect(screen.getByTestId('actions-toolbar').textContent).toBe('1,2,3');
  });

  it('copies a link to the load, or alerts where the browser cannot copy', async () => {
    weekLoads = week(1);
    renderTable();
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    fireEvent.click(screen.getByTestId('load-copy-link'));
    await waitFor(() => expect(writeText).toHaveBeenCalled());
    expect(writeText.mock.calls[0]).toEqual([`${window.location.origin}/loads?week=2026-11-15&load=1`]);
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    const alert = vi.fn();
    window.alert = alert;
    fireEvent.click(screen.getByTestId('load-copy-link'));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('This browser cannot copy to the clipboard.'));
  });

  it('opens the load of a copied link on its page, even when the default preset hides it', async () => {
    weekLoads = week(150);
    const hideAll = [
      { name: 'None', default: true, fields: [{ field: 'orderNumber', value: 'nothing' }], table: 'loads' as const },
    ];
    renderTable({ presets2: hideAll }, 'loads', 120);
    expect((await screen.findByTestId('editor-inline')).textContent).toBe('120');
    expect(screen.getByTestId('rows-count').textContent).toBe('101–150 of 150');
  });

  it('moves to the previous and next week through the URL', () => {
    weekLoads = [];
    const { onWeekChange } = renderTable();
    fireEvent.click(screen.getByTestId('week-previous'));
    fireEvent.click(screen.getByTestId('week-next'));
    // The URL holds the week's Sunday (the page was opened on a Wednesday's link).
    expect(onWeekChange.mock.calls).toEqual([['2030-02-24'], ['2030-03-10']]);
    expect(screen.getByTestId('week-label').textContent).toMatch(/^Mar 3\s–\s9, 2030$/);
  });
});
