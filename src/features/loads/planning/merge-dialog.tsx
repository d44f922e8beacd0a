import { Alert, Badge, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Order } from '#core/contract/orders';
import { canMerge, type MergedDraft } from '#core/domain/planning/index';
import { usePlanningCommands } from '#src/data/loads.ts';
import { planner } from '#src/data/planner.ts';
import { PlannedConflicts } from '../conflicts/conflict-notes.tsx';
import { loadLabel } from '../load-label.ts';
import { showActionDone } from '../actions/action-notice.ts';
import { ExplainedButton } from '#src/ui/explained-button.tsx';
import { useReferenceRows } from '../actions/reference-rows.ts';
import { useActionFormatting } from '../actions/use-action-formatting.ts';
import { usePlanningText } from './planning-messages.ts';
import { PlanningModal } from './planning-modal.tsx';
import { PlanningStopsTable } from './planning-stops-table.tsx';
import type { PlanningDialogProps } from './publish-dialog.tsx';
import { usePlannerResult } from './use-planner-result.ts';

/**
 * Merge drafts (spec 1 §4; feature MergeDrafts): the merged draft `mergeDrafts` makes of the
 * selection, previewed (status, driver, combined stops) before it is queued. The server computes the
 * merge again from the sources and keeps the preview's stop order.
 */
export function MergeDialog({ drafts, onClose, onDone }: PlanningDialogProps) {
  const { t } = useTranslation('planning');
  const format = useActionFormatting();
  const text = usePlanningText();
  const reference = useReferenceRows();
  const commands = usePlanningCommands();
  const [check] = useState(() => canMerge(drafts));
  const preview = usePlannerResult(drafts, () =>
    check.allowed ? planner.mergeDrafts([...drafts]) : Promise.reject(new Error(check.reason ?? 'refused')),
  );
  const merged = check.allowed ? preview.data : undefined;

  const reason = !check.allowed ? text.mergeRefusal(check.reason!) : !merged ? t('merge.preparing') : null;

  const confirm = () => {
    if (!merged) return;
    commands.merge([...drafts], merged, loadLabel(merged, format.formatDateTime));
    showActionDone(t('notices.merged', { count: drafts.length }));
    onClose();
    onDone();
  };

  return (
    <PlanningModal title={t('merge.title', { count: drafts.length })} onClose={onClose} data-testid="merge-dialog">
      <Stack gap="sm">
        <Text size="sm">{t('merge.message')}</Text>
        {!check.allowed && (
          <Alert color="red" title={t('merge.refusedTitle')} data-testid="merge-refused">
            {text.mergeRefusal(check.reason!)}
          </Alert>
        )}
        {check.allowed && preview.pending && (
          <Group gap="xs" aria-live="polite">
            <Loader size="xs" />
            <Text size="sm">{t('merge.preparing')}</Text>
          </Group>
        )}
        {merged && (
          <Stack gap="xs" data-testid="merge-preview">
            <Group gap="md" wrap="wrap">
              <Group gap={6}>
                <Text size="sm">{t('merge.status')}</Text>
                <Badge variant="light" data-testid="merge-status">
                  {t(`loads:status.${merged.status.replace(' ', '')}`)}
                </Badge>
              </Group>
              <Text size="sm" data-testid="merge-driver">
                {t('merge.driver', { driver: reference.driverName(merged.transportedByUserId) ?? t('none') })}
              </Text>
              <Text size="sm">{t('merge.stopCount', { count: merged.stops.length })}</Text>
            </Group>
            <PlanningStopsTable stops={merged.stops} format={format} />
            <MergeConflicts merged={merged} sources={drafts} label={(load) => loadLabel(load, format.formatDateTime)} />
          </Stack>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('cancel')}
          </Button>
          <ExplainedButton disabledReason={reason} onClick={confirm} data-testid="merge-confirm">
            {t('merge.confirm')}
          </ExplainedButton>
        </Group>
      </Stack>
    </PlanningModal>
  );
}

/** The merged draft's conflicts (its weight on the trailer above all), its sources left out: they go. */
function MergeConflicts({
  merged,
  sources,
  label,
}: {
  merged: MergedDraft;
  sources: readonly Order[];
  label: (load: MergedDraft) => string;
}) {
  const loads = useMemo(() => [{ ...merged, id: 0, timeSeconds: null }], [merged]);
  const replacing = useMemo(() => sources.map((source) => source.id), [sources]);
  return <PlannedConflicts loads={loads} replacing={replacing} labelOfPlanned={label} testId="merge-conflicts" />;
}
