import { Alert, Badge, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Order } from '#core/contract/orders';
import { type CompletenessResult, completenessOfDrafts, completenessOptions } from '#core/domain/planning/index';
import { planner } from '#src/data/planner.ts';
import { showActionDone } from '../actions/action-notice.ts';
import { ExplainedButton } from '../actions/explained-button.tsx';
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
 * Publish (spec 1 §4): the selected drafts become scheduled loads (`isDraft` false, saved through the
 * list route, where the server checks completeness again). Refused, with what each draft lacks,
 * unless every selected draft has a stop and is complete (time order included); the check runs in
 * the planner worker, a thousand drafts at once.
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
  const results: readonly CompletenessResult[] | undefined = check.data;

  // Incomplete drafts first: they are what the user must see when there are many.
  const { listed, resultOf, incomplete } = useMemo(() => {
    const byId = new Map(drafts.map((draft, index) => [draft.id, results?.[index]]));
    const failing = drafts.filter((draft) => byId.get(draft.id)?.complete === false);
    return {
      listed: [...failing, ...drafts.filter((draft) => byId.get(draft.id)?.complete !== false)],
      resultOf: (draft: Order) => byId.get(draft.id),
      incomplete: failing.length,
    };
  }, [drafts, results]);

  const refused = !results || incomplete > 0 || drafts.length === 0;
  const reason = check.pending ? t('publish.checking') : refused ? t('publish.refusedShort') : null;

  const [saving, setSaving] = useState(false);
  const publish = async () => {
    if (saving) return;
    setSaving(true);
    const total = await saveDrafts(drafts.map((draft) => ({ original: draft, changed: { ...draft, isDraft: false } })));
    showActionDone(t('notices.published', { total }));
    onClose();
    onDone();
  };

  return (
    <PlanningModal title={t('publish.title', { total: drafts.length })} onClose={onClose} data-testid="publish-dialog">
      <Stack gap="sm">
        <Text size="sm">{t('publish.message')}</Text>
        {check.pending && (
          <Group gap="xs" aria-live="polite">
            <Loader size="xs" />
            <Text size="sm">{t('publish.checking')}</Text>
          </Group>
        )}
        {!check.pending && refused && (
          <Alert color="red" title={t('publish.refusedTitle')} data-testid="publish-refused">
            {t('publish.refused', { total: incomplete })}
          </Alert>
        )}
        <DraftList
          drafts={listed}
          format={format}
          data-testid="publish-drafts"
          detail={(draft) => {
            const result = resultOf(draft);
            if (!result) return null;
            return result.complete ? (
              <Badge color="teal" variant="light" size="sm">
                {t('publish.complete')}
              </Badge>
            ) : (
              <Text size="sm" c="red" data-testid="publish-missing">
                {result.missing.map(text.completeness).join('; ')}
              </Text>
            );
          }}
        />
        <PlannedConflicts loads={drafts} labelOfPlanned={format.label} testId="publish-conflicts" />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('cancel')}
          </Button>
          <ExplainedButton disabledReason={reason} loading={saving} onClick={() => void publish()} data-testid="publish-confirm">
            {t('publish.confirm')}
          </ExplainedButton>
        </Group>
      </Stack>
    </PlanningModal>
  );
}
