import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { WeightUnit } from '#core/domain/units';
import { formatWeight } from '#core/domain/units';
import { useMirrorList } from '#src/data/loads.ts';
import type { CellFormat } from './columns.ts';

export function useCellFormat(weightUnit: WeightUnit): CellFormat {
  const { t, i18n } = useTranslation('administration');
  const { data: cargoTypes } = useMirrorList('cargoTypes');
  return useMemo(() => {
    const labels = new Map((cargoTypes ?? []).map((type) => [type.id, type.label]));
    // Translated once: a table builds a cell per row, and 5,000 lookups cost tens of milliseconds.
    const yes = t('yes');
    const no = t('no');
    return {
      yesNo: (value) => (value ? yes : no),
      weight: (grams) => formatWeight(grams, weightUnit, i18n.language),
      cargoType: (id) => labels.get(id) ?? t('unknownCargoType', { id }),
    };
  }, [t, i18n.language, weightUnit, cargoTypes]);
}
