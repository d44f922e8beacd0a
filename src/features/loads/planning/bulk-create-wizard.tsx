import {
  Button,
  Checkbox,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Stepper,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BULK_ENTRY_CELL_LENGTH, BULK_ENTRY_DAYS, type WeekOption, weekOptions } from '#core/domain/planning/index';
import { WEIGHT_UNIT_ABBREVIATIONS, weightInputStep, weightPrecision } from '#core/domain/units';
import { timeInWeek } from '#core/domain/weeks';
import { useMirrorList, usePlanningCommands } from '#src/data/loads.ts';
import { useDiscardGuard } from '#src/ui/discard-guard.tsx';
import { showActionDone } from '../actions/action-notice.ts';
import { ExplainedButton } from '#src/ui/explained-button.tsx';
import { useReferenceRows } from '../actions/reference-rows.ts';
import { useActionFormatting } from '../actions/use-action-formatting.ts';
import { useSavePreferences } from '../table/use-save-preferences.ts';
import {
  type BulkCreateForm,
  bulkCreateSteps,
  emptyBulkCreateForm,
  isBulkCreateFormChanged,
  type LoadMeasure,
  withCell,
} from './bulk-create-state.ts';
import { usePlanningText } from './planning-messages.ts';
import { PlanningModal } from './planning-modal.tsx';

const STEP_CONFIGURATION = 0;
const STEP_ENTRY = 1;
const STEP_PREVIEW = 2;
const STEP_COMPLETION = 3;

interface BulkCreateWizardProps {
  onClose: () => void;
  /** Shows the week the drafts were created in (the drafts page's week filter). */
  onWeekChange?: (week: string | undefined) => void;
}

/** The week's seven days, Sunday first, as instants in the user's zone. */
function daysOf(week: WeekOption | undefined, timezone: string): Date[] {
  if (!week) return [];
  const range = { start: new Date(week.start), end: new Date(week.end) };
  return Array.from({ length: BULK_ENTRY_DAYS }, (_, day) => timeInWeek(range, timezone, day, 0));
}

/**
 * Bulk create drafts (spec 1 §2 "Bulk order modal", §4, §5): configuration (week of 13, cargo type,
 * origin or destination site, load size or weight), a 7-day entry grid (3 characters a cell), preview
 * and create (`createProjections`, queued like every change), then the completion note with "do not
 * show again" (preference doNotShowBulkOrderCompletionModal); the drafts table moves to the week.
 */
