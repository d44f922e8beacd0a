// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import administrationEnglish from '../../locales/en-US/administration.json';
import commonEnglish from '../../locales/en-US/common.json';
import { clearCreated, markCreated } from './just-created.ts';
import { ResourceTable, type ResourceTableActions } from './resource-table.tsx';
import type { ResourceColumn } from './resource-table-rows.ts';

interface Truck {
  id: number;
  name: string;
  enabled: boolean;
}

const columns: ResourceColumn<Truck>[] = [
  { key: 'name', labelKey: 'fields.name', text: (row) => row.name, essential: true },
  { key: 'enabled', labelKey: 'fields.enabled', text: (row) => (row.enabled ? 'Yes' : 'No'), filterable: true },
];
const everything: ResourceTableActions = { create: true, edit: true, delete: true };
const nothing: ResourceTableActions = { create: false, edit: false, delete: false };
const trucks = (count: number): Truck[] =>
  Array.from({ length: count }, (_, index) => ({ id: index + 1, name: `T-${index + 1}`, enabled: index !== 1 }));

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: 'en-US',
    resources: { 'en-US': { common: commonEnglish, administration: administrationEnglish } },
    defaultNS: 'common',
    interpolation: { escapeValue: false },
  });
});

afterEach(cleanup);

function renderTable(
  rows: Truck[] | undefined,
  actions = everything,
  rowOptions: {
    rememberedPageSize?: number;
    warning?: (row: Truck) => string | null;
    rowActions?: (row: Truck) => ReactNode;
  } = {},
) {
  const onCreate = vi.fn();
  const onDelete = vi.fn(async () => {});
  const onPageSizeChange = vi.fn();
  render(
    <MantineProvider>
      <ResourceTable
        table="trucks"
        title="Trucks"
        rows={rows}
        columns={columns}
        labelNamespace="administration"
        actions={actions}
        itemName={(row) => row.name}
        onPageSizeChange={onPageSizeChange}
        onCreate={onCreate}
        onEdit={() => {}}
        onDelete={onDelete}
        {...rowOptions}
      />
    </MantineProvider>,
  );
  return { onCreate, onDelete, onPageSizeChange };
}

