import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Trailer } from '#core/contract/master-data';
import { MIN_COMPARTMENT_COUNT, MIN_MAX_CARGO_WEIGHT, VIN_LENGTH } from '#core/domain/master-data/index';
import { useMirrorList } from '#src/data/loads.ts';
import { bindFields, type FieldError } from '#src/ui/form-fields.ts';
import { FormModal } from '#src/ui/form-modal.tsx';
import { hasErrors, trailerErrors, trailerInput, trailerValues } from '../forms/form-values.ts';
import { useRecordForm } from '../forms/use-record-form.ts';
import { weightInput } from '../forms/weight-input.ts';
import type { AdminContext } from '../use-admin-context.ts';

/**
 * Create or edit a trailer (spec 2 §3, §5): max cargo weight in the user's unit (at least 2), each
 * cargo type once with its compartments; a repeated cargo type is named under its row.
 */
export function TrailerForm({
  context,
  row,
  onClose,
  cargoTypeLabel,
}: {
  context: AdminContext;
  row: Trailer | null;
  onClose: () => void;
  cargoTypeLabel: (id: number) => string;
}) {
  const { t } = useTranslation('administration');
  const { weightUnit, standard } = context;
  const { data: cargoTypes } = useMirrorList('cargoTypes');
  const { data: devices } = useMirrorList('devices');
  const form = useRecordForm({
    collection: 'trailers',
    organizationId: context.organizationId,
    row,
    toValues: (trailer) => trailerValues(trailer, weightUnit),
    toInput: (values) => trailerInput(values, weightUnit, standard),
    nameOf: (trailer) => trailer.userDisplayName,
    onSaved: onClose,
  });
  const { values } = form;
  const errors = trailerErrors(values, weightUnit, standard, cargoTypeLabel);
  const message = (error: FieldError | undefined) => (error ? t(error.key, error.values ?? {}) : undefined);
  const field = bindFields(form, errors, (error) => t(error.key, error.values ?? {}));
  const set = field.set;
  const cargoTypeOptions = (cargoTypes ?? [])
    .map((type) => ({ value: String(type.id), label: type.label }))
    .sort((a, b) => a.label.localeCompare(b.label));
  const setRow = (key: number, change: Partial<(typeof values.trailerCargoTypes)[number]>) =>
    set({ trailerCargoTypes: values.trailerCargoTypes.map((entry) => (entry.key === key ? { ...entry, ...change } : entry)) });
  // The organization's smart-trailer devices: enabled ones, and the one already named.
  const deviceOptions = (devices ?? [])
    .filter(
      (device) =>
        device.organizationId === context.organizationId &&
        device.kind === 'trailer' &&
        (device.enabled || String(device.id) === values.deviceId),
    )
    .map((device) => ({ value: String(device.id), label: `${device.name} (${device.clientId})` }))
    .sort((a, b) => a.label.localeCompare(b.label));
  const nextKey = Math.max(-1, ...values.trailerCargoTypes.map((entry) => entry.key)) + 1;

  return (
    <FormModal
      {...form.modal}
      title={form.isNew ? t('trailers.createTitle') : t('trailers.editTitle', { name: form.row?.userDisplayName })}
      canSave={!hasErrors(errors)}
      onClose={onClose}
      testId="trailer-form"
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label={t('fields.name')}
          data-autofocus
          {...field.text('userDisplayName', { required: true })}
          data-testid="trailer-name"
        />
        <TextInput
          label={t('fields.vin')}
          description={t('fields.vinHint', { length: VIN_LENGTH })}
          {...field.text('vinNumber')}
          data-testid="trailer-vin"
        />
        <TextInput label={t('fields.licensePlate')} {...field.text('licensePlate')} data-testid="trailer-license-plate" />
        <Select
          label={t('fields.device')}
          placeholder={t('fields.noDevice')}
          data={deviceOptions}
          value={values.deviceId}
          onChange={(deviceId) => set({ deviceId })}
          clearable
          // Mantine hides its clear button from keyboards and screen readers: this one is named and reachable.
          clearButtonProps={{ 'aria-label': t('fields.removeDevice'), 'aria-hidden': false, tabIndex: 0 }}
          searchable
          nothingFoundMessage={t('devices.noTrailerDevices')}
          data-testid="trailer-device"
        />
        {standard && (
          <NumberInput
            label={t('fields.maxCargoWeight')}
            {...weightInput(weightUnit, MIN_MAX_CARGO_WEIGHT)}
            {...field.number('maxCargoWeight', { required: true })}
            data-testid="trailer-max-cargo-weight"
          />
        )}
        {standard && (
          <NumberInput
            label={t('fields.weight')}
            {...weightInput(weightUnit)}
            {...field.number('weight')}
            data-testid="trailer-weight"
          />
        )}
      </SimpleGrid>
      {standard && (
        <Stack gap="xs" data-testid="trailer-cargo-types">
          <Text fw={500} size="sm">
            {t('fields.cargoTypes')}
          </Text>
          {values.trailerCargoTypes.map((entry, index) => {
            const rowError = errors.cargoTypeRows?.[entry.key];
            return (
              <Stack gap={2} key={entry.key}>
                <Group gap="xs" align="flex-start" wrap="nowrap">
                  <Select
                    flex={1}
                    aria-label={t('fields.cargoTypeNumber', { number: index + 1 })}
                    placeholder={t('fields.cargoType')}
                    data={cargoTypeOptions}
                    value={entry.cargoTypeId === null ? null : String(entry.cargoTypeId)}
                    onChange={(value) => setRow(entry.key, { cargoTypeId: value === null ? null : Number(value) })}
                    searchable
                    error={rowError?.key === 'errors.duplicateCargoType'}
                    data-testid="trailer-cargo-type"
                  />
                  <NumberInput
                    w={140}
                    aria-label={t('fields.compartmentsNumber', { number: index + 1 })}
                    placeholder={t('fields.compartments')}
                    min={MIN_COMPARTMENT_COUNT}
                    step={1}
                    allowDecimal={false}
                    value={entry.compartmentCount}
                    onChange={(value) => setRow(entry.key, { compartmentCount: typeof value === 'number' ? value : '' })}
                    error={rowError?.key === 'errors.compartmentCount'}
                    data-testid="trailer-compartments"
                  />
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="lg"
                    aria-label={t('fields.removeCargoType', { number: index + 1 })}
                    onClick={() =>
                      set({ trailerCargoTypes: values.trailerCargoTypes.filter((other) => other.key !== entry.key) })
                    }
                  >
                    <IconTrash size={18} />
                  </ActionIcon>
                </Group>
                {rowError && (
                  <Text size="sm" c="red.8" role="alert" data-testid="trailer-cargo-type-error">
                    {message(rowError)}
                  </Text>
                )}
              </Stack>
            );
          })}
          <Group>
            <Button
              variant="light"
              leftSection={<IconPlus size={16} />}
              onClick={() =>
                set({
                  trailerCargoTypes: [...values.trailerCargoTypes, { key: nextKey, cargoTypeId: null, compartmentCount: 1 }],
                })
              }
              data-testid="trailer-add-cargo-type"
            >
              {t('fields.addCargoType')}
            </Button>
          </Group>
        </Stack>
      )}
      {standard && <Checkbox label={t('fields.contract')} {...field.checkbox('contract')} data-testid="trailer-contract" />}
      <Switch label={t('fields.enabled')} {...field.checkbox('enabled')} data-testid="trailer-enabled" />
    </FormModal>
  );
}
