import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useMirrorList } from '#src/data/loads.ts';
import { MasterDataPage } from '#src/features/administration/master-data-page.tsx';
import { type AdminContext, useAdminContext } from '#src/features/administration/use-admin-context.ts';
import { useCellFormat } from '#src/features/administration/use-cell-format.ts';
import type { ResourceColumn } from '#src/ui/resource-table-rows.ts';
import { LocationForm } from './location-form.tsx';
import { locationTypesQuery } from './location-queries.ts';
import type { Location } from './location-values.ts';

/** /manage-company/locations (spec 2 §2): the organization's sites, their geofences, images and throughput. */
export function LocationsPage() {
  const context = useAdminContext();
  return context ? <Locations context={context} /> : null;
}

function Locations({ context }: { context: AdminContext }) {
  const { t } = useTranslation('locations');
  const format = useCellFormat(context.weightUnit);
  const types = useQuery(locationTypesQuery);
  const customers = useMirrorList('customers').data;
  const columns = useMemo((): ResourceColumn<Location>[] => {
    const typeName = (id: number) => types.data?.find((type) => type.id === id)?.name ?? '';
    const customerName = (id: number | null) =>
      id === null ? '' : (customers?.find((customer) => customer.id === id)?.customerName ?? '');
    // Headers: t('locations:fields.name'), t('locations:fields.type'), t('locations:fields.address1'),
    // t('locations:fields.city'), t('locations:fields.state'), t('locations:fields.customer'),
    // t('locations:fields.subLocations'), t('locations:fields.enabled').
    return [
      { key: 'name', labelKey: 'locations:fields.name', text: (row) => row.name, essential: true },
      {
        key: 'type',
        labelKey: 'locations:fields.type',
        text: (row) => typeName(row.organizationLocationTypeId),
        filterable: true,
      },
      { key: 'address1', labelKey: 'locations:fields.address1', text: (row) => row.address1 },
      { key: 'city', labelKey: 'locations:fields.city', text: (row) => row.city, filterable: true, essential: true },
      { key: 'state', labelKey: 'locations:fields.state', text: (row) => row.state, filterable: true },
      { key: 'customer', labelKey: 'locations:fields.customer', text: (row) => customerName(row.customerId), filterable: true },
      {
        key: 'subLocations',
        labelKey: 'locations:fields.subLocations',
        text: (row) => row.orgSubLocations.map((sub) => sub.name).join(', '),
      },
      {
        key: 'enabled',
        labelKey: 'locations:fields.enabled',
        text: (row) => format.yesNo(row.enabled),
        filterable: true,
        essential: true,
      },
    ];
  }, [types.data, customers, format]);
  return (
    <MasterDataPage
      context={context}
      collection="locations"
      type="location"
      title={t('title')}
      columns={columns}
      itemName={(row) => row.name}
      renderForm={(row, close) => <LocationForm context={context} row={row} onClose={close} />}
    />
  );
}