describe('the resource table', () => {
  it('shows 10 skeleton rows while loading', () => {
    renderTable(undefined);
    expect(screen.getAllByTestId('skeleton-row')).toHaveLength(10);
    expect(screen.getByTestId('trucks-table').getAttribute('aria-busy')).toBe('true');
  });

  it('shows "No records" with the Create action only when allowed', () => {
    const { onCreate } = renderTable([]);
    expect(screen.getByText('No records')).toBeTruthy();
    fireEvent.click(screen.getAllByTestId('trucks-create')[1]!);
    expect(onCreate).toHaveBeenCalled();
    cleanup();
    renderTable([], nothing);
    expect(screen.getByText('No records')).toBeTruthy();
    expect(screen.queryByTestId('trucks-create')).toBeNull();
  });

  it('pages 10 rows by default, greys disabled rows and counts what the search keeps', async () => {
    renderTable(trucks(23));
    expect(screen.getAllByTestId('trucks-row')).toHaveLength(10);
    expect(screen.getByTestId('trucks-count').textContent).toBe('Rows: 23');
    expect(screen.getAllByTestId('trucks-row')[1]?.getAttribute('data-enabled')).toBe('false');
    fireEvent.change(screen.getByTestId('trucks-search'), { target: { value: 't-2' } });
    await waitFor(() => expect(screen.getByTestId('trucks-count').textContent).toBe('Rows: 5'));
    expect(screen.getAllByTestId('trucks-row').map((row) => row.firstElementChild?.textContent)).toEqual([
      'T-2',
      'T-20',
      'T-21',
      'T-22',
      'T-23',
    ]);
  });

  it('takes the remembered page size and hands a new choice on to be remembered', async () => {
    const { onPageSizeChange } = renderTable(trucks(23), everything, { rememberedPageSize: 5 });
    expect(screen.getAllByTestId('trucks-row')).toHaveLength(5);
    fireEvent.click(screen.getByTestId('trucks-page-size'));
    fireEvent.click(await screen.findByRole('option', { name: '25 / page' }));
    expect(onPageSizeChange).toHaveBeenCalledWith(25);
  });

  it('shows the column headers from the namespace it is given', () => {
    renderTable(trucks(1));
    expect(screen.getByTestId('trucks-sort-name').textContent).toBe('Name');
  });

  it('offers only the actions allowed, and deletes after a question naming the row', async () => {
    const { onDelete } = renderTable(trucks(1), { ...nothing, delete: true });
    expect(screen.queryByRole('button', { name: 'Edit T-1' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Delete T-1' }));
    expect(await screen.findByText('Delete T-1?')).toBeTruthy();
    fireEvent.click(screen.getByTestId('delete-confirm'));
    await waitFor(() => expect(onDelete).toHaveBeenCalledWith(expect.objectContaining({ name: 'T-1' })));
  });

  it("puts a row's own actions between Edit and Delete", () => {
    renderTable(trucks(1), everything, { rowActions: (row) => <button type="button">Weigh {row.name}</button> });
    const icons = screen.getByTestId('trucks-row').lastElementChild?.firstElementChild?.children ?? [];
    expect([...icons].map((icon) => icon.getAttribute('aria-label') ?? icon.textContent)).toEqual([
      'Edit T-1',
      'Weigh T-1',
      'Delete T-1',
    ]);
  });

  it('shows a warned row red with its reason', () => {
    renderTable(trucks(3), everything, { warning: (row) => (row.id === 1 ? 'Nothing reaches T-1' : null) });
    const [warned, plain] = screen.getAllByTestId('trucks-row');
    expect(warned?.getAttribute('data-warning')).toBe('true');
    expect(screen.getByRole('button', { name: 'Nothing reaches T-1' })).toBeTruthy();
    expect(plain?.hasAttribute('data-warning')).toBe(false);
  });

  it('opens the reason of a warned row on a click or tap, not on hover only', async () => {
    renderTable(trucks(2), everything, { warning: (row) => (row.id === 1 ? 'Nothing reaches T-1' : null) });
    expect(screen.queryByTestId('trucks-warning-text')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Nothing reaches T-1' }));
    expect((await screen.findByTestId('trucks-warning-text')).textContent).toBe('Nothing reaches T-1');
  });
});

describe('a record just created', () => {
  afterEach(() => {
    clearCreated('trucks', 27);
    clearCreated('trucks', 12);
  });
  const shownNames = () => screen.queryAllByTestId('trucks-row').map((row) => row.textContent ?? '');

  it('is brought into view on its page and marked', async () => {
    renderTable(trucks(30));
    expect(shownNames().some((text) => text.startsWith('T-27'))).toBe(false);
    act(() => markCreated('trucks', 27));
    const created = await waitFor(() => {
      const row = screen.getAllByTestId('trucks-row').find((element) => element.getAttribute('data-record-id') === '27');
      if (!row) throw new Error('T-27 is not shown');
      return row;
    });
    expect(created.getAttribute('data-just-created')).toBe('true');
    expect(shownNames().some((text) => text.startsWith('T-1Yes') || text.startsWith('T-1No'))).toBe(false);
  });

  it('clears a search that hides it', async () => {
    renderTable(trucks(30));
    fireEvent.change(screen.getByTestId('trucks-search'), { target: { value: 'T-3' } });
    await waitFor(() =>
      expect(screen.queryAllByTestId('trucks-row').every((row) => row.textContent?.includes('T-3'))).toBe(true),
    );
    act(() => markCreated('trucks', 12));
    await waitFor(() =>
      expect(screen.getAllByTestId('trucks-row').find((row) => row.getAttribute('data-record-id') === '12')).toBeTruthy(),
    );
    expect((screen.getByTestId('trucks-search') as HTMLInputElement).value).toBe('');
  });
});
