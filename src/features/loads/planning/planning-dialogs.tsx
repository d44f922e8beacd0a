import { useState } from 'react';
import type { Order } from '#core/contract/orders';
import type { PlanningActionKey } from '../actions/action-states.ts';
import { BulkCreateWizard } from './bulk-create-wizard.tsx';
import { BulkScheduleDialog } from './bulk-schedule-dialog.tsx';
import { BulkWindowsDialog } from './bulk-windows-dialog.tsx';
import { CascadeDialog } from './cascade-dialog.tsx';
import { MergeDialog } from './merge-dialog.tsx';
import { PublishDialog } from './publish-dialog.tsx';
import { UnmergeDialog } from './unmerge-dialog.tsx';

interface PlanningDialogsProps {
  action: PlanningActionKey;
  /** The table's selection; the dialog keeps it as it was when it opened. */
  selected: readonly Order[];
  onClose: () => void;
  onDone: () => void;
  onWeekChange?: (week: string | undefined) => void;
}

/** The open planning dialog of the drafts toolbar (loaded lazily with all of them). */
export function PlanningDialogs({ action, selected, onClose, onDone, onWeekChange }: PlanningDialogsProps) {
  // A snapshot: live updates (or the action itself) change the table's rows while the dialog is open.
  const [drafts] = useState(() => [...selected]);
  const props = { drafts, onClose, onDone };
  switch (action) {
    case 'createDrafts':
      return <BulkCreateWizard onClose={onClose} onWeekChange={onWeekChange} />;
    case 'merge':
      return <MergeDialog {...props} />;
    case 'unmerge':
      return <UnmergeDialog {...props} />;
    case 'cascade':
      return <CascadeDialog {...props} />;
    case 'bulkSchedule':
      return <BulkScheduleDialog {...props} />;
    case 'bulkWindows':
      return <BulkWindowsDialog {...props} />;
    case 'publish':
      return <PublishDialog {...props} />;
  }
}
