import { Alert, Button, Group, Select, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { STOP_TYPES, type StopInput } from '#core/contract/orders';
import { bulkModifyWindows, defaultWindow } from '#core/domain/planning/index';
import { useDiscardGuard } from '#src/ui/discard-guard.tsx';
import { showActionDone } from '../actions/action-notice.ts';
import { ExplainedButton } from '#src/ui/explained-button.tsx';
import { useActionFormatting } from '../actions/use-action-formatting.ts';
import { usePlanningText } from './planning-messages.ts';
import { PlanningModal } from './planning-modal.tsx';
import type { PlanningDialogProps } from './publish-dialog.tsx';
import { useSaveDrafts } from './use-save-drafts.ts';
import { DateTimeField } from '#src/ui/date-time-field.tsx';
import { toMinute } from '#core/domain/date-format';

/**
 * Bulk modify stop windows (spec 1 §4): the required begin and end of every stop of one type on the
 * selected drafts, by default the current hour to one hour later; with cascade, each next draft's
 * window follows the previous one, which needs a stop of that type on every draft (else the error
 * explanation shows). A cheap rule, so it runs here as the user types.
 */
export function BulkWindowsDialog({ drafts, onClose, onDone }: PlanningDialogProps) {
  const { t } = useTranslation('planning');
  const format = useActionFormatting();
  const text = usePlanningText();
  const saveDrafts = useSaveDrafts();
  const [initial] = useState(() => defaultWindow(new Date().toISOString(), format.timezone));
  const [stopType, setStopType] = useState<StopInput['type']>('Origin');
  const [begin, setBegin] = useState<string | null>(() => toMinute(initial.begin));
  const [end, setEnd] = useState<string | null>(() => toMinute(initial.end));
  const [cascade, setCascade] = useState(false);
  const dirty = stopType !== 'Origin' || begin !== toMinute(initial.begin) || end !== toMinute(initial.end) || cascade;
  const guard = useDiscardGuard(dirty, onClose);

  const beginIso = begin;
  const endIso = end;
  const result = useMemo(
    () => (beginIso && endIso ? bulkModifyWindows(drafts, { stopType, begin: beginIso, end: endIso, cascade }) : null),
    [drafts, stopType, beginIso, endIso, cascade],
  );
  const changes =
    result && 'drafts' in result
      ? result.drafts.flatMap((changed, index) => (changed === drafts[index] ? [] : [{ original: drafts[index]!, changed }]))
      : [];
  const error = result && 'error' in result ? text.windows(result.error) : null;
  const blocker =
    !beginIso || !endIso ? t('windows.invalidTime') : (error ?? (changes.length === 0 ? t('windows.nothing') : null));

  const [saving, setSaving] = useState(false);
  const save = async () => {
    if (saving) return;
    setSaving(true);
    const total = await saveDrafts(changes);
    showActionDone(t('notices.windowsModified', { count: total }));
    onClose();
    onDone();
  };

  return (
    <PlanningModal title={t('windows.title', { count: drafts.length })} onClose={guard.requestClose} data-testid="windows-dialog">
      <Stack gap="sm">
        <Text size="sm">{t('windows.message')}</Text>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <Select
            label={t('windows.stopType')}
            data={STOP_TYPES.map((type) => ({ value: type, label: t(`load-actions:stopType.${type}`) }))}
            value={stopType}
            onChange={(value) => value && setStopType(value as StopInput['type'])}
            allowDeselect={false}
            data-testid="windows-stop-type"
          />
          <DateTimeField
            label={t('windows.begin')}
            value={begin}
            timezone={format.timezone}
            onChange={setBegin}
            error={beginIso ? undefined : t('windows.invalidTime')}
            data-testid="windows-begin"
          />
          <DateTimeField
            label={t('windows.end')}
            value={end}
            timezone={format.timezone}
            onChange={setEnd}
            error={endIso ? undefined : t('windows.invalidTime')}
            data-testid="windows-end"
          />
        </SimpleGrid>
        <Switch
          label={t('windows.cascade')}
          description={t('windows.cascadeHelp')}
          checked={cascade}
          onChange={(event) => setCascade(event.currentTarget.checked)}
          data-testid="windows-cascade"
        />
        {error && (
          <Alert color="red" title={t('windows.errorTitle')} data-testid="windows-error">
            {error}
          </Alert>
        )}
        {!error && beginIso && endIso && (
          <Text size="sm" c="dimmed" data-testid="windows-summary">
            {t('windows.summary', { count: changes.length })}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={guard.requestClose}>
            {t('cancel')}
          </Button>
          <ExplainedButton disabledReason={blocker} loading={saving} onClick={() => void save()} data-testid="windows-confirm">
            {t('windows.confirm')}
          </ExplainedButton>
        </Group>
      </Stack>
      {guard.confirmation}
    </PlanningModal>
  );
}
