import { Alert, Box, Button, Group, Loader, Pagination, SegmentedControl, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { onlineManager, type QueryClient, useQueryClient } from '@tanstack/react-query';
import { startTransition, useMemo, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TravelTimeEntry, TravelTimePair } from '#core/contract/planning';
import { driversOffered } from '#core/domain/load-actions';
import {
  isMonotone,
  NO_RESOURCE_CHOICE,
  type ScheduleDirection,
  scheduleDrafts,
  scheduleLegPairs,
  travelTimeIndex,
  travelTimeKey,
} from '#core/domain/planning/index';
import { planner } from '#src/data/planner.ts';
import { selfQuery } from '#src/data/session-queries.ts';
import { fetchTravelTimes, throughputRulesQuery, travelTimesQuery, useThroughputRules } from '#src/data/travel-times.ts';
import { useDiscardGuard } from '#src/ui/discard-guard.tsx';
import { showActionDone } from '../actions/action-notice.ts';
import { ExplainedButton } from '#src/ui/explained-button.tsx';
import { useReferenceRows } from '../actions/reference-rows.ts';
import { useActionFormatting } from '../actions/use-action-formatting.ts';
import {
  bulkScheduleReducer,
  initialScheduleState,
  isScheduleChanged,
  scheduleBlocker,
  scheduledChanges,
} from './bulk-schedule-state.ts';
import { usePlanningText } from './planning-messages.ts';
import { PlanningModal } from './planning-modal.tsx';
import type { PlanningDialogProps } from './publish-dialog.tsx';
import { PlannedConflicts } from '../conflicts/conflict-notes.tsx';
import { ScheduleDraftList } from './schedule-draft-list.tsx';
import { useSaveDrafts } from './use-save-drafts.ts';
import { planningInput, withStopTimes } from './worker-payloads.ts';
import { DateTimeField } from '#src/ui/date-time-field.tsx';

/**
 * Drafts rendered per page of the list: each is a sortable with sortable stops, and re-rendering the
 * page after a calculation must stay within one short task (bench: bulkScheduleUi).
 */
export const SCHEDULE_PAGE_SIZE = 20;

type Stage = 'idle' | 'travel' | 'computing' | 'saving';

/**
 * The legs' travel times. Offline, a pair never fetched would wait for the connection: the schedule
 * is then made with the times already known, and the other legs are reported unavailable.
 */
async function travelEntries(queryClient: QueryClient, pairs: readonly TravelTimePair[]): Promise<TravelTimeEntry[]> {
  if (onlineManager.isOnline()) return (await fetchTravelTimes(queryClient, pairs)).entries;
  const self = queryClient.getQueryData(selfQuery.queryKey);
  const table = self ? queryClient.getQueryData(travelTimesQuery(self.activeOrganizationId).queryKey) : undefined;
  return pairs.flatMap(
    (pair) => table?.[travelTimeKey(pair.originOrganizationLocationId, pair.destinationOrganizationLocationId)] ?? [],
  );
}

/** The throughput rules when the dialog did not have them yet; none offline (stops keep their durations). */
/** Ends the current task so the browser can paint and handle input (scheduler.yield where it exists). */
function yieldToBrowser(): Promise<void> {
  const { scheduler } = globalThis as { scheduler?: { yield?: () => Promise<void> } };
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
}

async function loadingRules(queryClient: QueryClient, organizationId: number) {
  if (!onlineManager.isOnline()) return [];
  return queryClient.ensureQueryData(throughputRulesQuery(organizationId)).catch(() => []);
}

/**
 * Bulk schedule (spec 1 §4, §5; feature BulkScheduling): one driver takes the drafts in the list's
 * order (reorderable by drag, as are each draft's stops), timed forward from the first stop or
 * backward from the last from a reference time with travel times and the throughput rules' stop
 * durations. The driver (with his or her default tractor and trailer, each changeable for all) goes on
 * every draft. Calculating runs in the planner worker, so a thousand drafts never freeze the page.
 */
export function BulkScheduleDialog({ drafts, onClose, onDone }: PlanningDialogProps) {
  const { t } = useTranslation('planning');
  const format = useActionFormatting();
  const text = usePlanningText();
  const reference = useReferenceRows();
  const queryClient = useQueryClient();
  const rules = useThroughputRules();
  const saveDrafts = useSaveDrafts();
  const [initial] = useState(() => initialScheduleState(drafts));
  const [state, dispatch] = useReducer(bulkScheduleReducer, initial);
  const guard = useDiscardGuard(isScheduleChanged(state, initial), onClose);
  const [stage, setStage] = useState<Stage>('idle');
  const [failed, setFailed] = useState(false);
  const [page, setPage] = useState(1);
  const [saved, setSaved] = useState(0);
  const busy = stage !== 'idle';

  const organizationId = format.self?.activeOrganizationId ?? 0;
  const drivers = useMemo(
    () => driversOffered(reference.drivers, null, organizationId).sort((a, b) => a.name.localeCompare(b.name)),
    [reference.drivers, organizationId],
  );
  const equipment = <Row extends { id: number; organizationId: number; enabled: boolean; userDisplayName: string }>(
    rows: readonly Row[],
  ) => [
    { value: String(NO_RESOURCE_CHOICE), label: t('none') },
    ...rows
      .filter((row) => row.organizationId === organizationId && row.enabled)
      .sort((a, b) => a.userDisplayName.localeCompare(b.userDisplayName))
      .map((row) => ({ value: String(row.id), label: row.userDisplayName })),
  ];
  const driver = drivers.find((row) => row.id === state.driverId) ?? null;
  const originals = useMemo(() => new Map(drafts.map((draft) => [draft.id, draft])), [drafts]);

  const blocker = scheduleBlocker(state);
  const blockerText = blocker ? text.schedule(blocker) : busy ? t('schedule.working') : null;
  const shown = state.calculated ?? state.drafts;
  const notMonotone = useMemo(
    () => (state.calculated ? state.calculated.filter((draft) => !isMonotone(draft)).length : 0),
    [state.calculated],
  );
  const pageCount = Math.max(1, Math.ceil(shown.length / SCHEDULE_PAGE_SIZE));
  const currentPage = Math.min(page, pageCount);
  const offset = (currentPage - 1) * SCHEDULE_PAGE_SIZE;

  const calculating = useRef(false);
  const calculate = async () => {
    if (blocker || !state.referenceTime || calculating.current) return null;
    calculating.current = true;
    // The dialog turns busy as a transition too: its render (every select and draft disabled) stays
    // out of the click's own task.
    startTransition(() => {
      setFailed(false);
      setStage('travel');
    });
    try {
      // Each step of preparing 1,000 drafts for the worker runs in its own task, after the click's
      // render: together they would block the page long enough to drop frames.
      await yieldToBrowser();
      const entries = await travelEntries(queryClient, scheduleLegPairs(state.drafts));
      setStage('computing');
      await yieldToBrowser();
      const options = {
        direction: state.direction,
        referenceTime: state.referenceTime,
        travel: travelTimeIndex(entries),
        durations: rules.data ?? (await loadingRules(queryClient, organizationId)),
      };
      const input = planningInput(state.drafts);
      // Only the fields the rules read travel to the worker and back; the answer is laid over the drafts here.
      const result = await planner.scheduleDrafts(input, options).catch(() => scheduleDrafts(input, options));
      const calculated = withStopTimes(state.drafts, result.drafts);
      // Rendered as a transition React can interrupt: the schedule of 1,000 drafts is new state for
      // the whole dialog, and the page stays responsive while it renders.
      await yieldToBrowser();
      startTransition(() => dispatch({ type: 'calculated', drafts: calculated, unavailable: result.unavailable.length }));
      return calculated;
    } catch {
      setFailed(true);
      return null;
    } finally {
      calculating.current = false;
      setStage('idle');
    }
  };

  const save = async () => {
    const calculated = state.calculated ?? (await calculate());
    if (!calculated || calculated.some((draft) => !isMonotone(draft))) return;
    setStage('saving');
    const total = await saveDrafts(scheduledChanges(calculated, state, driver, originals), setSaved);
    showActionDone(t('notices.scheduled', { count: total }));
    onClose();
    onDone();
  };

  const directions: { value: ScheduleDirection; label: string }[] = [
    { value: 'forward', label: t('schedule.forward') },
    { value: 'backward', label: t('schedule.backward') },
  ];

  return (
    <PlanningModal
      title={t('schedule.title', { count: drafts.length })}
      onClose={guard.requestClose}
      size="xl"
      data-testid="schedule-dialog"
    >
      <Stack gap="sm">
        <Text size="sm">{t('schedule.message')}</Text>
        <SegmentedControl
          aria-label={t('schedule.direction')}
          data={directions}
          value={state.direction}
          onChange={(value) => dispatch({ type: 'direction', direction: value as ScheduleDirection })}
          disabled={busy}
          data-testid="schedule-direction"
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <DateTimeField
            label={state.direction === 'forward' ? t('schedule.referenceFirst') : t('schedule.referenceLast')}
            value={state.referenceTime}
            timezone={format.timezone}
            onChange={(referenceTime) => dispatch({ type: 'referenceTime', referenceTime })}
            disabled={busy}
            data-testid="schedule-reference"
          />
          <Select
            label={t('schedule.driver')}
            data={[
              { value: String(NO_RESOURCE_CHOICE), label: t('none') },
              ...drivers.map((row) => ({ value: String(row.id), label: row.name })),
            ]}
            value={String(state.driverId)}
            onChange={(value) => dispatch({ type: 'driver', driver: drivers.find((row) => String(row.id) === value) ?? null })}
            allowDeselect={false}
            searchable
            disabled={busy}
            data-testid="schedule-driver"
          />
          <Select
            label={t('schedule.tractor')}
            data={equipment(reference.tractors)}
            value={String(state.tractorId)}
            onChange={(value) => value && dispatch({ type: 'tractor', tractorId: Number(value) })}
            allowDeselect={false}
            searchable
            disabled={busy}
            data-testid="schedule-tractor"
          />
          <Select
            label={t('schedule.trailer')}
            data={equipment(reference.trailers)}
            value={String(state.trailerId)}
            onChange={(value) => value && dispatch({ type: 'trailer', trailerId: Number(value) })}
            allowDeselect={false}
            searchable
            disabled={busy}
            data-testid="schedule-trailer"
          />
        </SimpleGrid>
        {/* One status line that keeps its height, so nothing below it (the buttons) moves while a
            schedule is computed: a moved button under the pointer restyles the whole dialog. */}
        <Box mih={28} aria-live="polite">
          {busy ? (
            <Group gap="xs" data-testid="schedule-progress">
              <Loader size="xs" />
              <Text size="sm">
                {stage === 'travel'
                  ? t('schedule.fetchingTravel')
                  : stage === 'computing'
                    ? t('schedule.computing', { count: drafts.length })
                    : t('schedule.saving', { saved, count: drafts.length })}
              </Text>
            </Group>
          ) : (
            state.calculated && (
              <Text size="sm" c="teal" data-testid="schedule-calculated">
                {t('schedule.calculated')}
              </Text>
            )
          )}
        </Box>
        {failed && (
          <Alert color="red" data-testid="schedule-failed">
            {t('schedule.failed')}
          </Alert>
        )}
        {state.calculated && state.unavailable > 0 && (
          <Alert color="yellow" data-testid="schedule-unavailable">
            {t('schedule.unavailable', { count: state.unavailable })}
          </Alert>
        )}
        {notMonotone > 0 && (
          <Alert color="red" data-testid="schedule-not-monotone">
            {t('schedule.notMonotone', { count: notMonotone })}
          </Alert>
        )}
        {state.calculated && !busy && (
          <PlannedConflicts loads={state.calculated} labelOfPlanned={format.label} testId="schedule-conflicts" />
        )}
        <ScheduleDraftList
          drafts={shown.slice(offset, offset + SCHEDULE_PAGE_SIZE)}
          offset={offset}
          disabled={busy}
          format={format}
          onMoveDraft={(from, to) => dispatch({ type: 'moveDraft', from, to })}
          onMoveStop={(draftIndex, from, to) => dispatch({ type: 'moveStop', draftIndex, from, to })}
        />
        {pageCount > 1 && <Pagination total={pageCount} value={currentPage} onChange={setPage} size="sm" />}
        <Group justify="flex-end">
          <Button variant="default" onClick={guard.requestClose}>
            {t('cancel')}
          </Button>
          <ExplainedButton
            variant="light"
            disabledReason={blockerText}
            onClick={() => void calculate()}
            data-testid="schedule-calculate"
          >
            {t('schedule.calculate')}
          </ExplainedButton>
          <ExplainedButton
            disabledReason={blockerText ?? (notMonotone > 0 ? t('schedule.notMonotone', { count: notMonotone }) : null)}
            loading={busy}
            onClick={() => void save()}
            data-testid="schedule-save"
          >
            {t('schedule.save')}
          </ExplainedButton>
        </Group>
      </Stack>
      {guard.confirmation}
    </PlanningModal>
  );
}