export function BulkCreateWizard({ onClose, onWeekChange }: BulkCreateWizardProps) {
  const { t } = useTranslation('planning');
  const format = useActionFormatting();
  const text = usePlanningText();
  const reference = useReferenceRows();
  const cargoTypes = useMirrorList('cargoTypes').data ?? [];
  const commands = usePlanningCommands();
  const savePreferences = useSavePreferences();
  const timezone = format.timezone;
  const unit = format.unitsWeight;

  // One instant for the whole wizard: the weeks offered and the days already past are counted from it.
  const [now] = useState(() => new Date().toISOString());
  const [weeks] = useState(() => weekOptions(now, timezone));
  const [initialForm] = useState<BulkCreateForm>(() => emptyBulkCreateForm(weeks[0]?.value ?? null));
  const [form, setForm] = useState(initialForm);
  const [step, setStep] = useState(STEP_CONFIGURATION);
  // Once created, the completion note has nothing left to lose.
  const guard = useDiscardGuard(step !== STEP_COMPLETION && isBulkCreateFormChanged(form, initialForm), onClose);
  const [triedNext, setTriedNext] = useState(false);
  const [created, setCreated] = useState(0);
  const [doNotShowAgain, setDoNotShowAgain] = useState(false);
  const steps = bulkCreateSteps(form, weeks, timezone, unit, now);
  const week = weeks.find((option) => option.value === form.week);
  const days = useMemo(() => daysOf(week, timezone), [week, timezone]);
  const dayFormat = useMemo(
    () => new Intl.DateTimeFormat(format.language, { weekday: 'short', month: 'short', day: 'numeric', timeZone: timezone }),
    [format.language, timezone],
  );
  const update = (change: Partial<BulkCreateForm>) => setForm((current) => ({ ...current, ...change }));
  const weekLabel = (option: WeekOption) => t('bulkCreate.weekOf', { date: format.formatDate(option.start) });

  // Errors show once the user tried to go on, each under its field.
  const showErrors = triedNext && steps.configError !== null;
  const required = (missing: boolean) => (showErrors && missing ? text.projection('requiredField') : undefined);
  const amountError =
    showErrors && steps.configError === 'loadInvalidStopValue' ? text.projection('loadInvalidStopValue') : undefined;

  const next = () => {
    setTriedNext(true);
    if (steps.configError === null) setStep(STEP_ENTRY);
  };

  const create = () => {
    const total = steps.configs.reduce((sum, config) => sum + config.numberOfLoads, 0);
    commands.createProjections(steps.configs, t('bulkCreate.queueLabel', { count: total, week: week ? weekLabel(week) : '' }));
    setCreated(total);
    // The table shows the new drafts' week at once; they appear there as they are created.
    onWeekChange?.(form.week ?? undefined);
    if (format.self?.preferences.doNotShowBulkOrderCompletionModal) {
      showActionDone(t('notices.created', { count: total }));
      onClose();
    } else {
      setStep(STEP_COMPLETION);
    }
  };

  const finish = () => {
    if (doNotShowAgain) void savePreferences((current) => ({ ...current, doNotShowBulkOrderCompletionModal: true }));
    onClose();
  };

  const measures: { value: LoadMeasure; label: string }[] = [
    { value: 'quantity', label: t('bulkCreate.loadSize') },
    { value: 'weight', label: t('bulkCreate.loadWeight') },
  ];
  const cargoName = cargoTypes.find((row) => row.id === form.cargoTypeId)?.label ?? '';
  const siteName = reference.locationName(form.organizationLocationId) ?? '';
  const perLoad =
    form.amount === null
      ? ''
      : form.measure === 'quantity'
        ? t('bulkCreate.units', { count: form.amount })
        : `${form.amount} ${WEIGHT_UNIT_ABBREVIATIONS[unit]}`;

  return (
    <PlanningModal title={t('bulkCreate.title')} onClose={guard.requestClose} size="xl" data-testid="bulk-create-dialog">
      <Stepper active={step} size="sm" allowNextStepsSelect={false} onStepClick={(index) => index < step && setStep(index)}>
        <Stepper.Step label={t('bulkCreate.steps.configuration')}>
          <Stack gap="sm" mt="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <Select
                label={t('bulkCreate.week')}
                data={weeks.map((option) => ({ value: option.value, label: weekLabel(option) }))}
                value={form.week}
                onChange={(value) => update({ week: value })}
                allowDeselect={false}
                withAsterisk
                error={required(!form.week)}
                data-testid="bulk-week"
              />
              <Select
                label={t('bulkCreate.cargoType')}
                placeholder={t('bulkCreate.choose')}
                data={cargoTypes.map((row) => ({ value: String(row.id), label: row.label }))}
                value={form.cargoTypeId === null ? null : String(form.cargoTypeId)}
                onChange={(value) => {
                  const cargo = cargoTypes.find((row) => String(row.id) === value);
                  // The cargo's measurement basis is the natural load size; the user may switch it.
                  update({ cargoTypeId: cargo?.id ?? null, ...(cargo ? { measure: cargo.measuredBy, amount: null } : {}) });
                }}
                searchable
                withAsterisk
                error={required(!form.cargoTypeId)}
                data-testid="bulk-cargo-type"
              />
              <Select
                label={t('bulkCreate.site')}
                placeholder={t('bulkCreate.choose')}
                data={reference.locations
                  .filter((location) => location.enabled)
                  .sort((a, b) => a.name.localeCompare(b.name))
                  .map((location) => ({ value: String(location.id), label: location.name }))}
                value={form.organizationLocationId === null ? null : String(form.organizationLocationId)}
                onChange={(value) => update({ organizationLocationId: value ? Number(value) : null })}
                searchable
                withAsterisk
                error={required(!form.organizationLocationId)}
                data-testid="bulk-site"
              />
              <Stack gap={4}>
                <Text size="sm" fw={500} id="bulk-site-role">
                  {t('bulkCreate.siteRole')}
                </Text>
                <SegmentedControl
                  aria-labelledby="bulk-site-role"
                  data={[
                    { value: 'origin', label: t('bulkCreate.asOrigin') },
                    { value: 'destination', label: t('bulkCreate.asDestination') },
                  ]}
                  value={form.isBasedOnOrigin ? 'origin' : 'destination'}
                  onChange={(value) => update({ isBasedOnOrigin: value === 'origin' })}
                  data-testid="bulk-site-role"
                />
              </Stack>
              <Stack gap={4}>
                <Text size="sm" fw={500} id="bulk-measure">
                  {t('bulkCreate.measure')}
                </Text>
                <SegmentedControl
                  aria-labelledby="bulk-measure"
                  data={measures}
                  value={form.measure}
                  onChange={(value) => update({ measure: value as LoadMeasure, amount: null })}
                  data-testid="bulk-measure"
                />
              </Stack>
              <NumberInput
                label={
                  form.measure === 'quantity'
                    ? t('bulkCreate.loadSize')
                    : t('bulkCreate.weightIn', { unit: WEIGHT_UNIT_ABBREVIATIONS[unit] })
                }
                value={form.amount ?? ''}
                min={form.measure === 'quantity' ? 1 : 0}
                step={form.measure === 'quantity' ? 1 : weightInputStep(unit)}
                decimalScale={form.measure === 'quantity' ? 0 : weightPrecision(unit)}
                allowDecimal={form.measure === 'weight' && weightPrecision(unit) > 0}
                allowNegative={false}
                rightSection={form.measure === 'weight' ? WEIGHT_UNIT_ABBREVIATIONS[unit] : undefined}
                onChange={(value) => update({ amount: typeof value === 'number' ? value : null })}
                withAsterisk
                error={amountError}
                data-testid="bulk-amount"
              />
            </SimpleGrid>
            <Group justify="flex-end">
              <Button variant="default" onClick={guard.requestClose}>
                {t('cancel')}
              </Button>
              <Button onClick={next} data-testid="bulk-next">
                {t('bulkCreate.next')}
              </Button>
            </Group>
          </Stack>
        </Stepper.Step>
        <Stepper.Step label={t('bulkCreate.steps.entry')}>
          <Stack gap="sm" mt="sm">
            <Text size="sm">{t('bulkCreate.entryHelp', { length: BULK_ENTRY_CELL_LENGTH })}</Text>
            {steps.openDays.includes(false) && (
              <Text size="sm" c="dimmed" id="bulk-past-days" data-testid="bulk-past-days">
                {t('bulkCreate.pastDays')}
              </Text>
            )}
            <SimpleGrid cols={{ base: 2, xs: 4, sm: 7 }} spacing="xs" data-testid="bulk-grid">
              {days.map((day, index) => (
                <TextInput
                  key={day.toISOString()}
                  label={dayFormat.format(day)}
                  // A day already past gets no loads: its cell is off and says why.
                  value={steps.openDays[index] ? (form.cells[index] ?? '') : ''}
                  disabled={!steps.openDays[index]}
                  aria-describedby={steps.openDays[index] ? undefined : 'bulk-past-days'}
                  maxLength={BULK_ENTRY_CELL_LENGTH}
                  inputMode="numeric"
                  onChange={(event) => {
                    // Read now: React runs a queued updater after the handler, when currentTarget is null.
                    const { value } = event.currentTarget;
                    setForm((current) => withCell(current, index, value));
                  }}
                  data-testid="bulk-cell"
                />
              ))}
            </SimpleGrid>
            <Text size="sm" fw={500} data-testid="bulk-total">
              {t('bulkCreate.total', { count: steps.total })}
            </Text>
            <Group justify="space-between">
              <Button variant="default" onClick={() => setStep(STEP_CONFIGURATION)}>
                {t('bulkCreate.back')}
              </Button>
              <ExplainedButton
                disabledReason={steps.total > 0 ? null : t('bulkCreate.noLoads')}
                onClick={() => setStep(STEP_PREVIEW)}
                data-testid="bulk-preview"
              >
                {t('bulkCreate.preview')}
              </ExplainedButton>
            </Group>
          </Stack>
        </Stepper.Step>
        <Stepper.Step label={t('bulkCreate.steps.preview')}>
          <Stack gap="sm" mt="sm">
            <Text size="sm" data-testid="bulk-summary">
              {form.isBasedOnOrigin
                ? t('bulkCreate.summaryFrom', { cargo: cargoName, site: siteName, perLoad })
                : t('bulkCreate.summaryTo', { cargo: cargoName, site: siteName, perLoad })}
            </Text>
            <Table.ScrollContainer minWidth={320} type="native">
              <Table striped data-testid="bulk-preview-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('bulkCreate.day')}</Table.Th>
                    <Table.Th>{t('bulkCreate.loads')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {steps.configs.map((config) => (
                    <Table.Tr key={config.date} data-testid="bulk-preview-row">
                      <Table.Td>{dayFormat.format(new Date(config.date))}</Table.Td>
                      <Table.Td>{config.numberOfLoads}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Text size="sm" fw={500}>
              {t('bulkCreate.total', { count: steps.total })}
            </Text>
            <Group justify="space-between">
              <Button variant="default" onClick={() => setStep(STEP_ENTRY)}>
                {t('bulkCreate.back')}
              </Button>
              <ExplainedButton
                disabledReason={steps.configs.length > 0 ? null : t('bulkCreate.noLoads')}
                onClick={create}
                data-testid="bulk-create"
              >
                {t('bulkCreate.create', { count: steps.total })}
              </ExplainedButton>
            </Group>
          </Stack>
        </Stepper.Step>
        <Stepper.Completed>
          <Stack gap="sm" mt="sm" data-testid="bulk-completion">
            <Text size="sm">{t('bulkCreate.completed', { count: created, week: week ? weekLabel(week) : '' })}</Text>
            <Checkbox
              label={t('bulkCreate.doNotShowAgain')}
              checked={doNotShowAgain}
              onChange={(event) => setDoNotShowAgain(event.currentTarget.checked)}
              data-testid="bulk-do-not-show"
            />
            <Group justify="flex-end">
              <Button onClick={finish} data-testid="bulk-finish">
                {t('bulkCreate.done')}
              </Button>
            </Group>
          </Stack>
        </Stepper.Completed>
      </Stepper>
      {guard.confirmation}
    </PlanningModal>
  );
}
