import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContactRecord } from '#core/contract/people';
import { MasterDataPage } from '../master-data-page.tsx';
import type { ResourceColumn } from '#src/ui/resource-table-rows.ts';
import { type AdminContext, useAdminContext } from '../use-admin-context.ts';
import { useCellFormat } from '../use-cell-format.ts';
import { peopleErrorMessage } from '../users/people-errors.ts';
import { ContactForm } from './contact-form.tsx';
import { ContactPreferencesDialog, contactPreferencesEndpoint } from './contact-preferences-dialog.tsx';

/**
 * /manage-company/contacts (spec 2 §2): contacts from the mirror; one without a preference is shown
 * red. Column header keys only found here, for the extractor: t('people:fields.interactiveUser').
 */
export function ContactsPage() {
  const context = useAdminContext();
  return context ? <Contacts context={context} /> : null;
}

function Contacts({ context }: { context: AdminContext }) {
  const { t } = useTranslation('people');
  const { t: tSettings } = useTranslation('settings');
  const format = useCellFormat(context.weightUnit);
  const columns = useMemo<ResourceColumn<ContactRecord>[]>(
    () => [
      { key: 'name', labelKey: 'people:fields.name', text: (row) => row.name, essential: true },
      { key: 'email', labelKey: 'people:fields.email', text: (row) => row.email ?? '', essential: true },
      { key: 'phone', labelKey: 'people:fields.phone', text: (row) => row.phone ?? '', essential: true },
      {
        key: 'language',
        labelKey: 'settings:language',
        text: (row) => tSettings(`languages.${row.language as 'en-US'}`),
        filterable: true,
      },
      {
        key: 'user',
        labelKey: 'people:fields.interactiveUser',
        text: (row) => format.yesNo(row.interactiveUser),
        filterable: true,
      },
      { key: 'enabled', labelKey: 'people:fields.enabled', text: (row) => format.yesNo(row.enabled), filterable: true },
    ],
    [format, tSettings],
  );
  return (
    <MasterDataPage
      context={context}
      collection="contacts"
      type="contact"
      title={t('contacts.title')}
      columns={columns}
      itemName={(row) => row.name}
      renderForm={(row, close) => <ContactForm context={context} row={row} onClose={close} />}
      renderContactPreferences={(row, close) => (
        <ContactPreferencesDialog
          endpoint={contactPreferencesEndpoint(context.organizationId, row.id)}
          name={row.name}
          onClose={close}
        />
      )}
      warning={(row) => (row.preferenceCount === 0 ? t('contacts.noPreference') : null)}
      describeError={(error) => peopleErrorMessage(error, t)}
    />
  );
}
