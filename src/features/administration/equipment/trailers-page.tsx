import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { MasterDataPage } from '../master-data-page.tsx';
import { trailerColumns } from '../columns.ts';
import { useAdminContext, type AdminContext } from '../use-admin-context.ts';
import { useCellFormat } from '../use-cell-format.ts';
import { TrailerForm } from './trailer-form.tsx';

/** /manage-company/trailers (spec 2 §2). */
export function TrailersPage() {
  const context = useAdminContext();
  return context ? <Trailers context={context} /> : null;
}

function Trailers({ context }: { context: AdminContext }) {
  const { t } = useTranslation('administration');
  const format = useCellFormat(context.weightUnit);
  const columns = useMemo(() => trailerColumns(format, context.standard), [format, context.standard]);
  return (
    <MasterDataPage
      context={context}
      collection="trailers"
      type="trailer"
      title={t('trailers.title')}
      columns={columns}
      itemName={(row) => row.userDisplayName}
      renderForm={(row, close) => <TrailerForm context={context} row={row} onClose={close} cargoTypeLabel={format.cargoType} />}
      downtime="trailer"
    />
  );
}
