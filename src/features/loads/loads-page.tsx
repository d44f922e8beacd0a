import { useTranslation } from 'react-i18next';
import { LoadsTable } from './table/loads-table.tsx';

export interface WeekPageProps {
  /** The week's Sunday as YYYY-MM-DD (URL search `week`); undefined is the current week. */
  week: string | undefined;
  /** A load to open, from a copied link (URL search `load`). */
  focusLoadId?: number;
  onWeekChange: (week: string | undefined) => void;
}

/** The scheduled loads of a week (spec 1 §2, route /loads). Carriers see the loads they transport: the mirror holds only those. */
export function LoadsPage(props: WeekPageProps) {
  const { t } = useTranslation('loads');
  return <LoadsTable table="loads" title={t('title')} {...props} />;
}
