import { Button, Checkbox, Group, NumberInput, Select, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBox, IconToggleRight, IconTruck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CompanyProfile, companyProfileSchema } from '#core/contract/companies';
import { hasPermission } from '#core/domain/access';
import { timezoneOptions } from '#core/domain/date-format';
import { LANGUAGES, TIMEZONES } from '#core/domain/locale';
import { UNIT_SYSTEMS, WEIGHT_UNITS } from '#core/domain/units';
import { ApiError } from '#src/data/api-client.ts';
import { organizationsQuery } from '#src/data/session-queries.ts';
import { FormModal } from '#src/ui/form-modal.tsx';
import { errorMessage } from '../forms/use-record-form.ts';
import { markCreated } from '#src/ui/just-created.ts';
import { ResourceTable } from '#src/ui/resource-table.tsx';
import type { ResourceColumn } from '#src/ui/resource-table-rows.ts';
import { NotificationCriteriaButton } from '../notification-criteria.tsx';
import { type AdminContext, useAdminContext } from '../use-admin-context.ts';
import { useTablePageSize } from '../use-table-page-size.ts';
import { companyProfileQuery, useSaveCompanyProfile } from './company-queries.ts';
import {
  canSaveCompany,
  carrierCheckboxDisabled,
  changeCompanyValues,
  companyFormValues,
  companyInput,
  companyPositionErrors,
} from './company-values.ts';

// The three dialogs load when first opened.
const FeaturesDialog = lazy(() => import('./features-dialog.tsx').then((module) => ({ default: module.FeaturesDialog })));
const CargoTypesDialog = lazy(() => import('./cargo-types-dialog.tsx').then((module) => ({ default: module.CargoTypesDialog })));
const CarriersDialog = lazy(() => import('./carriers-dialog.tsx').then((module) => ({ default: module.CarriersDialog })));

interface CompanyRow {
  id: number;
  name: string;
  tier: CompanyProfile['tier'];
  isCarrier: boolean;
}

type Dialog = 'features' | 'cargoTypes' | 'carriers';

/** /manage-company/companies (spec 2 §2), all-companies access: every company, its form and its three dialogs. */
export function CompaniesPage() {
  const { t } = useTranslation('companies');
  const context = useAdminContext();
  const { data: rows } = useQuery(organizationsQuery);
  const [form, setForm] = useState<{ id: number | null; key: number } | null>(null);
  const pageSize = useTablePageSize('companies');
  if (!context) return null;
  const tierLabels = { Freemium: t('tiers.Freemium'), Standard: t('tiers.Standard') };
  const columns: ResourceColumn<CompanyRow>[] = [
    { key: 'name', labelKey: 'companies:columns.name', text: (row) => row.name, essential: true },
    { key: 'tier', labelKey: 'companies:columns.tier', text: (row) => tierLabels[row.tier], filterable: true, essential: true },
    {
      key: 'isCarrier',
      labelKey: 'companies:columns.isCarrier',
      text: (row) => (row.isCarrier ? t('yes') : t('no')),
      filterable: true,
      essential: true,
    },
  ];
  const mayCreate = hasPermission(context.self, 'CreateCompany');
  return (
    <>
      <ResourceTable
        table="companies"
        title={t('title')}
        rows={rows}
        columns={columns}
        labelNamespace="administration"
        actions={{ create: mayCreate, edit: true, delete: false }}
        itemName={(row) => row.name}
        {...pageSize}
        headerActions={<NotificationCriteriaButton />}
        onCreate={() => setForm({ id: null, key: Date.now() })}
        onEdit={(row) => setForm({ id: row.id, key: Date.now() })}
      />
      {form && <CompanyFormLoader key={form.key} context={context} id={form.id} onClose={() => setForm(null)} />}
    </>
  );
}

function CompanyFormLoader({ context, id, onClose }: { context: AdminContext; id: number | null; onClose: () => void }) {
  const profile = useQuery({ ...companyProfileQuery(id ?? 0), enabled: id !== null });
  if (id !== null && !profile.data) return null;
  return <CompanyForm context={context} company={profile.data ?? null} onClose={onClose} />;
}

