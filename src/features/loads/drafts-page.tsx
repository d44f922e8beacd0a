import { useTranslation } from 'react-i18next';
import type { WeekPageProps } from './loads-page.tsx';
import { LoadsTable } from './table/loads-table.tsx';

/** The drafts of a week (spec 1 §2, route /drafts; hidden from carriers by its gate), sorted as the user chose. */
export function DraftsPage(props: WeekPageProps) {
  const { t } = useTranslation('loads');
  return <LoadsTable table="drafts" title={t('draftsTitle')} {...props} />;
}
