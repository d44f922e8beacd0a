import { Alert, Button, Checkbox, Group, Loader, PasswordInput, Select, SimpleGrid, Switch, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Tractor, Trailer } from '#core/contract/master-data';
import type { UserRecord } from '#core/contract/people';
import { hasPermission } from '#core/domain/access';
import { mayHaveDefaultEquipment, mayTagSublocations } from '#core/domain/master-data/index';
import { useMirrorList } from '#src/data/loads.ts';
import { ContactFields } from '../contacts/contact-fields.tsx';
import { hasEmail } from '../contacts/contact-values.ts';
import { FormModal } from '#src/ui/form-modal.tsx';
import { useRecordForm } from '../forms/use-record-form.ts';
import { ExplainedButton } from '#src/ui/explained-button.tsx';
import type { AdminContext } from '../use-admin-context.ts';
import { peopleErrorMessage } from './people-errors.ts';
import { useSendPasswordEmail, useUsernameCheck } from './user-queries.ts';
import {
  assignableRoles,
  disabledRoleIds,
  hasUserErrors,
  needsPassword,
  type UserValues,
  userErrors,
  userInput,
  userValues,
  withRoles,
} from './user-values.ts';

/**
 * Create or edit a user (spec 2 §3–5): the role rules shown as they are chosen, the username asked
 * of the server after 2000 ms (Save waits for the answer), the contact's email, phone and settings,
 * and "send password email" for an existing user.
 */
