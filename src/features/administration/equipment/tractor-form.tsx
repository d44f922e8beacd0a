import { Checkbox, NumberInput, SimpleGrid, Switch, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Tractor } from '#core/contract/master-data';
import { VIN_LENGTH } from '#core/domain/master-data/index';
import { bindFields } from '#src/ui/form-fields.ts';
import { FormModal } from '#src/ui/form-modal.tsx';
import { hasErrors, tractorErrors, tractorInput, tractorValues } from '../forms/form-values.ts';
import { useRecordForm } from '../forms/use-record-form.ts';
import { weightInput } from '../forms/weight-input.ts';
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
  const errors = tractorErrors(form.values, weightUnit);
  const field = bindFields(form, errors, (error) => t(error.key, error.values ?? {}));
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
          data-autofocus
          {...field.text('userDisplayName', { required: true })}
          data-testid="tractor-name"
        />
        <TextInput
          label={t('fields.vin')}
          description={t('fields.vinHint', { length: VIN_LENGTH })}
          {...field.text('vinNumber')}
          data-testid="tractor-vin"
        />
        <TextInput label={t('fields.licensePlate')} {...field.text('licensePlate')} data-testid="tractor-license-plate" />
        <TextInput label={t('fields.make')} {...field.text('make')} data-testid="tractor-make" />
        <TextInput label={t('fields.model')} {...field.text('model')} data-testid="tractor-model" />
        {standard && (
          <NumberInput
            label={t('fields.weight')}
            {...weightInput(weightUnit)}
            {...field.number('weight')}
            data-testid="tractor-weight"
          />
        )}
      </SimpleGrid>
      {standard && <Checkbox label={t('fields.contract')} {...field.checkbox('contract')} data-testid="tractor-contract" />}
      <Switch label={t('fields.enabled')} {...field.checkbox('enabled')} data-testid="tractor-enabled" />
    </FormModal>
  );
}
