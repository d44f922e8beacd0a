import { useTranslation } from 'react-i18next';
import type {
  BulkWindowsError,
  CascadeIneligibility,
  CascadeOptionsError,
  CompletenessRule,
  MergeRefusal,
  ProjectionConfigError,
  UnmergeRefusal,
} from '#core/domain/planning/index';

/**
 * The text of each planning rule key of core/domain/planning, spelled out so the key extractor sees
 * every key (a template key would be dropped from the locale files).
 */
export function usePlanningText() {
  const { t } = useTranslation('planning');

  const completeness = (rule: CompletenessRule): string => {
    switch (rule) {
      case 'noStops':
        return t('completeness.noStops');
      case 'noOrigin':
        return t('completeness.noOrigin');
      case 'noDestination':
        return t('completeness.noDestination');
      case 'originAfterDestination':
        return t('completeness.originAfterDestination');
      case 'stopWithoutLocation':
        return t('completeness.stopWithoutLocation');
      case 'stopWithoutType':
        return t('completeness.stopWithoutType');
      case 'cargoTypeMissing':
        return t('completeness.cargoTypeMissing');
      case 'missingAmount':
        return t('completeness.missingAmount');
      case 'quantityOnSomeOnly':
        return t('completeness.quantityOnSomeOnly');
      case 'weightOnSomeOnly':
        return t('completeness.weightOnSomeOnly');
      case 'noAmount':
        return t('completeness.noAmount');
      case 'quantityUnbalanced':
        return t('completeness.quantityUnbalanced');
      case 'weightUnbalanced':
        return t('completeness.weightUnbalanced');
      case 'missingArrival':
        return t('completeness.missingArrival');
      case 'timesOutOfOrder':
        return t('completeness.timesOutOfOrder');
    }
  };

  const mergeRefusal = (reason: MergeRefusal): string => {
    switch (reason) {
      case 'fewerThanTwoDrafts':
        return t('merge.refused.fewerThanTwoDrafts');
      case 'duplicateDraft':
        return t('merge.refused.duplicateDraft');
      case 'notADraft':
        return t('merge.refused.notADraft');
      case 'differentOrganizations':
        return t('merge.refused.differentOrganizations');
      case 'statusNotMergeable':
        return t('merge.refused.statusNotMergeable');
      case 'tooManyStops':
        return t('merge.refused.tooManyStops');
      case 'identifiersTooLong':
        return t('merge.refused.identifiersTooLong');
    }
  };

  const unmergeRefusal = (reason: UnmergeRefusal): string => {
    switch (reason) {
      case 'notAMergedDraft':
        return t('unmerge.refused.notAMergedDraft');
      case 'notADraft':
        return t('unmerge.refused.notADraft');
      case 'sourceMissing':
        return t('unmerge.refused.sourceMissing');
      case 'sourceNotMerged':
        return t('unmerge.refused.sourceNotMerged');
    }
  };

  const cascade = (reason: CascadeIneligibility | CascadeOptionsError): string => {
    switch (reason) {
      case 'fewerThanTwoDrafts':
        return t('cascade.reasons.fewerThanTwoDrafts');
      case 'notADraft':
        return t('cascade.reasons.notADraft');
      case 'noBasisLocation':
        return t('cascade.reasons.noBasisLocation');
      case 'basisLocationNotOnEveryDraft':
        return t('cascade.reasons.basisLocationNotOnEveryDraft');
      case 'basisStopWithoutArrival':
        return t('cascade.reasons.basisStopWithoutArrival');
      case 'noStartDate':
        return t('cascade.reasons.noStartDate');
      case 'intervalNotOffered':
        return t('cascade.reasons.intervalNotOffered');
      case 'offsetNotInSteps':
        return t('cascade.reasons.offsetNotInSteps');
    }
  };

  const windows = (error: BulkWindowsError): string => {
    switch (error) {
      case 'notEveryDraftHasStopType':
        return t('windows.errors.notEveryDraftHasStopType');
      case 'windowEndBeforeBegin':
        return t('windows.errors.windowEndBeforeBegin');
    }
  };

  const schedule = (reason: 'noReferenceTime' | 'noDriverChoice'): string => {
    switch (reason) {
      case 'noReferenceTime':
        return t('schedule.disabled.noReferenceTime');
      case 'noDriverChoice':
        return t('schedule.disabled.noDriverChoice');
    }
  };

  const projection = (error: ProjectionConfigError): string => {
    switch (error) {
      case 'requiredField':
        return t('bulkCreate.errors.requiredField');
      case 'loadInvalidStopValue':
        return t('bulkCreate.errors.loadInvalidStopValue');
    }
  };

  return { completeness, mergeRefusal, unmergeRefusal, cascade, windows, schedule, projection };
}

export type PlanningText = ReturnType<typeof usePlanningText>;
