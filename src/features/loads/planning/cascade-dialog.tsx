import { Alert, Button, Group, NumberInput, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Order } from '#core/contract/orders';
import {
  CASCADE_DEFAULT_INTERVAL,
  CASCADE_INTERVALS,
  CASCADE_OFFSET_STEP,
  cascadeBasisLocations,
  cascadeDrafts,
  cascadeEligibility,
  cascadeOptionsError,
} from '#core/domain/planning/index';
import { planner } from '#src/data/planner.ts';
import { showActionDone } from '../actions/action-notice.ts';
import { ExplainedButton } from '#src/ui/explained-button.tsx';
import { useReferenceRows } from '../actions/reference-rows.ts';
import { useActionFormatting } from '../actions/use-action-formatting.ts';
import { usePlanningText } from './planning-messages.ts';
import { useDiscardGuard } from '#src/ui/discard-guard.tsx';
import { PlanningModal } from './planning-modal.tsx';
import type { PlanningDialogProps } from './publish-dialog.tsx';
import { useSaveDrafts } from './use-save-drafts.ts';
import { cascadeInput, withStopTimes } from './worker-payloads.ts';
import { DateTimeField } from '#src/ui/date-time-field.tsx';
import { toMinute } from '#core/domain/date-format';

const MINUTE_MS = 60_000;

/** The arrival of a draft's first stop (by sequence) at a location. */
function basisArrival(draft: Order, locationId: number | null): string | null {
  if (locationId === null) return null;
  const stop = [...draft.stops]
    .sort((a, b) => a.sequence - b.sequence)
    .find((item) => item.organizationLocationId === locationId);
  return stop?.arrivalTime ?? null;
}

/**
 * Cascade stop times (spec 1 §4; feature CascadingStopScheduling): the drafts' stops at a basis
 * location follow each other at the chosen interval from the start (plus the offset), each draft's
 * other stops moving with it. Explains why when the selection cannot be cascaded; the cascade runs in
 * the planner worker and each draft is saved through the list route.
 */
export function CascadeDialog({ drafts, onClose, onDone }: PlanningDialogProps) {
  const { t } = useTranslation('planning');
  const format = useActionFormatting();
  const text = usePlanningText();
  const reference = useReferenceRows();
  const saveDrafts = useSaveDrafts();

  const basisOptions = useMemo(() => cascadeBasisLocations(drafts), [drafts]);
  const [basisId, setBasisId] = useState<number | null>(basisOptions[0] ?? null);
  // The first draft's own time at the basis: cascading from it keeps the first draft where it is.
  const [initialStart] = useState(() => {
    const arrival = drafts[0] ? basisArrival(drafts[0], basisOptions[0] ?? null) : null;
    return toMinute(arrival ?? new Date());
  });
  const [start, setStart] = useState<string | null>(initialStart);
  const [intervalMinutes, setIntervalMinutes] = useState<number>(CASCADE_DEFAULT_INTERVAL);
  const [offsetMinutes, setOffsetMinutes] = useState(0);
  const dirty =
    basisId !== (basisOptions[0] ?? null) ||
    start !== initialStart ||
    intervalMinutes !== CASCADE_DEFAULT_INTERVAL ||
    offsetMinutes !== 0;
  const guard = useDiscardGuard(dirty, onClose);
  const [busy, setBusy] = useState(false);

  const eligibility = useMemo(() => cascadeEligibility(drafts, basisId), [drafts, basisId]);
  // With no location shared by every draft there is nothing to choose: say that, not "choose one".
  const ineligibility =
    eligibility.reason === 'noBasisLocation' && basisOptions.length === 0 ? 'basisLocationNotOnEveryDraft' : eligibility.reason;
  const startIso = start;
  const optionsError = cascadeOptionsError({ start: startIso ?? '', intervalMinutes, offsetMinutes });
  const blocker = ineligibility ? text.cascade(ineligibility) : optionsError ? text.cascade(optionsError) : null;

  const firstMs = startIso ? Date.parse(startIso) + offsetMinutes * MINUTE_MS : null;
  const lastMs = firstMs === null ? null : firstMs + (drafts.length - 1) * intervalMinutes * MINUTE_MS;

  const apply = async () => {
    if (basisId === null || !startIso) return;
    const options = { basisLocationId: basisId, start: startIso, intervalMinutes, offsetMinutes };
    setBusy(true);
    try {
      const input = cascadeInput(drafts);
      const answer = await planner.cascadeDrafts(input, options).catch(() => cascadeDrafts(input, options));
      const cascaded = withStopTimes(drafts, answer);
      const total = await saveDrafts(cascaded.map((changed, index) => ({ original: drafts[index]!, changed })));
      showActionDone(t('notices.cascaded', { count: total }));
      onClose();
      onDone();
    } finally {
      setBusy(false);
    }
  };

  return (
    <PlanningModal title={t('cascade.title', { count: drafts.length })} onClose={guard.requestClose} data-testid="cascade-dialog">
      <Stack gap="sm">
        <Text size="sm">{t('cascade.message')}</Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            label={t('cascade.basis')}
            placeholder={t('cascade.basisPlaceholder')}
            data={basisOptions.map((id) => ({ value: String(id), label: reference.locationName(id) ?? String(id) }))}
            value={basisId === null ? null : String(basisId)}
            onChange={(value) => setBasisId(value ? Number(value) : null)}
            allowDeselect={false}
            data-testid="cascade-basis"
          />
          <DateTimeField
            label={t('cascade.start')}
            value={start}
            timezone={format.timezone}
            onChange={setStart}
            error={startIso === null ? t('cascade.reasons.noStartDate') : undefined}
            data-testid="cascade-start"
          />
          <Select
            label={t('cascade.interval')}
            data={CASCADE_INTERVALS.map((minutes) => ({ value: String(minutes), label: t('minutes', { minutes }) }))}
            value={String(intervalMinutes)}
            onChange={(value) => value && setIntervalMinutes(Number(value))}
            allowDeselect={false}
            data-testid="cascade-interval"
          />
          <NumberInput
            label={t('cascade.offset')}
            description={t('cascade.offsetHelp', { step: CASCADE_OFFSET_STEP })}
            value={offsetMinutes}
            min={0}
            step={CASCADE_OFFSET_STEP}
            allowDecimal={false}
            allowNegative={false}
            onChange={(value) => setOffsetMinutes(typeof value === 'number' ? value : Number(value) || 0)}
            error={optionsError === 'offsetNotInSteps' ? text.cascade(optionsError) : undefined}
            data-testid="cascade-offset"
          />
        </SimpleGrid>
        {ineligibility && (
          <Alert color="yellow" title={t('cascade.notEligible')} data-testid="cascade-ineligible">
            {text.cascade(ineligibility)}
          </Alert>
        )}
        {eligibility.eligible && firstMs !== null && lastMs !== null && !optionsError && (
          <Text size="sm" c="dimmed" data-testid="cascade-summary">
            {t('cascade.summary', {
              location: reference.locationName(basisId) ?? '',
              first: format.formatDateTime(new Date(firstMs).toISOString()),
              last: format.formatDateTime(new Date(lastMs).toISOString()),
              minutes: intervalMinutes,
            })}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={guard.requestClose}>
            {t('cancel')}
          </Button>
          <ExplainedButton disabledReason={blocker} loading={busy} onClick={() => void apply()} data-testid="cascade-confirm">
            {t('cascade.confirm')}
          </ExplainedButton>
        </Group>
      </Stack>
      {guard.confirmation}
    </PlanningModal>
  );
}
