import { Alert, Badge, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Order } from '#core/contract/orders';
import { completenessOfDrafts, completenessOptions, publishSelection } from '#core/domain/planning/index';
import { planner } from '#src/data/planner.ts';
import { showActionDone } from '../actions/action-notice.ts';
import { ExplainedButton } from '#src/ui/explained-button.tsx';
import { useActionFormatting } from '../actions/use-action-formatting.ts';
import { PlannedConflicts } from '../conflicts/conflict-notes.tsx';
import { DraftList } from './draft-list.tsx';
import { usePlanningText } from './planning-messages.ts';
import { PlanningModal } from './planning-modal.tsx';
import { usePlannerResult } from './use-planner-result.ts';
import { useSaveDrafts } from './use-save-drafts.ts';
import { planningInput } from './worker-payloads.ts';

export interface PlanningDialogProps {
  /** The selected drafts, as the table showed them when the dialog opened. */
  drafts: readonly Order[];
  onClose: () => void;
  /** After the change was queued (the table clears its selection). */
  onDone: () => void;
}

/**
 * Publish (spec 1 §4): the complete drafts of the selection become scheduled loads (`isDraft` false,
 * saved through the list route, where the server checks completeness again); each incomplete one is
 * named with what it lacks and stays a draft. The check (time order included) runs in the planner
 * worker, a thousand drafts at once.
 */
export function PublishDialog({ drafts, onClose, onDone }: PlanningDialogProps) {
  const { t } = useTranslation('planning');
  const format = useActionFormatting();
  const text = usePlanningText();
  const saveDrafts = useSaveDrafts();
  const unit = format.unitsWeight;
  const check = usePlannerResult(drafts, () => {
    const options = completenessOptions(unit, true);
    // Should the worker fail to start, the same rule runs here rather than leaving publish blocked.
    const input = planningInput(drafts);
    return planner.completenessOfDrafts(input, options).catch(() => completenessOfDrafts(input, options));
  });

  // Incomplete drafts first: they are what the user must see when there are many.
  const selection = useMemo(() => (check.data ? publishSelection(drafts, check.data) : undefined), [drafts, check.data]);
  const { listed, missingOf } = useMemo(() => {
    const missing = new Map(selection?.incomplete.map((entry) => [entry.draft.id, entry.missing]));
    return {
      listed: selection ? [...selection.incomplete.map((entry) => entry.draft), ...selection.complete] : drafts,
      missingOf: (draft: Order) => missing.get(draft.id),
    };
  }, [drafts, selection]);
  const publishable = selection?.complete ?? [];
  const incomplete = selection?.incomplete.length ?? 0;
  const reason = check.pending ? t('publish.checking') : publishable.length === 0 ? t('publish.noneComplete') : null;

  const [saving, setSaving] = useState(false);
  const publish = async () => {
    if (saving) return;
    setSaving(true);
    const total = await saveDrafts(publishable.map((draft) => ({ original: draft, changed: { ...draft, isDraft: false } })));
    showActionDone(t('notices.published', { count: total }));
    onClose();
    onDone();
  };

  return (
    <PlanningModal title={t('publish.title', { count: drafts.length })} onClose={onClose} data-testid="publish-dialog">
      <Stack gap="sm">
        <Text size="sm">{t('publish.message')}</Text>
        {check.pending && (
          <Group gap="xs" aria-live="polite">
            <Loader size="xs" />
            <Text size="sm">{t('publish.checking')}</Text>
          </Group>
        )}
        {selection && incomplete > 0 && (
          <Alert
            color={publishable.length ? 'yellow' : 'red'}
            title={publishable.length ? t('publish.someIncompleteTitle') : t('publish.noneCompleteTitle')}
            data-testid="publish-refused"
          >
            {t('publish.incompleteStay', { count: incomplete })}
          </Alert>
        )}
        <DraftList
          drafts={listed}
          format={format}
          data-testid="publish-drafts"
          detail={(draft) => {
            if (!selection) return null;
            const missing = missingOf(draft);
            return missing ? (
              <Text size="sm" c="red" data-testid="publish-missing">
                {missing.map(text.completeness).join('; ')}
              </Text>
            ) : (
              <Badge color="teal" variant="light" size="sm" data-testid="publish-complete">
                {t('publish.complete')}
              </Badge>
            );
          }}
        />
        <PlannedConflicts loads={drafts} labelOfPlanned={format.label} testId="publish-conflicts" />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('cancel')}
          </Button>
          <ExplainedButton disabledReason={reason} loading={saving} onClick={() => void publish()} data-testid="publish-confirm">
            {t('publish.confirm', { count: publishable.length })}
          </ExplainedButton>
        </Group>
      </Stack>
    </PlanningModal>
  );
}
