import { MultiSelect, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoadingTeamRecord } from '#core/contract/people';
import { useMirrorList } from '#src/data/loads.ts';
import { FormModal } from '#src/ui/form-modal.tsx';
import { useRecordForm } from '../forms/use-record-form.ts';
import { MasterDataPage } from '../master-data-page.tsx';
import type { ResourceColumn } from '#src/ui/resource-table-rows.ts';
import { type AdminContext, useAdminContext } from '../use-admin-context.ts';
import { peopleErrorMessage } from '../users/people-errors.ts';
import { loadingTeamErrors, loadingTeamInput, loadingTeamValues, memberName } from './loading-team-values.ts';

/** /manage-company/loading-teams (spec 2 §2): name, email and members. */
export function LoadingTeamsPage() {
  const context = useAdminContext();
  return context ? <LoadingTeams context={context} /> : null;
}

const COLUMNS: ResourceColumn<LoadingTeamRecord>[] = [
  { key: 'name', labelKey: 'people:fields.name', text: (row) => row.name, essential: true },
  { key: 'email', labelKey: 'people:fields.email', text: (row) => row.email ?? '', essential: true },
  { key: 'members', labelKey: 'people:fields.members', text: (row) => row.users.map(memberName).join(', '), essential: true },
];

function LoadingTeams({ context }: { context: AdminContext }) {
  const { t } = useTranslation('people');
  return (
    <MasterDataPage
      context={context}
      collection="loadingTeams"
      type="loadingTeam"
      title={t('loadingTeams.title')}
      columns={COLUMNS}
      itemName={(row) => row.name}
      renderForm={(row, close) => <LoadingTeamForm context={context} row={row} onClose={close} />}
      describeError={(error) => peopleErrorMessage(error, t)}
    />
  );
}

function LoadingTeamForm({
  context,
  row,
  onClose,
}: {
  context: AdminContext;
  row: LoadingTeamRecord | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('people');
  const form = useRecordForm({
    collection: 'loadingTeams',
    organizationId: context.organizationId,
    row,
    toValues: loadingTeamValues,
    toInput: loadingTeamInput,
    nameOf: (team) => team.name,
    onSaved: onClose,
    describeError: (error) => peopleErrorMessage(error, t),
  });
  const { values, setValues } = form;
  const errors = loadingTeamErrors(values);
  const { data: users } = useMirrorList('users');
  const members = useMemo(
    () =>
      (users ?? [])
        .filter(
          (user) => user.organizationId === context.organizationId && (user.enabled || values.userIds.includes(String(user.id))),
        )
        .map((user) => ({ value: String(user.id), label: user.name })),
    [users, context.organizationId, values.userIds],
  );
  return (
    <FormModal
      {...form.modal}
      title={form.isNew ? t('loadingTeams.createTitle') : t('loadingTeams.editTitle', { name: form.row?.name })}
      canSave={!errors.name && !errors.email}
      onClose={onClose}
      testId="loading-team-form"
    >
      <TextInput
        label={t('fields.name')}
        required
        data-autofocus
        value={values.name}
        onChange={(event) => setValues({ ...values, name: event.currentTarget.value })}
        error={(form.dirty || !form.isNew) && errors.name ? t('errors.nameRequired') : undefined}
        data-testid="loading-team-name"
      />
      <TextInput
        label={t('fields.email')}
        type="email"
        value={values.email}
        onChange={(event) => setValues({ ...values, email: event.currentTarget.value })}
        error={errors.email ? t('errors.invalidEmail') : undefined}
        data-testid="loading-team-email"
      />
      <MultiSelect
        label={t('fields.members')}
        data={members}
        value={values.userIds}
        onChange={(userIds) => setValues({ ...values, userIds })}
        searchable
        clearable
        nothingFoundMessage={t('nothingFound')}
        data-testid="loading-team-members"
      />
    </FormModal>
  );
}
