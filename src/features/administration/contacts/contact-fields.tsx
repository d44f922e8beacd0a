import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { timezoneOptions } from '#core/domain/date-format';
import { LANGUAGES, type Language, TIMEZONES, type Timezone } from '#core/domain/locale';
import { UNIT_SYSTEMS, type UnitSystem, WEIGHT_UNITS, type WeightUnit } from '#core/domain/units';
import type { FormErrors } from '../forms/form-values.ts';
import { type ContactField, type ContactValues, normalizedPhoneField } from './contact-values.ts';

/**
 * The contact fields the contact and user forms share: email and phone (the Email and Text
 * notification methods; the phone shown normalised once it leaves the field), language, time zone
 * and units.
 */
export function ContactFields({
  values,
  errors,
  onChange,
  testId,
}: {
  values: ContactValues;
  errors: FormErrors<ContactField>;
  onChange: (change: Partial<ContactValues>) => void;
  testId: string;
}) {
  const { t } = useTranslation('people');
  const { t: tSettings, i18n } = useTranslation('settings');
  const message = (field: ContactField) => {
    const error = errors[field];
    return error ? t(error.key) : undefined;
  };
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <TextInput
        label={t('fields.email')}
        type="email"
        value={values.email}
        onChange={(event) => onChange({ email: event.currentTarget.value })}
        error={message('email')}
        data-testid={`${testId}-email`}
      />
      <TextInput
        label={t('fields.phone')}
        type="tel"
        description={t('fields.phoneHint')}
        value={values.phone}
        onChange={(event) => onChange({ phone: event.currentTarget.value })}
        onBlur={() => onChange({ phone: normalizedPhoneField(values.phone, values.language) })}
        error={message('phone')}
        data-testid={`${testId}-phone`}
      />
      <Select
        label={tSettings('language')}
        value={values.language}
        allowDeselect={false}
        data={LANGUAGES.map((language) => ({ value: language, label: tSettings(`languages.${language}`) }))}
        onChange={(value) => value && onChange({ language: value as Language })}
        data-testid={`${testId}-language`}
      />
      <Select
        label={tSettings('timezone')}
        value={values.timezone}
        allowDeselect={false}
        searchable
        data={timezoneOptions(TIMEZONES, i18n.language)}
        onChange={(value) => value && onChange({ timezone: value as Timezone })}
        data-testid={`${testId}-timezone`}
      />
      <Select
        label={tSettings('distanceUnits')}
        value={values.units}
        allowDeselect={false}
        data={UNIT_SYSTEMS.map((system) => ({ value: system, label: tSettings(`unitSystems.${system}`) }))}
        onChange={(value) => value && onChange({ units: value as UnitSystem })}
        data-testid={`${testId}-units`}
      />
      <Select
        label={tSettings('weightUnits')}
        value={values.unitsWeight}
        allowDeselect={false}
        data={WEIGHT_UNITS.map((unit) => ({ value: unit, label: tSettings(`weightUnitNames.${unit}`) }))}
        onChange={(value) => value && onChange({ unitsWeight: value as WeightUnit })}
        data-testid={`${testId}-weight-units`}
      />
    </SimpleGrid>
  );
}
