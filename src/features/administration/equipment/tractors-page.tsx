import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { MasterDataPage } from '../master-data-page.tsx';
import { tractorColumns } from '../columns.ts';
import { useAdminContext, type AdminContext } from '../use-admin-context.ts';
import { useCellFormat } from '../use-cell-format.ts';
import { TractorForm } from './tractor-form.tsx';

/** /manage-company/tractors (spec 2 §2). */
export function TractorsPage() {
  const context = useAdminContext();
  return context ? <Tractors context={context} /> : null;
}

function Tractors({ context }: { context: AdminContext }) {
  const { t } = useTranslation('administration');
  const format = useCellFormat(context.weightUnit);
  const columns = useMemo(() => tractorColumns(format, context.standard), [format, context.standard]);
  return (
    <MasterDataPage
      context={context}
      collection="tractors"
      type="tractor"
      title={t('tractors.title')}
      columns={columns}
      itemName={(row) => row.userDisplayName}
      renderForm={(row, close) => <TractorForm context={context} row={row} onClose={close} />}
      downtime="tractor"
    />
  );
}
