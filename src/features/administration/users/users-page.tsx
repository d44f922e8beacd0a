import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserRecord } from '#core/contract/people';
import { ROLE_IDS, type RoleName } from '#core/domain/access';
import { DRIVER_ROLE_ID } from '#core/domain/master-data/index';
import { ContactPreferencesDialog, contactPreferencesEndpoint } from '../contacts/contact-preferences-dialog.tsx';
import { MasterDataPage } from '../master-data-page.tsx';
import type { ResourceColumn } from '#src/ui/resource-table-rows.ts';
import { type AdminContext, useAdminContext } from '../use-admin-context.ts';
import { useCellFormat } from '../use-cell-format.ts';
import { peopleErrorMessage } from './people-errors.ts';
import { UserForm } from './user-form.tsx';

/** /manage-company/users (spec 2 §2): users from the mirror, with their form, downtime and contact preferences. */
export function UsersPage() {
  const context = useAdminContext();
  return context ? <Users context={context} /> : null;
}

const ROLE_NAMES = new Map((Object.entries(ROLE_IDS) as [RoleName, number][]).map(([name, id]) => [id, name]));

function Users({ context }: { context: AdminContext }) {
  const { t } = useTranslation('people');
  const { t: tSettings } = useTranslation('settings');
  const format = useCellFormat(context.weightUnit);
  const columns = useMemo<ResourceColumn<UserRecord>[]>(() => {
    // Translated once, not per row: 5,000 users' lookups cost tens of milliseconds on the first page.
    const roleLabels = new Map([...ROLE_NAMES].map(([id, name]) => [id, tSettings(`roles.${name}`)]));
    const roleLabel = (id: number) => roleLabels.get(id) ?? String(id);
    return [
      { key: 'name', labelKey: 'people:fields.name', text: (row) => row.name, essential: true },
      { key: 'username', labelKey: 'people:fields.username', text: (row) => row.username, essential: true },
      {
        key: 'roles',
        labelKey: 'people:fields.roles',
        text: (row) => row.roleIds.map(roleLabel).join(', '),
        filterable: true,
        essential: true,
      },
      { key: 'email', labelKey: 'people:fields.email', text: (row) => row.contact.email ?? '' },
      { key: 'phone', labelKey: 'people:fields.phone', text: (row) => row.contact.phone ?? '' },
      { key: 'enabled', labelKey: 'people:fields.enabled', text: (row) => format.yesNo(row.enabled), filterable: true },
    ];
  }, [format, tSettings]);
  return (
    <MasterDataPage
      context={context}
      collection="users"
      type="user"
      title={t('users.title')}
      columns={columns}
      itemName={(row) => row.name}
      renderForm={(row, close) => <UserForm context={context} row={row} onClose={close} />}
      downtime="driver"
      hasDowntime={(row) => row.roleIds.includes(DRIVER_ROLE_ID)}
      renderContactPreferences={(row, close) => (
        <ContactPreferencesDialog
          endpoint={contactPreferencesEndpoint(context.organizationId, row.contactId)}
          name={row.name}
          onClose={close}
        />
      )}
      describeError={(error) => peopleErrorMessage(error, t)}
    />
  );
}
