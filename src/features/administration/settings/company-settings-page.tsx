import {
  Alert,
  Button,
  Fieldset,
  Group,
  Modal,
  NumberInput,
  type NumberInputProps,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useBlocker } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Company } from '#core/contract/company';
import { companySchema } from '#core/contract/company';
import { AUDIO_WARNING_MAX_METERS, showsStandardOnlySettings, YES_NO_REQUIRED } from '#core/domain/company-settings';
import { timezoneOptions } from '#core/domain/date-format';
import { LANGUAGES, TIMEZONES } from '#core/domain/locale';
import { UNIT_SYSTEMS, WEIGHT_UNITS } from '#core/domain/units';
import { ApiError } from '#src/data/api-client.ts';
import { useOnlineStatus } from '#src/data/online-status.ts';
import { errorMessage } from '../forms/use-record-form.ts';
import { ExplainedButton } from '#src/ui/explained-button.tsx';
import { type AdminContext, useAdminContext } from '../use-admin-context.ts';
import { companyQuery, useSaveCompany } from '#src/data/company.ts';
import { type CompanyValues, canSaveCompany, companyErrors, companyUpdate, companyValues } from './company-values.ts';

/** /manage-company/settings (spec 2 §2, EditCompany): the company's settings, saved online. */
export function CompanySettingsPage() {
  const context = useAdminContext();
  const { data: company, error } = useQuery({ ...companyQuery(context?.organizationId ?? 0), enabled: context !== null });
  const { t } = useTranslation('company');
  const online = useOnlineStatus();
  if (error) return <Alert color="red">{errorMessage(error)}</Alert>;
  if (!context || !company) {
    return (
      <Stack p="md" data-testid="company-settings-loading" aria-busy>
        <Title order={1} size="h2">
          {t('settings.title')}
        </Title>
        {!online && <Alert color="yellow">{t('offlineFirstVisit')}</Alert>}
        {Array.from({ length: 6 }, (_, index) => (
          <Skeleton key={index} height={36} />
        ))}
      </Stack>
    );
  }
  return <CompanySettingsForm key={company.id} context={context} company={company} />;
}

