import { Switch, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ContactRecord } from '#core/contract/people';
import { FormModal } from '#src/ui/form-modal.tsx';
import { hasErrors } from '../forms/form-values.ts';
import { useRecordForm } from '../forms/use-record-form.ts';
import type { AdminContext } from '../use-admin-context.ts';
import { peopleErrorMessage } from '../users/people-errors.ts';
import { ContactFields } from './contact-fields.tsx';
import { type ContactValues, contactErrors, contactInput, contactValues } from './contact-values.ts';

/** Create or edit a contact (spec 2 §3): its Email and Text methods, the phone normalised, and its settings. */
export function ContactForm({
  context,
  row,
  onClose,
}: {
  context: AdminContext;
  row: ContactRecord | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('people');
  const form = useRecordForm({
    collection: 'contacts',
    organizationId: context.organizationId,
    row,
    toValues: (contact) => contactValues(contact, context.self.organization),
    toInput: contactInput,
    nameOf: (contact) => contact.name,
    onSaved: onClose,
    describeError: (error) => peopleErrorMessage(error, t),
  });
  const { values, setValues } = form;
  const errors = contactErrors(values);
  const set = (change: Partial<ContactValues>) => setValues((previous) => ({ ...previous, ...change }));
  return (
    <FormModal
      {...form.modal}
      title={form.isNew ? t('contacts.createTitle') : t('contacts.editTitle', { name: form.row?.name })}
      canSave={!hasErrors(errors)}
      onClose={onClose}
      testId="contact-form"
    >
      <TextInput
        label={t('fields.name')}
        required
        data-autofocus
        value={values.name}
        onChange={(event) => set({ name: event.currentTarget.value })}
        error={(form.dirty || !form.isNew) && errors.name ? t('errors.nameRequired') : undefined}
        data-testid="contact-name"
      />
      <ContactFields values={values} errors={errors} onChange={set} testId="contact" />
      <Switch
        label={t('fields.enabled')}
        checked={values.enabled}
        onChange={(event) => set({ enabled: event.currentTarget.checked })}
        data-testid="contact-enabled"
      />
    </FormModal>
  );
}
