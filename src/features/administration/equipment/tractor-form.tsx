import { Checkbox, NumberInput, SimpleGrid, Switch, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Tractor } from '#core/contract/master-data';
import { VIN_LENGTH } from '#core/domain/master-data/index';
import { WEIGHT_UNIT_ABBREVIATIONS, weightInputStep, weightPrecision } from '#core/domain/units';
import { FormModal } from '#src/ui/form-modal.tsx';
import { hasErrors, tractorErrors, tractorInput, tractorValues } from '../forms/form-values.ts';
import { useRecordForm } from '../forms/use-record-form.ts';
import type { AdminContext } from '../use-admin-context.ts';

/** Create or edit a tractor (spec 2 §3): a VIN that is not 17 characters keeps Save disabled. */
export function TractorForm({ context, row, onClose }: { context: AdminContext; row: Tractor | null; onClose: () => void }) {
  const { t } = useTranslation('administration');
  const { weightUnit, standard } = context;
  const form = useRecordForm({
    collection: 'tractors',
    organizationId: context.organizationId,
    row,
    toValues: (tractor) => tractorValues(tractor, weightUnit),
    toInput: (values) => tractorInput(values, weightUnit, standard),
    nameOf: (tractor) => tractor.userDisplayName,
    onSaved: onClose,
  });
  const { values, setValues } = form;
  const errors = tractorErrors(values, weightUnit);
  const set = (change: Partial<typeof values>) => setValues((previous) => ({ ...previous, ...change }));
  const message = (field: keyof typeof errors) => {
    const error = errors[field];
    return error ? t(error.key, error.values ?? {}) : undefined;
  };
  return (
    <FormModal
      {...form.modal}
      title={form.isNew ? t('tractors.createTitle') : t('tractors.editTitle', { name: form.row?.userDisplayName })}
      canSave={!hasErrors(errors)}
      onClose={onClose}
      testId="tractor-form"
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label={t('fields.name')}
          required
          data-autofocus
          value={values.userDisplayName}
          onChange={(event) => set({ userDisplayName: event.currentTarget.value })}
          error={form.dirty || !form.isNew ? message('userDisplayName') : undefined}
          data-testid="tractor-name"
        />
        <TextInput
          label={t('fields.vin')}
          description={t('fields.vinHint', { length: VIN_LENGTH })}
          value={values.vinNumber}
          onChange={(event) => set({ vinNumber: event.currentTarget.value })}
          error={message('vinNumber')}
          data-testid="tractor-vin"
        />
        <TextInput
          label={t('fields.licensePlate')}
          value={values.licensePlate}
          onChange={(event) => set({ licensePlate: event.currentTarget.value })}
          data-testid="tractor-license-plate"
        />
        <TextInput
          label={t('fields.make')}
          value={values.make}
          onChange={(event) => set({ make: event.currentTarget.value })}
          data-testid="tractor-make"
        />
        <TextInput
          label={t('fields.model')}
          value={values.model}
          onChange={(event) => set({ model: event.currentTarget.value })}
          data-testid="tractor-model"
        />
        {standard && (
          <NumberInput
            label={t('fields.weight')}
            suffix={` ${WEIGHT_UNIT_ABBREVIATIONS[weightUnit]}`}
            min={0}
            step={weightInputStep(weightUnit)}
            decimalScale={weightPrecision(weightUnit)}
            value={values.weight}
            onChange={(value) => set({ weight: typeof value === 'number' ? value : '' })}
            error={message('weight')}
            data-testid="tractor-weight"
          />
        )}
      </SimpleGrid>
      {standard && (
        <Checkbox
          label={t('fields.contract')}
          checked={values.contract}
          onChange={(event) => set({ contract: event.currentTarget.checked })}
          data-testid="tractor-contract"
        />
      )}
      <Switch
        label={t('fields.enabled')}
        checked={values.enabled}
        onChange={(event) => set({ enabled: event.currentTarget.checked })}
        data-testid="tractor-enabled"
      />
    </FormModal>
  );
}
