import { MultiSelect, NumberInput, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cargoBasis } from '#core/domain/cargo';
import { dateTimeFormat } from '#core/domain/date-format';
import {
  AVERAGE_WEIGHT_STEP,
  averageWeightUnit,
  type CardFieldIssue,
  type CardFormValues,
  cardAmountRules,
  cardFormIssues,
  cardPayload,
  locationChoices,
  NUMBER_OF_LOADS_STEP,
  QUANTITY_STEP,
  withCargoType,
} from '#core/domain/production-cards';
import { WEIGHT_UNIT_ABBREVIATIONS, weightInputStep } from '#core/domain/units';
import { useMirrorList } from '#src/data/loads.ts';
import type { AdminContext } from '#src/features/administration/use-admin-context.ts';
import { locationTypesQuery } from '#src/features/locations/location-queries.ts';
import { DateField } from '#src/ui/date-time-field.tsx';
import { bindFields, type FieldError } from '#src/ui/form-fields.ts';
import { FormModal } from '#src/ui/form-modal.tsx';
import { useCardWrites } from './production-card-writes.ts';

function blankValues(cargoTypeId: number | null, targetDate: string): CardFormValues {
  return {
    cargoTypeId,
    targetDate,
    quantity: '',
    averageWeight: '',
    weight: '',
    numberOfLoads: '',
    productionPlan: '',
    lotId: '',
    orderNumber: '',
    originLocationId: null,
    originSubLocationIds: [],
    destinationLocationId: null,
    destinationSubLocationIds: [],
  };
}

const idOf = (value: string | null) => (value === null ? null : Number(value));
const textOf = (id: number | null) => (id === null ? null : String(id));

