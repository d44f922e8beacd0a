import { describe, expect, it } from 'vitest';
import { contactErrors, contactInput, contactValues, normalizedPhoneField } from './contact-values.ts';

const defaults = { language: 'en-US', timezone: 'America/Chicago', units: 'Imperial', unitsWeight: 'Pound' } as const;
const contact = (change: Partial<ReturnType<typeof contactValues>>) => ({
  ...contactValues(null, defaults),
  name: 'Dock',
  ...change,
});

describe('contact form', () => {
  it('says "invalid phone" for a number that is not one, and nothing for an empty phone', () => {
    expect(contactErrors(contact({ phone: '12345' })).phone?.key).toBe('errors.invalidPhone');
    expect(contactErrors(contact({ phone: '' })).phone).toBeUndefined();
  });

  it('reads a phone without a country code in the language country, and shows it normalised', () => {
    expect(normalizedPhoneField('020 123 4567', 'nl-NL')).toBe('+31201234567');
    expect(normalizedPhoneField('515-555-0111', 'en-US')).toBe('+15155550111');
    expect(normalizedPhoneField('12345', 'en-US')).toBe('12345');
  });

  it('requires a name and a plausible email', () => {
    expect(contactErrors(contact({ name: ' ' })).name?.key).toBe('errors.nameRequired');
    expect(contactErrors(contact({ email: 'not-an-address' })).email?.key).toBe('errors.invalidEmail');
  });

  it('sends only the filled methods', () => {
    expect(contactInput(contact({ email: 'dock@example.com' })).contactNotificationMethods).toEqual([
      { notificationType: 'Email', destination: 'dock@example.com' },
    ]);
    expect(contactInput(contact({})).contactNotificationMethods).toEqual([]);
  });
});

describe('a new contact', () => {
  it("starts empty, with the organization's language, timezone and units but not its name", () => {
    const organization = { ...defaults, name: 'Northwind Freight', id: 7 };
    expect(contactValues(null, organization)).toEqual({ name: '', email: '', phone: '', ...defaults, enabled: true });
  });
});
