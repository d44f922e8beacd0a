import { ActionIcon, Alert, Button, Code, CopyButton, Group, Modal, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type CreatedServiceAccount,
  SERVICE_ACCOUNT_NAME_MAX,
  type ServiceAccount,
  type ServiceAccountScope,
} from '#core/contract/service-accounts';
import { hasPermission } from '#core/domain/access';
import { dateTimeFormat } from '#core/domain/date-format';
import { useOnlineStatus } from '#src/data/online-status.ts';
import { errorMessage } from '../forms/use-record-form.ts';
import { markCreated } from '#src/ui/just-created.ts';
import { ResourceTable } from '#src/ui/resource-table.tsx';
import type { ResourceColumn } from '#src/ui/resource-table-rows.ts';
import { ExplainedButton } from '#src/ui/explained-button.tsx';
import { NotificationCriteriaButton } from '../notification-criteria.tsx';
import { type AdminContext, useAdminContext } from '../use-admin-context.ts';
import { useTablePageSize } from '../use-table-page-size.ts';
import { serviceAccountsQuery, useCreateServiceAccount, useRevokeServiceAccount } from './service-account-queries.ts';
import { ServiceAccountApiHelp } from './service-account-api-help.tsx';
import { ServiceAccountScopesInput } from './service-account-scopes.tsx';

/** /manage-company/service-accounts (spec 2 §2, ServerAPI and ViewServiceUser). */
export function ServiceAccountsPage() {
  const context = useAdminContext();
  return context ? <ServiceAccounts context={context} /> : null;
}

function ServiceAccounts({ context }: { context: AdminContext }) {
  const { t, i18n } = useTranslation('company');
  const { data: rows, error } = useQuery(serviceAccountsQuery(context.organizationId));
  const revoke = useRevokeServiceAccount(context.organizationId);
  const [creating, setCreating] = useState(false);
  const online = useOnlineStatus();
  const pageSize = useTablePageSize('serviceAccounts');
  const columns = useMemo<ResourceColumn<ServiceAccount>[]>(() => {
    const created = dateTimeFormat(i18n.language, context.timezone);
    return [
      { key: 'name', labelKey: 'fields.name', text: (row) => row.name, essential: true },
      {
        key: 'scopes',
        // As the API spells them: an integrator matches them with /api/docs. t('company:serviceAccounts.scopes')
        labelKey: 'company:serviceAccounts.scopes',
        text: (row) => row.scopes.join(', '),
        essential: true,
      },
      {
        key: 'createdAt',
        // The table is given administration's headers; this one is company's: t('company:serviceAccounts.createdAt')
        labelKey: 'company:serviceAccounts.createdAt',
        text: (row) => created.dateTime(row.createdAt),
        sortValue: (row) => Date.parse(row.createdAt),
        essential: true,
      },
    ];
  }, [i18n.language, context.timezone]);
  const actions = {
    create: hasPermission(context.self, 'CreateServiceUser'),
    edit: false,
    delete: hasPermission(context.self, 'DeleteServiceUser'),
  };
  return (
    <>
      {error && <Alert color="red">{errorMessage(error)}</Alert>}
      {!rows && !online && (
        <Alert color="yellow" m="md">
          {t('offlineFirstVisit')}
        </Alert>
      )}
      <Text size="sm" c="dimmed" px="md" pt="md">
        {t('serviceAccounts.explanation')}
      </Text>
      <ResourceTable
        table="serviceAccounts"
        title={t('serviceAccounts.title')}
        rows={rows}
        columns={columns}
        labelNamespace="administration"
        actions={actions}
        itemName={(row) => row.name}
        {...pageSize}
        headerActions={<NotificationCriteriaButton />}
        onCreate={() => setCreating(true)}
        onDelete={async (row) => {
          try {
            await revoke.mutateAsync(row.id);
          } catch (cause) {
            throw new Error(errorMessage(cause));
          }
          notifications.show({ color: 'green', message: t('serviceAccounts.revoked', { name: row.name }) });
        }}
      />
      <ServiceAccountApiHelp />
      {creating && <CreateServiceAccount organizationId={context.organizationId} onClose={() => setCreating(false)} />}
    </>
  );
}

/** Asks a name, then shows the new secret once, with a copy button; closing forgets it. */
function CreateServiceAccount({ organizationId, onClose }: { organizationId: number; onClose: () => void }) {
  const { t } = useTranslation('company');
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ServiceAccountScope[]>(['loads:read']);
  const [created, setCreated] = useState<CreatedServiceAccount | null>(null);
  const create = useCreateServiceAccount(organizationId);
  const submit = async () => {
    try {
      const account = await create.mutateAsync({ name, scopes });
      setCreated(account);
      notifications.show({ color: 'green', message: t('serviceAccounts.created', { name: account.name }) });
    } catch (cause) {
      notifications.show({ color: 'red', title: t('serviceAccounts.notCreated'), message: errorMessage(cause) });
    }
  };
  if (created) {
    // Marked once the secret is put away, so the table's mark is seen rather than spent behind this dialog.
    const done = () => {
      markCreated('serviceAccounts', created.id);
      onClose();
    };
    return (
      <Modal
        opened
        onClose={done}
        title={t('serviceAccounts.secretTitle', { name: created.name })}
        size="lg"
        data-testid="service-account-secret"
      >
        <Stack>
          <Alert color="yellow">{t('serviceAccounts.secretOnce')}</Alert>
          <Group wrap="nowrap" gap="xs">
            <Code block style={{ flex: 1, wordBreak: 'break-all' }} data-testid="service-account-secret-value">
              {created.secret}
            </Code>
            <CopyButton value={created.secret}>
              {({ copied, copy }) => (
                <Tooltip label={copied ? t('serviceAccounts.copied') : t('serviceAccounts.copy')}>
                  <ActionIcon variant="light" onClick={copy} aria-label={t('serviceAccounts.copy')} size="lg">
                    {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
                  </ActionIcon>
                </Tooltip>
              )}
            </CopyButton>
          </Group>
          <Group justify="flex-end">
            <Button onClick={done} data-testid="service-account-secret-done">
              {t('serviceAccounts.done')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    );
  }
  const valid = name.trim().length > 0 && scopes.length > 0;
  return (
    <Modal opened onClose={onClose} title={t('serviceAccounts.createTitle')} data-testid="service-account-form">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (valid && !create.isPending) void submit();
        }}
      >
        <Stack>
          <TextInput
            label={t('serviceAccounts.name')}
            required
            data-autofocus
            maxLength={SERVICE_ACCOUNT_NAME_MAX}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            data-testid="service-account-name"
          />
          <ServiceAccountScopesInput value={scopes} onChange={setScopes} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('serviceAccounts.cancel')}
            </Button>
            <ExplainedButton
              needsConnection
              type="submit"
              disabled={!valid}
              loading={create.isPending}
              onClick={() => {}}
              data-testid="service-account-form-save"
            >
              {t('serviceAccounts.create')}
            </ExplainedButton>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