export function UserForm({ context, row, onClose }: { context: AdminContext; row: UserRecord | null; onClose: () => void }) {
  const { t } = useTranslation('people');
  const { t: tSettings } = useTranslation('settings');
  const { self } = context;
  const [passwordShown, setPasswordShown] = useState(row === null);
  const form = useRecordForm({
    collection: 'users',
    organizationId: context.organizationId,
    row,
    toValues: (user) => userValues(user, self.organization),
    toInput: (values) => userInput(values, passwordShown),
    nameOf: (user) => user.name,
    onSaved: onClose,
    describeError: (error) => peopleErrorMessage(error, t),
  });
  const { values, setValues } = form;
  const usernameCheck = useUsernameCheck(values.username, row?.username ?? null);
  const errors = userErrors(values, {
    id: row?.id,
    editorUserId: self.id,
    usernameCheck,
    passwordShown: passwordShown && needsPassword(values),
  });
  const set = (change: Partial<UserValues>) => setValues((previous) => ({ ...previous, ...change }));
  const message = (error: { key: string } | undefined) => (error ? t(error.key) : undefined);
  const roles = assignableRoles(self.roles.map((role) => role.id));
  const disabledRoles = disabledRoleIds(values.roleIds);
  const driver = mayHaveDefaultEquipment(values.roleIds);
  const equipmentOf = <Row extends Tractor | Trailer>(rows: Row[] | undefined, selectedId: number | null) =>
    (rows ?? [])
      .filter((item) => item.organizationId === context.organizationId && (item.enabled || item.id === selectedId))
      .map((item) => ({ value: String(item.id), label: item.userDisplayName }));
  const { data: tractors } = useMirrorList('tractors');
  const { data: trailers } = useMirrorList('trailers');

  return (
    <FormModal
      {...form.modal}
      title={form.isNew ? t('users.createTitle') : t('users.editTitle', { name: form.row?.name })}
      canSave={!hasUserErrors(errors) && usernameCheck !== 'checking'}
      onClose={onClose}
      testId="user-form"
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label={t('fields.username')}
          required
          data-autofocus
          autoComplete="off"
          value={values.username}
          onChange={(event) => set({ username: event.currentTarget.value })}
          rightSection={usernameCheck === 'checking' ? <Loader size="xs" aria-hidden /> : null}
          description={
            usernameCheck === 'checking'
              ? t('users.checkingUsername')
              : usernameCheck === 'offline'
                ? t('users.usernameCheckNeedsConnection')
                : undefined
          }
          error={form.dirty || !form.isNew ? message(errors.username) : undefined}
          data-testid="user-username"
        />
        <div />
        <TextInput
          label={t('fields.firstName')}
          value={values.firstName}
          onChange={(event) => set({ firstName: event.currentTarget.value })}
          data-testid="user-first-name"
        />
        <TextInput
          label={t('fields.lastName')}
          value={values.lastName}
          onChange={(event) => set({ lastName: event.currentTarget.value })}
          data-testid="user-last-name"
        />
      </SimpleGrid>
      <Checkbox.Group
        label={t('fields.roles')}
        description={t('users.rolesHint')}
        required
        value={values.roleIds.map(String)}
        onChange={(selected) => setValues((previous) => withRoles(previous, selected.map(Number)))}
        error={form.dirty || !form.isNew ? message(errors.roleIds) : undefined}
        data-testid="user-roles"
      >
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing={6} mt={6}>
          {roles.map((role) => (
            <Checkbox
              key={role.id}
              value={String(role.id)}
              label={tSettings(`roles.${role.name}`)}
              disabled={disabledRoles.includes(role.id)}
              data-testid={`user-role-${role.name}`}
            />
          ))}
        </SimpleGrid>
      </Checkbox.Group>
      {mayTagSublocations(values.roleIds) && (
        <Switch
          label={t('fields.sublocationTagging')}
          checked={values.sublocationTagging}
          onChange={(event) => set({ sublocationTagging: event.currentTarget.checked })}
          data-testid="user-sublocation-tagging"
        />
      )}
      {driver && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            label={t('fields.defaultTractor')}
            data={equipmentOf(tractors, values.defaultTractorId)}
            value={values.defaultTractorId === null ? null : String(values.defaultTractorId)}
            onChange={(value) => set({ defaultTractorId: value === null ? null : Number(value) })}
            searchable
            clearable
            nothingFoundMessage={t('nothingFound')}
            data-testid="user-default-tractor"
          />
          <Select
            label={t('fields.defaultTrailer')}
            data={equipmentOf(trailers, values.defaultTrailerId)}
            value={values.defaultTrailerId === null ? null : String(values.defaultTrailerId)}
            onChange={(value) => set({ defaultTrailerId: value === null ? null : Number(value) })}
            searchable
            clearable
            nothingFoundMessage={t('nothingFound')}
            data-testid="user-default-trailer"
          />
          <Checkbox
            label={t('fields.contract')}
            checked={values.contract}
            onChange={(event) => set({ contract: event.currentTarget.checked })}
          />
          <Checkbox
            label={t('fields.loadCompletionOutOfSequence')}
            checked={values.loadCompletionOutOfSequence}
            onChange={(event) => set({ loadCompletionOutOfSequence: event.currentTarget.checked })}
          />
        </SimpleGrid>
      )}
      <ContactFields
        values={values.contact}
        errors={errors.contact}
        onChange={(change) => setValues((previous) => ({ ...previous, contact: { ...previous.contact, ...change } }))}
        testId="user-contact"
      />
      {form.isNew && hasEmail(values.contact) && (
        <Alert color="blue" role="status" data-testid="user-activation-notice">
          {t('users.activationNotice', { email: values.contact.email.trim() })}
        </Alert>
      )}
      {needsPassword(values) &&
        (passwordShown ? (
          <PasswordInput
            label={t('fields.password')}
            description={t('users.passwordRules')}
            autoComplete="new-password"
            value={values.password}
            onChange={(event) => set({ password: event.currentTarget.value })}
            error={message(errors.password)}
            data-testid="user-password"
          />
        ) : (
          <Group>
            <Button variant="default" onClick={() => setPasswordShown(true)} data-testid="user-set-password">
              {t('users.setPassword')}
            </Button>
          </Group>
        ))}
      <Switch
        label={t('fields.enabled')}
        checked={values.enabled}
        onChange={(event) => set({ enabled: event.currentTarget.checked })}
        error={message(errors.enabled)}
        data-testid="user-enabled"
      />
      {row && hasPermission(self, 'EditUser') && row.contact.email && (
        <PasswordEmailButton organizationId={context.organizationId} user={row} />
      )}
    </FormModal>
  );
}

/** EditUser's "send password email": offline it says a connection is needed (ExplainedButton). */
function PasswordEmailButton({ organizationId, user }: { organizationId: number; user: UserRecord }) {
  const { t } = useTranslation('people');
  const send = useSendPasswordEmail(organizationId, user.id);
  return (
    <Group>
      <ExplainedButton
        needsConnection
        variant="light"
        loading={send.isPending}
        data-testid="user-password-email"
        onClick={() =>
          send.mutate(undefined, {
            onSuccess: () => notifications.show({ color: 'green', message: t('users.passwordEmailSent', { name: user.name }) }),
            onError: (error) =>
              notifications.show({ color: 'red', title: t('users.passwordEmailFailed'), message: peopleErrorMessage(error, t) }),
          })
        }
      >
        {t('users.sendPasswordEmail')}
      </ExplainedButton>
    </Group>
  );
}
