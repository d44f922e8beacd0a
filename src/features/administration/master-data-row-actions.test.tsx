// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import administrationEnglish from '../../../locales/en-US/administration.json';
import commonEnglish from '../../../locales/en-US/common.json';
import { ResourceTable } from '#src/ui/resource-table.tsx';
import { MasterDataRowActions } from './master-data-row-actions.tsx';
import type { TableActions } from './table-actions.ts';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: 'en-US',
    resources: { 'en-US': { common: commonEnglish, administration: administrationEnglish } },
    defaultNS: 'common',
    interpolation: { escapeValue: false },
  });
});

afterEach(cleanup);

interface Truck {
  id: number;
  name: string;
}

const everything: TableActions = { create: true, edit: true, delete: true, downtime: true, contactPreferences: false };

function renderTrucks(hasDowntime: (row: Truck) => boolean) {
  render(
    <MantineProvider>
      <ResourceTable
        table="trucks"
        title="Trucks"
        rows={[1, 2, 3].map((id) => ({ id, name: `T-${id}` }))}
        columns={[{ key: 'name', labelKey: 'fields.name', text: (row: Truck) => row.name }]}
        labelNamespace="administration"
        actions={everything}
        itemName={(row) => row.name}
        onEdit={() => {}}
        onDelete={async () => {}}
        rowActions={(row) => (
          <MasterDataRowActions
            actions={everything}
            name={row.name}
            table="trucks"
            onDowntime={hasDowntime(row) ? () => {} : undefined}
          />
        )}
      />
    </MantineProvider>,
  );
}

describe('the row actions of master data', () => {
  it('offer downtime only on the rows that take it, between Edit and Delete', () => {
    renderTrucks((row) => row.id !== 3);
    expect(screen.getByRole('button', { name: 'Downtime of T-1' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Downtime of T-3' })).toBeNull();
  });

  it('keep the downtime place on rows without downtime, so the action icons line up', () => {
    renderTrucks((row) => row.id === 1);
    const [withDowntime, without] = screen.getAllByTestId('trucks-row');
    const slots = (row: HTMLElement | undefined) => row?.lastElementChild?.firstElementChild?.children.length;
    expect(slots(withDowntime)).toBe(3);
    expect(slots(without)).toBe(3);
  });
});
