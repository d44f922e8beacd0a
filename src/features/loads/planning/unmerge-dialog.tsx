import { Alert, Badge, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { unmergeDrafts } from '#core/domain/planning/index';
import { useMergedSources, usePlanningCommands } from '#src/data/loads.ts';
import { showActionDone } from '../actions/action-notice.ts';
import { ExplainedButton } from '#src/ui/explained-button.tsx';
import { useActionFormatting } from '../actions/use-action-formatting.ts';
import { DraftList } from './draft-list.tsx';
import { usePlanningText } from './planning-messages.ts';
import { PlanningModal } from './planning-modal.tsx';
import type { PlanningDialogProps } from './publish-dialog.tsx';

/**
 * Unmerge (spec 1 §4; feature UnmergeDrafts): lists the source loads of the merged draft (fetched,
 * kept 5 minutes) and splits it back into them. Offline the list waits for the connection, but the
 * unmerge itself is queued like any change; the server restores the sources exactly.
 */
export function UnmergeDialog({ drafts, onClose, onDone }: PlanningDialogProps) {
  const { t } = useTranslation('planning');
  const format = useActionFormatting();
  const text = usePlanningText();
  const commands = usePlanningCommands();
  const [merged] = drafts;
  const sources = useMergedSources(merged?.mergedFromOrderIds ?? null);
  const check = merged && sources.data ? unmergeDrafts(merged, sources.data) : null;
  const refusal = check && !check.ok ? text.unmergeRefusal(check.reason) : null;
  const total = merged?.mergedFromOrderIds?.length ?? 0;

  const confirm = () => {
    if (!merged) return;
    commands.unmerge(merged, format.label(merged));
    showActionDone(t('notices.unmerged', { count: total }));
    onClose();
    onDone();
  };

  return (
    <PlanningModal
      title={t('unmerge.title', { load: merged ? format.label(merged) : '' })}
      onClose={onClose}
      data-testid="unmerge-dialog"
    >
      <Stack gap="sm">
        <Text size="sm">{t('unmerge.message', { count: total })}</Text>
        {sources.isPending && sources.fetchStatus === 'fetching' && (
          <Group gap="xs" aria-live="polite">
            <Loader size="xs" />
            <Text size="sm">{t('unmerge.loading')}</Text>
          </Group>
        )}
        {sources.isPending && sources.fetchStatus === 'paused' && (
          <Text size="sm" c="dimmed" data-testid="unmerge-offline">
            {t('unmerge.offline')}
          </Text>
        )}
        {sources.isError && (
          <Text size="sm" c="dimmed">
            {t('unmerge.unavailable')}
          </Text>
        )}
        {refusal && (
          <Alert color="red" title={t('unmerge.refusedTitle')} data-testid="unmerge-refused">
            {refusal}
          </Alert>
        )}
        {sources.data && (
          <DraftList
            drafts={sources.data}
            format={format}
            data-testid="unmerge-sources"
            detail={(source) => (
              <Badge variant="light" size="sm">
                {t(`loads:status.${source.status.replace(' ', '')}`)}
              </Badge>
            )}
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('cancel')}
          </Button>
          <ExplainedButton color="grape" disabledReason={refusal} onClick={confirm} data-testid="unmerge-confirm">
            {t('unmerge.confirm')}
          </ExplainedButton>
        </Group>
      </Stack>
    </PlanningModal>
  );
}
