import {
  IconArrowMerge,
  IconArrowsSplit,
  IconCalendarPlus,
  IconClockEdit,
  IconRoute,
  IconSend,
  IconStairsDown,
} from '@tabler/icons-react';
import { lazy, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PLANNING_ACTIONS, type PlanningActionKey } from '../actions/action-states.ts';

// Loaded when a planning dialog first opens: the loads page and most drafts visits never need them.
export const LazyPlanningDialogs = lazy(() =>
  import('./planning-dialogs.tsx').then((module) => ({ default: module.PlanningDialogs })),
);

export function isPlanningAction(value: string | null): value is PlanningActionKey {
  return (PLANNING_ACTIONS as readonly (string | null)[]).includes(value);
}

/**
 * The drafts toolbar's planning buttons (spec 1 §2: create drafts, merge, unmerge, cascade, bulk
 * schedule, bulk modify, publish) and the texts of their disabled reasons; which show and why one is
 * off is `planningActionStates`.
 */
export function usePlanningToolbar(open: (action: PlanningActionKey) => void) {
  const { t } = useTranslation('planning');
  const buttons: { action: PlanningActionKey; label: string; icon: ReactNode; run: () => void }[] = [
    {
      action: 'createDrafts',
      label: t('actions.createDrafts'),
      icon: <IconCalendarPlus size={16} />,
      run: () => open('createDrafts'),
    },
    { action: 'merge', label: t('actions.merge'), icon: <IconArrowMerge size={16} />, run: () => open('merge') },
    { action: 'unmerge', label: t('actions.unmerge'), icon: <IconArrowsSplit size={16} />, run: () => open('unmerge') },
    { action: 'cascade', label: t('actions.cascade'), icon: <IconStairsDown size={16} />, run: () => open('cascade') },
    { action: 'bulkSchedule', label: t('actions.bulkSchedule'), icon: <IconRoute size={16} />, run: () => open('bulkSchedule') },
    { action: 'bulkWindows', label: t('actions.bulkWindows'), icon: <IconClockEdit size={16} />, run: () => open('bulkWindows') },
    { action: 'publish', label: t('actions.publish'), icon: <IconSend size={16} />, run: () => open('publish') },
  ];
  const reasons = {
    selectTwo: t('disabled.selectTwo'),
    notMergeable: t('disabled.notMergeable'),
    mergeTooManyStops: t('disabled.mergeTooManyStops'),
    mergeIdentifiersTooLong: t('disabled.mergeIdentifiersTooLong'),
    notMergedDraft: t('disabled.notMergedDraft'),
  };
  return { buttons, reasons };
}