function CompanyForm({
  context,
  company,
  onClose,
}: {
  context: AdminContext;
  company: CompanyProfile | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('companies');
  const { t: tSettings, i18n } = useTranslation('settings');
  const { t: tCompany } = useTranslation('company');
  const [stored, setStored] = useState(company);
  const [initial, setInitial] = useState(() => companyFormValues(company));
  const [values, setValues] = useState(initial);
  const [conflict, setConflict] = useState(false);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const save = useSaveCompanyProfile();
  // The tier selector and the carrier checkbox are for platform administrators (spec 2 §6).
  const choosesTier = hasPermission(context.self, 'CreateCompany');
  const tierLabels = { Freemium: t('tiers.Freemium'), Standard: t('tiers.Standard') };
  const change = (update: Partial<typeof values>) => setValues((current) => changeCompanyValues(current, update, stored));

  const submit = async () => {
    try {
      const saved = await save.mutateAsync(
        stored
          ? { id: stored.id, input: { ...companyInput(values), version: stored.version } }
          : { id: null, input: companyInput(values) },
      );
      // The table brings the new company into view and marks it (page, search, scroll).
      if (!stored) markCreated('companies', saved.id);
      notifications.show({
        color: 'green',
        message: stored ? t('toast.updated', { name: saved.name }) : t('toast.created', { name: saved.name }),
      });
      onClose();
    } catch (error) {
      const current =
        error instanceof ApiError && error.status === 409 ? companyProfileSchema.safeParse(error.body?.current) : null;
      if (current?.success) {
        setStored(current.data);
        setInitial(companyFormValues(current.data));
        setValues(companyFormValues(current.data));
        setConflict(true);
        return;
      }
      notifications.show({ color: 'red', title: t('toast.notSaved'), message: errorMessage(error) });
    }
  };

  const dirty = JSON.stringify(values) !== JSON.stringify(initial);
  const position = companyPositionErrors(values);
  // An empty position field of a new company is not an error yet: its asterisk says it is needed.
  const positionMessages = {
    invalidLatitude: tCompany('errors.invalidLatitude'),
    invalidLongitude: tCompany('errors.invalidLongitude'),
  };
  const positionError = (field: 'latitude' | 'longitude') => {
    const rule = position[field];
    return rule && (stored || values[field] !== '') ? positionMessages[rule] : undefined;
  };
  return (
    <>
      <FormModal
        title={stored ? t('form.editTitle', { name: stored.name }) : t('form.createTitle')}
        isNew={!stored}
        dirty={dirty}
        canSave={canSaveCompany(values)}
        saving={save.isPending}
        conflict={conflict}
        onSave={() => void submit()}
        onClose={onClose}
        size="md"
        testId="company-form"
        covered={dialog !== null}
      >
        <TextInput
          label={t('columns.name')}
          required
          data-autofocus
          value={values.name}
          onChange={(event) => change({ name: event.currentTarget.value })}
          error={values.name.trim() === '' && (dirty || stored) ? t('form.nameRequired') : undefined}
          data-testid="company-name"
        />
        <Select
          label={tSettings('language')}
          data={LANGUAGES.map((language) => ({ value: language, label: tSettings(`languages.${language}`) }))}
          value={values.language}
          onChange={(value) => value && change({ language: value as typeof values.language })}
          allowDeselect={false}
        />
        <Select
          label={tSettings('timezone')}
          data={timezoneOptions(TIMEZONES, i18n.language)}
          value={values.timezone}
          onChange={(value) => value && change({ timezone: value as typeof values.timezone })}
          searchable
          allowDeselect={false}
        />
        <Group grow>
          <Select
            label={t('form.units')}
            data={UNIT_SYSTEMS.map((units) => ({ value: units, label: tSettings(`unitSystems.${units}`) }))}
            value={values.units}
            onChange={(value) => value && change({ units: value as typeof values.units })}
            allowDeselect={false}
          />
          <Select
            label={t('form.unitsWeight')}
            data={WEIGHT_UNITS.map((unit) => ({ value: unit, label: tSettings(`weightUnitNames.${unit}`) }))}
            value={values.unitsWeight}
            onChange={(value) => value && change({ unitsWeight: value as typeof values.unitsWeight })}
            allowDeselect={false}
          />
        </Group>
        <Group grow align="flex-start">
          <NumberInput
            label={tCompany('settings.latitude')}
            required
            decimalScale={6}
            clampBehavior="none"
            value={values.latitude}
            onChange={(latitude) => change({ latitude })}
            error={positionError('latitude')}
            data-testid="company-form-latitude"
          />
          <NumberInput
            label={tCompany('settings.longitude')}
            required
            decimalScale={6}
            clampBehavior="none"
            value={values.longitude}
            onChange={(longitude) => change({ longitude })}
            error={positionError('longitude')}
            data-testid="company-form-longitude"
          />
        </Group>
        {choosesTier && (
          <Group grow align="flex-end">
            <Select
              label={t('columns.tier')}
              data={(['Freemium', 'Standard'] as const).map((tier) => ({ value: tier, label: tierLabels[tier] }))}
              value={values.tier}
              onChange={(value) => value && change({ tier: value as typeof values.tier })}
              allowDeselect={false}
              data-testid="company-tier"
            />
            <Checkbox
              label={t('columns.isCarrier')}
              checked={values.isCarrier}
              disabled={carrierCheckboxDisabled(values, stored)}
              onChange={(event) => change({ isCarrier: event.currentTarget.checked })}
              description={stored?.isCarrier ? t('form.carrierLocked') : undefined}
              data-testid="company-is-carrier"
            />
          </Group>
        )}
        {stored && (
          <Stack gap={4}>
            <Group gap="xs">
              <Button
                variant="light"
                leftSection={<IconToggleRight size={16} />}
                onClick={() => setDialog('features')}
                data-testid="company-features"
              >
                {t('features.open')}
              </Button>
              <Button
                variant="light"
                leftSection={<IconBox size={16} />}
                onClick={() => setDialog('cargoTypes')}
                data-testid="company-cargo-types"
              >
                {t('cargoTypes.open')}
              </Button>
              <Button
                variant="light"
                leftSection={<IconTruck size={16} />}
                onClick={() => setDialog('carriers')}
                data-testid="company-carriers"
              >
                {t('carriers.open')}
              </Button>
            </Group>
          </Stack>
        )}
      </FormModal>
      {/* Outside the form: the dialogs' own buttons must not submit the company. */}
      {stored && dialog && (
        <Suspense fallback={null}>
          {dialog === 'features' && <FeaturesDialog company={stored} onClose={() => setDialog(null)} />}
          {dialog === 'cargoTypes' && <CargoTypesDialog company={stored} onClose={() => setDialog(null)} />}
          {dialog === 'carriers' && <CarriersDialog company={stored} onClose={() => setDialog(null)} />}
        </Suspense>
      )}
    </>
  );
}
