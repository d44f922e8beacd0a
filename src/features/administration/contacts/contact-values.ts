import type { ContactInput, ContactRecord } from '#core/contract/people';
import type { Language, Timezone } from '#core/domain/locale';
import { isPlausibleEmail, normalizePhone } from '#core/domain/master-data/index';
import type { UnitSystem, WeightUnit } from '#core/domain/units';
import type { FormErrors } from '../forms/form-values.ts';

/**
 * A contact's form values (spec 2 §3): the Email and Text notification methods are edited as an
 * email and a phone field, each sent as a method when filled. The phone is read with
 * libphonenumber-js in the language's country (core/domain/master-data/people.ts), the same
 * function the server runs. Error keys (namespace people), for the extractor:
 * t('people:errors.nameRequired'), t('people:errors.invalidEmail'), t('people:errors.invalidPhone').
 */
export interface ContactValues {
  name: string;
  email: string;
  phone: string;
  language: Language;
  timezone: Timezone;
  units: UnitSystem;
  unitsWeight: WeightUnit;
  enabled: boolean;
}

/** Where a new contact's settings come from: the organization's (spec 2 §3). */
export interface ContactDefaults {
  language: Language;
  timezone: Timezone;
  units: UnitSystem;
  unitsWeight: WeightUnit;
}

export function contactValues(contact: ContactRecord | null, defaults: ContactDefaults): ContactValues {
  if (!contact) {
    // Only the settings: the organization passed as defaults also has a name, which is not the contact's.
    const { language, timezone, units, unitsWeight } = defaults;
    return { name: '', email: '', phone: '', language, timezone, units, unitsWeight, enabled: true };
  }
  return {
    name: contact.name,
    email: contact.email ?? '',
    phone: contact.phone ?? '',
    language: contact.language as Language,
    timezone: contact.timezone as Timezone,
    units: contact.units as UnitSystem,
    unitsWeight: contact.unitsWeight as WeightUnit,
    enabled: contact.enabled,
  };
}

export type ContactField = keyof ContactValues;

export function contactErrors(values: ContactValues): FormErrors<ContactField> {
  const email = values.email.trim();
  const phone = values.phone.trim();
  return {
    name: values.name.trim() === '' ? { key: 'errors.nameRequired' } : undefined,
    email: email !== '' && !isPlausibleEmail(email) ? { key: 'errors.invalidEmail' } : undefined,
    phone: phone !== '' && normalizePhone(phone, values.language) === null ? { key: 'errors.invalidPhone' } : undefined,
  };
}

/** The phone as it will be stored (E.164), or as typed while it is not a valid number. */
export function normalizedPhoneField(phone: string, language: Language): string {
  return normalizePhone(phone.trim(), language) ?? phone;
}

export function contactInput(values: ContactValues): ContactInput {
  const email = values.email.trim();
  const phone = values.phone.trim();
  return {
    name: values.name.trim(),
    language: values.language,
    timezone: values.timezone,
    units: values.units,
    unitsWeight: values.unitsWeight,
    enabled: values.enabled,
    contactNotificationMethods: [
      ...(email ? [{ notificationType: 'Email' as const, destination: email }] : []),
      ...(phone ? [{ notificationType: 'Text' as const, destination: normalizedPhoneField(phone, values.language) }] : []),
    ],
  };
}

/** Whether the contact can be reached by a method (spec 2 §4: then a new user's password comes by email instead). */
export const hasEmail = (values: ContactValues) => values.email.trim() !== '';
