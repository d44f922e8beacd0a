import { MultiSelect, NumberInput, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WEIGHT_UNIT_ABBREVIATIONS, weightInputStep } from '#core/domain/units';
import { useMirrorList } from '#src/data/loads.ts';
import type { AdminContext } from '#src/features/administration/use-admin-context.ts';
import { locationTypesQuery } from '#src/features/locations/location-queries.ts';
import { DateField } from '#src/ui/date-time-field.tsx';
import { bindFields, type FieldError } from '#src/ui/form-fields.ts';
import { FormModal } from '#src/ui/form-modal.tsx';
import { blankCardValues, type CardFormValues, cardFormErrors, cardInput, withCargoType } from './card-form-values.ts';
import { cardLocationChoices } from './card-locations.ts';
import { useCardWrites } from './production-card-writes.ts';

/**
 * The create-card form (spec 3): cargo type, day, the amounts of the cargo type's basis, production
 * plan, lot id, order number, origin and destination filtered by the cargo type, their sub-locations.
 * Offline it is kept in the outbox and sent when the connection returns.
 */
export function ProductionCardForm({
  context,
  initialCargoTypeId,
  initialDate,
  onClose,
}: {
  context: AdminContext;
  initialCargoTypeId: number | null;
  initialDate: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('production-planning');
  const [initial] = useState(() => blankCardValues(initialCargoTypeId, initialDate));
  const [values, setValues] = useState<CardFormValues>(initial);
  const dirty = JSON.stringify(values) !== JSON.stringify(initial);
  const cargoTypes = useMirrorList('cargoTypes').data ?? [];
  const locations = useMirrorList('locations').data;
  const types = useQuery(locationTypesQuery).data;
  const { create, creating } = useCardWrites(context.organizationId);

  const cargoTypeId = values.cargoTypeId === null ? null : Number(values.cargoTypeId);
  const basis = cargoTypes.find((cargo) => cargo.id === cargoTypeId)?.measuredBy ?? null;
  const choices = useMemo(
    () => cardLocationChoices(locations ?? [], types ?? [], cargoTypeId, context.organizationId),
    [locations, types, cargoTypeId, context.organizationId],
  );
  const allowed = useMemo(
    () => ({
      origins: new Set(choices.origins.map((location) => String(location.id))),
      destinations: new Set(choices.destinations.map((location) => String(location.id))),
    }),
    [choices],
  );
  const errors = cardFormErrors(values, basis, allowed);
  // t('production-planning:form.errors.required'), t('production-planning:form.errors.minimum'),
  // t('production-planning:form.errors.whole'), t('production-planning:form.errors.invalidLocation')
  const describe = (error: FieldError) => t(error.key, error.values ?? {});
  const fields = bindFields({ values, setValues, dirty, isNew: true }, errors, describe);
  const hasErrors = Object.values(errors).some((error) => error !== undefined);
  const imperial = context.self.contact.units === 'Imperial';
  const weightUnit = WEIGHT_UNIT_ABBREVIATIONS[context.weightUnit];

  const subLocationOptions = (locationId: string | null) =>
    (locations ?? [])
      .find((location) => String(location.id) === locationId)
      ?.orgSubLocations.map((sub) => ({ value: String(sub.id), label: sub.name })) ?? [];
  const placeName = (id: string | null) => locations?.find((location) => String(location.id) === id)?.name ?? '';

  const save = async () => {
    if (hasErrors || basis === null) return;
    const label = t('card.name', {
      origin: placeName(values.originId),
      destination: placeName(values.destinationId),
      date: values.targetDate,
    });
    const input = cardInput(values, basis, { system: context.self.contact.units, weightUnit: context.weightUnit });
    if (await create(input, label)) onClose();
  };

  return (
    <FormModal
      title={t('form.title')}
      isNew
      dirty={dirty}
      canSave={!hasErrors}
      saving={creating}
      conflict={false}
      worksOffline
      onSave={() => void save()}
      onClose={onClose}
      saveLabel={t('form.save')}
      testId="card-form"
    >
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Select
          label={t('form.cargoType')}
          required
          data-autofocus
          data={cargoTypes.map((cargo) => ({ value: String(cargo.id), label: cargo.label }))}
          value={values.cargoTypeId}
          onChange={(value) => setValues((current) => withCargoType(current, value))}
          error={dirty && errors.cargoTypeId ? describe(errors.cargoTypeId) : undefined}
          searchable
          data-testid="card-cargo-type"
        />
        <DateField
          label={t('form.date')}
          required
          value={values.targetDate}
          onChange={(value) => fields.set({ targetDate: value })}
          error={dirty && errors.targetDate ? describe(errors.targetDate) : undefined}
          data-testid="card-date"
        />
        {basis === 'quantity' && (
          <>
            <NumberInput
              label={t('form.quantity')}
              min={1}
              step={1}
              allowDecimal={false}
              {...fields.number('quantity', { required: true })}
              data-testid="card-quantity"
            />
            <NumberInput
              label={t('form.averageWeight', { unit: imperial ? 'lb' : 'kg' })}
              min={1}
              step={0.01}
              decimalScale={2}
              {...fields.number('averageWeight', { required: true })}
              data-testid="card-average-weight"
            />
          </>
        )}
        {basis === 'weight' && (
          <>
            <NumberInput
              label={t('form.weight', { unit: weightUnit })}
              min={1}
              step={weightInputStep(context.weightUnit)}
              decimalScale={2}
              {...fields.number('weight', { required: true })}
              data-testid="card-weight"
            />
            <NumberInput
              label={t('form.numberOfLoads')}
              min={1}
              step={1}
              allowDecimal={false}
              {...fields.number('numberOfLoads', { required: true })}
              data-testid="card-loads"
            />
          </>
        )}
        <TextInput label={t('form.productionPlan')} maxLength={200} {...fields.text('productionPlan')} data-testid="card-plan" />
        <TextInput label={t('form.lotId')} maxLength={100} {...fields.text('lotId')} data-testid="card-lot" />
        <TextInput label={t('form.orderNumber')} maxLength={100} {...fields.text('orderNumber')} data-testid="card-order" />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Select
          label={t('form.origin')}
          required
          disabled={cargoTypeId === null}
          data={choices.origins.map((location) => ({ value: String(location.id), label: location.name }))}
          value={values.originId}
          onChange={(value) => fields.set({ originId: value, originSubLocationIds: [] })}
          error={dirty && errors.originId ? describe(errors.originId) : undefined}
          nothingFoundMessage={t('form.noLocations')}
          searchable
          data-testid="card-origin"
        />
        <MultiSelect
          label={t('form.originSubLocations')}
          data={subLocationOptions(values.originId)}
          value={values.originSubLocationIds}
          onChange={(value) => fields.set({ originSubLocationIds: value })}
          disabled={subLocationOptions(values.originId).length === 0}
          data-testid="card-origin-subs"
        />
        <Select
          label={t('form.destination')}
          required
          disabled={cargoTypeId === null}
          data={choices.destinations.map((location) => ({ value: String(location.id), label: location.name }))}
          value={values.destinationId}
          onChange={(value) => fields.set({ destinationId: value, destinationSubLocationIds: [] })}
          error={dirty && errors.destinationId ? describe(errors.destinationId) : undefined}
          nothingFoundMessage={t('form.noLocations')}
          searchable
          data-testid="card-destination"
        />
        <MultiSelect
          label={t('form.destinationSubLocations')}
          data={subLocationOptions(values.destinationId)}
          value={values.destinationSubLocationIds}
          onChange={(value) => fields.set({ destinationSubLocationIds: value })}
          disabled={subLocationOptions(values.destinationId).length === 0}
          data-testid="card-destination-subs"
        />
      </SimpleGrid>
    </FormModal>
  );
}
