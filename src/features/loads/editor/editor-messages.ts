import { useTranslation } from 'react-i18next';
import type { EditorErrorCode } from './editor-state.ts';

/** The message of each validation code, spelled out so the key extractor sees every key. */
export function useEditorErrorText(): (code: EditorErrorCode) => string {
  const { t } = useTranslation('load-editor');
  return (code) => {
    switch (code) {
      case 'locationRequired':
        return t('errors.locationRequired');
      case 'cargoTypeRequired':
        return t('errors.cargoTypeRequired');
      case 'quantityMin':
        return t('errors.quantityMin');
      case 'weightNegative':
        return t('errors.weightNegative');
      case 'durationRange':
        return t('errors.durationRange');
      case 'tooLong':
        return t('errors.tooLong');
      case 'noStops':
        return t('errors.noStops');
      case 'invalid':
        return t('errors.invalid');
    }
  };
}
