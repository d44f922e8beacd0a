import { useQuery } from '@tanstack/react-query';
import { selfQuery } from '#src/data/session-queries.ts';
import { useSavePreferences } from '#src/features/loads/table/use-save-preferences.ts';

/** A resource table's page size remembered in the user's preferences (`tables.{table}.pageSize`). */
export function useTablePageSize(table: string) {
  const { data: self } = useQuery(selfQuery);
  const savePreferences = useSavePreferences();
  return {
    rememberedPageSize: self?.preferences.tables?.[table]?.pageSize,
    onPageSizeChange: (pageSize: number) =>
      void savePreferences((preferences) => ({ ...preferences, tables: { ...preferences.tables, [table]: { pageSize } } })),
  };
}