function CompanySettingsForm({ context, company }: { context: AdminContext; company: Company }) {
  const { t } = useTranslation('company');
  const { t: tSettings, i18n } = useTranslation('settings');
  const [base, setBase] = useState(company);
  const [initial, setInitial] = useState(() => companyValues(company));
  const [values, setValues] = useState(initial);
  const [conflict, setConflict] = useState(false);
  const save = useSaveCompany(context.organizationId);
  const dirty = JSON.stringify(values) !== JSON.stringify(initial);
  const blocker = useBlocker({ shouldBlockFn: () => dirty && !save.isPending, withResolver: true, enableBeforeUnload: dirty });
  // Someone saved elsewhere: an untouched form shows it; edits in progress are kept, and their save
  // then answers 409 with the stored values.
  if (company.version > base.version && !dirty) {
    setBase(company);
    setInitial(companyValues(company));
    setValues(companyValues(company));
  }
  const standardOnly = showsStandardOnlySettings(base);
  const errors = companyErrors(values, base);
  const messages: Record<string, string> = {
    required: t('errors.required'),
    invalidThresholdNumber: t('errors.invalidThresholdNumber'),
    invalidLatitude: t('errors.invalidLatitude'),
    invalidLongitude: t('errors.invalidLongitude'),
  };
  const error = (field: keyof typeof errors) => {
    const key = errors[field];
    return key ? messages[key] : undefined;
  };
  const set = (change: Partial<CompanyValues>) => setValues((previous) => ({ ...previous, ...change }));
  const setSetting = (change: Partial<CompanyValues['settings']>) =>
    setValues((previous) => ({ ...previous, settings: { ...previous.settings, ...change } }));

  const submit = async () => {
    try {
      const saved = await save.mutateAsync(companyUpdate(values, base.version, base));
      setBase(saved);
      setInitial(companyValues(saved));
      notifications.show({ color: 'green', message: t('settings.updated', { name: saved.name }) });
    } catch (cause) {
      const current = cause instanceof ApiError && cause.status === 409 ? companySchema.safeParse(cause.body?.current) : null;
      if (current?.success) {
        setBase(current.data);
        setInitial(companyValues(current.data));
        setValues(companyValues(current.data));
        setConflict(true);
        return;
      }
      notifications.show({ color: 'red', title: t('settings.notSaved'), message: errorMessage(cause) });
    }
  };

  const minutes = (
    field: 'etaDelayThresholdMinutes' | 'insideSiteInactiveMinutes' | 'outsideSiteInactiveMinutes',
    label: string,
  ) => (
    <NumberInput
      {...THRESHOLD_INPUT}
      label={label}
      value={values.settings[field]}
      onChange={(value) => setSetting({ [field]: value })}
      error={error(field)}
      data-testid={`company-${field}`}
    />
  );
  const choiceLabels = { no: t('settings.choice.no'), yes: t('settings.choice.yes'), required: t('settings.choice.required') };
  const yesNoRequired = YES_NO_REQUIRED.map((value) => ({ value, label: choiceLabels[value] }));

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (canSaveCompany(values, base) && dirty && !save.isPending) void submit();
      }}
    >
      <Stack maw={960} p="md" data-testid="company-settings">
        <Title order={1} size="h2">
          {t('settings.title')}
        </Title>
        {conflict && (
          <Alert color="yellow" role="status" data-testid="stale-edit">
            {t('settings.staleEdit')}
          </Alert>
        )}
        <Fieldset legend={t('settings.company')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('settings.name')}
              required
              maxLength={200}
              value={values.name}
              onChange={(event) => set({ name: event.currentTarget.value })}
              error={error('name')}
            />
            <Select
              label={tSettings('language')}
              data={LANGUAGES.map((language) => ({ value: language, label: tSettings(`languages.${language}`) }))}
              value={values.language}
              onChange={(language) => language && set({ language: language as CompanyValues['language'] })}
              allowDeselect={false}
            />
            <Select
              label={tSettings('timezone')}
              data={timezoneOptions(TIMEZONES, i18n.language)}
              searchable
              value={values.timezone}
              onChange={(timezone) => timezone && set({ timezone: timezone as CompanyValues['timezone'] })}
              allowDeselect={false}
            />
            <Select
              label={t('settings.units')}
              data={UNIT_SYSTEMS.map((units) => ({ value: units, label: tSettings(`unitSystems.${units}`) }))}
              value={values.units}
              onChange={(units) => units && set({ units: units as CompanyValues['units'] })}
              allowDeselect={false}
            />
            <Select
              label={tSettings('weightUnits')}
              data={WEIGHT_UNITS.map((unit) => ({ value: unit, label: tSettings(`weightUnitNames.${unit}`) }))}
              value={values.unitsWeight}
              onChange={(unit) => unit && set({ unitsWeight: unit as CompanyValues['unitsWeight'] })}
              allowDeselect={false}
            />
            <div />
            <NumberInput
              label={t('settings.latitude')}
              required
              decimalScale={6}
              clampBehavior="none"
              value={values.latitude}
              onChange={(latitude) => set({ latitude })}
              error={error('latitude')}
              data-testid="company-latitude"
            />
            <NumberInput
              label={t('settings.longitude')}
              required
              decimalScale={6}
              clampBehavior="none"
              value={values.longitude}
              onChange={(longitude) => set({ longitude })}
              error={error('longitude')}
              data-testid="company-longitude"
            />
          </SimpleGrid>
        </Fieldset>

        {standardOnly && (
          <Fieldset legend={t('settings.tracking')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <NumberInput
                {...THRESHOLD_INPUT}
                label={t('settings.etaThresholdMinutes')}
                value={values.etaThresholdMinutes}
                onChange={(etaThresholdMinutes) => set({ etaThresholdMinutes })}
                error={error('etaThresholdMinutes')}
                data-testid="company-etaThresholdMinutes"
              />
              {minutes('etaDelayThresholdMinutes', t('settings.etaDelayThresholdMinutes'))}
              {minutes('insideSiteInactiveMinutes', t('settings.insideSiteInactiveMinutes'))}
              {minutes('outsideSiteInactiveMinutes', t('settings.outsideSiteInactiveMinutes'))}
              <Switch
                label={t('settings.driverReportStopActuals')}
                checked={values.settings.driverReportStopActuals}
                onChange={(event) => setSetting({ driverReportStopActuals: event.currentTarget.checked })}
              />
              <Select
                label={t('settings.driverReportWeighStopWeight')}
                data={yesNoRequired}
                value={values.settings.driverReportWeighStopWeight}
                onChange={(value) => value && setSetting({ driverReportWeighStopWeight: value as 'no' })}
                allowDeselect={false}
              />
            </SimpleGrid>
          </Fieldset>
        )}

        <Fieldset legend={t('settings.drivers')}>
          <Stack gap="sm">
            <Switch
              label={t('settings.enforceSameCustomerSplitLocations')}
              checked={values.settings.enforceSameCustomerSplitLocations}
              onChange={(event) => setSetting({ enforceSameCustomerSplitLocations: event.currentTarget.checked })}
            />
            <Switch
              label={t('settings.driverAllowStopStartOutOfSequence')}
              checked={values.settings.driverAllowStopStartOutOfSequence}
              onChange={(event) => setSetting({ driverAllowStopStartOutOfSequence: event.currentTarget.checked })}
            />
            <Switch
              label={t('settings.driverAllowStopCompletionOutOfSequence')}
              checked={values.settings.driverAllowStopCompletionOutOfSequence}
              onChange={(event) => setSetting({ driverAllowStopCompletionOutOfSequence: event.currentTarget.checked })}
            />
            <Select
              maw={320}
              label={t('settings.driverAssignCompartments')}
              data={yesNoRequired}
              value={values.settings.driverAssignCompartments}
              onChange={(value) => value && setSetting({ driverAssignCompartments: value as 'no' })}
              allowDeselect={false}
            />
          </Stack>
        </Fieldset>

        <Fieldset legend={t('settings.avoidanceZones')}>
          <Stack gap="sm">
            <Switch
              label={t('settings.avoidanceZoneAudioWarningEnabled')}
              checked={values.settings.avoidanceZoneAudioWarningEnabled}
              onChange={(event) => setSetting({ avoidanceZoneAudioWarningEnabled: event.currentTarget.checked })}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <NumberInput
                {...METERS_INPUT}
                label={t('settings.avoidanceZoneAudioWarningDistanceMeters')}
                disabled={!values.settings.avoidanceZoneAudioWarningEnabled}
                value={values.settings.avoidanceZoneAudioWarningDistanceMeters}
                onChange={(value) => setSetting({ avoidanceZoneAudioWarningDistanceMeters: Number(value) || 0 })}
              />
              <NumberInput
                {...METERS_INPUT}
                label={t('settings.avoidanceZoneAudioWarningResetDistanceMeters')}
                disabled={!values.settings.avoidanceZoneAudioWarningEnabled}
                value={values.settings.avoidanceZoneAudioWarningResetDistanceMeters}
                onChange={(value) => setSetting({ avoidanceZoneAudioWarningResetDistanceMeters: Number(value) || 0 })}
              />
            </SimpleGrid>
          </Stack>
        </Fieldset>

        <Group justify="flex-end">
          <ExplainedButton
            needsConnection
            type="submit"
            disabled={!dirty || !canSaveCompany(values, base)}
            loading={save.isPending}
            onClick={() => {}}
            data-testid="company-settings-save"
          >
            {t('settings.save')}
          </ExplainedButton>
        </Group>
      </Stack>
      <LeaveQuestion blocker={blocker} />
    </form>
  );
}

const THRESHOLD_INPUT: Partial<NumberInputProps> = {
  allowDecimal: false,
  clampBehavior: 'none',
  min: 0,
  max: 600,
  required: true,
};
const METERS_INPUT: Partial<NumberInputProps> = {
  allowDecimal: false,
  allowNegative: false,
  clampBehavior: 'strict',
  min: 0,
  max: AUDIO_WARNING_MAX_METERS,
};

/** Leaving the page with unsaved changes asks first, with the discard guard's words. */
function LeaveQuestion({ blocker }: { blocker: ReturnType<typeof useBlocker> }) {
  const { t } = useTranslation('common');
  if (blocker.status !== 'blocked') return null;
  return (
    <Modal opened onClose={blocker.reset} title={t('discardGuard.title')} centered size="sm" data-testid="discard-guard">
      <Text size="sm">{t('discardGuard.message')}</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" data-autofocus onClick={blocker.reset} data-testid="discard-guard-keep">
          {t('discardGuard.keep')}
        </Button>
        <Button color="red" onClick={blocker.proceed} data-testid="discard-guard-discard">
          {t('discardGuard.discard')}
        </Button>
      </Group>
    </Modal>
  );
}