/**
 * The create-card form (spec 3), on the card rules of core/domain/production-cards.ts: cargo type,
 * day, the amounts of the cargo type's basis, production plan, lot id, order number, origin and
 * destination filtered by the cargo type and their location types, their sub-locations. Offline the
 * card is kept in the outbox and sent when the connection returns.
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
  const { t, i18n } = useTranslation('production-planning');
  const [initial] = useState(() => blankValues(initialCargoTypeId, initialDate));
  const [values, setValues] = useState<CardFormValues>(initial);
  const dirty = JSON.stringify(values) !== JSON.stringify(initial);
  const cargoTypes = useMirrorList('cargoTypes').data ?? [];
  const mirrorLocations = useMirrorList('locations').data;
  const types = useQuery(locationTypesQuery).data;
  const { create, creating } = useCardWrites(context.organizationId);
  const unitSystem = context.self.contact.units;

  const { cargoTypeId } = values;
  const basis = cargoTypeId === null ? null : cargoBasis(cargoTypeId);
  const locations = useMemo(
    () =>
      (mirrorLocations ?? [])
        .filter((location) => location.organizationId === context.organizationId)
        .sort((a, b) => a.name.localeCompare(b.name)),
    [mirrorLocations, context.organizationId],
  );
  const origins = locationChoices(locations, types ?? [], cargoTypeId, 'Origin');
  const destinations = locationChoices(locations, types ?? [], cargoTypeId, 'Destination');
  const issues = cardFormIssues(values, { weightUnit: context.weightUnit, unitSystem, locations, locationTypes: types ?? [] });
  const stepOf = (field: string) =>
    cargoTypeId === null
      ? 1
      : (cardAmountRules(cargoTypeId, context.weightUnit, unitSystem).find((rule) => rule.field === field)?.step ?? 1);
  const errorOf = (field: keyof typeof issues, issue: CardFieldIssue | undefined): FieldError | undefined =>
    issue === undefined ? undefined : { key: `form.errors.${issue}`, values: { minimum: 1, step: stepOf(field) } };
  const errors = Object.fromEntries(
    Object.entries(issues).map(([field, issue]) => [field, errorOf(field as keyof typeof issues, issue)]),
  ) as Partial<Record<keyof CardFormValues, FieldError>>;
  // t('production-planning:form.errors.required'), t('production-planning:form.errors.minimum'),
  // t('production-planning:form.errors.step'), t('production-planning:form.errors.invalidLocation')
  const describe = (error: FieldError) => t(error.key, error.values ?? {});
  const fields = bindFields({ values, setValues, dirty, isNew: true }, errors, describe);
  const shown = (field: keyof CardFormValues) => (dirty && errors[field] ? describe(errors[field]) : undefined);
  const hasErrors = Object.keys(issues).length > 0;
  const weightUnit = WEIGHT_UNIT_ABBREVIATIONS[context.weightUnit];

  const subLocationOptions = (locationId: number | null) =>
    locations
      .find((location) => location.id === locationId)
      ?.orgSubLocations.map((sub) => ({ value: String(sub.id), label: sub.name })) ?? [];
  const placeName = (id: number | null) => locations.find((location) => location.id === id)?.name ?? '';
  const asOptions = (choices: typeof locations) =>
    choices.map((location) => ({ value: String(location.id), label: location.name }));

  const save = async () => {
    if (hasErrors) return;
    const label = t('card.name', {
      origin: placeName(values.originLocationId),
      destination: placeName(values.destinationLocationId),
      date: values.targetDate ? dateTimeFormat(i18n.language, 'UTC').calendarDate(values.targetDate) : '',
    });
    if (await create(cardPayload(values, { weightUnit: context.weightUnit, unitSystem }), label)) onClose();
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
          value={textOf(values.cargoTypeId)}
          onChange={(value) => setValues((current) => withCargoType(current, idOf(value)))}
          error={shown('cargoTypeId')}
          searchable
          data-testid="card-cargo-type"
        />
        <DateField
          label={t('form.date')}
          required
          value={values.targetDate}
          onChange={(value) => fields.set({ targetDate: value ?? '' })}
          error={shown('targetDate')}
          data-testid="card-date"
        />
        {basis === 'quantity' && (
          <>
            <NumberInput
              label={t('form.quantity')}
              min={1}
              step={QUANTITY_STEP}
              allowDecimal={false}
              {...fields.number('quantity', { required: true })}
              data-testid="card-quantity"
            />
            <NumberInput
              label={t('form.averageWeight', { unit: averageWeightUnit(unitSystem) })}
              min={1}
              step={AVERAGE_WEIGHT_STEP}
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
              step={NUMBER_OF_LOADS_STEP}
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
          data={asOptions(origins)}
          value={textOf(values.originLocationId)}
          onChange={(value) => fields.set({ originLocationId: idOf(value), originSubLocationIds: [] })}
          error={shown('originLocationId')}
          nothingFoundMessage={t('form.noLocations')}
          searchable
          data-testid="card-origin"
        />
        <MultiSelect
          label={t('form.originSubLocations')}
          data={subLocationOptions(values.originLocationId)}
          value={values.originSubLocationIds.map(String)}
          onChange={(value) => fields.set({ originSubLocationIds: value.map(Number) })}
          disabled={subLocationOptions(values.originLocationId).length === 0}
          data-testid="card-origin-subs"
        />
        <Select
          label={t('form.destination')}
          required
          disabled={cargoTypeId === null}
          data={asOptions(destinations)}
          value={textOf(values.destinationLocationId)}
          onChange={(value) => fields.set({ destinationLocationId: idOf(value), destinationSubLocationIds: [] })}
          error={shown('destinationLocationId')}
          nothingFoundMessage={t('form.noLocations')}
          searchable
          data-testid="card-destination"
        />
        <MultiSelect
          label={t('form.destinationSubLocations')}
          data={subLocationOptions(values.destinationLocationId)}
          value={values.destinationSubLocationIds.map(String)}
          onChange={(value) => fields.set({ destinationSubLocationIds: value.map(Number) })}
          disabled={subLocationOptions(values.destinationLocationId).length === 0}
          data-testid="card-destination-subs"
        />
      </SimpleGrid>
    </FormModal>
  );
}
